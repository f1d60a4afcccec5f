/**
 * Dispute tracker (Credit Repair Toolkit): one row per letter, with its legal deadline, the days
 * taken and a status computed by formulas, and a "Start here" sheet with the deadlines.
 *
 * The deadline depends on the kind of letter (KINDS): a dispute (to a bureau, or directly to a
 * lender or collector) is due 30 days after they receive it, 45 if extended (the buyer says so in
 * the "45 days?" column); a request for how an item was verified, 15 days; a debt validation
 * dispute has no deadline for the collector, but must reach it by the validation end date the
 * buyer types from its notice; other letters (goodwill, statement, cease contact) have none.
 *
 * The status compares against an "As of date" cell (=TODAY() by default; any date can be typed
 * over it), never TODAY() directly, so it is testable and the buyer can look ahead.
 *
 * One source for the workbook and the printable: DISPUTE_COLUMNS. Columns flagged
 * `printable: false` are left out of the paper log: the print stylesheet is portrait US Letter
 * (7 in of table), which leaves room to write in about seven columns. The calculated columns
 * (45-day deadline, days taken, status), the wide free-text ones (next step, notes), the method,
 * the account number (written with the item on paper), the "45 days?" and validation end date
 * inputs (on paper the due date is written by hand, from the key) and the date results arrived
 * (written with the result) stay on screen.
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

/** Kinds of letter, each with its deadline (credit-law-facts.md §§ 1, 2, 6). An empty kind counts as a dispute. */
export const KIND = {
  dispute: "Dispute",
  howVerified: "How verified",
  validation: "Debt validation",
  other: "Other",
} as const;
export const KINDS = Object.values(KIND);

/** How the due date is worked out for each kind of letter: the "Start here" sheet and the paper key. */
export const DUE_RULES: { kind: (typeof KINDS)[number]; rule: string }[] = [
  {
    kind: KIND.dispute,
    rule: "To a bureau, or directly to a lender or collector. Due 30 days after they received it, or 45 if you sent more information during the 30 days or the dispute followed your free annual report.",
  },
  { kind: KIND.howVerified, rule: "Asking a bureau how it verified an item. Due 15 days after it received your request." },
  {
    kind: KIND.validation,
    rule: "Disputing a debt with a collector. The due date is yours: the validation end date on its notice. Make sure your letter reaches them by then. The collector has no deadline to answer, but must stop collecting the debt until it does.",
  },
  { kind: KIND.other, rule: "A goodwill request, a statement of dispute, a cease-contact letter or anything else: no legal deadline." },
];

export const STATUS = {
  waiting: "Waiting",
  overdue: "Overdue: follow up",
  needsReceived: "Add the date they received it",
  needsValidationEnd: "Add the validation end date",
  lateValidation: "Reached them after the validation end date",
  paused: "Waiting: collection paused",
  done: "Done",
};

