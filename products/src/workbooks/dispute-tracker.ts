/**
 * Dispute tracker (Credit Repair Toolkit): one row per dispute, with the legal deadlines, the
 * days taken and a status computed by formulas, and a "Start here" sheet with the deadlines.
 *
 * The status compares against an "As of date" cell (=TODAY() by default; any date can be typed
 * over it), never TODAY() directly, so it is testable and the buyer can look ahead.
 *
 * One source for the workbook and the printable: DISPUTE_COLUMNS. Columns flagged
 * `printable: false` are left out of the paper log: the print stylesheet is portrait US Letter
 * (7 in of table), which leaves room to write in about seven columns. The calculated columns
 * (45-day deadline, days taken, status), the wide free-text ones (next step, notes), the method
 * and the account number (written with the item on paper) stay on screen.
 * Every statement of law here follows /work/shared/reference/credit-law-facts.md (sections 1,
 * 2 and 6).
 */
import ExcelJS from "exceljs";
import { docHeader } from "../../build/document";
import { applyFont, esc, fill, fitHeight, formula, validate, newWorkbook, logTableHtml } from "./common";

const DATE_FORMAT = "mmm d, yyyy";

const COLORS = {
  input: "FFFFF2CC",
  formula: "FFF1F5F9",
  header: "FF047857",
  headerText: "FFFFFFFF",
  titleText: "FF064E3B",
  muted: "FF475569",
  law: "FFEFF6FF",
};

export const SENT_TO = ["Equifax", "Experian", "TransUnion", "Lender or card issuer", "Debt collector", "Other"];
export const METHODS = ["Certified mail", "Online", "Phone"];
export const RESULTS = ["Corrected", "Deleted", "Verified", "No answer", "Other"];

export const STATUS = {
  waiting: "Waiting",
  overdue: "Overdue: follow up",
  needsReceived: "Add the date they received it",
  done: "Done",
};

export type DisputeColumn = {
  key:
    | "sent"
    | "sentTo"
    | "method"
    | "item"
    | "account"
    | "received"
    | "deadline30"
    | "deadline45"
    | "results"
    | "result"
    | "daysTaken"
    | "status"
    | "nextStep"
    | "notes";
  header: string;
  width: number;
  numFmt?: string;
  input: boolean;
  prompt?: string;
  list?: string[];
  /** false: not on the paper log (see the file comment). */
  printable: boolean;
  /** The heading on the paper log, when it differs. */
  printHeader?: string;
  /** Printable columns: width on the paper log, in % of the table (they add up to 100): at least
   * 0.8 in to write a date or a result by hand, the rest for the item. */
  printWidth?: number;
};

/** Columns A-N of the "Disputes" sheet, in order. */
export const DISPUTE_COLUMNS: DisputeColumn[] = [
  { key: "sent", header: "Date sent", width: 13, numFmt: DATE_FORMAT, input: true, printable: true, printWidth: 12 },
  {
    key: "sentTo",
    header: "Sent to",
    width: 18,
    input: true,
    list: SENT_TO,
    prompt: "Pick the bureau or company. Pick Other and add the name in Notes.",
    printable: true,
    printWidth: 16,
  },
  { key: "method", header: "Method", width: 14, input: true, list: METHODS, printable: false },
  {
    key: "item",
    header: "Item disputed",
    width: 30,
    input: true,
    prompt: "The creditor or collector and what is wrong, e.g. 'ABC Bank: late payment in May 2025 (I paid on time)'.",
    printable: true,
    printWidth: 24,
    printHeader: "Item disputed (and the account's last 4 digits)",
  },
  { key: "account", header: "Account (last 4)", width: 10, numFmt: "@", input: true, printable: false },
  {
    key: "received",
    header: "Date they received it",
    width: 14,
    numFmt: DATE_FORMAT,
    input: true,
    prompt: "From the certified-mail return receipt. Online: the date you submitted it (keep the confirmation).",
    printable: true,
    printWidth: 12,
  },
  { key: "deadline30", header: "30-day deadline", width: 14, numFmt: DATE_FORMAT, input: false, printable: true, printWidth: 12 },
  {
    key: "deadline45",
    header: "45-day deadline (if you sent more information)",
    width: 16,
    numFmt: DATE_FORMAT,
    input: false,
    printable: false,
  },
  { key: "results", header: "Date results arrived", width: 14, numFmt: DATE_FORMAT, input: true, printable: true, printWidth: 12 },
  { key: "result", header: "Result", width: 12, input: true, list: RESULTS, printable: true, printWidth: 12 },
  { key: "daysTaken", header: "Days taken", width: 9, numFmt: "0", input: false, printable: false },
  { key: "status", header: "Status", width: 22, input: false, printable: false },
  { key: "nextStep", header: "Next step", width: 30, input: true, printable: false },
  { key: "notes", header: "Notes", width: 30, input: true, printable: false },
];

