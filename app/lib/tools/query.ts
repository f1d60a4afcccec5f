/**
 * Reading a calculator's form from the query string (the forms are GET forms: the inputs live
 * in the URL, the server computes and renders, the browser recomputes as you type).
 *
 * The work per request is bounded before anything is parsed: each value is cut to
 * MAX_RAW_LENGTH characters and at most `maxRows` rows are read, so a crafted URL with
 * thousands of parameters or a megabyte of text costs a slice, not a parse.
 */

/** Longer than any field accepts (names 60, numbers 40): the cut never changes a valid value. */
export const MAX_RAW_LENGTH = 200;

/** Key of a message about the whole form rather than one field. */
export const FORM_ERROR = "form";

/** Messages by field key: "extra", "balance.0" (the row's position in the form), "form". */
export type FieldErrors = Record<string, string>;

/**
 * What a parser returns. `values` is always the text as typed (cut to MAX_RAW_LENGTH), keyed
 * and indexed like the error keys, so the page re-renders the form from it either way.
 */
export type Parsed<Input, Values> = { ok: true; input: Input; values: Values } | { ok: false; errors: FieldErrors; values: Values };

/** The first value of `key` ("" when absent), cut to MAX_RAW_LENGTH. */
export function readField(params: URLSearchParams, key: string): string {
  return (params.get(key) ?? "").slice(0, MAX_RAW_LENGTH);
}

export function readFields<K extends string>(params: URLSearchParams, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((k) => [k, readField(params, k)])) as Record<K, string>;
}

/**
 * Repeated fields as rows: the n-th `name`, `balance`... make row n. A row missing a field
 * (a hand-made URL) reads it as "". Only the first `maxRows` rows are read; `more` says there
 * were others.
 */
export function readRows<K extends string>(
  params: URLSearchParams,
  keys: readonly K[],
  maxRows: number,
): { rows: Record<K, string>[]; more: boolean } {
  const columns = keys.map((k) => params.getAll(k));
  const count = Math.max(0, ...columns.map((c) => c.length));
  const rows = Array.from(
    { length: Math.min(count, maxRows) },
    (_, i) => Object.fromEntries(keys.map((k, j) => [k, (columns[j]![i] ?? "").slice(0, MAX_RAW_LENGTH)])) as Record<K, string>,
  );
  return { rows, more: count > maxRows };
}

/** A row the visitor left empty (every field blank): ignored, not an error. */
export function isBlankRow(row: Record<string, string>): boolean {
  return Object.values(row).every((v) => v.trim() === "");
}

type Issue = { path: readonly PropertyKey[]; message: string };

/** A form of single fields: read them (bounded), check them with `schema`, errors keyed by field. */
export function parseFields<K extends string, Input>(
  params: URLSearchParams,
  keys: readonly K[],
  schema: {
    safeParse: (values: Record<K, string>) => { success: true; data: Input } | { success: false; error: { issues: readonly Issue[] } };
  },
): Parsed<Input, Record<K, string>> {
  const values = readFields(params, keys);
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, input: result.data, values };
  const errors: FieldErrors = {};
  addIssues(errors, result.error.issues);
  return { ok: false, errors, values };
}

/**
 * Zod issues as field errors, the first message per field winning. `suffix` is the row's
 * position (".2") for the fields of a row, "" for single fields; an issue without a path is
 * about the whole form.
 */
export function addIssues(errors: FieldErrors, issues: readonly Issue[], suffix = ""): void {
  for (const issue of issues) {
    const key = issue.path.length === 0 ? FORM_ERROR : `${String(issue.path[0])}${suffix}`;
    errors[key] ??= issue.message;
  }
}

/** The id of the element that holds a field's message (ToolField, and the page script's refresh). */
export const fieldErrorId = (inputId: string) => `${inputId}-error`;
