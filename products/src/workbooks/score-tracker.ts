/**
 * Credit score tracker (Credit Repair Toolkit): a log of score checks with the change since the
 * last check of the same bureau and score model, and card utilization. Both are formulas.
 *
 * One source for the workbook and the printable: SCORE_COLUMNS. Columns flagged
 * `printable: false` are left out of the paper log: it must fit portrait US Letter with room to
 * write (8 columns, none under about 0.6 in).
 */
import ExcelJS from "exceljs";
import { docHeader } from "../../build/document";
import { applyFont, esc, fill, fitHeight, formula, validate, newWorkbook, logTableHtml } from "./common";

const CURRENCY = "$#,##0.00";
const DATE_FORMAT = "mmm d, yyyy";

const COLORS = {
  input: "FFFFF2CC",
  formula: "FFF1F5F9",
  header: "FF047857",
  headerText: "FFFFFFFF",
  titleText: "FF064E3B",
  muted: "FF475569",
  /** Utilization above 30%: orange with dark brown text (contrast 5.6:1, WCAG AA), unlike the yellow inputs. */
  highFill: "FFFDBA74",
  highText: "FF7C2D12",
  /** Utilization under 10%. */
  lowFill: "FFBBF7D0",
};

export const BUREAUS = ["Equifax", "Experian", "TransUnion"];
export const SCORE_MODELS = ["FICO 8", "FICO 9", "FICO 10", "VantageScore 3.0", "VantageScore 4.0"];

export type ScoreColumn = {
  key: "date" | "source" | "model" | "bureau" | "score" | "change" | "balances" | "limits" | "utilization" | "notes";
  header: string;
  width: number;
  numFmt?: string;
  /** true: the buyer types it (yellow); false: a formula (grey). */
  input: boolean;
  /** Shown when the cell is selected (data validation prompt). */
  prompt?: string;
  /** false: left out of the printable log (space on portrait Letter). */
  printable: boolean;
  /** Printable columns: width on the paper log, in % of the table (they add up to 100). Sized for
   * the bold headings ("Utilization" does not break) and for writing by hand. */
  printWidth?: number;
};

/** Columns A-J of the "Score log" sheet, in order. */
export const SCORE_COLUMNS: ScoreColumn[] = [
  { key: "date", header: "Date", width: 14, numFmt: DATE_FORMAT, input: true, printable: true, printWidth: 12 },
  {
    key: "source",
    header: "Source",
    width: 20,
    input: true,
    prompt: "Where you saw the score: the app, website or card issuer.",
    printable: false,
  },
  {
    key: "model",
    header: "Score model",
    width: 17,
    input: true,
    prompt: "E.g. FICO 8 or VantageScore 3.0 (the app usually says). Scores differ by model: compare like with like.",
    printable: true,
    printWidth: 15,
  },
  {
    key: "bureau",
    header: "Bureau",
    width: 13,
    input: true,
    prompt: "Pick Equifax, Experian or TransUnion.",
    printable: true,
    printWidth: 13,
  },
  { key: "score", header: "Score", width: 9, numFmt: "0", input: true, printable: true, printWidth: 9 },
  { key: "change", header: "Change since last check", width: 13, numFmt: "+0;-0;0", input: false, printable: true, printWidth: 10 },
  { key: "balances", header: "Total card balances", width: 15, numFmt: CURRENCY, input: true, printable: true, printWidth: 13 },
  { key: "limits", header: "Total credit limits", width: 15, numFmt: CURRENCY, input: true, printable: true, printWidth: 12 },
  { key: "utilization", header: "Utilization", width: 12, numFmt: "0.0%", input: false, printable: true, printWidth: 16 },
  { key: "notes", header: "Notes", width: 40, input: true, printable: false },
];

export const LOG = { sheet: "Score log", header: 4, first: 5, rows: 24 };
const LAST_ROW = LOG.first + LOG.rows - 1;

/** Column letter of a column key on "Score log". */
export function col(key: ScoreColumn["key"]): string {
  return String.fromCharCode(65 + SCORE_COLUMNS.findIndex((c) => c.key === key));
}

