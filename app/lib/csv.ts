/** CSV as RFC 4180 describes it, made safe to open in a spreadsheet. */

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return that
 * hides one) gets a leading apostrophe, so it shows as the text it is.
 */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One field: quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvField(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const text = value instanceof Date ? value.toISOString() : neutralise(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended with CRLF as the RFC asks. */
export function csvRow(values: readonly (string | number | Date | null | undefined)[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
