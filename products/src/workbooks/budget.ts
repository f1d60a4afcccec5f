/**
 * Budget planner (Credit Repair Toolkit): one month's plan vs. actual, the 50/30/20 check, and a
 * 12-month summary. Totals, differences and the 50/30/20 targets are formulas.
 *
 * One source for the workbook and the printable: BUDGET_COLUMNS (the table's columns),
 * INCOME_ROWS and GROUPS (the category rows) feed both build() and printableHtml().
 */
import ExcelJS from "exceljs";
import { docHeader } from "../../build/document";
import { applyFont, esc, fill, fitHeight, formula, validate, newWorkbook } from "./common";

const CURRENCY = "$#,##0.00";
const PERCENT = "0.0%";
const PLAIN_PERCENT = '0"%"';

const COLORS = {
  input: "FFFFF2CC",
  formula: "FFF1F5F9",
  header: "FF047857",
  headerText: "FFFFFFFF",
  section: "FFD1FAE5",
  total: "FFE2E8F0",
  titleText: "FF064E3B",
  muted: "FF475569",
  warning: "FFB91C1C",
};

export type BudgetColumn = { key: "category" | "planned" | "actual" | "difference"; header: string; width: number };

/** Columns A-D of the "Monthly budget" table (and of the printable). */
export const BUDGET_COLUMNS: BudgetColumn[] = [
  { key: "category", header: "Category", width: 38 },
  { key: "planned", header: "Planned", width: 15 },
  { key: "actual", header: "Actual", width: 15 },
  { key: "difference", header: "Difference", width: 20 },
];

/**
 * How "Difference" is figured, so that a plus number is always good news: income and savings are
 * Actual − Planned (you earned or saved more), spending is Planned − Actual (you spent less).
 * `label` is shown on each group's heading row, over its differences.
 */
export type DifferenceSign = "income" | "spending" | "savings";
export const DIFFERENCE: Record<DifferenceSign, { actualMinusPlanned: boolean; label: string; printed: string }> = {
  income: { actualMinusPlanned: true, label: "+ means earned more", printed: "Actual − Planned" },
  spending: { actualMinusPlanned: false, label: "+ means under budget", printed: "Planned − Actual" },
  savings: { actualMinusPlanned: true, label: "+ means saved more", printed: "Actual − Planned" },
};

export type BudgetLine = { label: string; planned?: number; actual?: number };
export type BudgetGroup = {
  key: "needs" | "wants" | "savings";
  title: string;
  totalLabel: string;
  target: number;
  /** How its Difference is figured (see DIFFERENCE). */
  sign: Exclude<DifferenceSign, "income">;
  lines: BudgetLine[];
};

/** Example household (take-home $3,200), clearly labelled on the sheet as an example. */
export const INCOME_ROWS: BudgetLine[] = [
  { label: "Take-home pay (after taxes)", planned: 3200, actual: 3200 },
  { label: "Other income (side work, benefits, support)" },
  { label: "Other income" },
];

export const GROUPS: BudgetGroup[] = [
  {
    key: "needs",
    title: "Needs",
    totalLabel: "Total needs",
    target: 50,
    sign: "spending",
    lines: [
      { label: "Rent or mortgage", planned: 950, actual: 950 },
      { label: "Utilities (power, water, gas, phone, internet)", planned: 260, actual: 272.4 },
      { label: "Groceries", planned: 360, actual: 391.25 },
      { label: "Transportation (gas, transit, car payment)", planned: 180, actual: 165 },
      { label: "Insurance (car, health, renters)", planned: 110, actual: 110 },
      { label: "Minimum debt payments", planned: 275, actual: 275 },
      { label: "Childcare", planned: 0, actual: 0 },
      { label: "Medical (copays, prescriptions)", planned: 40, actual: 25 },
    ],
  },
  {
    key: "wants",
    title: "Wants",
    totalLabel: "Total wants",
    target: 30,
    sign: "spending",
    lines: [
      { label: "Eating out and takeout", planned: 150, actual: 182.5 },
      { label: "Entertainment", planned: 60, actual: 40 },
      { label: "Subscriptions (streaming, apps)", planned: 45, actual: 45 },
      { label: "Shopping (clothes, household)", planned: 120, actual: 96.3 },
      { label: "Other wants", planned: 75, actual: 60 },
    ],
  },
  {
    key: "savings",
    title: "Savings & extra debt payments",
    totalLabel: "Total savings & extra debt payments",
    target: 20,
    sign: "savings",
    lines: [
      { label: "Emergency fund", planned: 200, actual: 200 },
      { label: "Extra debt payments", planned: 150, actual: 150 },
      { label: "Other savings (goals, retirement)", planned: 50, actual: 0 },
    ],
  },
];