function inputStyle(cell: ExcelJS.Cell) {
  fill(cell, COLORS.input);
  cell.border = { bottom: { style: "thin", color: { argb: "FFD6B656" } } };
}

/** The FICO weights (myFICO, general population) and the utilization guidance (CFPB). */
export const FICO_WEIGHTS: [string, number][] = [
  ["Payment history", 35],
  ["Amounts owed", 30],
  ["Length of credit history", 15],
  ["New credit", 10],
  ["Credit mix", 10],
];
const MYFICO_URL = "https://www.myfico.com/credit-education/whats-in-your-credit-score";
const CFPB_URL = "https://www.consumerfinance.gov/ask-cfpb/how-do-i-get-and-keep-a-good-credit-score-en-318/";

function startHere(wb: ExcelJS.Workbook) {
  const ws = wb.addWorksheet("Start here", { properties: { tabColor: { argb: COLORS.header } } });
  ws.getColumn(1).width = 4;
  ws.getColumn(2).width = 100;
  ws.getCell("A1").value = "Credit score tracker";
  ws.getCell("A1").font = { bold: true, size: 16, color: { argb: COLORS.titleText } };
  ws.getCell("A2").value = "Fresh Start Money · Credit Repair Toolkit";
  ws.getCell("A2").font = { color: { argb: COLORS.header }, bold: true };
  const steps = [
    'Each time you check a score, add a row on "Score log": the date, where you saw it, the score model, the bureau and the score.',
    'Scores differ by model (FICO 8, VantageScore 3.0...) and by bureau, so compare like with like. "Change since last check" only compares checks with the same bureau and the same model, and stays blank when there is no earlier one.',
    "Add your total card balances and total credit limits from the same day: Utilization (balances ÷ limits) is calculated for you.",
    "Lower utilization is better. 30% is a common ceiling rule of thumb and under 10% is common guidance; there is no magic number.",
    "Checking your own score is a soft inquiry: it does not lower your score. Yellow cells are yours to type in; grey cells are calculated.",
  ];
  steps.forEach((text, i) => {
    const row = ws.getRow(4 + i);
    row.getCell(1).value = i + 1;
    row.getCell(1).alignment = { vertical: "top", horizontal: "right" };
    row.getCell(2).value = text;
    row.getCell(2).alignment = { wrapText: true, vertical: "top" };
    fitHeight(row, text, 100);
  });
  let r = 4 + steps.length + 1;
  ws.getCell(`B${r}`).value = "What moves your FICO score (weights for the general population; they vary by person)";
  ws.getCell(`B${r}`).font = { bold: true, color: { argb: COLORS.titleText } };
  r++;
  for (const [factor, pct] of FICO_WEIGHTS) {
    ws.getCell(`B${r}`).value = `${factor}: ${pct}%`;
    r++;
  }
  ws.getCell(`B${r}`).value = { text: `Source: myFICO, ${MYFICO_URL}`, hyperlink: MYFICO_URL };
  ws.getCell(`B${r}`).font = { color: { argb: COLORS.muted }, underline: true };
  r++;
  ws.getCell(`B${r}`).value = { text: `Utilization guidance: CFPB, ${CFPB_URL}`, hyperlink: CFPB_URL };
  ws.getCell(`B${r}`).font = { color: { argb: COLORS.muted }, underline: true };
  ws.pageSetup = { orientation: "portrait", fitToPage: true, fitToWidth: 1, fitToHeight: 0 };
}

