import { describe, expect, it } from "vitest";
import { formatMoney, formatPercent, readMoney, readNumber, readPercent, readWhole, roundMoney, toCents } from "./money";

const balance = { what: "the balance", example: "2500", min: 0, minExclusive: true, max: 10_000_000 };

describe("reading typed numbers", () => {
  it("reads numbers the way people type them", () => {
    const table: [string, number | null][] = [
      ["1234", 1234],
      ["1,234.56", 1234.56],
      ["$1,234.56", 1234.56],
      [" 12 ", 12],
      ["0.5", 0.5],
      [".5", 0.5],
      ["12.", 12],
      ["1,000,000", 1_000_000],
      ["-5", -5],
      ["-$5", -5],
      ["-0", 0],
      ["", null],
      ["$", null],
      ["abc", null],
      ["12abc", null],
      ["NaN", null],
      ["Infinity", null],
      ["1e5", null],
      ["0x10", null],
      ["1,2", null], // a European decimal or a typo: refused, not read as 12
      ["12,34.5", null],
      ["1.2.3", null],
      ["$$5", null],
      ["1".repeat(41), null], // over MAX_NUMBER_LENGTH
    ];
    for (const [text, expected] of table) expect(readNumber(text, { dollar: true }), JSON.stringify(text)).toBe(expected);
    expect(readNumber("$5")).toBeNull(); // "$" only where allowed
    expect(readNumber("24%", { percent: true })).toBe(24);
    expect(readNumber("24%")).toBeNull();
  });

  it("money: rounds to the cent and answers in plain language", () => {
    expect(readMoney("$1,234.565", balance)).toEqual({ ok: true, value: 1234.57 });
    expect(readMoney("1.005", balance)).toEqual({ ok: true, value: 1.01 });
    expect(readMoney("abc", balance)).toEqual({ ok: false, message: "Enter the balance as a number, like 2500." });
    expect(readMoney("Infinity", balance)).toEqual({ ok: false, message: "Enter the balance as a number, like 2500." });
    expect(readMoney("", balance)).toEqual({ ok: false, message: "Enter the balance." });
    expect(readMoney("  ", balance)).toEqual({ ok: false, message: "Enter the balance." });
    expect(readMoney("0", balance)).toEqual({ ok: false, message: "Enter an amount more than $0." });
    expect(readMoney("0.004", balance)).toEqual({ ok: false, message: "Enter an amount more than $0." }); // $0.00 once rounded
    expect(readMoney("10,000,000.01", balance)).toEqual({ ok: false, message: "Enter an amount up to $10,000,000." });
    expect(readMoney("99999999999999999999", balance)).toEqual({ ok: false, message: "Enter an amount up to $10,000,000." });
    expect(readMoney("10000000", balance)).toEqual({ ok: true, value: 10_000_000 });
    const extra = { what: "the extra payment", example: "150", min: 0, max: 1_000_000, blank: 0 };
    expect(readMoney("", extra)).toEqual({ ok: true, value: 0 });
    expect(readMoney("-1", extra)).toEqual({ ok: false, message: "Enter an amount of $0 or more." });
    expect(readMoney("0", extra)).toEqual({ ok: true, value: 0 });
  });

  it("percentages and whole numbers", () => {
    const apr = { what: "the interest rate", example: "24", min: 0, max: 100, decimals: 3 };
    expect(readPercent("24", apr)).toEqual({ ok: true, value: 24 });
    expect(readPercent("27.99%", apr)).toEqual({ ok: true, value: 27.99 });
    expect(readPercent("19.99951", apr)).toEqual({ ok: true, value: 20 });
    expect(readPercent("101", apr)).toEqual({ ok: false, message: "Enter a number from 0 to 100." });
    expect(readPercent("$24", apr)).toEqual({ ok: false, message: "Enter the interest rate as a number, like 24." });
    const months = { what: "the number of months", example: "3", min: 1, max: 24 };
    expect(readWhole("6", months)).toEqual({ ok: true, value: 6 });
    expect(readWhole("6.0", months)).toEqual({ ok: true, value: 6 });
    expect(readWhole("2.5", months)).toEqual({ ok: false, message: "Enter a whole number from 1 to 24." });
    expect(readWhole("0", months)).toEqual({ ok: false, message: "Enter a whole number from 1 to 24." });
    expect(readWhole("", months)).toEqual({ ok: false, message: "Enter the number of months." });
  });
});

describe("cents and formatting", () => {
  it("rounds to the cent without binary surprises, halves away from zero", () => {
    expect(toCents(1.005)).toBe(101); // 1.005 * 100 is 100.49999999999999 in binary
    expect(toCents(0.285)).toBe(29);
    expect(toCents(1610.1)).toBe(161010);
    expect(toCents(-1.005)).toBe(-101);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
  });

  it("formats dollars and percentages for the page", () => {
    expect(formatMoney(1610.1)).toBe("$1,610.10");
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(-0.001)).toBe("$0.00");
    expect(formatMoney(-277.47)).toBe("-$277.47");
    expect(formatMoney(10_000_000, { trimCents: true })).toBe("$10,000,000");
    expect(formatMoney(12.5, { trimCents: true })).toBe("$12.50");
    expect(formatPercent(30)).toBe("30%");
    expect(formatPercent(100 / 3)).toBe("33.3%");
    expect(formatPercent(6.66)).toBe("6.7%");
  });
});
