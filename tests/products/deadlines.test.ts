/**
 * The bureau's dispute deadline is 30 days, or up to 45 when the consumer sends more information
 * during those 30 days (FCRA 611(a)(1), 15 U.S.C. 1681i(a)(1)(A)-(B)). Wherever the site, its
 * e-mails, its free downloads or its products state the dispute deadline, they give both.
 */
import { describe, expect, it } from "vitest";
import { contentSentences } from "./content-sources";

/** A sentence about a dispute's deadline that gives 30 days and not the 15-day extension. */
function thirtyDaysAlone(sentence: string): boolean {
  if (!/\b30[- ]days?\b/i.test(sentence) || !/investigat|disput/i.test(sentence)) return false;
  if (/\b45\b|15 more days|up to 15 days/i.test(sentence)) return false;
  // Other 30-day periods: a debt collector's validation period, a late payment, the action plan.
  return !/validation|collector|days late|action plan|money-back/i.test(sentence);
}

describe("the dispute deadline", () => {
  it("is never given as 30 days alone", () => {
    const files = contentSentences();
    expect(files.length).toBeGreaterThan(30);
    const found = files.flatMap(({ file, sentences }) => sentences.filter(thirtyDaysAlone).map((s) => `${file}: ${s}`));
    // The guide's table gives the 30 days on one row and the extension on the next.
    expect(found).toEqual([
      "products/src/toolkit/credit-repair-guide.md: | Within 30 days after receiving your dispute | Finish its investigation: correct, confirm or delete the item | 15 U.S.C.",
    ]);
  });

  it("the check catches a sentence that gives 30 days alone", () => {
    expect(thirtyDaysAlone("The bureau has 30 days to investigate your dispute.")).toBe(true);
    expect(thirtyDaysAlone("The bureau has 30 days to investigate, or up to 45 if you send more.")).toBe(false);
  });
});