function scoreLog(wb: ExcelJS.Workbook) {
  const ws = wb.addWorksheet(LOG.sheet, { views: [{ state: "frozen", xSplit: 1, ySplit: LOG.header }] });
  ws.getCell("A1").value = "Credit score log";
  ws.getCell("A1").font = { bold: true, size: 16, color: { argb: COLORS.titleText } };
  ws.getCell("A2").value = "One row per check, oldest first is easiest. Compare like with like: the same bureau and the same score model.";
  ws.getCell("A2").font = { italic: true, color: { argb: COLORS.muted } };

  SCORE_COLUMNS.forEach((c, i) => {
    ws.getColumn(i + 1).width = c.width;
    const cell = ws.getCell(LOG.header, i + 1);
    cell.value = c.header;
    fill(cell, COLORS.header);
    cell.font = { bold: true, color: { argb: COLORS.headerText } };
    cell.alignment = { wrapText: true, vertical: "middle" };
  });
  ws.getRow(LOG.header).height = 32;
  ws.getCell(`${col("change")}${LOG.header}`).note =
    "Compared with the latest earlier check of the same bureau and the same score model. Blank when there is none.";

  const [A, C, D, E, G, H] = [col("date"), col("model"), col("bureau"), col("score"), col("balances"), col("limits")];
  const range = (c: string) => `$${c}$${LOG.first}:$${c}$${LAST_ROW}`;
  for (let r = LOG.first; r <= LAST_ROW; r++) {
    SCORE_COLUMNS.forEach((c, i) => {
      const cell = ws.getCell(r, i + 1);
      if (c.numFmt) cell.numFmt = c.numFmt;
      if (c.input) inputStyle(cell);
      else fill(cell, COLORS.formula);
    });
    // The previous check = the same bureau and model with the latest earlier date (same date:
    // the row above). Key = date × 1000 + row number, so MOD(key, 1000) gives the row back.
    const key = (c: string) => `(${range(c)}*1000+ROW(${range(c)}))`;
    const ownKey = `(${A}${r}*1000+ROW(${A}${r}))`;
    const previous =
      `SUMPRODUCT(MAX((${range(C)}=${C}${r})*(${range(D)}=${D}${r})*ISNUMBER(${range(E)})*ISNUMBER(${range(A)})` +
      `*(${key(A)}<${ownKey})*${key(A)}))`;
    ws.getCell(`${col("change")}${r}`).value = formula(
      `IFERROR(IF(AND(ISNUMBER(${A}${r}),ISNUMBER(${E}${r}),${C}${r}<>"",${D}${r}<>""),` +
        `IF(${previous}=0,"",${E}${r}-INDEX($${E}$1:$${E}$${LAST_ROW},MOD(${previous},1000))),""),"")`,
    );
    ws.getCell(`${col("utilization")}${r}`).value = formula(
      `IF(AND(ISNUMBER(${H}${r}),N(${H}${r})>0,ISNUMBER(${G}${r})),${G}${r}/${H}${r},"")`,
    );
  }
  const rows = (c: string) => `${c}${LOG.first}:${c}${LAST_ROW}`;
  validate(ws, rows(D), {
    type: "list",
    formulae: [`"${BUREAUS.join(",")}"`],
    allowBlank: true,
    showInputMessage: true,
    promptTitle: "Bureau",
    prompt: "Pick Equifax, Experian or TransUnion.",
    showErrorMessage: true,
    errorTitle: "Bureau",
    error: "Pick Equifax, Experian or TransUnion from the list.",
  });
  validate(ws, rows(C), {
    type: "list",
    formulae: [`"${SCORE_MODELS.join(",")}"`],
    allowBlank: true,
    showInputMessage: true,
    promptTitle: "Score model",
    prompt: SCORE_COLUMNS.find((c) => c.key === "model")!.prompt!,
    // Suggestions only: another model name can be typed.
    showErrorMessage: false,
  });
  validate(ws, rows(E), {
    type: "whole",
    operator: "between",
    formulae: [250, 900],
    allowBlank: true,
    showErrorMessage: true,
    errorTitle: "Score",
    error: "Type the score as a whole number, e.g. 640.",
  });
  validate(ws, rows(A), {
    type: "date",
    operator: "greaterThan",
    formulae: [new Date(Date.UTC(1990, 0, 1))],
    allowBlank: true,
    showInputMessage: true,
    promptTitle: "Date",
    prompt: "Type the date you checked, e.g. 3/15/2026.",
    showErrorMessage: true,
    errorTitle: "Date",
    error: "Type a date, e.g. 3/15/2026.",
  });
  for (const key of ["source"] as const) {
    const c = SCORE_COLUMNS.find((x) => x.key === key)!;
    validate(ws, rows(col(key)), {
      type: "textLength",
      operator: "lessThan",
      formulae: [256],
      allowBlank: true,
      showInputMessage: true,
      promptTitle: c.header,
      prompt: c.prompt!,
    });
  }
  const U = col("utilization");
  ws.addConditionalFormatting({
    ref: rows(U),
    rules: [
      {
        type: "expression",
        priority: 1,
        formulae: [`AND(ISNUMBER(${U}${LOG.first}),${U}${LOG.first}>0.3)`],
        style: {
          fill: { type: "pattern", pattern: "solid", bgColor: { argb: COLORS.highFill } },
          font: { bold: true, color: { argb: COLORS.highText } },
        },
      },
      {
        type: "expression",
        priority: 2,
        formulae: [`AND(ISNUMBER(${U}${LOG.first}),${U}${LOG.first}<0.1)`],
        style: { fill: { type: "pattern", pattern: "solid", bgColor: { argb: COLORS.lowFill } } },
      },
    ],
  });
  const note = LAST_ROW + 2;
  ws.getCell(`A${note}`).value =
    "Utilization colors: orange above 30% (a common ceiling rule of thumb), green under 10% (common guidance). Lower is better; there is no magic number.";
  ws.getCell(`A${note}`).font = { italic: true, color: { argb: COLORS.muted } };
  ws.pageSetup = {
    orientation: "landscape",
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    printTitlesRow: `${LOG.header}:${LOG.header}`,
  };
}

