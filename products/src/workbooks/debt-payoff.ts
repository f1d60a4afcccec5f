/**
 * Debt payoff calculator (Credit Repair Toolkit): snowball vs. avalanche, month by month.
 *
 * Everything is a formula computed from the "My debts" inputs, so the buyer can change any debt,
 * the extra payment or the start month and both plans re-order and recompute.
 *
 * Model (the same as the site's "Debt Snowball vs. Avalanche" article):
 *  - the monthly total is fixed: the minimums of the debts owed at the start + the extra payment;
 *  - each month, interest = balance at the start of the month x APR / 12, rounded to the cent;
 *  - every unpaid debt gets its minimum (capped at what it owes); everything left of the monthly
 *    total goes to the first unpaid debt in the method's order, spilling to the next one when
 *    that debt is paid off during the month. Freed-up minimums therefore roll over.
 *  - Snowball order: smallest balance first. Avalanche order: highest APR first. Ties go to the
 *    debt listed first. The order is computed by formulas (SUMPRODUCT counts, the COUNTIF-style
 *    rank with a row tiebreak) and looked up with INDEX/MATCH.
 *
 * Layout of each plan sheet ("Snowball", "Avalanche"): columns are the debts in payoff order
 * (position 1 = first target). Blocks: payment, balance left, then the details (interest,
 * minimum part, extra money, extra part). Row 5 ("Start") holds what the month rows need: the
 * starting balances, APRs and minimums of the debts in order.
 */
import ExcelJS from "exceljs";
import { applyFont, fill, fitHeight, formula, newWorkbook, validate } from "./common";

export const MAX_DEBTS = 10;
export const MAX_MONTHS = 360;

/** The default "Month of your first payment": an input cell, so results never depend on TODAY().
 * A fixed date, so builds are reproducible; a month still ahead when the toolkit is bought. */
export const DEFAULT_START = new Date(Date.UTC(2027, 0, 1));

const CURRENCY = "$#,##0.00";
const CURRENCY_DASH = '$#,##0.00;-$#,##0.00;"–"';
const APR_FORMAT = '0.00"%"';
const MONTH_FORMAT = "mmm yyyy";

const COLORS = {
  input: "FFFFF2CC", // light yellow: type here
  formula: "FFF1F5F9", // light grey: calculated
  header: "FF047857", // brand green
  headerText: "FFFFFFFF",
  subHeader: "FFECFDF5",
  titleText: "FF064E3B",
  muted: "FF475569",
  faded: "FF94A3B8",
};

// ---------------------------------------------------------------------------------------------
// Inputs ("My debts")

export type DebtInput = { name: string; balance: number; apr: number; minimum: number };

/** The worked example of the article "Debt Snowball vs. Avalanche" (app/content/articles). */
export const EXAMPLE_DEBTS: DebtInput[] = [
  { name: "Medical bill", balance: 500, apr: 0, minimum: 50 },
  { name: "Personal loan", balance: 2000, apr: 10, minimum: 75 },
  { name: "Credit card", balance: 5000, apr: 24, minimum: 150 },
];
export const EXAMPLE_EXTRA = 150;

type Column = { key: string; header: string; width: number; numFmt?: string; input: boolean; note?: string };

/** "My debts" columns A-F. */
export const DEBT_COLUMNS: Column[] = [
  { key: "name", header: "Debt name", width: 28, input: true },
  { key: "balance", header: "Balance now", width: 15, numFmt: CURRENCY, input: true },
  {
    key: "apr",
    header: "Interest rate (APR %)",
    width: 15,
    numFmt: APR_FORMAT,
    input: true,
    note: "Type the rate as a plain number: 24 for 24%, 0 for no interest.",
  },
  { key: "minimum", header: "Minimum payment", width: 16, numFmt: CURRENCY, input: true },
  { key: "snowball", header: "Snowball order", width: 12, input: false },
  { key: "avalanche", header: "Avalanche order", width: 12, input: false },
];

const DEBTS = "'My debts'";
const HEADER_ROW = 4;
const FIRST_DEBT_ROW = 5;
const LAST_DEBT_ROW = FIRST_DEBT_ROW + MAX_DEBTS - 1; // 14
/** Cells of "My debts" (absolute references, for formulas on other sheets). */
export const CELLS = {
  extra: "B16",
  minimums: "B17",
  monthlyTotal: "B18",
  start: "B19",
};
const abs = (cell: string) => cell.replace(/^([A-Z]+)(\d+)$/, "$$$1$$$2");
const debtsRange = (col: string) => `${DEBTS}!$${col}$${FIRST_DEBT_ROW}:$${col}$${LAST_DEBT_ROW}`;
const debtsCell = (cell: string) => `${DEBTS}!${abs(cell)}`;

// ---------------------------------------------------------------------------------------------
// Plan sheets