export const LOG = { sheet: "Disputes", asOf: "B3", header: 5, first: 6, rows: 30 };
const LAST_ROW = LOG.first + LOG.rows - 1;

export function col(key: DisputeColumn["key"]): string {
  return String.fromCharCode(65 + DISPUTE_COLUMNS.findIndex((c) => c.key === key));
}

/** The deadlines, in plain words, with their sources (credit-law-facts.md §§ 1, 2, 6). */
export const DEADLINES: { who: string; rule: string; cite: string }[] = [
  {
    who: "Credit bureau",
    rule: "Must finish its investigation (correct, confirm or delete the item) within 30 days of receiving your dispute.",
    cite: "15 U.S.C. § 1681i(a)(1)(A)",
  },
  {
    who: "Credit bureau",
    rule: "Up to 15 more days (45 in all) only if you send more relevant information during those 30 days. No extra time if it finds the item wrong, incomplete or unverifiable within the 30 days.",
    cite: "15 U.S.C. § 1681i(a)(1)(B)-(C)",
  },
  {
    who: "Credit bureau",
    rule: "45 days for a dispute you make after getting your free annual report (AnnualCreditReport.com).",
    cite: "15 U.S.C. § 1681j(a)(3)",
  },
  {
    who: "Credit bureau",
    rule: "Results in writing within 5 business days after it finishes.",
    cite: "15 U.S.C. § 1681i(a)(6)",
  },
  {
    who: "Credit bureau",
    rule: "If you ask how it verified an item, it must describe its procedure (with the name, address and, if reasonably available, phone number of any company it contacted) within 15 days of your request.",
    cite: "15 U.S.C. § 1681i(a)(7)",
  },
  {
    who: "Lender or collector (direct dispute)",
    rule: "Must investigate and report its results to you within the same deadline as a bureau: 30 days, or 45 if extended.",
    cite: "12 CFR 1022.43(e)",
  },
  {
    who: "Debt collector (validation)",
    rule: "Your deadline: dispute in writing by the validation end date on the collector's notice (30 days after you receive it). The collector must then stop collecting the disputed debt until it mails you verification of the debt (or a copy of a judgment), or the original creditor's name and address if you asked for it. (The 30/45-day columns don't apply to this.)",
    cite: "15 U.S.C. § 1692g(b); 12 CFR 1006.38",
  },
];

function inputStyle(cell: ExcelJS.Cell) {
  fill(cell, COLORS.input);
  cell.border = { bottom: { style: "thin", color: { argb: "FFD6B656" } } };
}

