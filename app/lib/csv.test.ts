import { describe, expect, it } from "vitest";
import { csvField, csvRow } from "./csv";

describe("CSV", () => {
  it("quotes commas, quotes and line breaks, doubling quotes (RFC 4180)", () => {
    expect(csvRow(["plain", "a,b", 'say "hi"', "two\nlines", "cr\rhere"])).toBe('plain,"a,b","say ""hi""","two\nlines","cr\rhere"\r\n');
  });

  it("neutralises cells a spreadsheet would run as formulas", () => {
    expect(["=SUM(A1)", "+1", "-2", "@cmd", "\tx", "\r=1"].map(csvField)).toEqual([
      "'=SUM(A1)",
      "'+1",
      "'-2",
      "'@cmd",
      '"\'\tx"',
      '"\'\r=1"',
    ]);
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField("ann@example.com")).toBe("ann@example.com");
    // Behind white space or a line break an import may trim, in full-width forms, and a leading LF.
    for (const cell of [
      " =1+1",
      "  @SUM(1)",
      "\u00a0-2+3",
      "\n=1+1",
      "\u3000=1",
      "\uff1d1+1",
      "\uff0b1",
      "\uff0d1",
      "\uff20A1",
      "\nplain",
    ]) {
      expect(csvField(cell).replace(/^"/, "")).toMatch(/^'/);
    }
    for (const cell of ["Ann", "Card 1", "a=b", "2-3", "x@y", "", " leading space"]) expect(csvField(cell)).not.toMatch(/^"?'/);
  });

  it("quotes a semicolon or a tab, the separators of other locales' CSV, as it quotes a comma", () => {
    expect(csvRow(["a;b", "a\tb", "plain"])).toBe('"a;b","a\tb",plain\r\n');
    expect(csvField('Ann; "Lee"')).toBe('"Ann; ""Lee"""');
  });

  it("neutralises every piece a semicolon or tab split would make a cell of, not only the first", () => {
    expect(csvField('ok;=HYPERLINK("http://x","y")')).toBe(`"ok;'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField("a\t=1+2")).toBe(`"a\t'=1+2"`);
    expect(csvField("=1;+2;-3;@A1")).toBe(`"'=1;'+2;'-3;'@A1"`);
    // The same starts as at the front: behind trimmed white space, full-width, a tab behind a ";".
    expect(csvField("a; =1")).toBe(`"a;' =1"`);
    expect(csvField("a;\uff1d1")).toBe(`"a;'\uff1d1"`);
    expect(csvField("a;\t=1")).toBe(`"a;'\t'=1"`);
    expect(csvField("\t=1")).toBe(`"'\t'=1"`);
    // Read as a spreadsheet in a semicolon or tab locale would, with quotes ignored: no piece is a formula.
    for (const cell of ['ok;=HYPERLINK("http://x")', "a\t=1+2", "x;;@SUM(1)", "a;\t=1", "a;\uff20A1", "a;\r=1"]) {
      const written = csvField(cell).replace(/^"|"$/g, "");
      for (const piece of written.split(/[;\t]/))
        expect(piece, JSON.stringify(cell)).not.toMatch(/^(?:[\t\r\n]|[\s\u00a0\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20])/);
    }
    // Text that only looks near a formula is left as it is.
    for (const [cell, written] of [
      ["a;b", '"a;b"'],
      ["a=b;c-d", '"a=b;c-d"'],
      ["x@y.z; Ann", '"x@y.z; Ann"'],
      ["2-3, 4+5", '"2-3, 4+5"'],
    ]) {
      expect(csvField(cell)).toBe(written);
    }
  });

  it("writes numbers as they are, dates as ISO 8601 UTC and missing values as empty", () => {
    expect(csvRow([7, new Date("2025-01-15T10:20:30Z"), null, undefined])).toBe("7,2025-01-15T10:20:30.000Z,,\r\n");
  });
});
