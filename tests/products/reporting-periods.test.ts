/**
 * How long negative items may be reported (FCRA 605, 15 U.S.C. 1681c), stated the same way
 * wherever the site, its free downloads or its products state it:
 * - any bankruptcy, Chapter 7 or Chapter 13, up to 10 years (1681c(a)(1)); removing a Chapter 13
 *   after 7 years is the bureaus' policy, never presented as the law;
 * - a collection or charge-off: 7 years that start 180 days after the delinquency that led to it
 *   (1681c(c)(1)), said wherever that 7-year period is given;
 * - the reporting period and the statute of limitations are separate clocks: an article that
 *   warns a payment can restart the time to sue also says it does not restart the reporting period.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contentSentences, sentences } from "./content-sources";

/** A sentence giving a bankruptcy chapter a reporting period without calling it policy or citing the law's 10 years. */
function chapterPeriodAsLaw(sentence: string): boolean {
  const namesChapter = /\b(?:Chapter|Ch\.) ?13\b/.test(sentence) || /\b(?:Chapter|Ch\.) ?7\*{0,2} bankrupt/i.test(sentence);
  if (!namesChapter || !/\byears?\b/i.test(sentence)) return false;
  return !/polic|605\(a\)|1681c\(a\)/i.test(sentence);
}

/** A sentence giving a collection's or charge-off's 7 years. */
const collectionSevenYears = (s: string) => /collection|charge-off|charged off/i.test(s) && /\b7(?:½|&frac12;)?[- ]years?\b/i.test(s);
/** A sentence saying when that period starts: 180 days after the delinquency (about 7½ years after the missed payment). */
const saysWhenItStarts = (s: string) =>
  /180 days|7½|7&frac12;|7 years and 6 months/i.test(s) && /delinquen|missed payment|past due/i.test(s);

describe("how long items may be reported", () => {
  const files = contentSentences();

  it("gives any bankruptcy the law's 10 years, and Chapter 13 at 7 years only as the bureaus' policy", () => {
    const found = files.flatMap(({ file, sentences }) => sentences.filter(chapterPeriodAsLaw).map((s) => `${file}: ${s}`));
    expect(found).toEqual([]);
    for (const { file, sentences } of files) {
      if (!sentences.some((s) => /\b(?:Chapter|Ch\.) ?13\b/.test(s) && /\b7 years\b/.test(s))) continue;
      expect(
        sentences.some((s) => /bankrupt/i.test(s) && /\b10\b/.test(s)),
        `${file} gives Chapter 13's 7 years but not the law's 10`,
      ).toBe(true);
    }
  });

  it("the bankruptcy check catches the law and the policy mixed up", () => {
    expect(chapterPeriodAsLaw("A **Chapter 7 bankruptcy** can stay for up to **10 years**.")).toBe(true);
    expect(
      chapterPeriodAsLaw("generally can stay for up to 7 years (up to 10 for a Chapter 7 bankruptcy), no matter who disputes it."),
    ).toBe(true);
    expect(chapterPeriodAsLaw("A Chapter 13 bankruptcy comes off after 7 years.")).toBe(true);
    expect(chapterPeriodAsLaw("Dropping a Chapter 13 after 7 years is the bureaus' policy, not the law.")).toBe(false);
    expect(chapterPeriodAsLaw("Read chapter 7 of the guide.")).toBe(false);
  });

  it("says when a collection's or charge-off's 7 years start, wherever it gives them", () => {
    const checked = files.filter(({ sentences }) => sentences.some(collectionSevenYears));
    expect(checked.length).toBeGreaterThanOrEqual(8);
    for (const { file, sentences } of checked) {
      expect(sentences.some(saysWhenItStarts), `${file} gives a collection's 7 years without when they start`).toBe(true);
    }
  });
});

describe("the statute of limitations and the reporting period", () => {
  /** A paragraph (or list item) of an article warning that a payment can restart the time to sue. */
  const restartsLawsuitClock = (p: string) => /restart/i.test(p) && /\bsue\b|lawsuit|statute of limitations/i.test(p);
  const saysReportingNotRestarted = (p: string) => {
    const text = p.replace(/\*+/g, "");
    return /(?:not|n't) restart/i.test(text) && /report/i.test(text) && /1681c\(c\)|605\(c\)/.test(text);
  };

  it("an article that warns a payment can restart the time to sue says, beside it, that the reporting period does not restart", () => {
    const dir = "app/content/articles";
    const warnings = readdirSync(dir)
      .filter((name) => name.endsWith(".md"))
      .flatMap((name) =>
        readFileSync(`${dir}/${name}`, "utf8")
          .split(/\n\s*\n|\n(?=- )/)
          .filter(restartsLawsuitClock)
          .map((paragraph) => ({ name, paragraph })),
      );
    expect(warnings.map((w) => w.name)).toContain("rebuild-credit-6-months.md");
    for (const { name, paragraph } of warnings) {
      expect(saysReportingNotRestarted(paragraph), `${name}: ${sentences(paragraph)[0]}`).toBe(true);
    }
  });
});
