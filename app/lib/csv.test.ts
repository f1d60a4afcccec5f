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
  });

  it("writes numbers as they are, dates as ISO 8601 UTC and missing values as empty", () => {
    expect(csvRow([7, new Date("2025-01-15T10:20:30Z"), null, undefined])).toBe("7,2025-01-15T10:20:30.000Z,,\r\n");
  });
});