function startHere(wb: ExcelJS.Workbook) {
  const ws = wb.addWorksheet("Start here", { properties: { tabColor: { argb: COLORS.header } } });
  ws.getColumn(1).width = 30;
  ws.getColumn(2).width = 80;
  ws.getColumn(3).width = 28;
  ws.getCell("A1").value = "Dispute tracker";
  ws.getCell("A1").font = { bold: true, size: 16, color: { argb: COLORS.titleText } };
  ws.getCell("A2").value = "Fresh Start Money · Credit Repair Toolkit";
  ws.getCell("A2").font = { color: { argb: COLORS.header }, bold: true };
  const steps = [
    'On "Disputes", add one row for each letter or online dispute: the date you sent it, who to, how, the item and the last 4 digits of the account.',
    "When the return receipt comes back, type the date they received it. The 30-day and 45-day deadlines fill in by themselves.",
    'When the results arrive, type the date and pick the result. "Days taken" and "Status" update by themselves.',
    '"As of date" (top of "Disputes") shows today\'s date. Status says "Overdue: follow up" when that date is past the 30-day deadline and no results have come in. Type another date there to look ahead.',
    "If you sent more information during the 30 days, or disputed after getting your free annual report, use the 45-day deadline instead: Status counts 30 days.",
    "Yellow cells are yours to type in; grey cells are calculated. Keep copies of everything you send and receive.",
  ];
  ws.getCell("A4").value = "How to use it";
  ws.getCell("A4").font = { bold: true, size: 13, color: { argb: COLORS.titleText } };
  steps.forEach((text, i) => {
    const cell = ws.getCell(`B${5 + i}`);
    ws.getCell(`A${5 + i}`).value = i + 1;
    ws.getCell(`A${5 + i}`).alignment = { horizontal: "right", vertical: "top" };
    cell.value = text;
    cell.alignment = { wrapText: true, vertical: "top" };
    fitHeight(ws.getRow(5 + i), text, 80);
  });

  let r = 5 + steps.length + 1;
  ws.getCell(`A${r}`).value = "Deadlines (calendar days unless it says business days)";
  ws.getCell(`A${r}`).font = { bold: true, size: 13, color: { argb: COLORS.titleText } };
  r++;
  ["Who", "What the law says", "Where"].forEach((h, i) => {
    const cell = ws.getCell(r, i + 1);
    cell.value = h;
    fill(cell, COLORS.header);
    cell.font = { bold: true, color: { argb: COLORS.headerText } };
  });
  r++;
  for (const d of DEADLINES) {
    ws.getCell(`A${r}`).value = d.who;
    ws.getCell(`B${r}`).value = d.rule;
    ws.getCell(`C${r}`).value = d.cite;
    for (let c = 1; c <= 3; c++) {
      fill(ws.getCell(r, c), COLORS.law);
      ws.getCell(r, c).alignment = { wrapText: true, vertical: "top" };
    }
    fitHeight(ws.getRow(r), d.rule, 80);
    fitHeight(ws.getRow(r), d.cite, 28);
    fitHeight(ws.getRow(r), d.who, 30);
    r++;
  }
  r++;
  const notes = [
    "These are the deadlines the law sets for them to respond. They are not a promise of any result: an item that is accurate and verified can stay on your report.",
    "If a deadline passes with no answer, follow up in writing and keep a copy. You can also file a complaint with the CFPB: https://www.consumerfinance.gov/complaint/",
    "General information, not legal advice.",
  ];
  for (const text of notes) {
    ws.getCell(`B${r}`).value = text;
    ws.getCell(`B${r}`).alignment = { wrapText: true, vertical: "top" };
    ws.getCell(`B${r}`).font = { color: { argb: COLORS.muted } };
    fitHeight(ws.getRow(r), text, 80);
    r++;
  }
  // Landscape: the deadlines table is 138 width units wide (about 6 pt on portrait, 8.5 pt here).
  ws.pageSetup = { orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0 };
}