// Row layout of "Monthly budget" (computed once from the definitions above).
const HEADER_ROW = 5;
type Layout = {
  incomeSection: number;
  incomeRows: number[];
  incomeTotal: number;
  groups: { key: BudgetGroup["key"]; section: number; rows: number[]; total: number }[];
  grandTotal: number;
  left: number;
  /** The 50/30/20 check, in columns A-D (so the sheet prints portrait at full size): the targets
   * and the plan (Group, Target %, Target amount, Planned)... */
  splitHeader: number;
  split: Record<BudgetGroup["key"], number>;
  splitTotal: number;
  /** ...a warning in column A when the percentages don't add up to 100... */
  splitCheck: number;
  /** ...then the actual month (Group, Actual, Actual share of income, How you're doing). */
  actualHeader: number;
  actual: Record<BudgetGroup["key"], number>;
  actualTotal: number;
};

function layout(): Layout {
  let r = HEADER_ROW + 1;
  const incomeSection = r++;
  const incomeRows = INCOME_ROWS.map(() => r++);
  const incomeTotal = r++;
  r++;
  const groups = GROUPS.map((g) => {
    const section = r++;
    const rows = g.lines.map(() => r++);
    const total = r++;
    r++;
    return { key: g.key, section, rows, total };
  });
  const grandTotal = r++;
  const left = r++;
  r += 2;
  r++;
  const splitHeader = r++;
  const split = { needs: r++, wants: r++, savings: r++ };
  const splitTotal = r++;
  const splitCheck = r++;
  r++;
  const actualHeader = r++;
  const actual = { needs: r++, wants: r++, savings: r++ };
  const actualTotal = r++;
  return {
    incomeSection,
    incomeRows,
    incomeTotal,
    groups,
    grandTotal,
    left,
    splitHeader,
    split,
    splitTotal,
    splitCheck,
    actualHeader,
    actual,
    actualTotal,
  };
}
/** Where things are on "Monthly budget" (for tests and for anyone extending the sheet). */
export const LAYOUT = layout();

function headerStyle(cell: ExcelJS.Cell) {
  fill(cell, COLORS.header);
  cell.font = { bold: true, color: { argb: COLORS.headerText } };
  // Column A holds labels; the other columns hold numbers, so their headings sit over them.
  cell.alignment = { wrapText: true, vertical: "middle", horizontal: Number(cell.col) === 1 ? "left" : "right" };
}
function inputStyle(cell: ExcelJS.Cell) {
  fill(cell, COLORS.input);
  cell.border = { bottom: { style: "thin", color: { argb: "FFD6B656" } } };
}

