/**
 * Debt payoff calculator: snowball vs. avalanche, month by month, the same model as the
 * toolkit's spreadsheet (products/src/workbooks/debt-payoff.ts) to the cent:
 *
 *  - the monthly total is fixed: the sum of the minimums + the extra payment;
 *  - each month, interest = balance at the start of the month × APR / 1200, rounded to the cent
 *    (halves up);
 *  - every unpaid debt gets its minimum, capped at what it owes (balance + that interest); the
 *    rest of the total goes to the first unpaid debt in the plan's order, spilling to the next
 *    when that one is paid off during the month, so freed-up minimums roll over;
 *  - snowball order: smallest balance first; avalanche: highest APR first; ties go to the debt
 *    listed first;
 *  - at most MAX_MONTHS months: a plan not done by then says so (`finished: false`).
 *
 * Everything runs in whole cents, so there is no drift to argue about. The spreadsheet cannot
 * share this code (it is formulas, and its module imports exceljs), so
 * tests/products/workbooks.test.ts recalculates it with LibreOffice and compares the two.
 *
 * Form (a GET form; repeated fields, one group per row, in order): name, balance, apr, minimum,
 * and extra. Error keys: "name.0", "balance.0", "apr.0", "minimum.0" (the row's position among
 * the submitted rows, blank ones included), "extra", and "form".
 */
import { z } from "zod";
import { csvRow } from "~/lib/csv";
import { type FieldResult, formatMoney, fromCents, labelField, moneyField, percentField, toCents } from "./money";
import { addIssues, FORM_ERROR, type FieldErrors, isBlankRow, type Parsed, readField, readRows } from "./query";

export const MAX_DEBTS = 10;
/** 30 years: the spreadsheet has this many month rows. */
export const MAX_MONTHS = 360;
export const MAX_BALANCE = 10_000_000;
export const MAX_MINIMUM = 1_000_000;
export const MAX_EXTRA = 1_000_000;
export const MAX_APR = 100;
export const MAX_NAME_LENGTH = 60;
/** Submitted rows read at most (blank ones included): room for a page that shows spare rows. */
export const MAX_ROWS = 2 * MAX_DEBTS;

export const DEBT_FIELDS = ["name", "balance", "apr", "minimum"] as const;
export type DebtField = (typeof DEBT_FIELDS)[number];

