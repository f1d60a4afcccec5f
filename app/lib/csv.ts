/** CSV as RFC 4180 describes it, made safe to open in a spreadsheet. */

/**
 * What a spreadsheet may read as the start of a formula: =, +, - or @, their full-width forms
 * (＝ ＋ － ＠, which some locales accept), also after white space or line breaks that an import
 * trims; and any cell that starts with a tab, CR or LF, which can hide one.
 */
const FORMULA_START = /(?:[\t\r\n]|[\s\u00a0\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20])/;

/**
 * Where a spreadsheet may start a cell: the start of the field, and after each ";" or tab, where
 * an import in a locale that separates with them (or a paste) splits the field, quoted or not.
 */
const CELL_FORMULA_START = new RegExp(`(?:^|(?<=[;\\t]))(?=${FORMULA_START.source})`, "g");

/**
 * Each such start gets an apostrophe, so every piece shows as the text it is
 * ("=1" -> "'=1", "ok;=HYPERLINK(...)" -> "ok;'=HYPERLINK(...)").
 */
export function neutralise(value: string): string {
  return value.replace(CELL_FORMULA_START, "'");
}

/**
 * One field: quoted when it holds a comma, a quote, a line break, or a ";" or a tab (the separators
 * of other locales' CSV); quotes doubled.
 */
export function csvField(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const text = value instanceof Date ? value.toISOString() : neutralise(value);
  return /[",;\t\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended with CRLF as the RFC asks. */
export function csvRow(values: readonly (string | number | Date | null | undefined)[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