type Method = { sheet: "Snowball" | "Avalanche"; rankColumn: "E" | "F"; title: string; rule: string };
export const METHODS: Method[] = [
  {
    sheet: "Snowball",
    rankColumn: "E",
    title: "Debt snowball: smallest balance first",
    rule: "Pay the minimum on every debt; all the extra goes to the smallest balance first.",
  },
  {
    sheet: "Avalanche",
    rankColumn: "F",
    title: "Debt avalanche: highest interest rate first",
    rule: "Pay the minimum on every debt; all the extra goes to the highest interest rate first.",
  },
];

export function colLetter(n: number): string {
  let s = "";
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

/** Column numbers of the plan sheets. Position k (1..MAX_DEBTS) = k-th debt in payoff order. */
export const PLAN = {
  month: 1, // A: Month #
  date: 2, // B: Month
  paid: 3, // C: Total paid this month
  interest: 4, // D: Interest charged this month
  balance: 5, // E: Total balance left
  payment: (k: number) => 5 + k, // F..O
  left: (k: number) => 5 + MAX_DEBTS + k, // P..Y
  interestOf: (k: number) => 5 + 2 * MAX_DEBTS + k, // Z..AI (row 5: APR)
  minimumPart: (k: number) => 5 + 3 * MAX_DEBTS + k, // AJ..AS (row 5: minimum payment)
  pool: 6 + 4 * MAX_DEBTS, // AT: extra money this month
  extraPart: (k: number) => 6 + 4 * MAX_DEBTS + k, // AU..BD
  headerRow: 4,
  startRow: 5,
  firstMonthRow: 6,
  lastMonthRow: 5 + MAX_MONTHS,
};
/** What a plan sheet prints: the totals and the payment on each debt (columns A-O) for the first
 * 10 years, rows 3-4 repeated on every page. All 25 columns of payments and balances would only
 * fit one page wide at about 5 pt; these 15 print at about 9 pt on landscape Letter. */
export const PLAN_PRINT = {
  months: 120,
  // exceljs writes "$" + each end ("A$1" -> "$A$1"): the "$" before the row keeps it absolute.
  area: `A$1:${colLetter(PLAN.payment(MAX_DEBTS))}$${PLAN.firstMonthRow + 120 - 1}`,
  titleRows: "3:4",
};
const L = (col: number) => colLetter(col);

function headerStyle(cell: ExcelJS.Cell) {
  fill(cell, COLORS.header);
  cell.font = { bold: true, color: { argb: COLORS.headerText } };
  cell.alignment = { wrapText: true, vertical: "middle" };
}
function inputStyle(cell: ExcelJS.Cell) {
  fill(cell, COLORS.input);
  cell.border = { bottom: { style: "thin", color: { argb: "FFD6B656" } } };
}
function formulaStyle(cell: ExcelJS.Cell) {
  fill(cell, COLORS.formula);
}
function title(ws: ExcelJS.Worksheet, text: string, subtitle?: string) {
  ws.getCell("A1").value = text;
  ws.getCell("A1").font = { bold: true, size: 16, color: { argb: COLORS.titleText } };
  if (subtitle) {
    ws.getCell("A2").value = subtitle;
    ws.getCell("A2").font = { italic: true, color: { argb: COLORS.muted } };
  }
}

// ---------------------------------------------------------------------------------------------

function startHere(wb: ExcelJS.Workbook) {
  const ws = wb.addWorksheet("Start here", { properties: { tabColor: { argb: COLORS.header } } });
  ws.getColumn(1).width = 4;
  ws.getColumn(2).width = 100;
  ws.getCell("A1").value = "Debt payoff calculator: snowball vs. avalanche";
  ws.getCell("A1").font = { bold: true, size: 16, color: { argb: COLORS.titleText } };
  ws.getCell("A2").value = "Fresh Start Money · Credit Repair Toolkit";
  ws.getCell("A2").font = { color: { argb: COLORS.header }, bold: true };

  const steps = [
    'Go to the "My debts" sheet. Type each debt on its own row: a name, what you owe now, the interest rate (APR) and the minimum payment. Leave unused rows empty (up to 10 debts).',
    "Type the extra amount you can pay each month on top of all your minimums (type 0 if none).",
    'Change "Month of first payment" to the month you will make your first payment (it is set to January 2027).',
    'Open "Compare" to see which method gets you debt-free sooner, the debt-free month, and the interest each one costs.',
    'Open "Snowball" or "Avalanche" for the month-by-month plan: how much to pay on each debt and what you will still owe.',
    'The example numbers from our "Debt Snowball vs. Avalanche" article are filled in so you can see it work. Type over them or delete them.',
    "Yellow cells are yours to change. Grey cells are calculated for you: leave them as they are.",
  ];
  ws.getCell("A4").value = "How to use it";
  ws.getCell("A4").font = { bold: true, size: 13, color: { argb: COLORS.titleText } };
  steps.forEach((text, i) => {
    const row = ws.getRow(5 + i);
    row.getCell(1).value = i + 1;
    row.getCell(1).alignment = { vertical: "top", horizontal: "right" };
    row.getCell(2).value = text;
    row.getCell(2).alignment = { wrapText: true, vertical: "top" };
    fitHeight(row, text, 100);
  });

  const notesRow = 5 + steps.length + 1;
  ws.getCell(`A${notesRow}`).value = "What it assumes";
  ws.getCell(`A${notesRow}`).font = { bold: true, size: 13, color: { argb: COLORS.titleText } };
  const notes = [
    "Each month you pay the same total: all your minimums plus your extra amount. When a debt is paid off, its minimum rolls into the next debt.",
    "Interest rates stay the same and you add no new charges.",
    "Interest each month = APR ÷ 12 × the balance at the start of that month, rounded to the cent. Your lender may figure interest differently (for example daily), so real numbers will differ a little.",
    "This is an estimate to help you plan, not financial advice. Keep paying at least every minimum on time.",
  ];
  notes.forEach((text, i) => {
    const row = ws.getRow(notesRow + 1 + i);
    row.getCell(1).value = "•";
    row.getCell(1).alignment = { vertical: "top", horizontal: "right" };
    row.getCell(2).value = text;
    row.getCell(2).alignment = { wrapText: true, vertical: "top" };
    fitHeight(row, text, 100);
  });

  const legendRow = notesRow + notes.length + 2;
  ws.getCell(`B${legendRow}`).value = "Yellow = type here";
  inputStyle(ws.getCell(`B${legendRow}`));
  ws.getCell(`B${legendRow + 1}`).value = "Grey = calculated for you";
  formulaStyle(ws.getCell(`B${legendRow + 1}`));
  ws.pageSetup = { orientation: "portrait", fitToPage: true, fitToWidth: 1, fitToHeight: 0 };
}

function myDebts(wb: ExcelJS.Workbook) {
  const ws = wb.addWorksheet("My debts", { views: [{ state: "frozen", xSplit: 0, ySplit: HEADER_ROW }] });
  title(ws, "My debts", "Example: replace with your numbers. Yellow cells are yours to change; leave unused rows empty.");
  ws.getCell("A3").value = "The order columns update by themselves: 1 = the debt you pay off first with that method.";
  ws.getCell("A3").font = { color: { argb: COLORS.muted } };

  DEBT_COLUMNS.forEach((c, i) => {
    ws.getColumn(i + 1).width = c.width;
    const cell = ws.getCell(HEADER_ROW, i + 1);
    cell.value = c.header;
    headerStyle(cell);
    if (c.note) cell.note = c.note;
  });
  ws.getRow(HEADER_ROW).height = 32;

  for (let r = FIRST_DEBT_ROW; r <= LAST_DEBT_ROW; r++) {
    const example = EXAMPLE_DEBTS[r - FIRST_DEBT_ROW];
    const row = ws.getRow(r);
    DEBT_COLUMNS.forEach((c, i) => {
      const cell = row.getCell(i + 1);
      if (c.numFmt) cell.numFmt = c.numFmt;
      if (c.input) inputStyle(cell);
      else formulaStyle(cell);
    });
    if (example) {
      row.getCell(1).value = example.name;
      row.getCell(2).value = example.balance;
      row.getCell(3).value = example.apr;
      row.getCell(4).value = example.minimum;
    }
    const B = `$B$${FIRST_DEBT_ROW}:$B$${LAST_DEBT_ROW}`;
    const C = `$C$${FIRST_DEBT_ROW}:$C$${LAST_DEBT_ROW}`;
    const active = `AND(ISNUMBER(B${r}),B${r}>0)`;
    const activeAll = `ISNUMBER(${B})*(${B}>0)`;
    const above = (col: string) => `$${col}$${FIRST_DEBT_ROW}:${col}${r}`;
    // Snowball: 1 + number of debts with a smaller balance + earlier rows with the same balance.
    row.getCell(5).value = formula(
      `IF(${active},SUMPRODUCT(${activeAll}*(${B}<B${r}))+SUMPRODUCT(ISNUMBER(${above("B")})*(${above("B")}=B${r})),"")`,
    );
    // Avalanche: 1 + number of debts with a higher APR + earlier rows with the same APR.
    row.getCell(6).value = formula(
      `IF(${active},SUMPRODUCT(${activeAll}*(${C}>C${r}))+SUMPRODUCT(ISNUMBER(${above("B")})*(${above("B")}>0)*(${above("C")}=C${r})),"")`,
    );
    row.getCell(5).alignment = { horizontal: "center" };
    row.getCell(6).alignment = { horizontal: "center" };
  }

  validate(ws, `B${FIRST_DEBT_ROW}:B${LAST_DEBT_ROW}`, {
    type: "decimal",
    operator: "greaterThanOrEqual",
    formulae: [0],
    allowBlank: true,
    showErrorMessage: true,
    errorTitle: "Balance",
    error: "Type what you owe as a number, e.g. 2000 (no $ sign needed).",
  });
  validate(ws, `C${FIRST_DEBT_ROW}:C${LAST_DEBT_ROW}`, {
    type: "decimal",
    operator: "between",
    formulae: [0, 100],
    allowBlank: true,
    showInputMessage: true,
    promptTitle: "Interest rate",
    prompt: "Type the APR as a plain number: 24 for 24%. Use 0 for no interest.",
    showErrorMessage: true,
    errorTitle: "Interest rate",
    error: "Type the APR as a number between 0 and 100: 24 for 24%.",
  });
  validate(ws, `D${FIRST_DEBT_ROW}:D${LAST_DEBT_ROW}`, {
    type: "decimal",
    operator: "greaterThanOrEqual",
    formulae: [0],
    allowBlank: true,
    showErrorMessage: true,
    errorTitle: "Minimum payment",
    error: "Type the minimum payment as a number, e.g. 75.",
  });

  // "24%" typed into the APR column is stored as 0.24 (0.24%): flag rates between 0 and 1.
  ws.addConditionalFormatting({
    ref: `C${FIRST_DEBT_ROW}:C${LAST_DEBT_ROW}`,
    rules: [
      {
        type: "expression",
        priority: 1,
        formulae: [`AND(ISNUMBER(C${FIRST_DEBT_ROW}),C${FIRST_DEBT_ROW}>0,C${FIRST_DEBT_ROW}<1)`],
        style: { fill: { type: "pattern", pattern: "solid", bgColor: { argb: "FFFDBA74" } }, font: { bold: true } },
      },
    ],
  });
  ws.getCell(`A${LAST_DEBT_ROW + 1}`).value = "APR: type 24 for 24%. An orange rate is below 1%: check it.";
  ws.getCell(`A${LAST_DEBT_ROW + 1}`).font = { italic: true, color: { argb: COLORS.muted } };

  const labels: [string, string, ExcelJS.CellValue, string, boolean][] = [
    [CELLS.extra, "Extra monthly payment", EXAMPLE_EXTRA, CURRENCY, true],
    [
      CELLS.minimums,
      "Total of minimum payments",
      formula(`SUMIFS(${"$D$" + FIRST_DEBT_ROW}:$D$${LAST_DEBT_ROW},$B$${FIRST_DEBT_ROW}:$B$${LAST_DEBT_ROW},">0")`),
      CURRENCY,
      false,
    ],
    [CELLS.monthlyTotal, "Total you pay each month", formula(`${CELLS.minimums}+N(${CELLS.extra})`), CURRENCY, false],
    [CELLS.start, "Month of first payment", DEFAULT_START, MONTH_FORMAT, true],
  ];
  for (const [ref, label, value, numFmt, input] of labels) {
    const row = Number(ref.slice(1));
    const labelCell = ws.getCell(`A${row}`);
    labelCell.value = label;
    labelCell.font = { bold: true };
    const cell = ws.getCell(ref);
    cell.value = value;
    cell.numFmt = numFmt;
    if (input) inputStyle(cell);
    else formulaStyle(cell);
    cell.font = { bold: true };
  }
  const hints: [string, string][] = [
    [CELLS.extra, "On top of all the minimums. Type 0 if you have no extra."],
    [CELLS.minimums, "Of the debts above that have a balance."],
    [CELLS.monthlyTotal, "The same total every month until you are debt-free."],
    [CELLS.start, "Change it: type a date in that month, e.g. 3/1/2027."],
  ];
  for (const [ref, text] of hints) {
    const hint = ws.getCell(`C${Number(ref.slice(1))}`);
    hint.value = text;
    hint.font = { color: { argb: COLORS.muted } };
    hint.alignment = { horizontal: "left", indent: 1 }; // apart from the amount on its left
  }
  validate(ws, CELLS.extra, {
    type: "decimal",
    operator: "greaterThanOrEqual",
    formulae: [0],
    allowBlank: true,
    showErrorMessage: true,
    errorTitle: "Extra payment",
    error: "Type an amount of 0 or more, e.g. 150.",
  });
  ws.pageSetup = { orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0 };
}

function planSheet(wb: ExcelJS.Workbook, method: Method) {
  const ws = wb.addWorksheet(method.sheet, { views: [{ state: "frozen", xSplit: 2, ySplit: PLAN.headerRow }] });
  title(ws, method.title, `${method.rule} Calculated from "My debts": nothing to type here.`);
  // Next to the balances, outside the printed columns: the hidden details only exist on screen.
  const details = ws.getCell(2, PLAN.left(1));
  details.value = `Details (interest, minimum and extra parts) are in hidden columns: click + above column ${L(PLAN.left(MAX_DEBTS))} to show them.`;
  details.font = { italic: true, color: { argb: COLORS.muted } };
  const rank = debtsRange(method.rankColumn);
  const match = (k: number) => `MATCH(${k},${rank},0)`;
  const R = PLAN.headerRow;
  const S = PLAN.startRow;

  // Column widths and group headers (row 3). Narrow enough for the printout (see PLAN_PRINT), wide
  // enough for "$99,999.99".
  ws.getColumn(PLAN.month).width = 6;
  ws.getColumn(PLAN.date).width = 9;
  for (const c of [PLAN.paid, PLAN.interest, PLAN.balance]) ws.getColumn(c).width = 11;
  const groups: [number, number, string][] = [
    [PLAN.payment(1), PLAN.payment(MAX_DEBTS), "Pay this much on each debt (in payoff order)"],
    [PLAN.left(1), PLAN.left(MAX_DEBTS), "Balance left after the payment (Start row: what you owe now)"],
    [PLAN.interestOf(1), PLAN.interestOf(MAX_DEBTS), "Details: interest charged (Start row: APR)"],
    [PLAN.minimumPart(1), PLAN.minimumPart(MAX_DEBTS), "Details: minimum part of the payment (Start row: minimum payment)"],
    [PLAN.pool, PLAN.extraPart(MAX_DEBTS), "Details: extra money this month, and the extra part of each payment"],
  ];
  for (const [from, to, text] of groups) {
    ws.mergeCells(3, from, 3, to);
    const cell = ws.getCell(3, from);
    cell.value = text;
    cell.font = { bold: true, color: { argb: COLORS.titleText } };
    fill(cell, COLORS.subHeader);
    for (let c = from; c <= to; c++) ws.getColumn(c).width = 11;
  }
  // The details blocks are grouped and hidden (an outline "+" shows them), so the screen and the
  // printout show the plan itself: payments and balances.
  for (let c = PLAN.interestOf(1); c <= PLAN.extraPart(MAX_DEBTS); c++) {
    ws.getColumn(c).outlineLevel = 1;
    ws.getColumn(c).hidden = true;
  }
  ws.properties.outlineProperties = { summaryBelow: false, summaryRight: false };

  // Header row 4.
  const headers: [number, string][] = [
    [PLAN.month, "Month #"],
    [PLAN.date, "Month"],
    [PLAN.paid, "Total paid"],
    [PLAN.interest, "Interest charged"],
    [PLAN.balance, "Total balance left"],
    [PLAN.pool, "Extra money"],
  ];
  for (const [c, text] of headers) ws.getCell(R, c).value = text;
  for (let k = 1; k <= MAX_DEBTS; k++) {
    const name = `INDEX(${debtsRange("A")},${match(k)})`;
    ws.getCell(R, PLAN.payment(k)).value = formula(`IFERROR(${k}&". "&IF(${name}="","(no name)",${name}),"")`);
    const ref = `${L(PLAN.payment(k))}$${R}`;
    for (const c of [PLAN.left(k), PLAN.interestOf(k), PLAN.minimumPart(k), PLAN.extraPart(k)]) {
      ws.getCell(R, c).value = formula(ref);
    }
  }
  for (let c = 1; c <= PLAN.extraPart(MAX_DEBTS); c++) {
    const cell = ws.getCell(R, c);
    headerStyle(cell);
    // Over the numbers, and apart from the next heading ("Total balance left" | "1. Card").
    cell.alignment = { ...cell.alignment, horizontal: "right" };
  }
  ws.getRow(R).height = 45;

  // Start row 5: the debts in payoff order.
  const start = ws.getRow(S);
  start.getCell(PLAN.month).value = "Start";
  start.getCell(PLAN.month).font = { bold: true };
  start.getCell(PLAN.balance).value = formula(`SUM(${L(PLAN.left(1))}${S}:${L(PLAN.left(MAX_DEBTS))}${S})`);
  start.getCell(PLAN.balance).numFmt = CURRENCY_DASH;
  for (let k = 1; k <= MAX_DEBTS; k++) {
    start.getCell(PLAN.left(k)).value = formula(`IFERROR(N(INDEX(${debtsRange("B")},${match(k)})),0)`);
    start.getCell(PLAN.left(k)).numFmt = CURRENCY_DASH;
    start.getCell(PLAN.interestOf(k)).value = formula(`IFERROR(N(INDEX(${debtsRange("C")},${match(k)})),0)`);
    start.getCell(PLAN.interestOf(k)).numFmt = APR_FORMAT;
    start.getCell(PLAN.minimumPart(k)).value = formula(`IFERROR(N(INDEX(${debtsRange("D")},${match(k)})),0)`);
    start.getCell(PLAN.minimumPart(k)).numFmt = CURRENCY_DASH;
  }
  for (let c = 1; c <= PLAN.extraPart(MAX_DEBTS); c++) {
    const cell = start.getCell(c);
    fill(cell, COLORS.subHeader);
    cell.font = { bold: true };
  }

  // Month rows. Same-row and previous-row references use absolute rows (A$6, not A6) on purpose:
  // each row's formula is then textually different, so LibreOffice does not merge a column into
  // one "formula group". LibreOffice 7.x's threaded group calculation gets this row-to-row chain
  // wrong (it summed minimums that were not computed yet); without groups it computes cell by
  // cell, in dependency order, like Excel.
  const total = debtsCell(CELLS.monthlyTotal);
  const startMonth = debtsCell(CELLS.start);
  const minFirst = L(PLAN.minimumPart(1));
  const minLast = L(PLAN.minimumPart(MAX_DEBTS));
  for (let r = PLAN.firstMonthRow; r <= PLAN.lastMonthRow; r++) {
    const row = ws.getRow(r);
    const p = r - 1;
    row.getCell(PLAN.month).value = r - S;
    row.getCell(PLAN.date).value = formula(`IF(ISNUMBER(${startMonth}),DATE(YEAR(${startMonth}),MONTH(${startMonth})+A$${r}-1,1),"")`);
    row.getCell(PLAN.date).numFmt = MONTH_FORMAT;
    row.getCell(PLAN.paid).value = formula(`SUM(${L(PLAN.payment(1))}$${r}:${L(PLAN.payment(MAX_DEBTS))}$${r})`);
    row.getCell(PLAN.interest).value = formula(`SUM(${L(PLAN.interestOf(1))}$${r}:${L(PLAN.interestOf(MAX_DEBTS))}$${r})`);
    row.getCell(PLAN.balance).value = formula(`SUM(${L(PLAN.left(1))}$${r}:${L(PLAN.left(MAX_DEBTS))}$${r})`);
    row.getCell(PLAN.pool).value = formula(`ROUND(MAX(0,${total}-SUM(${minFirst}$${r}:${minLast}$${r})),2)`);
    for (let k = 1; k <= MAX_DEBTS; k++) {
      const prev = `${L(PLAN.left(k))}$${p}`;
      const interest = `${L(PLAN.interestOf(k))}$${r}`;
      const minPart = `${L(PLAN.minimumPart(k))}$${r}`;
      const extra = `${L(PLAN.extraPart(k))}$${r}`;
      const owed = `${prev}+${interest}`;
      row.getCell(PLAN.interestOf(k)).value = formula(`ROUND(${prev}*${L(PLAN.interestOf(k))}$${S}/1200,2)`);
      row.getCell(PLAN.minimumPart(k)).value = formula(`MIN(${L(PLAN.minimumPart(k))}$${S},${owed})`);
      const available =
        k === 1 ? `${L(PLAN.pool)}$${r}` : `${L(PLAN.pool)}$${r}-SUM(${L(PLAN.extraPart(1))}$${r}:${L(PLAN.extraPart(k - 1))}$${r})`;
      row.getCell(PLAN.extraPart(k)).value = formula(`ROUND(MAX(0,MIN(${owed}-${minPart},${available})),2)`);
      row.getCell(PLAN.payment(k)).value = formula(`${minPart}+${extra}`);
      row.getCell(PLAN.left(k)).value = formula(`ROUND(${owed}-${L(PLAN.payment(k))}$${r},2)`);
    }
    for (let c = PLAN.paid; c <= PLAN.extraPart(MAX_DEBTS); c++) row.getCell(c).numFmt = CURRENCY_DASH;
  }
  // Months after debt-free fade out.
  ws.addConditionalFormatting({
    ref: `A${PLAN.firstMonthRow}:${L(PLAN.extraPart(MAX_DEBTS))}${PLAN.lastMonthRow}`,
    rules: [
      {
        type: "expression",
        priority: 1,
        formulae: [`$${L(PLAN.balance)}${PLAN.firstMonthRow - 1}<=0`],
        style: { font: { color: { argb: COLORS.faded } } },
      },
    ],
  });
  ws.pageSetup = {
    orientation: "landscape",
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0, // as many pages tall as needed
    printArea: PLAN_PRINT.area,
    printTitlesRow: PLAN_PRINT.titleRows,
    margins: { left: 0.35, right: 0.35, top: 0.5, bottom: 0.6, header: 0.3, footer: 0.3 },
  };
  ws.headerFooter.oddFooter = `&L${method.title}&RPage &P of &N`;
}

/** Cells of the "Compare" sheet: column B = snowball, C = avalanche. */
export const COMPARE = {
  months: 5,
  debtFree: 6,
  interest: 7,
  paid: 8,
  firstPaidOff: 9,
  order: 10,
  difference: 12,
  verdict: 13,
  tableHeader: 15,
  firstDebtRow: 16,
};

function compareSheet(wb: ExcelJS.Workbook) {
  const ws = wb.addWorksheet("Compare", { views: [{ state: "frozen", xSplit: 0, ySplit: 4 }] });
  title(ws, "Snowball vs. avalanche", 'Calculated from "My debts". An estimate, not financial advice.');
  ws.getColumn(1).width = 30;
  for (const c of [2, 3]) ws.getColumn(c).width = 26;
  for (const c of [4, 5, 6, 7]) ws.getColumn(c).width = 14;
  const head = ws.getRow(4);
  head.getCell(1).value = "";
  head.getCell(2).value = "Snowball (smallest balance first)";
  head.getCell(3).value = "Avalanche (highest rate first)";
  for (let c = 1; c <= 3; c++) headerStyle(head.getCell(c));
  head.height = 32;

  const first = PLAN.firstMonthRow;
  const last = PLAN.lastMonthRow;
  const startMonth = debtsCell(CELLS.start);
  const rows: [number, string, (m: Method, col: string) => string, string | undefined][] = [
    [
      COMPARE.months,
      "Months to debt-free",
      (m) => {
        const bal = `${m.sheet}!$E$${first}:$E$${last}`;
        return `IF(${m.sheet}!$E$${PLAN.startRow}<=0,"",IF(${m.sheet}!$E$${last}>0,"More than 30 years",COUNTIF(${bal},">0")+1))`;
      },
      "0",
    ],
    [
      COMPARE.debtFree,
      "Debt-free in (month)",
      (_m, col) =>
        `IF(AND(ISNUMBER(${col}${COMPARE.months}),ISNUMBER(${startMonth})),DATE(YEAR(${startMonth}),MONTH(${startMonth})+${col}${COMPARE.months}-1,1),"")`,
      MONTH_FORMAT,
    ],
    [COMPARE.interest, "Total interest paid", (m) => `SUM(${m.sheet}!$D$${first}:$D$${last})`, CURRENCY],
    [COMPARE.paid, "Total paid (debts + interest)", (m) => `SUM(${m.sheet}!$C$${first}:$C$${last})`, CURRENCY],
    [
      COMPARE.firstPaidOff,
      "First debt paid off in month",
      (_m, col) => {
        const monthCol = col === "B" ? "E" : "G";
        const range = `$${monthCol}$${COMPARE.firstDebtRow}:$${monthCol}$${COMPARE.firstDebtRow + MAX_DEBTS - 1}`;
        return `IF(COUNT(${range})=0,"",MIN(${range}))`;
      },
      "0",
    ],
    [
      COMPARE.order,
      "Order you pay them off",
      (m) => {
        const parts = [`${m.sheet}!${L(PLAN.payment(1))}${PLAN.headerRow}`];
        for (let k = 2; k <= MAX_DEBTS; k++) {
          const ref = `${m.sheet}!${L(PLAN.payment(k))}${PLAN.headerRow}`;
          parts.push(`IF(${ref}="","",", "&${ref})`);
        }
        return parts.join("&");
      },
      undefined,
    ],
  ];
  for (const [r, label, make, numFmt] of rows) {
    const row = ws.getRow(r);
    row.getCell(1).value = label;
    row.getCell(1).font = { bold: true };
    row.getCell(1).alignment = { vertical: "top" };
    METHODS.forEach((m, i) => {
      const col = i === 0 ? "B" : "C";
      const cell = row.getCell(i + 2);
      cell.value = formula(make(m, col));
      if (numFmt) cell.numFmt = numFmt;
      cell.alignment = { horizontal: "left", vertical: "top", wrapText: true };
      formulaStyle(cell);
    });
  }
  ws.getRow(COMPARE.order).height = 62;

  const d = COMPARE.difference;
  ws.getCell(`A${d}`).value = "Interest difference";
  ws.getCell(`A${d}`).font = { bold: true };
  ws.getCell(`C${d}`).value = "Snowball interest minus avalanche interest.";
  ws.getCell(`C${d}`).font = { color: { argb: COLORS.muted } };
  ws.getCell(`B${d}`).value = formula(
    `IF(COUNT(B${COMPARE.interest}:C${COMPARE.interest})<2,"",B${COMPARE.interest}-C${COMPARE.interest})`,
  );
  ws.getCell(`B${d}`).numFmt = CURRENCY;
  ws.getCell(`B${d}`).alignment = { horizontal: "left" };
  formulaStyle(ws.getCell(`B${d}`));
  const i = COMPARE.interest;
  const mo = COMPARE.months;
  ws.getCell(`A${COMPARE.verdict}`).value = "In plain words";
  ws.getCell(`A${COMPARE.verdict}`).font = { bold: true };
  ws.getCell(`A${COMPARE.verdict}`).alignment = { vertical: "top" };
  ws.mergeCells(`B${COMPARE.verdict}:C${COMPARE.verdict}`);
  ws.getCell(`B${COMPARE.verdict}`).value = formula(
    `IF(${"B" + mo}="","Enter your debts on the My debts sheet.",` +
      `IF(ROUND(B${i}-C${i},2)>0,"The avalanche saves about "&TEXT(B${i}-C${i},"$#,##0")&" in interest.",` +
      `IF(ROUND(C${i}-B${i},2)>0,"The snowball saves about "&TEXT(C${i}-B${i},"$#,##0")&" in interest.","Both cost the same interest."))` +
      `&IF(AND(ISNUMBER(B${mo}),ISNUMBER(C${mo})),IF(B${mo}=C${mo}," Both finish in the same month."," The "&IF(B${mo}<C${mo},"snowball","avalanche")&" finishes "&ABS(B${mo}-C${mo})&" month"&IF(ABS(B${mo}-C${mo})=1,"","s")&" sooner."),"")` +
      `&" The best plan is the one you keep following.")`,
  );
  ws.getCell(`B${COMPARE.verdict}`).alignment = { wrapText: true, vertical: "top" };
  formulaStyle(ws.getCell(`B${COMPARE.verdict}`));
  ws.getRow(COMPARE.verdict).height = 62;

  // Per-debt table.
  const h = ws.getRow(COMPARE.tableHeader);
  const tableHeaders = [
    "Debt",
    "Balance now",
    "APR",
    "Snowball order",
    "Snowball: paid off in month",
    "Avalanche order",
    "Avalanche: paid off in month",
  ];
  tableHeaders.forEach((text, c) => {
    h.getCell(c + 1).value = text;
    headerStyle(h.getCell(c + 1));
  });
  h.height = 45;
  for (let n = 0; n < MAX_DEBTS; n++) {
    const r = COMPARE.firstDebtRow + n;
    const src = FIRST_DEBT_ROW + n;
    const row = ws.getRow(r);
    const active = `AND(ISNUMBER(${DEBTS}!$B$${src}),${DEBTS}!$B$${src}>0)`;
    row.getCell(1).value = formula(`IF(${active},IF(${DEBTS}!$A$${src}="","(no name)",${DEBTS}!$A$${src}),"")`);
    row.getCell(2).value = formula(`IF(${active},${DEBTS}!$B$${src},"")`);
    row.getCell(2).numFmt = CURRENCY;
    row.getCell(3).value = formula(`IF(${active},N(${DEBTS}!$C$${src}),"")`);
    row.getCell(3).numFmt = APR_FORMAT;
    METHODS.forEach((m, i) => {
      const orderCell = row.getCell(4 + 2 * i);
      orderCell.value = formula(`${DEBTS}!$${m.rankColumn}$${src}`);
      const block = `${m.sheet}!$${L(PLAN.left(1))}$${first}:$${L(PLAN.left(MAX_DEBTS))}$${last}`;
      const count = `COUNTIF(INDEX(${block},0,${DEBTS}!$${m.rankColumn}$${src}),">0")`;
      row.getCell(5 + 2 * i).value = formula(
        `IF(ISNUMBER(${DEBTS}!$${m.rankColumn}$${src}),IF(${count}>=${MAX_MONTHS},"Not within 30 years",${count}+1),"")`,
      );
    });
    for (let c = 1; c <= tableHeaders.length; c++) {
      formulaStyle(row.getCell(c));
      if (c >= 4) row.getCell(c).alignment = { horizontal: "center" };
    }
  }
  ws.getCell(`A${COMPARE.firstDebtRow + MAX_DEBTS + 1}`).value =
    "Order 1 is the debt that gets your extra money first. A debt can still be paid off earlier than its turn through its minimum payments alone.";
  ws.getCell(`A${COMPARE.firstDebtRow + MAX_DEBTS + 1}`).font = { italic: true, color: { argb: COLORS.muted } };
  ws.pageSetup = { orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0 };
}

export async function build(): Promise<ExcelJS.Workbook> {
  const wb = newWorkbook("Debt payoff calculator");
  startHere(wb);
  myDebts(wb);
  compareSheet(wb);
  for (const m of METHODS) planSheet(wb, m);
  applyFont(wb);
  // "Compare" is built before the plans so it sits next to "My debts"; its formulas refer to
  // the plan sheets by name, which is fine in any order.
  return wb;
}
