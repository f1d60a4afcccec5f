/**
 * Every count of letters the site states is the count of the letters themselves (app/lib/letters.ts):
 * the catalogue's label is computed from it; prose that states a number is checked here.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { POWER_PACK_DISPUTE_LETTER_COUNT, POWER_PACK_LETTER_COUNT, POWER_PACK_LETTERS, TOOLKIT_LETTERS } from "~/lib/letters";
import { shippedProduct } from "~/server/shop/shipped-products.server";

const powerPack = shippedProduct("power-pack");

const read = (path: string) => readFileSync(path, "utf8");
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));

describe("letter counts", () => {
  it("the Power Pack's label counts its letters and, of them, the disputes", () => {
    expect(POWER_PACK_LETTER_COUNT).toBe(Object.keys(POWER_PACK_LETTERS).length);
    expect(powerPack.summary).toBe(`${POWER_PACK_LETTER_COUNT} letter templates (${POWER_PACK_DISPUTE_LETTER_COUNT} for disputes)`);
  });

  it("the prose that states a count states the real one", () => {
    expect(read("app/content/articles/dispute-credit-errors.md")).toContain(
      `Dispute Letter Power Pack has ${POWER_PACK_LETTER_COUNT} letter templates`,
    );
    expect(read("app/content/sequence/credit-repair/05-toolkit.md")).toContain(
      `${Object.keys(TOOLKIT_LETTERS).length} dispute letter templates`,
    );
  });

  it("no page, e-mail or label says “15+” or “N+” letters", () => {
    for (const file of [...files("app/content"), ...files("app/lib"), ...files("app/components"), ...files("app/routes")]) {
      expect(read(file), file).not.toMatch(/\d+\+ (dispute )?letter/i);
    }
  });
});