function startHere(wb: ExcelJS.Workbook) {
  const ws = wb.addWorksheet("Start here", { properties: { tabColor: { argb: COLORS.header } } });
  ws.getColumn(1).width = 4;
  ws.getColumn(2).width = 100;
  ws.getCell("A1").value = "Budget planner";
  ws.getCell("A1").font = { bold: true, size: 16, color: { argb: COLORS.titleText } };
  ws.getCell("A2").value = "Fresh Start Money · Credit Repair Toolkit";
  ws.getCell("A2").font = { color: { argb: COLORS.header }, bold: true };
  const steps = [
    'On "Monthly budget", type your take-home pay (what lands in your account after taxes) and any other income.',
    "At the start of the month, fill in the Planned column for each category. Use 0 for categories you don't have.",
    "During or at the end of the month, fill in the Actual column with what you really spent.",
    '"What is left" shows income minus everything planned or spent. Aim to give every dollar a job, so Planned ends near $0.',
    "The 50/30/20 check compares your needs, wants and savings with a common rule of thumb (50% needs, 30% wants, 20% savings and extra debt payments). Change the percentages if another split fits your life better.",
    'Use "12 months" to track each month\'s totals and see your progress over the year.',
    "The numbers filled in are an example household: type over them with your own. Yellow cells are yours to change; grey cells are calculated.",
  ];
  steps.forEach((text, i) => {
    const row = ws.getRow(4 + i);
    row.getCell(1).value = i + 1;
    row.getCell(1).alignment = { vertical: "top", horizontal: "right" };
    row.getCell(2).value = text;
    row.getCell(2).alignment = { wrapText: true, vertical: "top" };
    fitHeight(row, text, 100);
  });
  const legend = 4 + steps.length + 1;
  ws.getCell(`B${legend}`).value = "Yellow = type here";
  inputStyle(ws.getCell(`B${legend}`));
  ws.getCell(`B${legend + 1}`).value = "Grey = calculated for you";
  fill(ws.getCell(`B${legend + 1}`), COLORS.formula);
  ws.getCell(`B${legend + 3}`).value = "A plan to help you decide, not financial advice.";
  ws.getCell(`B${legend + 3}`).font = { italic: true, color: { argb: COLORS.muted } };
  ws.pageSetup = { orientation: "portrait", fitToPage: true, fitToWidth: 1, fitToHeight: 0 };
}

