/**
 * The toolkit's spreadsheets compute what they claim to. exceljs writes formulas without results,
 * so every check here recalculates the workbook with LibreOffice (recalc.ts) and reads the
 * computed results back. Requires `soffice` (apt-get install libreoffice-calc-nogui).
 *
 * Each check builds its workbook and inputs where it is written (`recalculatedLater`); all of them
 * are recalculated together in one LibreOffice run before the tests, which then assert on their
 * own results: LibreOffice starts once, not a dozen times.
 */
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import * as tool from "../../app/lib/tools/debt-payoff.ts";
import * as budget from "../../products/src/workbooks/budget.ts";
import * as debt from "../../products/src/workbooks/debt-payoff.ts";
import * as disputes from "../../products/src/workbooks/dispute-tracker.ts";
import { FONT } from "../../products/src/workbooks/common.ts";
import { recalculate, recalculateAll } from "../../products/src/workbooks/recalc.ts";
import * as scores from "../../products/src/workbooks/score-tracker.ts";

/** The workbooks to recalculate (their builders, in order) and, after beforeAll, their results. */
const toRecalculate: (() => Promise<ExcelJS.Workbook>)[] = [];
const recalculated: ExcelJS.Workbook[] = [];

/** Registers a workbook (built with its inputs) for the one LibreOffice run; the getter returns its result. */
function recalculatedLater(build: () => Promise<ExcelJS.Workbook>): () => ExcelJS.Workbook {
  const at = toRecalculate.push(build) - 1;
  return () => {
    const result = recalculated[at];
    if (!result) throw new Error("The workbooks are recalculated in beforeAll, which failed");
    return result;
  };
}

beforeAll(async () => {
  const inputs: ExcelJS.Workbook[] = [];
  for (const build of toRecalculate) inputs.push(await build());
  recalculated.push(...(await recalculateAll(inputs)));
}, 300_000);

/** The computed value of a cell: the formula result ("" for an empty-text result) or the value. */
function val(ws: ExcelJS.Worksheet, address: string): unknown {
  const cell = ws.getCell(address);
  if (cell.type === ExcelJS.ValueType.Formula) return cell.result ?? "";
  return cell.value;
}
function num(ws: ExcelJS.Worksheet, address: string): number {
  const v = val(ws, address);
  if (typeof v !== "number") throw new Error(`${ws.name}!${address}: expected a number, got ${JSON.stringify(v)}`);
  return v;
}
function sheet(wb: ExcelJS.Workbook, name: string): ExcelJS.Worksheet {
  const ws = wb.getWorksheet(name);
  if (!ws) throw new Error(`no sheet ${name}`);
  return ws;
}
/** Every formula cell whose result is an error (#N/A, #DIV/0!, #VALUE!...). */
function errors(wb: ExcelJS.Workbook): string[] {
  const found: string[] = [];
  wb.eachSheet((ws) =>
    ws.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.type !== ExcelJS.ValueType.Formula) return;
        const r = cell.result as unknown;
        if (r && typeof r === "object" && "error" in r) found.push(`${ws.name}!${cell.address} ${JSON.stringify(r)}`);
      }),
    ),
  );
  return found;
}
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
const sameDay = (v: unknown, y: number, m: number, d: number) => {
  expect(v).toBeInstanceOf(Date);
  expect((v as Date).toISOString().slice(0, 10)).toBe(utc(y, m, d).toISOString().slice(0, 10));
};

function hygiene(wb: ExcelJS.Workbook) {
  expect(wb.creator).toBe("Fresh Start Money");
  // One sans-serif font on every cell with a value or a style, headings and titles included: a
  // font without a name falls back to the app's default (a serif in LibreOffice).
  wb.eachSheet((ws) =>
    ws.eachRow((row) =>
      row.eachCell({ includeEmpty: true }, (cell) => {
        if (cell.value === null && Object.keys(cell.style ?? {}).length === 0) return;
        expect(cell.font?.name, `${ws.name}!${cell.address}`).toBe(FONT.name);
        expect(cell.font?.size, `${ws.name}!${cell.address}`).toBeGreaterThanOrEqual(10);
      }),
    ),
  );
  expect(wb.created.toISOString()).toBe("2026-01-01T00:00:00.000Z");
  expect(wb.modified.toISOString()).toBe("2026-01-01T00:00:00.000Z");
  expect(wb.calcProperties.fullCalcOnLoad).toBe(true);
  // No cached results: every formula is computed by the spreadsheet app on load.
  wb.eachSheet((ws) =>
    ws.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.type === ExcelJS.ValueType.Formula) expect(cell.result, `${ws.name}!${cell.address}`).toBeUndefined();
      }),
    ),
  );
}

/** Print setup of a sheet: fit to one page wide, as many tall as needed. */
function fitsOneWide(ws: ExcelJS.Worksheet, orientation: "portrait" | "landscape") {
  expect(ws.pageSetup).toMatchObject({ orientation, fitToPage: true, fitToWidth: 1, fitToHeight: 0 });
}
/** Columns A..last (1-based) of a print area "A$1:O$125" (the "$" keeps exceljs's rows absolute). */
function printColumns(ws: ExcelJS.Worksheet): number {
  const m = /^A\$1:([A-Z]+)\$(\d+)$/.exec(ws.pageSetup.printArea ?? "");
  if (!m) throw new Error(`${ws.name}: no print area A$1:X$n (${ws.pageSetup.printArea})`);
  return m[1]!.split("").reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
}

function printableChecks(html: string, headers: string[], excluded: string[] = []) {
  expect(html).not.toMatch(/<(html|head|style|body)\b/i);
  expect(html).toContain('class="doc-header"');
  expect(html).toContain('class="brand">Fresh Start Money');
  const thead = html.match(/<thead>([\s\S]*?)<\/thead>/)?.[1] ?? "";
  for (const h of headers) expect(thead).toContain(h.replace(/&/g, "&amp;"));
  for (const h of excluded) expect(thead).not.toContain(h);
}

