import { describe, expect, it } from "vitest";
import { csvField, csvRow } from "./csv";

describe("CSV", () => {
  it("quotes commas, quotes and line breaks, doubling quotes (RFC 4180)", () => {
    expect(csvRow(["plain", "a,b", 'say "hi"', "two\nlines", "cr\rhere"])).toBe('plain,"a,b","say ""hi""","two\nlines","cr\rhere"\r\n');
  });

  it("neutralises cells a spreadsheet would run as formulas", () => {
    expect(["=SUM(A1)", "+1", "-2", "@cmd", "\tx", "\r=1"].map(csvField)).toEqual(["'=SUM(A1)", "'+1", "'-2", "'@cmd", "'\tx", '"\'\r=1"']);
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

  it("writes numbers as they are, dates as ISO 8601 UTC and missing values as empty", () => {
    expect(csvRow([7, new Date("2025-01-15T10:20:30Z"), null, undefined])).toBe("7,2025-01-15T10:20:30.000Z,,\r\n");
  });
});