function monthlyBudget(wb: ExcelJS.Workbook) {
  const ws = wb.addWorksheet("Monthly budget", { views: [{ state: "frozen", xSplit: 0, ySplit: HEADER_ROW }] });
  const L = LAYOUT;
  ws.getCell("A1").value = "Monthly budget";
  ws.getCell("A1").font = { bold: true, size: 16, color: { argb: COLORS.titleText } };
  ws.getCell("A2").value = "Example: replace with your numbers. Yellow cells are yours to change.";
  ws.getCell("A2").font = { bold: true, color: { argb: "FFB45309" } };
  ws.getCell("A3").value = "Difference: a plus number is good news (you earned more, spent less or saved more than planned).";
  ws.getCell("A3").font = { italic: true, color: { argb: COLORS.muted } };
  ws.getCell("C1").value = "Month:";
  ws.getCell("C1").alignment = { horizontal: "right" };
  inputStyle(ws.getCell("D1"));
  ws.getCell("D1").numFmt = "mmmm yyyy";

  BUDGET_COLUMNS.forEach((c, i) => {
    ws.getColumn(i + 1).width = c.width;
    const cell = ws.getCell(HEADER_ROW, i + 1);
    cell.value = c.header;
    headerStyle(cell);
  });

  const section = (r: number, text: string, sign: DifferenceSign) => {
    ws.getCell(`A${r}`).value = text;
    for (let c = 1; c <= 4; c++) {
      fill(ws.getCell(r, c), COLORS.section);
      ws.getCell(r, c).font = { bold: true, color: { argb: COLORS.titleText } };
    }
    // Over the group's differences: which way a plus goes.
    const hint = ws.getCell(`D${r}`);
    hint.value = DIFFERENCE[sign].label;
    hint.font = { italic: true, size: 10, color: { argb: COLORS.titleText } };
    hint.alignment = { horizontal: "right" };
  };
  const difference = (r: number, sign: DifferenceSign, n: (cell: string) => string) =>
    formula(DIFFERENCE[sign].actualMinusPlanned ? `${n(`C${r}`)}-${n(`B${r}`)}` : `${n(`B${r}`)}-${n(`C${r}`)}`);
  const line = (r: number, item: BudgetLine, sign: DifferenceSign) => {
    ws.getCell(`A${r}`).value = item.label;
    inputStyle(ws.getCell(`A${r}`));
    for (const [col, value] of [
      ["B", item.planned],
      ["C", item.actual],
    ] as const) {
      const cell = ws.getCell(`${col}${r}`);
      if (value !== undefined) cell.value = value;
      cell.numFmt = CURRENCY;
      inputStyle(cell);
    }
    const diff = ws.getCell(`D${r}`);
    diff.value = difference(r, sign, (cell) => `N(${cell})`);
    diff.numFmt = CURRENCY;
    fill(diff, COLORS.formula);
  };
  const total = (r: number, label: string, planned: string, actual: string, sign: DifferenceSign) => {
    ws.getCell(`A${r}`).value = label;
    ws.getCell(`B${r}`).value = formula(planned);
    ws.getCell(`C${r}`).value = formula(actual);
    ws.getCell(`D${r}`).value = difference(r, sign, (cell) => cell);
    for (let c = 1; c <= 4; c++) {
      const cell = ws.getCell(r, c);
      fill(cell, COLORS.total);
      cell.font = { bold: true };
      if (c > 1) cell.numFmt = CURRENCY;
    }
  };

  section(L.incomeSection, "Income", "income");
  INCOME_ROWS.forEach((item, i) => line(L.incomeRows[i]!, item, "income"));
  const incomeFirst = L.incomeRows[0]!;
  const incomeLast = L.incomeRows[L.incomeRows.length - 1]!;
  total(L.incomeTotal, "Total income", `SUM(B${incomeFirst}:B${incomeLast})`, `SUM(C${incomeFirst}:C${incomeLast})`, "income");

  GROUPS.forEach((g, gi) => {
    const pos = L.groups[gi]!;
    section(pos.section, g.title, g.sign);
    g.lines.forEach((item, i) => line(pos.rows[i]!, item, g.sign));
    const first = pos.rows[0]!;
    const last = pos.rows[pos.rows.length - 1]!;
    total(pos.total, g.totalLabel, `SUM(B${first}:B${last})`, `SUM(C${first}:C${last})`, g.sign);
  });
  const groupTotals = (col: string) => L.groups.map((g) => `${col}${g.total}`).join("+");
  // All that goes out, spending and saving: Planned − Actual, like "What is left" below (a plus
  // means more is left than planned).
  total(L.grandTotal, "Total spending & saving (all groups)", groupTotals("B"), groupTotals("C"), "spending");
  total(L.left, "What is left (income − total)", `B${L.incomeTotal}-B${L.grandTotal}`, `C${L.incomeTotal}-C${L.grandTotal}`, "income");
  for (let c = 1; c <= 4; c++) fill(ws.getCell(L.left, c), COLORS.section);
  ws.getCell(`A${L.left + 1}`).value = "Below $0 means the plan spends more than comes in: trim a want or two.";
  ws.getCell(`A${L.left + 1}`).font = { italic: true, color: { argb: COLORS.muted } };

  // The 50/30/20 check: two small tables under columns A-D, the plan then the actual month.
  const sh = L.splitHeader;
  ws.getCell(`A${sh - 1}`).value = "50/30/20 check (a rule of thumb; change the percentages if you like)";
  ws.getCell(`A${sh - 1}`).font = { bold: true, size: 13, color: { argb: COLORS.titleText } };
  const tableHeader = (r: number, texts: string[]) => {
    texts.forEach((text, i) => {
      const cell = ws.getCell(r, i + 1);
      cell.value = text;
      headerStyle(cell);
    });
    ws.getRow(r).height = 47;
  };
  tableHeader(sh, ["Group", "Target %", "Target amount (of planned income)", "Planned"]);
  tableHeader(L.actualHeader, ["Group", "Actual", "Actual share of income", "How you're doing (actual)"]);
  ws.getCell(`D${L.actualHeader}`).alignment = { ...ws.getCell(`D${L.actualHeader}`).alignment, horizontal: "left", indent: 1 };
  const incomeP = `$B$${L.incomeTotal}`;
  const incomeA = `$C$${L.incomeTotal}`;
  GROUPS.forEach((g, gi) => {
    const r = L.split[g.key];
    const a = L.actual[g.key];
    const t = L.groups[gi]!.total;
    for (const row of [r, a]) {
      ws.getCell(`A${row}`).value = g.title;
      ws.getCell(`A${row}`).font = { bold: true };
    }
    const pct = ws.getCell(`B${r}`);
    pct.value = g.target;
    pct.numFmt = PLAIN_PERCENT;
    inputStyle(pct);
    ws.getCell(`C${r}`).value = formula(`${incomeP}*N(B${r})/100`);
    ws.getCell(`D${r}`).value = formula(`B${t}`);
    ws.getCell(`B${a}`).value = formula(`C${t}`);
    ws.getCell(`C${a}`).value = formula(`IF(${incomeA}>0,B${a}/${incomeA},"")`);
    const gap = `B${a}-${incomeA}*N(B${r})/100`;
    const money = (x: string) => `TEXT(ABS(${x}),"$#,##0")`;
    const doing = ws.getCell(`D${a}`);
    doing.value = formula(
      g.key === "savings"
        ? `IF(${incomeA}<=0,"Fill in Actual income",IF(ROUND(${gap},2)>=0,"On target or above","Under target by "&${money(gap)}))`
        : `IF(${incomeA}<=0,"Fill in Actual income",IF(ROUND(${gap},2)>0,"Over target by "&${money(gap)},"Within target"))`,
    );
    // Indented: the share of income just left of it is right-aligned ("68.4%  Over target...").
    // (An indent needs an explicit horizontal alignment: LibreOffice ignores it on "general".)
    doing.alignment = { horizontal: "left", vertical: "top", wrapText: true, indent: 1 };
    for (const ref of [`C${r}`, `D${r}`, `B${a}`]) ws.getCell(ref).numFmt = CURRENCY;
    ws.getCell(`C${a}`).numFmt = PERCENT;
    for (const ref of [`C${r}`, `D${r}`, `B${a}`, `C${a}`, `D${a}`]) fill(ws.getCell(ref), COLORS.formula);
  });
  const st = L.splitTotal;
  const first = L.split.needs;
  const last = L.split.savings;
  ws.getCell(`A${st}`).value = "Total";
  ws.getCell(`B${st}`).value = formula(`SUM(B${first}:B${last})`);
  ws.getCell(`B${st}`).numFmt = PLAIN_PERCENT;
  ws.getCell(`C${st}`).value = formula(`SUM(C${first}:C${last})`);
  ws.getCell(`D${st}`).value = formula(`SUM(D${first}:D${last})`);
  for (const col of ["C", "D"]) ws.getCell(`${col}${st}`).numFmt = CURRENCY;
  const check = ws.getCell(`A${L.splitCheck}`);
  check.value = formula(`IF(B${st}=100,"","Your percentages add up to "&B${st}&"%: make them add up to 100%.")`);
  check.font = { bold: true, color: { argb: COLORS.warning } };
  const at = L.actualTotal;
  ws.getCell(`A${at}`).value = "Total";
  ws.getCell(`B${at}`).value = formula(`SUM(B${L.actual.needs}:B${L.actual.savings})`);
  ws.getCell(`B${at}`).numFmt = CURRENCY;
  ws.getCell(`C${at}`).value = formula(`IF(${incomeA}>0,B${at}/${incomeA},"")`);
  ws.getCell(`C${at}`).numFmt = PERCENT;
  for (const r of [st, at]) {
    for (let c = 1; c <= 4; c++) {
      fill(ws.getCell(r, c), COLORS.total);
      ws.getCell(r, c).font = { bold: true };
    }
  }
  validate(ws, `B${first}:B${last}`, {
    type: "decimal",
    operator: "between",
    formulae: [0, 100],
    allowBlank: true,
    showInputMessage: true,
    promptTitle: "Percentage",
    prompt: "Type a plain number: 50 for 50%.",
    showErrorMessage: true,
    errorTitle: "Percentage",
    error: "Type a number between 0 and 100: 50 for 50%.",
  });
  // Everything is in columns A-D: portrait Letter at full size (11 pt). The table fits page 1;
  // the 50/30/20 check starts page 2, in one piece (no repeated table header above it).
  ws.getRow(L.left + 1).addPageBreak();
  ws.pageSetup = {
    orientation: "portrait",
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    printArea: `A$1:D$${L.actualTotal}`,
    margins: { left: 0.6, right: 0.6, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 },
  };
}