export type DisputeColumn = {
  key:
    | "sent"
    | "sentTo"
    | "kind"
    | "method"
    | "item"
    | "account"
    | "received"
    | "extended"
    | "validationEnd"
    | "due"
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

/** Columns of the "Disputes" sheet, in order. */
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
    printWidth: 14,
  },
  {
    key: "kind",
    header: "Kind of letter",
    width: 16,
    input: true,
    list: KINDS,
    prompt:
      "Dispute: 30 days (45 if extended). How verified: 15 days. Debt validation: type the validation end date from the collector's notice. Other (goodwill, statement, cease contact): no deadline. Empty counts as Dispute.",
    printable: true,
    printWidth: 13,
  },
  { key: "method", header: "Method", width: 14, input: true, list: METHODS, printable: false },
  {
    key: "item",
    header: "Item disputed",
    width: 30,
    input: true,
    prompt: "The creditor or collector and what is wrong, e.g. 'ABC Bank: late payment in May 2025 (I paid on time)'.",
    printable: true,
    printWidth: 23,
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
  {
    key: "extended",
    header: "45 days? (Yes or No)",
    width: 14,
    input: true,
    list: ["Yes", "No"],
    prompt:
      "Disputes only. Yes if you sent the bureau more information during its 30 days, or if this dispute followed your free annual report from AnnualCreditReport.com: the answer is then due within 45 days.",
    printable: false,
  },
  {
    key: "validationEnd",
    header: "Validation end date (debt validation)",
    width: 15,
    numFmt: DATE_FORMAT,
    input: true,
    prompt: "Debt validation only: the date your validation period ends, as printed on the collector's notice.",
    printable: false,
  },
  {
    key: "due",
    header: "Due date",
    width: 14,
    numFmt: DATE_FORMAT,
    input: false,
    printable: true,
    printWidth: 13,
    printHeader: "Due date (see the key)",
  },
  {
    key: "deadline45",
    header: "45-day deadline (if extended)",
    width: 16,
    numFmt: DATE_FORMAT,
    input: false,
    printable: false,
  },
  { key: "results", header: "Date results arrived", width: 14, numFmt: DATE_FORMAT, input: true, printable: false },
  {
    key: "result",
    header: "Result",
    width: 12,
    input: true,
    list: RESULTS,
    printable: true,
    printWidth: 13,
    printHeader: "Result (and the date it arrived)",
  },
  { key: "daysTaken", header: "Days taken", width: 9, numFmt: "0", input: false, printable: false },
  { key: "status", header: "Status", width: 26, input: false, printable: false },
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
    rule: "If you ask how it verified an item, it must describe its procedure (with the name, address and, if reasonably available, phone number of any company it contacted) within 15 days of receiving your request.",
    cite: "15 U.S.C. § 1681i(a)(7)",
  },
  {
    who: "Lender or collector (direct dispute)",
    rule: "Must investigate and report its results to you within the same deadline as a bureau: 30 days, or 45 if extended.",
    cite: "12 CFR 1022.43(e)",
  },
  {
    who: "Debt collector (validation)",
    rule: "Your deadline: dispute in writing within the validation period, which ends 30 days after you receive the collector's validation notice; the notice prints the end date. To be safe, make sure your letter reaches the collector by then. The collector must then stop collecting the disputed debt until it mails you verification of the debt (or a copy of a judgment), or the original creditor's name and address if you asked for it; the law sets no deadline for that answer.",
    cite: "15 U.S.C. § 1692g(a)-(b); 12 CFR 1006.34(b)(5), 1006.38",
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
    'On "Disputes", add one row for each letter or online dispute: the date you sent it, who to, the kind of letter, how, the item and the last 4 digits of the account.',
    'Pick the kind of letter: the due date depends on it (see "Due date, by kind of letter" below). For a debt validation letter, type the validation end date from the collector\'s notice.',
    'When the return receipt comes back, type the date they received it. "Due date" fills in by itself, and so does the 45-day deadline for a dispute.',
    'Pick Yes under "45 days?" if you sent the bureau more information during its 30 days, or if the dispute followed your free annual report: the due date then moves to 45 days.',
    'When the results arrive, type the date and pick the result. "Days taken" and "Status" update by themselves.',
    '"As of date" (top of "Disputes") shows today\'s date. Status says "Overdue: follow up" when that date is past the due date and no results have come in. Type another date there to look ahead.',
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
  ws.getCell(`A${r}`).value = "Due date, by kind of letter";
  ws.getCell(`A${r}`).font = { bold: true, size: 13, color: { argb: COLORS.titleText } };
  r++;
  for (const d of DUE_RULES) {
    ws.getCell(`A${r}`).value = d.kind;
    ws.getCell(`A${r}`).font = { bold: true };
    ws.getCell(`B${r}`).value = d.rule;
    for (let c = 1; c <= 2; c++) ws.getCell(r, c).alignment = { wrapText: true, vertical: "top" };
    fitHeight(ws.getRow(r), d.rule, 80);
    r++;
  }
  r++;
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
    "These are the deadlines the law sets. They are not a promise of any result: an item that is accurate and verified can stay on your report.",
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
  ws.getCell("A2").value =
    'One row per letter. Due dates count from the date they received it (debt validation: the end date on the collector\'s notice). See "Start here" for the rules.';
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
  ws.getRow(LOG.header).height = 60;

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
    const kind = `${k("kind")}${r}`;
    const due = `${k("due")}${r}`;
    const validationEnd = `${k("validationEnd")}${r}`;
    const isDispute = `OR(${kind}="",${kind}="${KIND.dispute}")`;
    const hasDeadline = `OR(${isDispute},${kind}="${KIND.howVerified}")`;
    // Dispute: 30 days after receipt, 45 if extended; How verified: 15 days; Debt validation: the
    // validation end date the buyer typed (their own deadline); Other: none.
    ws.getCell(due).value = formula(
      `IF(${kind}="${KIND.validation}",IF(ISNUMBER(${validationEnd}),${validationEnd},""),` +
        `IF(NOT(ISNUMBER(${received})),"",IF(${isDispute},${received}+IF(${k("extended")}${r}="Yes",45,30),` +
        `IF(${kind}="${KIND.howVerified}",${received}+15,""))))`,
    );
    ws.getCell(`${k("deadline45")}${r}`).value = formula(`IF(AND(${isDispute},ISNUMBER(${received})),${received}+45,"")`);
    ws.getCell(`${k("daysTaken")}${r}`).value = formula(`IF(AND(ISNUMBER(${received}),ISNUMBER(${results})),${results}-${received},"")`);
    const empty = `AND(${k("sent")}${r}="",${k("item")}${r}="",${received}="",${results}="",${result}="")`;
    const done = `OR(ISNUMBER(${results}),AND(${result}<>"",${result}<>"No answer"))`;
    const validationStatus =
      `IF(NOT(ISNUMBER(${validationEnd})),"${STATUS.needsValidationEnd}",IF(NOT(ISNUMBER(${received})),"${STATUS.needsReceived}",` +
      `IF(${received}>${validationEnd},"${STATUS.lateValidation}","${STATUS.paused}")))`;
    const deadlineStatus =
      `IF(NOT(ISNUMBER(${received})),"${STATUS.needsReceived}",` +
      `IF(AND(ISNUMBER(${asOfAbs}),${asOfAbs}>${due}),"${STATUS.overdue}","${STATUS.waiting}"))`;
    ws.getCell(`${k("status")}${r}`).value = formula(
      `IF(${empty},"",IF(${done},"${STATUS.done}"&IF(OR(${result}="",${result}="No answer"),"",": "&${result}),` +
        `IF(${kind}="${KIND.validation}",${validationStatus},IF(${hasDeadline},${deadlineStatus},"${STATUS.waiting}"))))`,
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

/** Blank rows on the paper log: as many as fit on page 1 above the due-date key. */
export const PRINT_ROWS = 13;

export function printableHtml(): string {
  // Portrait Letter fits the hand-written columns only; see `printable` and `printWidth` on
  // DISPUTE_COLUMNS. The widths are kept as given (table-layout:fixed); headings wrap.
  const cols = DISPUTE_COLUMNS.filter((c) => c.printable);
  const deadlines = DEADLINES.map(
    (d) => `<li><strong>${esc(d.who)}:</strong> ${esc(d.rule)} <span class="muted">(${esc(d.cite)})</span></li>`,
  ).join("\n");
  return `${docHeader({ title: "Dispute log", subtitle: "One row per letter. Due dates count from the date they received it, except for debt validation." })}
<p class="muted"><strong>Sent to</strong>: ${esc(SENT_TO.join(", "))}. <strong>Kind of letter</strong>: ${esc(KINDS.join(", "))}. <strong>Result</strong>: ${esc(RESULTS.join(", "))}.</p>
${logTableHtml(cols, PRINT_ROWS)}
<p class="muted"><strong>Due date, by kind of letter.</strong></p>
${DUE_RULES.map((d) => `<p class="muted"><strong>${esc(d.kind)}:</strong> ${esc(d.rule)}</p>`).join("\n")}
<div class="page-break"></div>
<h2>Deadlines</h2>
<blockquote class="law keep">
<p>Calendar days unless it says business days.</p>
<ul>
${deadlines}
</ul>
</blockquote>
<p>These are the deadlines the law sets. They are not a promise of any result: an item that is accurate and verified can stay on your report.</p>
<h3>For each letter</h3>
<ul class="tasks">
<li class="task"><input type="checkbox"> Send copies, never originals, and keep a copy of everything you send.</li>
<li class="task"><input type="checkbox"> Mail it certified, return receipt requested, and write down the date on the receipt.</li>
<li class="task"><input type="checkbox"> Write the due date in the log (see the key under it) and put the day after it on your calendar: that's the day to check for an answer.</li>
<li class="task"><input type="checkbox"> When the results arrive, check your updated report and write down the result.</li>
<li class="task"><input type="checkbox"> No answer by the deadline? Follow up in writing. You can also file a complaint with the CFPB at consumerfinance.gov/complaint.</li>
</ul>
<p class="muted">General information, not legal advice.</p>`;
}