export const MESSAGES = {
  noDebts: "Add at least one debt with a balance.",
  tooMany: `You can compare up to ${MAX_DEBTS} debts at a time.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Interest

/**
 * One month's interest in cents: balance × APR / 1200, rounded to the cent, halves up (the
 * spreadsheet's ROUND(balance × APR / 1200, 2)). Exact: APR is kept to 3 decimals, so this is
 * integer arithmetic, balanceCents × APR×1000 / 1,200,000 (at most 10^14, well within 2^53).
 */
export function monthlyInterestCents(balanceCents: number, apr: number): number {
  const n = balanceCents * Math.round(apr * 1000);
  const d = 1_200_000;
  const r = n % d;
  return (n - r) / d + (2 * r >= d ? 1 : 0);
}

// ---------------------------------------------------------------------------------------------
// The form

const DebtRowSchema = z
  .object({
    name: labelField("the name", MAX_NAME_LENGTH),
    balance: moneyField({ what: "the balance", example: "2500", min: 0, minExclusive: true, max: MAX_BALANCE }),
    apr: percentField({
      what: "the interest rate",
      example: "24",
      min: 0,
      max: MAX_APR,
      decimals: 3,
      outOfRange: () => `Enter a rate from 0 to ${MAX_APR}: 24 means 24%.`,
    }),
    minimum: moneyField({ what: "the minimum payment", example: "75", min: 0, minExclusive: true, max: MAX_MINIMUM }),
  })
  .check(
    z.superRefine((debt, ctx) => {
      const interest = monthlyInterestCents(toCents(debt.balance), debt.apr);
      if (toCents(debt.minimum) > interest) return;
      ctx.issues.push({
        code: "custom",
        path: ["minimum"],
        input: debt,
        message:
          `A minimum payment of ${formatMoney(debt.minimum)} doesn't cover this debt's interest of ` +
          `${formatMoney(fromCents(interest))} a month, so the balance would never go down. ` +
          `Enter at least ${formatMoney(fromCents(interest + 1))}.`,
      });
    }),
  );

const ExtraSchema = moneyField({ what: "the extra payment", example: "150", min: 0, max: MAX_EXTRA, blank: 0 });

/** One debt: balance and minimum in dollars (to the cent), APR in percent (24 = 24%). */
export type Debt = z.output<typeof DebtRowSchema>;
/** A debt from the form: `row` is its position among the submitted rows. */
export type FormDebt = Debt & { row: number };
export type DebtPayoffInput = { debts: FormDebt[]; extra: number };
export type DebtPayoffValues = { rows: Record<DebtField, string>[]; extra: string };

/**
 * The debt form from the query string. Rows with all four fields blank are ignored; a debt
 * without a name is called "Debt N", N being its row's number on the form.
 */
export function parseDebtPayoff(params: URLSearchParams): Parsed<DebtPayoffInput, DebtPayoffValues> {
  const { rows, more } = readRows(params, DEBT_FIELDS, MAX_ROWS);
  const values = { rows, extra: readField(params, "extra") };
  const errors: FieldErrors = {};
  const filled = rows.map((row, i) => ({ row, i })).filter(({ row }) => !isBlankRow(row));
  if (more || filled.length > MAX_DEBTS) return { ok: false, errors: { [FORM_ERROR]: MESSAGES.tooMany }, values };

  const debts: FormDebt[] = [];
  for (const { row, i } of filled) {
    const result = DebtRowSchema.safeParse(row);
    if (result.success) debts.push({ ...result.data, name: result.data.name || `Debt ${i + 1}`, row: i });
    else addIssues(errors, result.error.issues, `.${i}`);
  }
  const extra = ExtraSchema.safeParse(values.extra);
  if (!extra.success)
    addIssues(
      errors,
      extra.error.issues.map((issue) => ({ ...issue, path: ["extra"] })),
    );
  if (filled.length === 0) errors[FORM_ERROR] = MESSAGES.noDebts;

  if (Object.keys(errors).length > 0 || !extra.success) return { ok: false, errors, values };
  return { ok: true, input: { debts, extra: extra.data }, values };
}

// ---------------------------------------------------------------------------------------------
// The plans

/** A calendar month; `month` is 1-12. */
export type YearMonth = { year: number; month: number };

export function addMonths(start: YearMonth, months: number): YearMonth {
  const index = start.year * 12 + (start.month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** "2028-10", as the CSV writes it. */
export function yearMonthKey({ year, month }: YearMonth): string {
  return `${year}-${String(month).padStart(2, "0")}`;
}

const MONTH_NAME = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
/** "October 2028". */
export function formatYearMonth({ year, month }: YearMonth): string {
  return MONTH_NAME.format(new Date(Date.UTC(year, month - 1, 1)));
}

/** The month after `today` (UTC): when a plan starting now makes its first payment. */
export function nextMonth(today: Date): YearMonth {
  return addMonths({ year: today.getUTCFullYear(), month: today.getUTCMonth() + 1 }, 1);
}

/** The "Month of your first payment" field: "2027-01" (as <input type="month"> sends it); blank = `fallback`. */
export function readStartMonth(text: string, fallback: YearMonth): FieldResult<YearMonth> {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: true, value: fallback };
  const match = /^(\d{4})-(\d{2})$/.exec(trimmed);
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  if (!match || year < 2000 || year > 2100 || month < 1 || month > 12) {
    return { ok: false, message: "Enter the month as year and month, like 2027-01." };
  }
  return { ok: true, value: { year, month } };
}

export type Strategy = "snowball" | "avalanche";
export const STRATEGY_LABELS: Record<Strategy, string> = { snowball: "Snowball", avalanche: "Avalanche" };

/** One month of a plan. Per-debt arrays follow the input order of the debts. */
export type PlanMonth = {
  /** 1 = the first payment's month. */
  month: number;
  date: YearMonth;
  payments: number[];
  interest: number[];
  /** What is left of each debt after this month's payment. */
  balances: number[];
  totalPaid: number;
  totalInterest: number;
  totalBalance: number;
};

export type Plan = {
  strategy: Strategy;
  /** Debt indexes (input order), the first to get the extra money first. */
  order: number[];
  /** Debt-free within MAX_MONTHS. */
  finished: boolean;
  /** Months to debt-free; null when not finished. */
  months: number | null;
  /** The month of the last payment; null when not finished. */
  debtFreeMonth: YearMonth | null;
  /** Over the months computed (all MAX_MONTHS of them when not finished). */
  totalInterest: number;
  totalPaid: number;
  /** The month each debt (input order) is paid off; null when not within MAX_MONTHS. */
  paidOffMonth: (number | null)[];
  schedule: PlanMonth[];
};

export type DebtPayoffResult = {
  /** The sum of the minimums + the extra payment, paid every month. */
  monthlyTotal: number;
  snowball: Plan;
  avalanche: Plan;
  /** Snowball interest − avalanche interest: what the avalanche saves (negative: it costs more). */
  interestDifference: number;
  /** Snowball months − avalanche months; null unless both plans finish. */
  monthsDifference: number | null;
};

/** Smallest balance first; ties to the debt listed first (the sort is stable). */
export function snowballOrder(debts: readonly Debt[]): number[] {
  return debts.map((_, i) => i).sort((a, b) => toCents(debts[a]!.balance) - toCents(debts[b]!.balance));
}

/** Highest APR first; ties to the debt listed first. */
export function avalancheOrder(debts: readonly Debt[]): number[] {
  return debts.map((_, i) => i).sort((a, b) => Math.round(debts[b]!.apr * 1000) - Math.round(debts[a]!.apr * 1000));
}

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

/**
 * One plan: pay `debts` (balances over $0, as the form ensures) in `order` from the month
 * `start`. Any order works; snowballOrder/avalancheOrder give the two methods'.
 */
export function planPayoff(debts: readonly Debt[], extra: number, order: readonly number[], start: YearMonth, strategy: Strategy): Plan {
  const minimums = debts.map((d) => toCents(d.minimum));
  const total = sum(minimums) + toCents(extra);
  let balances = debts.map((d) => toCents(d.balance));
  const paidOffMonth: (number | null)[] = debts.map(() => null);
  const schedule: PlanMonth[] = [];
  let interestCents = 0;
  let paidCents = 0;

  for (let month = 1; month <= MAX_MONTHS && balances.some((b) => b > 0); month++) {
    const interest = balances.map((b, i) => monthlyInterestCents(b, debts[i]!.apr));
    const owed = balances.map((b, i) => b + interest[i]!);
    const payments = owed.map((o, i) => Math.min(minimums[i]!, o));
    let pool = Math.max(0, total - sum(payments));
    for (const i of order) {
      const part = Math.max(0, Math.min(owed[i]! - payments[i]!, pool));
      payments[i]! += part;
      pool -= part;
    }
    balances = owed.map((o, i) => o - payments[i]!);
    balances.forEach((b, i) => {
      if (b <= 0 && paidOffMonth[i] === null) paidOffMonth[i] = month;
    });
    interestCents += sum(interest);
    paidCents += sum(payments);
    schedule.push({
      month,
      date: addMonths(start, month - 1),
      payments: payments.map(fromCents),
      interest: interest.map(fromCents),
      balances: balances.map(fromCents),
      totalPaid: fromCents(sum(payments)),
      totalInterest: fromCents(sum(interest)),
      totalBalance: fromCents(sum(balances)),
    });
  }

  const finished = balances.every((b) => b <= 0);
  const months = finished ? schedule.length : null;
  return {
    strategy,
    order: [...order],
    finished,
    months,
    debtFreeMonth: months ? addMonths(start, months - 1) : null,
    totalInterest: fromCents(interestCents),
    totalPaid: fromCents(paidCents),
    paidOffMonth,
    schedule,
  };
}

/** Both plans for the debts, the first payment being made in the month `start`. */
export function computeDebtPayoff(input: { debts: readonly Debt[]; extra: number }, start: YearMonth): DebtPayoffResult {
  const { debts, extra } = input;
  const snowball = planPayoff(debts, extra, snowballOrder(debts), start, "snowball");
  const avalanche = planPayoff(debts, extra, avalancheOrder(debts), start, "avalanche");
  return {
    monthlyTotal: fromCents(sum(debts.map((d) => toCents(d.minimum))) + toCents(extra)),
    snowball,
    avalanche,
    interestDifference: fromCents(toCents(snowball.totalInterest) - toCents(avalanche.totalInterest)),
    monthsDifference: snowball.months !== null && avalanche.months !== null ? snowball.months - avalanche.months : null,
  };
}

// ---------------------------------------------------------------------------------------------
// CSV

const amount = (dollars: number) => dollars.toFixed(2);

/**
 * Both plans month by month, as CSV (RFC 4180, CRLF; names that would run as a spreadsheet
 * formula are neutralised by app/lib/csv.ts). Columns: Strategy, Month #, Month (YYYY-MM), then
 * "<name>: payment" and "<name>: balance left" for each debt, Interest, Total paid, Total
 * balance left.
 */
export function scheduleCsv(result: DebtPayoffResult, debts: readonly Pick<Debt, "name">[]): string {
  const header = [
    "Strategy",
    "Month #",
    "Month",
    ...debts.flatMap((d) => [`${d.name}: payment`, `${d.name}: balance left`]),
    "Interest",
    "Total paid",
    "Total balance left",
  ];
  const lines = [csvRow(header)];
  for (const plan of [result.snowball, result.avalanche]) {
    for (const m of plan.schedule) {
      lines.push(
        csvRow([
          STRATEGY_LABELS[plan.strategy],
          m.month,
          yearMonthKey(m.date),
          ...debts.flatMap((_, i) => [amount(m.payments[i]!), amount(m.balances[i]!)]),
          amount(m.totalInterest),
          amount(m.totalPaid),
          amount(m.totalBalance),
        ]),
      );
    }
  }
  return lines.join("");
}
