import { describe, expect, it } from "vitest";
import { calendarFile, escapeText, foldLine } from "~/lib/ics";

const octets = (s: string) => new TextEncoder().encode(s).length;

describe("a due date as a calendar file (RFC 5545)", () => {
  const file = calendarFile({
    uid: "dispute-12-due@freshstartmoney.com",
    day: "2026-04-03",
    summary: "Equifax: answer due (late payment, March 2024)",
    description: "Due under 15 U.S.C. 1681i(a)(1)(A); results within 5 business days, 1681i(a)(6)(A).\nSee your tracker.",
    url: "https://shop.example/orders/abc/disputes",
    stamp: new Date("2026-03-05T14:07:09.123Z"),
  });
  const lines = file.split("\r\n");

  it("is one all-day event on the day, ending the next day, with a UID and a DTSTAMP in UTC", () => {
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("DTSTART;VALUE=DATE:20260403");
    expect(lines).toContain("DTEND;VALUE=DATE:20260404");
    expect(lines).toContain("UID:dispute-12-due@freshstartmoney.com");
    expect(lines).toContain("DTSTAMP:20260305T140709Z");
    expect(file.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(file.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  it("ends every line with CRLF (no bare LF) and escapes commas, semicolons and line breaks", () => {
    expect(file.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(lines).toContain("SUMMARY:Equifax: answer due (late payment\\, March 2024)");
    expect(file).toContain("1681i(a)(1)(A)\\; results");
    expect(escapeText("a\\b;c,d\ne")).toBe("a\\\\b\\;c\\,d\\ne");
  });

  it("folds lines at 75 octets, never inside a character, and unfolding gives the line back", () => {
    const long = `DESCRIPTION:${"é".repeat(30)}${"x".repeat(100)}`;
    const folded = foldLine(long);
    for (const line of folded.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(
      folded
        .split("\r\n")
        .slice(1)
        .every((l) => l.startsWith(" ")),
    ).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(long);
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
  });
});