export async function build(): Promise<ExcelJS.Workbook> {
  const wb = newWorkbook("Credit score tracker");
  startHere(wb);
  scoreLog(wb);
  applyFont(wb);
  return wb;
}

// ---------------------------------------------------------------------------------------------
// Printable (US Letter, filled in by hand). Wrapped by the product builder with print.css.

/** Blank rows on the paper log. */
export const PRINT_ROWS = 18;

export function printableHtml(): string {
  const cols = SCORE_COLUMNS.filter((c) => c.printable);
  const weights = FICO_WEIGHTS.map(([f, p]) => `<li><strong>${esc(f)}</strong>: ${p}%</li>`).join("");
  return `${docHeader({ title: "Credit score log", subtitle: "One row each time you check. Compare like with like." })}
${logTableHtml(cols, PRINT_ROWS)}
<p class="muted">Compare like with like: scores differ by bureau and by score model. <strong>Change since last check</strong>: this score minus your last score from the same bureau and the same model. <strong>Utilization</strong> = total card balances ÷ total credit limits × 100.</p>
<div class="page-break"></div>
<h2>What moves your score</h2>
<blockquote class="keep">
<p><strong>FICO's weights</strong> for the general population (they vary by person):</p>
<ul>${weights}</ul>
<p class="muted">Source: myFICO, <a href="${MYFICO_URL}">${MYFICO_URL}</a></p>
</blockquote>
<blockquote class="keep">
<p><strong>Utilization:</strong> lower utilization is better; 30% is a common ceiling rule of thumb, under 10% common guidance. There is no magic number, and you don't need to carry a balance: paying in full each month is fine.</p>
<p class="muted">Source: CFPB, <a href="${CFPB_URL}">${CFPB_URL}</a></p>
</blockquote>
<h3>Good habits to tick off each month</h3>
<ul class="tasks">
<li class="task"><input type="checkbox"> Paid every bill on time (set up autopay for at least the minimums).</li>
<li class="task"><input type="checkbox"> Checked my card balances against my limits.</li>
<li class="task"><input type="checkbox"> Looked over my credit reports for errors (free at AnnualCreditReport.com).</li>
<li class="task"><input type="checkbox"> Applied only for credit I really need.</li>
</ul>
<p class="muted">Scores differ by model (FICO, VantageScore and their versions) and by bureau. Checking your own score does not lower it. This log helps you see trends; it does not predict any score.</p>`;
}