function disputes(wb: ExcelJS.Workbook) {
  const ws = wb.addWorksheet(LOG.sheet, { views: [{ state: "frozen", xSplit: 1, ySplit: LOG.header }] });
  ws.getCell("A1").value = "My disputes";
  ws.getCell("A1").font = { bold: true, size: 16, color: { argb: COLORS.titleText } };
  ws.getCell("A2").value = 'One row per dispute. Deadlines are counted from the date they received it. See "Start here" for the rules.';
  ws.getCell("A2").font = { italic: true, color: { argb: COLORS.muted } };
  ws.getCell("A3").value = "As of date:";
  ws.getCell("A3").font = { bold: true };
  ws.getCell("A3").alignment = { horizontal: "right" };
  const asOf = ws.getCell(LOG.asOf);
  asOf.value = formula("TODAY()");
  asOf.numFmt = DATE_FORMAT;
  inputStyle(asOf);
  asOf.font = { bold: true };
  asOf.note = "Shows today's date. Type another date to see which disputes will be overdue by then.";
  ws.getCell("C3").value = "Today's date unless you type another one.";
  ws.getCell("C3").font = { color: { argb: COLORS.muted } };

  DISPUTE_COLUMNS.forEach((c, i) => {
    ws.getColumn(i + 1).width = c.width;
    const cell = ws.getCell(LOG.header, i + 1);
    cell.value = c.header;
    fill(cell, COLORS.header);
    cell.font = { bold: true, color: { argb: COLORS.headerText } };
    cell.alignment = { wrapText: true, vertical: "middle" };
  });
  ws.getRow(LOG.header).height = 45;

  const k = (key: DisputeColumn["key"]) => col(key);
  const asOfAbs = `$${LOG.asOf[0]}$${LOG.asOf.slice(1)}`;
  for (let r = LOG.first; r <= LAST_ROW; r++) {
    DISPUTE_COLUMNS.forEach((c, i) => {
      const cell = ws.getCell(r, i + 1);
      if (c.numFmt) cell.numFmt = c.numFmt;
      if (c.input) inputStyle(cell);
      else fill(cell, COLORS.formula);
      if (c.key === "item" || c.key === "nextStep" || c.key === "notes") cell.alignment = { wrapText: true, vertical: "top" };
    });
    const received = `${k("received")}${r}`;
    const results = `${k("results")}${r}`;
    const result = `${k("result")}${r}`;
    ws.getCell(`${k("deadline30")}${r}`).value = formula(`IF(ISNUMBER(${received}),${received}+30,"")`);
    ws.getCell(`${k("deadline45")}${r}`).value = formula(`IF(ISNUMBER(${received}),${received}+45,"")`);
    ws.getCell(`${k("daysTaken")}${r}`).value = formula(`IF(AND(ISNUMBER(${received}),ISNUMBER(${results})),${results}-${received},"")`);
    const empty = `AND(${k("sent")}${r}="",${k("item")}${r}="",${received}="",${results}="",${result}="")`;
    const done = `OR(ISNUMBER(${results}),AND(${result}<>"",${result}<>"No answer"))`;
    ws.getCell(`${k("status")}${r}`).value = formula(
      `IF(${empty},"",IF(${done},"${STATUS.done}"&IF(OR(${result}="",${result}="No answer"),"",": "&${result}),` +
        `IF(NOT(ISNUMBER(${received})),"${STATUS.needsReceived}",` +
        `IF(AND(ISNUMBER(${asOfAbs}),${asOfAbs}>${k("deadline30")}${r}),"${STATUS.overdue}","${STATUS.waiting}"))))`,
    );
  }
  const rows = (key: DisputeColumn["key"]) => `${k(key)}${LOG.first}:${k(key)}${LAST_ROW}`;
  for (const c of DISPUTE_COLUMNS) {
    if (c.list) {
      validate(ws, rows(c.key), {
        type: "list",
        formulae: [`"${c.list.join(",")}"`],
        allowBlank: true,
        showInputMessage: Boolean(c.prompt),
        promptTitle: c.header,
        prompt: c.prompt ?? "",
        showErrorMessage: true,
        errorTitle: c.header,
        error: `Pick one from the list: ${c.list.join(", ")}.`,
      });
    } else if (c.numFmt === DATE_FORMAT && c.input) {
      validate(ws, rows(c.key), {
        type: "date",
        operator: "greaterThan",
        formulae: [new Date(Date.UTC(1990, 0, 1))],
        allowBlank: true,
        showInputMessage: Boolean(c.prompt),
        promptTitle: c.header,
        prompt: c.prompt ?? "",
        showErrorMessage: true,
        errorTitle: c.header,
        error: "Type a date, e.g. 3/15/2026.",
      });
    } else if (c.prompt && c.input) {
      validate(ws, rows(c.key), {
        type: "textLength",
        operator: "lessThan",
        formulae: [1000],
        allowBlank: true,
        showInputMessage: true,
        promptTitle: c.header,
        prompt: c.prompt,
      });
    }
  }
  const status = `$${k("status")}${LOG.first}`;
  ws.addConditionalFormatting({
    ref: `A${LOG.first}:${k("notes")}${LAST_ROW}`,
    rules: [
      {
        type: "expression",
        priority: 1,
        formulae: [`${status}="${STATUS.overdue}"`],
        style: {
          fill: { type: "pattern", pattern: "solid", bgColor: { argb: "FFFECACA" } },
          font: { bold: true, color: { argb: "FF991B1B" } },
        },
      },
    ],
  });
  ws.addConditionalFormatting({
    ref: rows("status"),
    rules: [
      {
        type: "expression",
        priority: 2,
        formulae: [`LEFT(${status},4)="${STATUS.done}"`],
        style: { fill: { type: "pattern", pattern: "solid", bgColor: { argb: "FFBBF7D0" } } },
      },
    ],
  });
  ws.pageSetup = {
    orientation: "landscape",
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    printTitlesRow: `${LOG.header}:${LOG.header}`,
  };
}

