/**
 * What every workbook of the toolkit shares: the set-up (metadata, fixed dates so builds are
 * reproducible, recalculation on open), the one font, and HTML escaping for the printables.
 *
 * The font:
 * exceljs writes a cell's font exactly as given: `{ bold: true }` becomes a font with no name and
 * no size, which LibreOffice and Google Sheets fill in with their own default (often a serif, at
 * 10 pt). Every styled cell therefore gets the name and size here. Calibri 11 is also the
 * workbook's default font (the one exceljs writes for unstyled cells and new typing), and the
 * column widths and row heights are sized for it. LibreOffice shows it with Carlito, a
 * metric-compatible font, where Calibri is not installed.
 */
import ExcelJS from "exceljs";

export const FONT = { name: "Calibri", family: 2, size: 11 } as const;

/** Sets the font name (and the size where none is set) on every cell that has a value or a style. */
export function applyFont(wb: ExcelJS.Workbook): void {
  wb.eachSheet((ws) =>
    ws.eachRow({ includeEmpty: true }, (row) =>
      row.eachCell({ includeEmpty: true }, (cell) => {
        if (cell.value === null && Object.keys(cell.style ?? {}).length === 0) return;
        cell.font = { size: FONT.size, ...cell.font, name: FONT.name, family: FONT.family };
      }),
    ),
  );
}

/** Builds must be reproducible: the workbook's own dates are fixed. */
export const FIXED_DATE = new Date("2026-01-01T00:00:00Z");

/** A workbook with the toolkit's metadata, set to recalculate every formula when opened. */
export function newWorkbook(title: string): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  wb.creator = "Fresh Start Money";
  wb.lastModifiedBy = "Fresh Start Money";
  wb.title = title;
  wb.company = "Fresh Start Money";
  wb.created = FIXED_DATE;
  wb.modified = FIXED_DATE;
  wb.calcProperties.fullCalcOnLoad = true;
  return wb;
}

export const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export const formula = (f: string): ExcelJS.CellFormulaValue => ({ formula: f });

/** Height for a row of wrapped text: not every spreadsheet app auto-fits rows when it opens a
 * file, and overlapping lines are unreadable. About 1.1 characters per unit of column width. */
export function fitHeight(row: ExcelJS.Row, text: string, width: number) {
  const perLine = Math.max(8, Math.floor(width * 1.1));
  const lines = Math.max(1, Math.ceil(text.length / perLine));
  row.height = Math.max(row.height ?? 15, lines * 15 + 2);
}

/** Data validation on a range ("B5:B14") or one cell. Written as one range: exceljs's per-cell
 * `cell.dataValidation` merges cells into overlapping ranges (it sorts "A10" before "A6"),
 * which Excel reports as a damaged file. `worksheet.dataValidations` works but is untyped. */
export function validate(ws: ExcelJS.Worksheet, range: string, rule: ExcelJS.DataValidation) {
  (ws as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }).dataValidations.add(range, rule);
}

export function fill(cell: ExcelJS.Cell, argb: string) {
  cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb } };
}

/** A paper log: the columns (fixed widths, in %), and blank rows tall enough to write in. */
export function logTableHtml(cols: readonly { header: string; printHeader?: string; printWidth?: number }[], rows: number): string {
  const colgroup = cols.map((c) => `<col style="width:${c.printWidth}%">`).join("");
  const head = cols.map((c) => `<th scope="col">${esc(c.printHeader ?? c.header)}</th>`).join("");
  const blank = `<tr>${"<td></td>".repeat(cols.length)}</tr>`;
  return `<table class="log" style="table-layout:fixed">
<colgroup>${colgroup}</colgroup>
<thead><tr>${head}</tr></thead>
<tbody>
${Array.from({ length: rows }, () => blank).join("\n")}
</tbody>
</table>`;
}