export const MONTHS_SHEET = { header: 3, first: 4, last: 15, total: 16, average: 17 };
export const MONTH_COLUMNS = [
  { header: "Month", width: 16 },
  { header: "Income (after taxes)", width: 16 },
  { header: "Spending (needs + wants)", width: 16 },
  { header: "Savings & extra debt payments", width: 18 },
  { header: "What is left", width: 16 },
];

function twelveMonths(wb: ExcelJS.Workbook) {
  const ws = wb.addWorksheet("12 months", { views: [{ state: "frozen", xSplit: 0, ySplit: MONTHS_SHEET.header }] });
  const M = MONTHS_SHEET;
  ws.getCell("A1").value = "12 months at a glance";
  ws.getCell("A1").font = { bold: true, size: 16, color: { argb: COLORS.titleText } };
  ws.getCell("A2").value = 'Copy each month\'s Actual totals from "Monthly budget" into the yellow cells.';
  ws.getCell("A2").font = { italic: true, color: { argb: COLORS.muted } };
  MONTH_COLUMNS.forEach((c, i) => {
    ws.getColumn(i + 1).width = c.width;
    const cell = ws.getCell(M.header, i + 1);
    cell.value = c.header;
    headerStyle(cell);
  });
  ws.getRow(M.header).height = 32;
  const names = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
  for (let r = M.first; r <= M.last; r++) {
    ws.getCell(`A${r}`).value = names[r - M.first]!;
    inputStyle(ws.getCell(`A${r}`));
    for (const col of ["B", "C", "D"]) {
      ws.getCell(`${col}${r}`).numFmt = CURRENCY;
      inputStyle(ws.getCell(`${col}${r}`));
    }
    ws.getCell(`E${r}`).value = formula(`IF(COUNT(B${r}:D${r})=0,"",N(B${r})-N(C${r})-N(D${r}))`);
    ws.getCell(`E${r}`).numFmt = CURRENCY;
    fill(ws.getCell(`E${r}`), COLORS.formula);
  }
  ws.getCell(`A${M.total}`).value = "Total for the year";
  ws.getCell(`A${M.average}`).value = "Monthly average";
  for (const col of ["B", "C", "D", "E"]) {
    ws.getCell(`${col}${M.total}`).value = formula(`SUM(${col}${M.first}:${col}${M.last})`);
    ws.getCell(`${col}${M.average}`).value = formula(
      `IF(COUNT(${col}${M.first}:${col}${M.last})=0,"",AVERAGE(${col}${M.first}:${col}${M.last}))`,
    );
  }
  for (const r of [M.total, M.average]) {
    for (let c = 1; c <= 5; c++) {
      const cell = ws.getCell(r, c);
      fill(cell, COLORS.total);
      cell.font = { bold: true };
      if (c > 1) cell.numFmt = CURRENCY;
    }
  }
  ws.pageSetup = { orientation: "portrait", fitToPage: true, fitToWidth: 1, fitToHeight: 0 };
}

