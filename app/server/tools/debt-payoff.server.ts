import {
  computeDebtPayoff,
  DEBT_FIELDS,
  type DebtPayoffResult,
  type FormDebt,
  MAX_DEBTS,
  nextMonth,
  parseDebtPayoff,
  readStartMonth,
  scheduleCsv,
  type YearMonth,
} from "~/lib/tools/debt-payoff";
import type { FieldErrors } from "~/lib/tools/query";
import { isSubmission, toolPageData } from "./tools.server";

/** Rows the empty form shows. */
const DEFAULT_ROWS = 3;
/** The fields whose presence makes an address a submission (the "rows" of "Add another debt" alone is not). */
const FORM_FIELDS = [...DEBT_FIELDS, "extra", "start"];

type Computed =
  | { ok: true; result: DebtPayoffResult; debts: FormDebt[]; start: YearMonth; errors: FieldErrors }
  | { ok: false; result: null; debts: null; start: YearMonth; errors: FieldErrors };

/** Parse the address's query and compute both plans; `today` sets the default first month. */
function compute(
  params: URLSearchParams,
  today: Date,
): Computed & { values: ReturnType<typeof parseDebtPayoff>["values"] & { start: string } } {
  const parsed = parseDebtPayoff(params);
  const startText = (params.get("start") ?? "").slice(0, 40);
  const startMonth = readStartMonth(startText, nextMonth(today));
  const start = startMonth.ok ? startMonth.value : nextMonth(today);
  const values = { ...parsed.values, start: startText };
  const errors: FieldErrors = parsed.ok ? {} : { ...parsed.errors };
  if (!startMonth.ok) errors.start = startMonth.message;
  if (!parsed.ok || !startMonth.ok) return { ok: false, result: null, debts: null, start, errors, values };
  return { ok: true, result: computeDebtPayoff(parsed.input, start), debts: parsed.input.debts, start, errors, values };
}

/**
 * The debt payoff page for an address: the form as typed, and the plans or the messages.
 * The bare page is a 200 without messages; a submission that needs fixing is a 400. "Add another
 * debt" (rows=N) shows one more row, with the plans if the rest is complete, without messages.
 */
export function computeDebtPayoffPage(params: URLSearchParams, today: Date) {
  const submitted = isSubmission(params, FORM_FIELDS);
  const computed = compute(params, today);
  const requestedRows = Number.parseInt(params.get("rows") ?? "", 10);
  const adding = Number.isInteger(requestedRows);
  const rowCount = Math.min(MAX_DEBTS, Math.max(DEFAULT_ROWS, computed.values.rows.length, adding ? requestedRows : 0));
  const showErrors = submitted && !adding;
  return {
    ...toolPageData("debt-payoff"),
    values: computed.values,
    errors: showErrors ? computed.errors : {},
    result: computed.result,
    debts: computed.debts,
    start: computed.start,
    rowCount,
    /** After "Add another debt": the new row's first field takes focus. */
    focusRow: adding ? rowCount - 1 : -1,
    /** The form's fields as a query string, for the CSV link. */
    query: new URLSearchParams([...params].filter(([key]) => FORM_FIELDS.includes(key))).toString(),
    status: showErrors && !computed.ok ? 400 : 200,
  };
}

/** The month-by-month schedule of both plans as a CSV download, or the reason there is none. */
export function debtPayoffCsv(params: URLSearchParams, today: Date): { ok: true; csv: string } | { ok: false; message: string } {
  const computed = compute(params, today);
  if (!computed.ok) {
    const messages = Object.values(computed.errors);
    return { ok: false, message: `No schedule: ${messages.join(" ")}` };
  }
  return { ok: true, csv: scheduleCsv(computed.result, computed.debts) };
}
