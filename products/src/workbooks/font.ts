/**
 * The one font of every workbook of the toolkit.
 *
 * exceljs writes a cell's font exactly as given: `{ bold: true }` becomes a font with no name and
 * no size, which LibreOffice and Google Sheets fill in with their own default (often a serif, at
 * 10 pt). Every styled cell therefore gets the name and size here. Calibri 11 is also the
 * workbook's default font (the one exceljs writes for unstyled cells and new typing), and the
 * column widths and row heights are sized for it. LibreOffice shows it with Carlito, a
 * metric-compatible font, where Calibri is not installed.
 */
import type ExcelJS from "exceljs";

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