export async function build(): Promise<ExcelJS.Workbook> {
  const wb = newWorkbook("Dispute tracker");
  startHere(wb);
  disputes(wb);
  applyFont(wb);
  return wb;
}

// ---------------------------------------------------------------------------------------------
// Printable (US Letter, filled in by hand). Wrapped by the product builder with print.css.

export const PRINT_ROWS = 18;

export function printableHtml(): string {
  // Portrait Letter fits the hand-written columns only; see `printable` and `printWidth` on
  // DISPUTE_COLUMNS. The widths are kept as given (table-layout:fixed); headings wrap.
  const cols = DISPUTE_COLUMNS.filter((c) => c.printable);
  const deadlines = DEADLINES.map(
    (d) => `<li><strong>${esc(d.who)}:</strong> ${esc(d.rule)} <span class="muted">(${esc(d.cite)})</span></li>`,
  ).join("\n");
  return `${docHeader({ title: "Dispute log", subtitle: "One row per dispute. Deadlines count from the date they received it." })}
<p class="muted"><strong>Sent to</strong>: ${esc(SENT_TO.join(", "))}. <strong>Result</strong>: ${esc(RESULTS.join(", "))}. <strong>30-day deadline</strong> = the date they received it + 30 days (45 if you sent more information during the 30 days).</p>
${logTableHtml(cols, PRINT_ROWS)}
<div class="page-break"></div>
<h2>Deadlines</h2>
<blockquote class="law keep">
<p>Calendar days unless it says business days.</p>
<ul>
${deadlines}
</ul>
</blockquote>
<p>These are the deadlines the law sets for them to respond. They are not a promise of any result: an item that is accurate and verified can stay on your report.</p>
<h3>For each dispute</h3>
<ul class="tasks">
<li class="task"><input type="checkbox"> Send copies, never originals, and keep a copy of everything you send.</li>
<li class="task"><input type="checkbox"> Mail it certified, return receipt requested, and write down the date on the receipt.</li>
<li class="task"><input type="checkbox"> Mark the 30-day deadline on your calendar.</li>
<li class="task"><input type="checkbox"> When the results arrive, check your updated report and write down the result.</li>
<li class="task"><input type="checkbox"> No answer by the deadline? Follow up in writing. You can also file a complaint with the CFPB at consumerfinance.gov/complaint.</li>
</ul>
<p class="muted">General information, not legal advice.</p>`;
}