describe("recalculate", () => {
  it("names the package to install when LibreOffice is missing", async () => {
    const saved = process.env.SOFFICE_PATH;
    process.env.SOFFICE_PATH = "/nonexistent/soffice";
    try {
      await expect(recalculate(await budget.build())).rejects.toThrow("apt-get install libreoffice-calc-nogui");
    } finally {
      if (saved === undefined) delete process.env.SOFFICE_PATH;
      else process.env.SOFFICE_PATH = saved;
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Debt payoff

type Debt = { balance: number; apr: number; minimum: number };

function setDebts(wb: ExcelJS.Workbook, rows: (Partial<Debt> & { name?: string })[], extra: number) {
  const ws = sheet(wb, "My debts");
  for (let i = 0; i < debt.MAX_DEBTS; i++) {
    const r = 5 + i;
    const d = rows[i];
    ws.getCell(`A${r}`).value = d?.name ?? null;
    ws.getCell(`B${r}`).value = d?.balance ?? null;
    ws.getCell(`C${r}`).value = d?.apr ?? null;
    ws.getCell(`D${r}`).value = d?.minimum ?? null;
  }
  ws.getCell(debt.CELLS.extra).value = extra;
}

function compareResults(wb: ExcelJS.Workbook) {
  const c = sheet(wb, "Compare");
  const perDebt = (column: string) => Array.from({ length: debt.MAX_DEBTS }, (_, i) => val(c, `${column}${debt.COMPARE.firstDebtRow + i}`));
  return {
    snowball: {
      months: val(c, `B${debt.COMPARE.months}`),
      interest: num(c, `B${debt.COMPARE.interest}`),
      paid: num(c, `B${debt.COMPARE.paid}`),
      debtFree: val(c, `B${debt.COMPARE.debtFree}`),
      order: perDebt("D"),
      paidOff: perDebt("E"),
    },
    avalanche: {
      months: val(c, `C${debt.COMPARE.months}`),
      interest: num(c, `C${debt.COMPARE.interest}`),
      paid: num(c, `C${debt.COMPARE.paid}`),
      debtFree: val(c, `C${debt.COMPARE.debtFree}`),
      order: perDebt("F"),
      paidOff: perDebt("G"),
    },
    difference: val(c, `B${debt.COMPARE.difference}`),
    verdict: val(c, `B${debt.COMPARE.verdict}`),
    names: perDebt("A"),
  };
}

/**
 * The site's debt tool (app/lib/tools/debt-payoff.ts) on the same debts gives every number the
 * recalculated workbook shows, to the cent: months, debt-free month, interest, total paid, order,
 * the month each debt is paid off, and each month's payments, interest and balances. `rows` are
 * the "My debts" rows (0-based) of `debts`, in order.
 */
function expectSameAsTool(wb: ExcelJS.Workbook, debts: tool.Debt[], extra: number, rows: number[]) {
  const r = compareResults(wb);
  const start = sheet(wb, "My debts").getCell(debt.CELLS.start).value as Date;
  const web = tool.computeDebtPayoff({ debts, extra }, { year: start.getUTCFullYear(), month: start.getUTCMonth() + 1 });
  for (const method of debt.METHODS) {
    const plan = method.sheet === "Snowball" ? web.snowball : web.avalanche;
    const book = method.sheet === "Snowball" ? r.snowball : r.avalanche;
    expect(book.months).toBe(plan.finished ? plan.months : "More than 30 years");
    if (plan.debtFreeMonth) sameDay(book.debtFree, plan.debtFreeMonth.year, plan.debtFreeMonth.month, 1);
    else expect(book.debtFree).toBe("");
    expect(book.interest).toBeCloseTo(plan.totalInterest, 2);
    expect(book.paid).toBeCloseTo(plan.totalPaid, 2);
    rows.forEach((row, i) => {
      expect(book.order[row], `${method.sheet} order of row ${row}`).toBe(plan.order.indexOf(i) + 1);
      expect(book.paidOff[row], `${method.sheet} payoff month of row ${row}`).toBe(plan.paidOffMonth[i] ?? "Not within 30 years");
    });
    // Month by month: the plan sheets' columns are the debts in payoff order.
    const ws = sheet(wb, method.sheet);
    const L = debt.colLetter;
    for (const m of plan.schedule) {
      const row = debt.PLAN.firstMonthRow + m.month - 1;
      const at = (col: number) => num(ws, `${L(col)}${row}`);
      const where = `${method.sheet} month ${m.month}`;
      expect(at(debt.PLAN.paid), where).toBeCloseTo(m.totalPaid, 2);
      expect(at(debt.PLAN.interest), where).toBeCloseTo(m.totalInterest, 2);
      expect(at(debt.PLAN.balance), where).toBeCloseTo(m.totalBalance, 2);
      plan.order.forEach((d, k) => {
        expect(at(debt.PLAN.payment(k + 1)), where).toBeCloseTo(m.payments[d]!, 2);
        expect(at(debt.PLAN.interestOf(k + 1)), where).toBeCloseTo(m.interest[d]!, 2);
        expect(at(debt.PLAN.left(k + 1)), where).toBeCloseTo(m.balances[d]!, 2);
      });
    }
    if (plan.finished && plan.months! < debt.MAX_MONTHS) {
      expect(num(ws, `${L(debt.PLAN.balance)}${debt.PLAN.firstMonthRow + plan.months!}`)).toBe(0);
    }
  }
  if (typeof r.difference === "number") expect(r.difference).toBeCloseTo(web.interestDifference, 2);
  return web;
}

describe("debt payoff calculator", () => {
  it("shares its limits with the site's debt tool", () => {
    // The tool cannot import the workbook module (exceljs would follow it into the browser).
    expect(tool.MAX_DEBTS).toBe(debt.MAX_DEBTS);
    expect(tool.MAX_MONTHS).toBe(debt.MAX_MONTHS);
  });

  it("has the expected sheets, hygiene and the article's example as input", async () => {
    const wb = await debt.build();
    expect(wb.worksheets.map((w) => w.name)).toEqual(["Start here", "My debts", "Compare", "Snowball", "Avalanche"]);
    hygiene(wb);
    const ws = sheet(wb, "My debts");
    expect(ws.getCell("A5").value).toBe("Medical bill");
    expect(ws.getCell(debt.CELLS.extra).value).toBe(150);
    // A fixed start month (reproducible builds), still ahead when the toolkit is bought.
    expect((ws.getCell(debt.CELLS.start).value as Date).toISOString()).toBe("2027-01-01T00:00:00.000Z");
    // Input cells light yellow; no sheet protection.
    expect((ws.getCell("B5").fill as ExcelJS.FillPattern).fgColor?.argb).toBe("FFFFF2CC");
    for (const w of wb.worksheets) expect((w as unknown as { sheetProtection?: unknown }).sheetProtection ?? null).toBeNull();
    expect(sheet(wb, "Snowball").views[0]).toMatchObject({ state: "frozen", ySplit: 4 });
  });

  it("plan sheets print the payments for the first 10 years, readable: landscape, one page wide", async () => {
    const wb = await debt.build();
    for (const m of debt.METHODS) {
      const ws = sheet(wb, m.sheet);
      fitsOneWide(ws, "landscape");
      expect(ws.pageSetup.printArea).toBe(`A$1:O$${debt.PLAN.firstMonthRow + 119}`);
      expect(printColumns(ws)).toBe(debt.PLAN.payment(debt.MAX_DEBTS)); // Month # .. last debt's payment
      expect(ws.pageSetup.printTitlesRow).toBe("3:4");
      // 15 columns on 10.3 in of landscape Letter: at most ~155 width units keeps 11 pt text at
      // 8 pt or more (about 9 pt with Calibri).
      let width = 0;
      for (let c = 1; c <= printColumns(ws); c++) width += ws.getColumn(c).width ?? 9;
      expect(width).toBeLessThanOrEqual(160);
      // The details blocks are hidden and outside the print area.
      expect(ws.getColumn(debt.PLAN.interestOf(1)).hidden).toBe(true);
    }
  });

  const article = recalculatedLater(() => debt.build());
  it("reproduces the article: snowball 22 months / about $1,610, avalanche 21 months / about $1,330", () => {
    const wb = article();
    expect(errors(wb)).toEqual([]);
    const r = compareResults(wb);
    // Exact numbers of the model (cent-rounded interest on the month's starting balance).
    expect(r.snowball.months).toBe(22);
    expect(r.avalanche.months).toBe(21);
    expect(Math.abs(r.snowball.interest - 1610)).toBeLessThan(20);
    expect(Math.abs(r.avalanche.interest - 1330)).toBeLessThan(20);
    expect(r.snowball.interest).toBeCloseTo(1610.1, 2);
    expect(r.avalanche.interest).toBeCloseTo(1332.63, 2);
    expect(r.snowball.paid).toBeCloseTo(7500 + r.snowball.interest, 2);
    expect(r.avalanche.paid).toBeCloseTo(7500 + r.avalanche.interest, 2);
    expect(r.difference as number).toBeCloseTo(r.snowball.interest - r.avalanche.interest, 2);
    expect(r.verdict).toContain("avalanche saves about $277");
    sameDay(r.snowball.debtFree, 2028, 10, 1); // month 22 from January 2027
    sameDay(r.avalanche.debtFree, 2028, 9, 1); // month 21
    // Order (1 = gets the extra first) and the month each debt is paid off.
    expect(r.names.slice(0, 4)).toEqual(["Medical bill", "Personal loan", "Credit card", ""]);
    expect(r.snowball.order.slice(0, 4)).toEqual([1, 2, 3, ""]);
    expect(r.avalanche.order.slice(0, 4)).toEqual([3, 2, 1, ""]);
    expect(r.snowball.paidOff.slice(0, 4)).toEqual([3, 10, 22, ""]);
    // Avalanche: the medical bill is paid off first (month 10) through its minimums alone,
    // then the card (19), then the loan (21).
    expect(r.avalanche.paidOff.slice(0, 4)).toEqual([10, 21, 19, ""]);
    const c = sheet(wb, "Compare");
    expect(val(c, `B${debt.COMPARE.order}`)).toBe("1. Medical bill, 2. Personal loan, 3. Credit card");
    expect(val(c, `C${debt.COMPARE.order}`)).toBe("1. Credit card, 2. Personal loan, 3. Medical bill");
    expect(val(c, `B${debt.COMPARE.firstPaidOff}`)).toBe(3);
    expect(val(c, `C${debt.COMPARE.firstPaidOff}`)).toBe(10);

    // Month 1 of the snowball: $50 + all $150 extra to the medical bill; $425 in total.
    const s = sheet(wb, "Snowball");
    const m1 = debt.PLAN.firstMonthRow;
    const L = debt.colLetter;
    expect(num(s, `${L(debt.PLAN.payment(1))}${m1}`)).toBe(200);
    expect(num(s, `${L(debt.PLAN.payment(2))}${m1}`)).toBe(75);
    expect(num(s, `${L(debt.PLAN.payment(3))}${m1}`)).toBe(150);
    expect(num(s, `${L(debt.PLAN.paid)}${m1}`)).toBe(425);
    expect(num(s, `${L(debt.PLAN.interest)}${m1}`)).toBeCloseTo(116.67, 2); // 2000×10%/12 + 5000×24%/12
    expect(num(s, `${L(debt.PLAN.left(1))}${m1}`)).toBe(300);

    // The same as the site's debt tool, month by month.
    const web = expectSameAsTool(wb, debt.EXAMPLE_DEBTS, debt.EXAMPLE_EXTRA, [0, 1, 2]);
    expect([web.snowball.months, web.avalanche.months]).toEqual([22, 21]);
    expect(web.snowball.paidOffMonth).toEqual([3, 10, 22]);
    expect(web.avalanche.paidOffMonth).toEqual([10, 21, 19]);
  });

  const noExtra = recalculatedLater(async () => {
    const wb = await debt.build();
    sheet(wb, "My debts").getCell(debt.CELLS.extra).value = 0;
    return wb;
  });
  it("recomputes when an input changes (no extra payment: later and more interest)", () => {
    const out = noExtra();
    const r = compareResults(out);
    expectSameAsTool(out, debt.EXAMPLE_DEBTS, 0, [0, 1, 2]);
    expect(r.snowball.months as number).toBeGreaterThan(22);
    expect(r.snowball.interest).toBeGreaterThan(1700);
  });

  const rows = [
    { name: "Store card", balance: 1200, apr: 27.99, minimum: 40 },
    {}, // empty row in the middle
    { name: "Car loan", balance: 9000, apr: 6.5, minimum: 260 },
    { name: "", balance: 800, apr: 19.9, minimum: 25 }, // no name
    { name: "Old phone bill", balance: 800, apr: 0, minimum: 30 }, // same balance as the row above
    { name: "Visa", balance: 3400, apr: 27.99, minimum: 95 }, // same APR as the store card
    { name: "Name only" }, // no balance: ignored
  ];
  const reordered = recalculatedLater(async () => {
    const wb = await debt.build();
    setDebts(wb, rows, 100);
    return wb;
  });
  it("re-orders from the inputs, ignores empty rows and breaks ties by row", () => {
    const out = reordered();
    expect(errors(out)).toEqual([]);
    const r = compareResults(out);
    expect(r.names.slice(0, 7)).toEqual(["Store card", "", "Car loan", "(no name)", "Old phone bill", "Visa", ""]);
    expect(r.snowball.order.slice(0, 7)).toEqual([3, "", 5, 1, 2, 4, ""]);
    expect(r.avalanche.order.slice(0, 7)).toEqual([1, "", 4, 3, 5, 2, ""]);
    // The tool orders them the same way (ranks above: snowball 3, 5, 1, 2, 4; avalanche 1, 4, 3, 5, 2).
    const debts = [rows[0], rows[2], rows[3], rows[4], rows[5]] as tool.Debt[];
    const web = expectSameAsTool(out, debts, 100, [0, 2, 3, 4, 5]);
    expect(web.snowball.order).toEqual([2, 3, 0, 4, 1]);
    expect(web.avalanche.order).toEqual([0, 4, 2, 1, 3]);
    expect(sheet(out, "My debts").getCell(debt.CELLS.minimums).result).toBe(450); // "Name only" not counted
  });

  const noDebts = recalculatedLater(async () => {
    const wb = await debt.build();
    setDebts(wb, [], 0);
    return wb;
  });
  const overThirtyYears = recalculatedLater(async () => {
    const wb = await debt.build();
    setDebts(wb, [{ name: "Card", balance: 10000, apr: 24, minimum: 150 }], 0);
    return wb;
  });
  it("shows clean blanks with no debts, and says so when a plan takes over 30 years", () => {
    const e = noDebts();
    expect(errors(e)).toEqual([]);
    const r = compareResults(e);
    expect(r.snowball.months).toBe("");
    expect(r.snowball.interest).toBe(0);
    expect(r.verdict).toBe("Enter your debts on the My debts sheet.");

    const slowOut = overThirtyYears();
    const s = compareResults(slowOut);
    expect(s.snowball.months).toBe("More than 30 years");
    expect(s.snowball.paidOff[0]).toBe("Not within 30 years");
    expect(s.snowball.debtFree).toBe("");
    // The tool stops at the same 360 months and says so; the 30 years' interest agrees to the cent.
    const web = expectSameAsTool(slowOut, [{ name: "Card", balance: 10000, apr: 24, minimum: 150 }], 0, [0]);
    expect(web.snowball.finished).toBe(false);
    expect(web.snowball.schedule).toHaveLength(debt.MAX_MONTHS);
  });
});

// ---------------------------------------------------------------------------------------------
// Budget

describe("budget planner", () => {
  it("has the expected sheets and hygiene", async () => {
    const wb = await budget.build();
    expect(wb.worksheets.map((w) => w.name)).toEqual(["Start here", "Monthly budget", "12 months"]);
    hygiene(wb);
    const ws = sheet(wb, "Monthly budget");
    expect(String(ws.getCell("A2").value)).toContain("Example: replace with your numbers");
    // Each group's heading row says which way a plus goes, over its differences.
    const L = budget.LAYOUT;
    expect(ws.getCell(`D${L.incomeSection}`).value).toBe("+ means earned more");
    budget.GROUPS.forEach((g, i) => {
      expect(ws.getCell(`D${L.groups[i]!.section}`).value).toBe(g.key === "savings" ? "+ means saved more" : "+ means under budget");
    });
    // Everything prints from columns A-D, portrait at full width (no 7-column block to shrink it).
    fitsOneWide(ws, "portrait");
    expect(printColumns(ws)).toBe(4);
    expect(ws.pageSetup.printArea).toBe(`A$1:D$${L.actualTotal}`);
    let used = 0;
    ws.eachRow((row) => row.eachCell((cell) => (used = Math.max(used, Number(cell.col)))));
    expect(used).toBe(4);
    // "How you're doing" stands apart from the share of income just left of it.
    expect(ws.getCell(`D${L.actual.needs}`).alignment).toMatchObject({ horizontal: "left", indent: 1 });
  });

  const budgetExample = recalculatedLater(() => budget.build());
  // Changed inputs: rent +250 planned, income 3,500, needs 60%.
  const budgetEdited = recalculatedLater(async () => {
    const edited = await budget.build();
    const e = sheet(edited, "Monthly budget");
    const L = budget.LAYOUT;
    e.getCell(`B${L.groups[0]!.rows[0]!}`).value = 1200;
    e.getCell(`B${L.incomeRows[0]}`).value = 3500;
    e.getCell(`B${L.split.needs}`).value = 60;
    return edited;
  });
  it("totals, what is left and the 50/30/20 targets are computed, and follow the inputs", () => {
    const out = budgetExample();
    expect(errors(out)).toEqual([]);
    const ws = sheet(out, "Monthly budget");
    const L = budget.LAYOUT;
    for (const col of ["B", "C"] as const) {
      const income = L.incomeRows.reduce((s, r) => s + (Number(val(ws, `${col}${r}`)) || 0), 0);
      expect(num(ws, `${col}${L.incomeTotal}`)).toBeCloseTo(income, 2);
      let all = 0;
      for (const g of L.groups) {
        const sum = g.rows.reduce((s, r) => s + (Number(val(ws, `${col}${r}`)) || 0), 0);
        expect(num(ws, `${col}${g.total}`)).toBeCloseTo(sum, 2);
        all += num(ws, `${col}${g.total}`);
      }
      expect(num(ws, `${col}${L.grandTotal}`)).toBeCloseTo(all, 2);
      expect(num(ws, `${col}${L.left}`)).toBeCloseTo(income - all, 2);
    }
    // The example household, by its definition.
    const planned = (key: string) => budget.GROUPS.find((g) => g.key === key)!.lines.reduce((s, l) => s + (l.planned ?? 0), 0);
    expect(num(ws, `B${L.groups[0]!.total}`)).toBeCloseTo(planned("needs"), 2);
    expect(num(ws, `B${L.incomeTotal}`)).toBe(3200);
    expect(num(ws, `B${L.left}`)).toBeCloseTo(3200 - planned("needs") - planned("wants") - planned("savings"), 2);
    // Differences (a plus is good news): planned − actual for spending, actual − planned for
    // income and for savings.
    const utilities = L.groups[0]!.rows[1]!;
    expect(num(ws, `D${utilities}`)).toBeCloseTo(num(ws, `B${utilities}`) - num(ws, `C${utilities}`), 2);
    expect(num(ws, `D${utilities}`)).toBeCloseTo(-12.4, 2); // $12.40 over budget
    const pay = L.incomeRows[0]!;
    expect(num(ws, `D${pay}`)).toBeCloseTo(num(ws, `C${pay}`) - num(ws, `B${pay}`), 2);
    const savings = L.groups[budget.GROUPS.findIndex((g) => g.key === "savings")]!;
    const otherSavings = savings.rows[2]!; // planned $50, saved $0
    expect(num(ws, `B${otherSavings}`)).toBe(50);
    expect(num(ws, `C${otherSavings}`)).toBe(0);
    expect(num(ws, `D${otherSavings}`)).toBeCloseTo(-50, 2); // saved $50 less: minus
    expect(num(ws, `D${savings.total}`)).toBeCloseTo(num(ws, `C${savings.total}`) - num(ws, `B${savings.total}`), 2);
    expect(num(ws, `D${savings.total}`)).toBeCloseTo(-50, 2);
    const wants = L.groups[1]!;
    expect(num(ws, `D${wants.total}`)).toBeCloseTo(num(ws, `B${wants.total}`) - num(ws, `C${wants.total}`), 2);
    // 50/30/20: targets = planned income × %; actual share = actual group ÷ actual income.
    for (const g of budget.GROUPS) {
      const r = L.split[g.key];
      const a = L.actual[g.key];
      const gi = budget.GROUPS.indexOf(g);
      expect(val(ws, `A${r}`)).toBe(g.title);
      expect(num(ws, `B${r}`)).toBe(g.target);
      expect(num(ws, `C${r}`)).toBeCloseTo((3200 * g.target) / 100, 2);
      expect(num(ws, `D${r}`)).toBeCloseTo(num(ws, `B${L.groups[gi]!.total}`), 2);
      expect(val(ws, `A${a}`)).toBe(g.title);
      expect(num(ws, `B${a}`)).toBeCloseTo(num(ws, `C${L.groups[gi]!.total}`), 2);
      expect(num(ws, `C${a}`)).toBeCloseTo(num(ws, `C${L.groups[gi]!.total}`) / num(ws, `C${L.incomeTotal}`), 6);
    }
    expect(num(ws, `B${L.splitTotal}`)).toBe(100);
    expect(val(ws, `A${L.splitCheck}`)).toBe("");
    expect(num(ws, `B${L.actualTotal}`)).toBeCloseTo(num(ws, `C${L.grandTotal}`), 2);
    // The example's actual needs are over 50% of its $3,200 income; wants and savings are under.
    expect(val(ws, `D${L.actual.needs}`)).toMatch(/^Over target by \$\d/);
    expect(val(ws, `D${L.actual.wants}`)).toBe("Within target");
    expect(val(ws, `D${L.actual.savings}`)).toMatch(/^Under target by \$/);

    // The changed inputs (budgetEdited): rent +250 planned, income 3,500, needs 60%.
    const ws2 = sheet(budgetEdited(), "Monthly budget");
    expect(num(ws2, `B${L.groups[0]!.total}`)).toBeCloseTo(num(ws, `B${L.groups[0]!.total}`) + 250, 2);
    expect(num(ws2, `B${L.grandTotal}`)).toBeCloseTo(num(ws, `B${L.grandTotal}`) + 250, 2);
    expect(num(ws2, `B${L.left}`)).toBeCloseTo(num(ws, `B${L.left}`) + 300 - 250, 2);
    expect(num(ws2, `C${L.split.needs}`)).toBeCloseTo(3500 * 0.6, 2);
    expect(val(ws2, `A${L.splitCheck}`)).toBe("Your percentages add up to 110%: make them add up to 100%.");
  });

  const M = budget.MONTHS_SHEET;
  const twelveMonths = recalculatedLater(async () => {
    const wb = await budget.build();
    const ws = sheet(wb, "12 months");
    ws.getCell(`B${M.first}`).value = 3200;
    ws.getCell(`C${M.first}`).value = 2500;
    ws.getCell(`D${M.first}`).value = 350;
    ws.getCell(`B${M.first + 1}`).value = 3000;
    ws.getCell(`C${M.first + 1}`).value = 2900;
    return wb;
  });
  it("12 months: what is left and totals per month", () => {
    const out = sheet(twelveMonths(), "12 months");
    expect(num(out, `E${M.first}`)).toBeCloseTo(350, 2);
    expect(num(out, `E${M.first + 1}`)).toBeCloseTo(100, 2);
    expect(val(out, `E${M.first + 2}`)).toBe("");
    expect(num(out, `B${M.total}`)).toBe(6200);
    expect(num(out, `E${M.total}`)).toBeCloseTo(450, 2);
    expect(num(out, `B${M.average}`)).toBe(3100);
  });

  it("printable uses the workbook's columns and categories", () => {
    const html = budget.printableHtml();
    printableChecks(
      html,
      budget.BUDGET_COLUMNS.map((c) => c.header),
    );
    for (const g of budget.GROUPS) for (const l of g.lines) expect(html).toContain(l.label.replace(/&/g, "&amp;"));
    expect(html).toContain('class="tasks"');
    // How Difference is figured, on each group's heading row.
    const savings = budget.GROUPS.find((g) => g.key === "savings")!;
    expect(html).toMatch(new RegExp(`${savings.title.replace(/&/g, "&amp;")}</th><th[^>]*>Actual − Planned</th>`));
    expect(html).toMatch(/Needs<\/th><th[^>]*>Planned − Actual<\/th>/);
  });
});

// ---------------------------------------------------------------------------------------------
// Score tracker

describe("credit score tracker", () => {
  it("has the expected sheets, hygiene and 24 rows of formulas ready", async () => {
    const wb = await scores.build();
    expect(wb.worksheets.map((w) => w.name)).toEqual(["Start here", "Score log"]);
    hygiene(wb);
    const ws = sheet(wb, scores.LOG.sheet);
    const last = scores.LOG.first + scores.LOG.rows - 1;
    expect(ws.getCell(`${scores.col("utilization")}${last}`).type).toBe(ExcelJS.ValueType.Formula);
    expect(ws.getCell(`${scores.col("change")}${last}`).type).toBe(ExcelJS.ValueType.Formula);
    expect(ws.getCell(`${scores.col("utilization")}${last + 1}`).type).not.toBe(ExcelJS.ValueType.Formula);
    // Utilization above 30%: an orange warning with dark text, not the input cells' yellow.
    type Rule = { formulae: string[]; style: { fill: { bgColor: { argb: string } }; font?: { color?: { argb: string } } } };
    const cf = (ws as unknown as { conditionalFormattings: { rules: Rule[] }[] }).conditionalFormattings;
    const high = cf.flatMap((c) => c.rules).find((r) => r.formulae[0]!.includes(">0.3"))!;
    const input = (ws.getCell(`${scores.col("score")}${scores.LOG.first}`).fill as ExcelJS.FillPattern).fgColor!.argb!;
    expect(high.style.fill.bgColor.argb).not.toBe(input);
    const rgb = (argb: string) => [2, 4, 6].map((i) => parseInt(argb.slice(i, i + 2), 16));
    const [r, g, b] = rgb(high.style.fill.bgColor.argb);
    expect(r! - b!).toBeGreaterThan(100); // orange/red, not yellow
    expect(g!).toBeLessThan(200);
    const luminance = (argb: string) => {
      const [lr, lg, lb] = rgb(argb).map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
    };
    const contrast = (luminance(high.style.fill.bgColor.argb) + 0.05) / (luminance(high.style.font!.color!.argb) + 0.05);
    expect(contrast).toBeGreaterThanOrEqual(4.5); // WCAG AA
  });

  const f = scores.LOG.first;
  const scoreLog = recalculatedLater(async () => {
    const wb = await scores.build();
    const ws = sheet(wb, scores.LOG.sheet);
    type Row = [Date, string, string, string, number | null, number | null, number | null];
    const rows: Row[] = [
      [utc(2026, 1, 5), "Credit Karma", "VantageScore 3.0", "TransUnion", 640, 1500, 5000],
      [utc(2026, 1, 5), "Card issuer", "FICO 8", "Experian", 655, 1500, 0],
      [utc(2026, 2, 5), "Credit Karma", "VantageScore 3.0", "TransUnion", 652, 1200, 5000],
      [utc(2026, 2, 6), "Card issuer", "FICO 8", "Equifax", 660, 400, 8000],
      [utc(2026, 3, 1), "Card issuer", "FICO 8", "Experian", 650, null, null],
      [utc(2026, 1, 20), "Credit Karma", "VantageScore 3.0", "TransUnion", 645, 900, 5000], // added late, out of order
      [utc(2026, 3, 2), "Bank app", "FICO 8", "Experian", null, 0, 2000], // no score
    ];
    rows.forEach((row, i) => {
      const r = f + i;
      const keys = ["date", "source", "model", "bureau", "score", "balances", "limits"] as const;
      keys.forEach((key, j) => {
        ws.getCell(`${scores.col(key)}${r}`).value = row[j] ?? null;
      });
    });
    return wb;
  });
  it("computes utilization and the change since the last check of the same bureau and model", () => {
    const out = sheet(scoreLog(), scores.LOG.sheet);
    const change = (i: number) => val(out, `${scores.col("change")}${f + i}`);
    const util = (i: number) => val(out, `${scores.col("utilization")}${f + i}`);
    expect(change(0)).toBe(""); // first TransUnion VantageScore check
    expect(change(1)).toBe(""); // first Experian FICO 8 check
    expect(change(2)).toBe(7); // Feb 5 (652) vs Jan 20 (645), the latest earlier check
    expect(change(3)).toBe(""); // Equifax: another bureau
    expect(change(4)).toBe(-5); // Mar 1 Experian FICO 8 (650) vs Jan 5 (655)
    expect(change(5)).toBe(5); // Jan 20 (645) vs Jan 5 (640)
    expect(change(6)).toBe(""); // no score
    expect(change(7)).toBe(""); // empty row
    expect(util(0)).toBeCloseTo(0.3, 6);
    expect(util(1)).toBe(""); // no limit
    expect(util(2)).toBeCloseTo(0.24, 6);
    expect(util(3)).toBeCloseTo(0.05, 6);
    expect(util(4)).toBe("");
    expect(util(6)).toBe(0);
    expect(errors(out.workbook)).toEqual([]);
  });

  it("printable: the log's printable columns, FICO weights and utilization guidance with sources", () => {
    const html = scores.printableHtml();
    printableChecks(
      html,
      scores.SCORE_COLUMNS.filter((c) => c.printable).map((c) => c.header),
      scores.SCORE_COLUMNS.filter((c) => !c.printable).map((c) => c.header),
    );
    expect(html).toContain('<table class="log" style="table-layout:fixed">');
    const widths = scores.SCORE_COLUMNS.filter((c) => c.printable).map((c) => c.printWidth ?? 0);
    expect(widths.every((w) => w >= 9)).toBe(true);
    expect(widths.reduce((s, w) => s + w, 0)).toBe(100);
    for (const text of [
      "Payment history</strong>: 35%",
      "Amounts owed</strong>: 30%",
      "15%",
      "New credit</strong>: 10%",
      "Credit mix</strong>: 10%",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain("https://www.myfico.com/credit-education/whats-in-your-credit-score");
    expect(html).toContain("lower utilization is better; 30% is a common ceiling rule of thumb, under 10% common guidance");
    expect(html).toContain("https://www.consumerfinance.gov/ask-cfpb/how-do-i-get-and-keep-a-good-credit-score-en-318/");
  });
});

// ---------------------------------------------------------------------------------------------
// Dispute tracker

describe("dispute tracker", () => {
  it("has the expected sheets, hygiene, lists and 30 rows ready", async () => {
    const wb = await disputes.build();
    expect(wb.worksheets.map((w) => w.name)).toEqual(["Start here", "Disputes"]);
    hygiene(wb);
    const ws = sheet(wb, disputes.LOG.sheet);
    expect(disputes.SENT_TO).toContain("Other");
    expect(disputes.METHODS).toEqual(["Certified mail", "Online", "Phone"]);
    expect(disputes.RESULTS).toEqual(["Corrected", "Deleted", "Verified", "No answer", "Other"]);
    expect(disputes.KINDS).toEqual(["Dispute", "How verified", "Debt validation", "Other"]);
    expect(disputes.DUE_RULES.map((d) => d.kind)).toEqual(disputes.KINDS);
    const last = disputes.LOG.first + disputes.LOG.rows - 1;
    expect(ws.getCell(`${disputes.col("status")}${last}`).type).toBe(ExcelJS.ValueType.Formula);
    expect(ws.getCell(disputes.LOG.asOf).value).toEqual({ formula: "TODAY()" });
    const start = JSON.stringify(sheet(wb, "Start here").getSheetValues());
    for (const cite of [
      "1681i(a)(1)(A)",
      "1681i(a)(1)(B)",
      "1681j(a)(3)",
      "1681i(a)(6)",
      "1681i(a)(7)",
      "1022.43(e)",
      "1692g(a)-(b)",
      "1006.34(b)(5)",
      "1006.38",
    ]) {
      expect(start).toContain(cite);
    }
    // The three deadlines a buyer tracks besides the 30 days: the extension to 45, the 15 days for
    // how an item was verified, and the collector's validation period.
    expect(start).toContain("Up to 15 more days (45 in all) only if you send more relevant information during those 30 days");
    expect(start).toContain("within 15 days of receiving your request");
    expect(start).toContain("within the validation period, which ends 30 days after you receive the collector's validation notice");
    for (const d of disputes.DUE_RULES) expect(start).toContain(d.rule.replace(/"/g, '\\"'));
  });

  const f = disputes.LOG.first;
  const c = disputes.col;
  /** The dispute log filled in, as of `asOf`. */
  const disputeLog = async (asOf: Date) => {
    const wb = await disputes.build();
    const ws = sheet(wb, disputes.LOG.sheet);
    const set = (i: number, values: Partial<Record<Parameters<typeof c>[0], ExcelJS.CellValue>>) => {
      for (const [key, value] of Object.entries(values)) ws.getCell(`${c(key as Parameters<typeof c>[0])}${f + i}`).value = value;
    };
    set(0, {
      sent: utc(2026, 1, 2),
      sentTo: "Equifax",
      method: "Certified mail",
      item: "ABC Bank late payment",
      account: "1234",
      received: utc(2026, 1, 6),
    });
    set(1, { sent: utc(2026, 2, 5), sentTo: "Experian", method: "Certified mail", item: "Wrong balance", received: utc(2026, 2, 10) });
    set(2, {
      sent: utc(2026, 1, 5),
      sentTo: "TransUnion",
      method: "Online",
      item: "Not my account",
      received: utc(2026, 1, 10),
      results: utc(2026, 2, 1),
      result: "Deleted",
    });
    set(3, { sent: utc(2026, 2, 20), sentTo: "Debt collector", method: "Certified mail", item: "Validation request" });
    set(5, {
      sent: utc(2026, 1, 26),
      sentTo: "Lender or card issuer",
      method: "Certified mail",
      item: "Limit reported wrong",
      received: utc(2026, 1, 30),
    });
    set(6, {
      sent: utc(2026, 1, 2),
      sentTo: "Other",
      method: "Phone",
      item: "Old address",
      received: utc(2026, 1, 2),
      result: "No answer",
    });
    // How verified: 15 days. Received Feb 10, due Feb 25 (30 days would be Mar 12).
    set(7, {
      sent: utc(2026, 2, 6),
      sentTo: "Equifax",
      kind: "How verified",
      item: "How was ABC Bank verified?",
      received: utc(2026, 2, 10),
    });
    // A dispute extended to 45 days: received Jan 20, due Mar 6 (30 days would be Feb 19).
    set(8, {
      sent: utc(2026, 1, 16),
      sentTo: "Experian",
      kind: "Dispute",
      item: "Late payment",
      received: utc(2026, 1, 20),
      extended: "Yes",
    });
    // Debt validation: the due date is the validation end date; no overdue, whatever the date.
    set(9, {
      sent: utc(2026, 2, 5),
      sentTo: "Debt collector",
      kind: "Debt validation",
      item: "XYZ Collections",
      received: utc(2026, 2, 10),
      validationEnd: utc(2026, 2, 15),
    });
    set(10, {
      sent: utc(2026, 2, 14),
      sentTo: "Debt collector",
      kind: "Debt validation",
      item: "QRS Collections",
      received: utc(2026, 2, 18),
      validationEnd: utc(2026, 2, 15),
    });
    set(11, {
      sent: utc(2026, 2, 14),
      sentTo: "Debt collector",
      kind: "Debt validation",
      item: "No notice date yet",
      received: utc(2026, 2, 18),
    });
    // Other (a goodwill letter): no deadline.
    set(12, {
      sent: utc(2026, 1, 2),
      sentTo: "Lender or card issuer",
      kind: "Other",
      item: "Goodwill request",
      received: utc(2026, 1, 5),
    });
    ws.getCell(disputes.LOG.asOf).value = asOf;
    return wb;
  };
  const asOfMarch1 = recalculatedLater(() => disputeLog(utc(2026, 3, 1)));
  const asOfMarch2 = recalculatedLater(() => disputeLog(utc(2026, 3, 2)));
  it("computes deadlines, days taken and the status against the as-of date", () => {
    const out = sheet(asOfMarch1(), disputes.LOG.sheet);
    const get = (i: number, key: Parameters<typeof c>[0]) => val(out, `${c(key)}${f + i}`);
    sameDay(get(0, "due"), 2026, 2, 5);
    sameDay(get(0, "deadline45"), 2026, 2, 20);
    expect(get(0, "status")).toBe("Overdue: follow up");
    expect(get(0, "daysTaken")).toBe("");
    sameDay(get(1, "due"), 2026, 3, 12);
    expect(get(1, "status")).toBe("Waiting");
    expect(get(2, "daysTaken")).toBe(22);
    expect(get(2, "status")).toBe("Done: Deleted");
    expect(get(3, "due")).toBe("");
    expect(get(3, "status")).toBe("Add the date they received it");
    expect(get(4, "status")).toBe(""); // empty row
    expect(get(4, "due")).toBe("");
    sameDay(get(5, "due"), 2026, 3, 1);
    expect(get(5, "status")).toBe("Waiting"); // the deadline day itself is not past it
    expect(get(6, "status")).toBe("Overdue: follow up"); // "No answer" and past the deadline
    expect(get(0, "account")).toBe("1234");
    sameDay(get(7, "due"), 2026, 2, 25);
    expect(get(7, "deadline45")).toBe("");
    expect(get(7, "status")).toBe("Overdue: follow up");
    sameDay(get(8, "due"), 2026, 3, 6);
    sameDay(get(8, "deadline45"), 2026, 3, 6);
    expect(get(8, "status")).toBe("Waiting");
    sameDay(get(9, "due"), 2026, 2, 15);
    expect(get(9, "deadline45")).toBe("");
    expect(get(9, "status")).toBe("Waiting: collection paused");
    expect(get(10, "status")).toBe("Reached them after the validation end date");
    expect(get(11, "due")).toBe("");
    expect(get(11, "status")).toBe("Add the validation end date");
    expect(get(12, "due")).toBe("");
    expect(get(12, "status")).toBe("Waiting");
    expect(errors(out.workbook)).toEqual([]);

    // One day later the row whose deadline is March 1 becomes overdue.
    const later = sheet(asOfMarch2(), disputes.LOG.sheet);
    expect(val(later, `${c("status")}${f + 5}`)).toBe("Overdue: follow up");
    expect(val(later, `${c("status")}${f + 1}`)).toBe("Waiting");
  });

  const asOfToday = recalculatedLater(() => disputes.build());
  it("the as-of date defaults to today", () => {
    const out = sheet(asOfToday(), disputes.LOG.sheet);
    const asOf = val(out, disputes.LOG.asOf) as Date;
    expect(asOf).toBeInstanceOf(Date);
    expect(Math.abs(asOf.getTime() - Date.now())).toBeLessThan(2 * 86_400_000);
  });

  it("printable: the printable columns and the deadlines with their sources", () => {
    const html = disputes.printableHtml();
    printableChecks(
      html,
      disputes.DISPUTE_COLUMNS.filter((c) => c.printable).map((c) => c.header),
      disputes.DISPUTE_COLUMNS.filter((c) => !c.printable).map((c) => c.header),
    );
    for (const d of disputes.DEADLINES) expect(html).toContain(d.cite.replace(/&/g, "&amp;"));
    expect(html).toContain('class="task"');
    // Room to write on portrait Letter: at most 7 columns, widths kept as given, none under 0.8 in
    // of the 7 in table.
    const cols = [...html.matchAll(/<col style="width:([\d.]+)%">/g)].map((m) => Number(m[1]));
    expect(cols.length).toBeLessThanOrEqual(7);
    expect(cols.length).toBe(disputes.DISPUTE_COLUMNS.filter((c) => c.printable).length);
    expect(cols.reduce((s, w) => s + w, 0)).toBe(100);
    for (const w of cols) expect((w / 100) * 7).toBeGreaterThanOrEqual(0.8);
    expect(html).toContain('<table class="log" style="table-layout:fixed">');
    expect(html).not.toMatch(/guarantee/i);
  });
});
