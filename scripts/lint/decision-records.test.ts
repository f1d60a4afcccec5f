import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The decision records (docs/decisions/) are how a newcomer learns why the code is as it is: each
 * says whether it still holds (Status) and when it was made (Date), and a record that replaces
 * another, wholly or in part, names it on a `Replaces:` line that the older record answers in its
 * Status ("superseded by" or "superseded in part by" the newer one), so neither can be read alone
 * as the rule of today (issue 52, item 5).
 */
const DIR = "docs/decisions";

type Record = { file: string; number: string; status: string; date: string | undefined; replaces: string[] };

/** The lines between the title and the first section: the record's header. */
function header(text: string): string[] {
  const lines = text.split("\n");
  const end = lines.findIndex((line, i) => i > 0 && line.startsWith("## "));
  return lines.slice(1, end === -1 ? undefined : end);
}

function readRecords(): Record[] {
  return readdirSync(DIR)
    .filter((file) => /^\d{3}-.+\.md$/.test(file))
    .sort()
    .map((file) => {
      const lines = header(readFileSync(join(DIR, file), "utf8"));
      // A Status may run over several lines, up to the next header field or a blank line.
      const start = lines.findIndex((line) => line.startsWith("Status: "));
      const statusLines = start === -1 ? [] : [lines[start]!];
      for (let i = start + 1; start !== -1 && i < lines.length && lines[i]!.trim() && !/^(Date|Replaces): /.test(lines[i]!); i++) {
        statusLines.push(lines[i]!);
      }
      const replacesLine = lines.find((line) => line.startsWith("Replaces: "));
      return {
        file,
        number: file.slice(0, 3),
        status: statusLines.join(" ").replace(/^Status: /, ""),
        date: lines.find((line) => /^Date: \d{4}-\d{2}-\d{2}$/.test(line))?.slice("Date: ".length),
        replaces: replacesLine ? [...replacesLine.matchAll(/\b(\d{3})\b/g)].map((m) => m[1]!) : [],
      };
    });
}

/** The records a Status says this one is superseded by (wholly or in part). */
function supersededBy(status: string): string[] {
  const found: string[] = [];
  for (const clause of status.matchAll(/superseded(?: in part)? by ([^;]*)/gi)) {
    // "by 032 (articles ... 3 words) and 040 (...)": the numbers outside parentheses.
    const outside = clause[1]!.replace(/\([^()]*\)/g, "");
    found.push(...[...outside.matchAll(/\b(\d{3})\b/g)].map((m) => m[1]!));
  }
  return found;
}

describe("decision records", () => {
  const records = readRecords();
  const byNumber = new Map(records.map((r) => [r.number, r]));

  it("are there to check, each under a number of its own", () => {
    expect(records.length).toBeGreaterThan(50);
    expect(new Set(records.map((r) => r.number)).size).toBe(records.length);
  });

  it("each have a Status and a Date in the header", () => {
    expect(records.filter((r) => !r.status).map((r) => r.file)).toEqual([]);
    expect(records.filter((r) => !r.date).map((r) => r.file)).toEqual([]);
    expect(records.filter((r) => !/^(accepted|superseded)/i.test(r.status)).map((r) => `${r.file}: ${r.status}`)).toEqual([]);
  });

  it("answer every Replaces with a superseded by, and name only records that say they replace them", () => {
    const unanswered = records.flatMap((r) =>
      r.replaces
        .filter((old) => !supersededBy(byNumber.get(old)?.status ?? "").includes(r.number))
        .map((old) => `${r.number} replaces ${old}`),
    );
    expect(unanswered).toEqual([]);
    const unclaimed = records.flatMap((r) =>
      supersededBy(r.status)
        .filter((newer) => !byNumber.get(newer)?.replaces.includes(r.number))
        .map((newer) => `${r.number} superseded by ${newer}`),
    );
    expect(unclaimed).toEqual([]);
  });

  it("reads a record that is superseded by two others, and finds an unanswered replace", () => {
    expect(
      supersededBy("superseded in part by 032 (a, b and 3 c) and 040 (static files); the CSP stands; the list superseded by 058"),
    ).toEqual(["032", "040", "058"]);
    expect(supersededBy("accepted")).toEqual([]);
  });
});