export async function build(): Promise<ExcelJS.Workbook> {
  const wb = newWorkbook("Budget planner");
  startHere(wb);
  monthlyBudget(wb);
  twelveMonths(wb);
  applyFont(wb);
  return wb;
}

// ---------------------------------------------------------------------------------------------
// Printable (US Letter, filled in by hand). Wrapped by the product builder with print.css.

export function printableHtml(): string {
  const cols = BUDGET_COLUMNS.length;
  const head = `<thead><tr>${BUDGET_COLUMNS.map((c) => `<th scope="col">${esc(c.header)}</th>`).join("")}</tr></thead>`;
  const blanks = "<td></td>".repeat(cols - 1);
  const row = (label: string, strong = false) => `<tr><td>${strong ? `<strong>${esc(label)}</strong>` : esc(label)}</td>${blanks}</tr>`;
  // A group's heading row says how its Difference is figured, in the Difference column.
  const section = (title: string, sign: DifferenceSign) =>
    `<tr><th colspan="${cols - 1}" scope="rowgroup">${esc(title)}</th><th style="font-weight:normal;font-size:8.5pt">${esc(DIFFERENCE[sign].printed)}</th></tr>`;
  const body = [
    section("Income", "income"),
    ...INCOME_ROWS.map((r) => row(r.label)),
    row("Total income", true),
    ...GROUPS.flatMap((g) => [section(g.title, g.sign), ...g.lines.map((l) => row(l.label)), row(g.totalLabel, true)]),
    row("Total spending & saving (all groups)", true),
    row("What is left (income − total)", true),
  ].join("\n");
  const split = GROUPS.map(
    (g) => `<tr><td>${esc(g.title)}</td><td>${g.target}% <span class="muted">(or your own: ____%)</span></td><td></td><td></td></tr>`,
  ).join("\n");
  return `${docHeader({ title: "Monthly budget", subtitle: "Plan at the start of the month; fill in Actual at the end." })}
<p>Month: <span class="fill"></span></p>
<p>Write what you plan for each category, then what really happened. <strong>Difference</strong>: Actual − Planned for income and savings, Planned − Actual for spending, so a plus number is always good news. Use a pencil: a budget is a plan you adjust.</p>
<table class="log" style="break-inside:auto">
${head}
<tbody>
${body}
</tbody>
</table>
<div class="keep">
<h2>The 50/30/20 check</h2>
<p>A common rule of thumb: about 50% of take-home pay for needs, 30% for wants, and 20% for savings and extra debt payments. It is a starting point, not a rule you must follow.</p>
<table class="log">
<thead><tr><th scope="col">Group</th><th scope="col">Target %</th><th scope="col">Target amount (total income × %)</th><th scope="col">Actual total</th></tr></thead>
<tbody>
${split}
</tbody>
</table>
<blockquote>
<p><strong>How to figure it:</strong> Total income × 50 ÷ 100 = your needs target. If your needs are over target, look at the biggest bills first; if savings are under, start small: even $25 a month builds the habit.</p>
</blockquote>
</div>
<h3>At the end of the month</h3>
<ul class="tasks">
<li class="task"><input type="checkbox"> Fill in every Actual amount (bank and card statements help).</li>
<li class="task"><input type="checkbox"> Work out What is left: total income − total spending &amp; saving = <span class="fill"></span></li>
<li class="task"><input type="checkbox"> Circle the category that went most over plan and decide one change for next month.</li>
<li class="task"><input type="checkbox"> Write next month's plan.</li>
</ul>
<p class="muted">A planning worksheet, not financial advice.</p>`;
}
