/**
 * 50/30/20 budget check: your take-home pay split into needs, wants and savings (50/30/20 by
 * default, your own split if you like), against what you actually spend in each category, if
 * you say. The article budgeting-tips-that-work calls the split "a starting point, not a rule".
 *
 * Form (GET): pay, needsPct, wantsPct, savingsPct, and one optional amount per category (its
 * `key` below; blank = not given). Error keys: the field names, and "form" for the split not
 * adding up to 100.
 */
import { z } from "zod";
import { fromCents, moneyField, optionalMoneyField, percentField, toCents } from "./money";
import { type Parsed, parseFields } from "./query";

export const MAX_AMOUNT = 10_000_000;

/** The groups and their categories: the one list the form, the result and the page label from. */
export const BUDGET_GROUPS = [
  {
    key: "needs",
    label: "Needs",
    percentKey: "needsPct",
    defaultPercent: 50,
    categories: [
      { key: "housing", label: "Rent or mortgage" },
      { key: "utilities", label: "Utilities" },
      { key: "groceries", label: "Groceries" },
      { key: "transport", label: "Transportation" },
      { key: "insurance", label: "Insurance" },
      { key: "debtMinimums", label: "Minimum debt payments" },
      { key: "childcare", label: "Childcare" },
    ],
  },
  {
    key: "wants",
    label: "Wants",
    percentKey: "wantsPct",
    defaultPercent: 30,
    categories: [
      { key: "dining", label: "Dining out" },
      { key: "entertainment", label: "Entertainment" },
      { key: "shopping", label: "Shopping" },
      { key: "subscriptions", label: "Subscriptions" },
    ],
  },
  {
    key: "savings",
    label: "Savings & extra debt payments",
    percentKey: "savingsPct",
    defaultPercent: 20,
    categories: [
      { key: "savings", label: "Savings" },
      { key: "extraDebt", label: "Extra debt payments" },
    ],
  },
] as const;

export type BudgetGroupKey = (typeof BUDGET_GROUPS)[number]["key"];
export type BudgetCategoryKey = (typeof BUDGET_GROUPS)[number]["categories"][number]["key"];
type PercentKey = (typeof BUDGET_GROUPS)[number]["percentKey"];

export const BUDGET_CATEGORIES: { key: BudgetCategoryKey; label: string; group: BudgetGroupKey }[] = BUDGET_GROUPS.flatMap((g) =>
  g.categories.map((c) => ({ key: c.key, label: c.label, group: g.key })),
);

export const BUDGET_FIELDS = ["pay", ...BUDGET_GROUPS.map((g) => g.percentKey), ...BUDGET_CATEGORIES.map((c) => c.key)] as const;
export type BudgetField = "pay" | PercentKey | BudgetCategoryKey;

const percent = (what: string, blank: number) =>
  percentField({
    what,
    example: String(blank),
    min: 0,
    max: 100,
    decimals: 0,
    whole: true,
    blank,
    outOfRange: () => "Enter a whole number from 0 to 100.",
  });

const BudgetSchema = z
  .object({
    pay: moneyField({ what: "your monthly take-home pay", example: "3000", min: 0, minExclusive: true, max: MAX_AMOUNT }),
    ...(Object.fromEntries(BUDGET_GROUPS.map((g) => [g.percentKey, percent(`the ${g.key} percentage`, g.defaultPercent)])) as Record<
      PercentKey,
      z.ZodType<number, string>
    >),
    ...(Object.fromEntries(
      BUDGET_CATEGORIES.map((c) => [
        c.key,
        optionalMoneyField({ what: `the amount for ${c.label.toLowerCase()}`, example: "250", min: 0, max: MAX_AMOUNT }),
      ]),
    ) as Record<BudgetCategoryKey, z.ZodType<number | null, string>>),
  })
  .check(
    z.superRefine((budget, ctx) => {
      const total = budget.needsPct + budget.wantsPct + budget.savingsPct;
      if (total !== 100) {
        ctx.issues.push({
          code: "custom",
          path: [],
          input: budget,
          message: `The three percentages must add up to 100; they add up to ${total}.`,
        });
      }
    }),
  );

/** Pay in dollars, the split in whole percent, each category's amount or null (not given). */
export type BudgetInput = z.output<typeof BudgetSchema>;
export type BudgetValues = Record<BudgetField, string>;

/** The budget form from the query string; blank percentages are the 50/30/20 defaults. */
export function parseBudget(params: URLSearchParams): Parsed<BudgetInput, BudgetValues> {
  return parseFields(params, BUDGET_FIELDS, BudgetSchema);
}

export type Comparison = "over" | "under" | "on target";

export type BudgetGroupResult = {
  key: BudgetGroupKey;
  label: string;
  percent: number;
  /** pay × percent, to the cent. */
  target: number;
  /** The sum of the amounts given (0 when none). */
  actual: number;
  /** False when no amount was given for this group: the page can leave the comparison out. */
  given: boolean;
  /** actual − target: over the target when positive (good news for savings, not for the rest). */
  difference: number;
  status: Comparison;
  categories: { key: BudgetCategoryKey; label: string; amount: number | null }[];
};

export type BudgetResult = {
  pay: number;
  groups: BudgetGroupResult[];
  /** Everything given, savings included (money set aside counts as spoken for). */
  totalSpending: number;
  spendingGiven: boolean;
  /** pay − totalSpending: left over when positive, overspent when negative. */
  leftOver: number;
  status: "left over" | "overspent" | "even";
};

const compare = (cents: number): Comparison => (cents > 0 ? "over" : cents < 0 ? "under" : "on target");

/**
 * Targets and actuals. Each target is rounded to the cent on its own, so on pay with odd cents
 * the three can add up to a cent more or less than the pay.
 */
export function computeBudget(input: BudgetInput): BudgetResult {
  const payCents = toCents(input.pay);
  const groups = BUDGET_GROUPS.map((g): BudgetGroupResult => {
    const pct = input[g.percentKey];
    const targetCents = Math.round((payCents * pct) / 100);
    const categories = g.categories.map((c) => ({ key: c.key, label: c.label, amount: input[c.key] }));
    const actualCents = categories.reduce((s, c) => s + (c.amount === null ? 0 : toCents(c.amount)), 0);
    return {
      key: g.key,
      label: g.label,
      percent: pct,
      target: fromCents(targetCents),
      actual: fromCents(actualCents),
      given: categories.some((c) => c.amount !== null),
      difference: fromCents(actualCents - targetCents),
      status: compare(actualCents - targetCents),
      categories,
    };
  });
  const spentCents = groups.reduce((s, g) => s + toCents(g.actual), 0);
  const leftCents = payCents - spentCents;
  return {
    pay: fromCents(payCents),
    groups,
    totalSpending: fromCents(spentCents),
    spendingGiven: groups.some((g) => g.given),
    leftOver: fromCents(leftCents),
    status: leftCents > 0 ? "left over" : leftCents < 0 ? "overspent" : "even",
  };
}
