/**
 * What the Power Pack is said to be matches its letters: 16 templates, and which of them cover
 * situations the toolkit's 5 letters don't (products/src/letters/power-pack-map.ts, read from the
 * letters' own "when to use it"). The catalogue's description, the guide's pointers and the
 * one-page letter map all agree with that map.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { POWER_PACK_FEATURES } from "~/lib/power-pack-features";
import { POWER_PACK_LETTERS, TOOLKIT_LETTERS, productFiles } from "~/lib/product-files";
import { POWER_PACK_DISPUTE_LETTER_COUNT, POWER_PACK_LETTER_COUNT } from "~/lib/letters";
import { shippedProduct } from "~/server/shop/shipped-products.server";

import { chapterTitles } from "../../products/build/document";
import { PRODUCT_FILES_DIR } from "../../products/build/manifest";
import { recipeFor } from "../../products/build/recipes";
import { POWER_PACK_MAP, powerPackOnlyLetters } from "../../products/src/letters/power-pack-map";

const powerPack = shippedProduct("power-pack");

const guide = readFileSync("products/src/toolkit/credit-repair-guide.md", "utf8");
const chapters = chapterTitles(guide);
const letterCount = Object.keys(POWER_PACK_LETTERS).length;
const toolkitCount = Object.keys(TOOLKIT_LETTERS).length;

/** "a, b and c" */
const list = (items: string[]) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

describe("the Power Pack's letters and the toolkit's", () => {
  it("maps every Power Pack letter, in order, to guide chapters that exist", () => {
    expect(Object.keys(POWER_PACK_MAP)).toEqual(Object.keys(POWER_PACK_LETTERS));
    expect(chapters.size).toBe(23);
    for (const [id, place] of Object.entries(POWER_PACK_MAP)) {
      expect(place.chapters.length, id).toBeGreaterThan(0);
      for (const n of place.chapters) expect(chapters.has(n), `${id}: chapter ${n}`).toBe(true);
    }
  });

  it("has 16 letters, 8 of them for situations no toolkit letter covers", () => {
    expect(letterCount).toBe(16);
    expect(toolkitCount).toBe(5);
    expect(powerPackOnlyLetters()).toEqual([
      "pp-unauthorized-inquiry",
      "pp-no-response-follow-up",
      "pp-reinsertion-without-notice",
      "pp-debt-validation",
      "pp-goodwill-adjustment",
      "pp-identity-theft-block",
      "pp-statement-of-dispute",
      "pp-cease-contact",
    ]);
  });

  it("the catalogue describes it by the map: the count, the new situations by name, the rest as fuller versions", () => {
    const only = powerPackOnlyLetters();
    const situations = only.map((id) => POWER_PACK_MAP[id].situation!);
    expect(POWER_PACK_FEATURES).toEqual([
      "Every letter a fill-in template in Word and PDF, with a one-page map to the guide's chapters",
      `${only.length} for situations the toolkit's ${toolkitCount} letters don't cover: ${list(situations)}`,
      expect.stringMatching(new RegExp(`^${letterCount - only.length} fuller versions of the toolkit's letters`)),
    ]);
  });

  it("the label counts the letters and, of them, the disputes: the five that dispute nothing are the collector, goodwill, block and statement letters", () => {
    expect(powerPack.summary).toBe(`${letterCount} letter templates (${letterCount - 5} for disputes)`);
    expect(POWER_PACK_LETTER_COUNT).toBe(letterCount);
    expect(POWER_PACK_DISPUTE_LETTER_COUNT).toBe(11);
  });

  it("where the guide says the toolkit has no template, it names the Power Pack's letter by its title and the map's chapter", () => {
    const paragraph = guide.split("\n").find((line) => line.startsWith("There is no toolkit template"))!;
    expect(paragraph).toBeDefined();
    for (const id of ["pp-goodwill-adjustment", "pp-debt-validation", "pp-cease-contact", "pp-identity-theft-block"] as const) {
      const title = POWER_PACK_LETTERS[id];
      const chapter = POWER_PACK_MAP[id].chapters[0];
      expect(paragraph).toMatch(new RegExp(`"${title.replace(/[()]/g, "\\$&")}"[^.]*\\(Chapter ${chapter}\\)`));
    }
  });
});

describe("the letter map PDF", () => {
  const file = productFiles("power-pack").find((f) => f.id === "power-pack-map")!;
  const path = fileURLToPath(new URL(file.path, PRODUCT_FILES_DIR));
  const pages = execFileSync("pdftotext", [path, "-"], { encoding: "utf8" }).split("\f").slice(0, -1);
  const text = pages.join("\n").replace(/\s+/g, " ");

  it("is one page naming every letter, the chapters it uses and how many are new", () => {
    expect(pages).toHaveLength(1);
    // Table cells wrap into each other in extracted text: the titles are checked in the HTML it
    // was printed from (files.test.ts checks the PDF is the print of that HTML).
    const recipe = recipeFor(file);
    const html = recipe.kind === "html" ? recipe.html() : "";
    for (const title of Object.values(POWER_PACK_LETTERS)) expect(html).toContain(`<td>${title.replace(/'/g, "&#39;")}</td>`);
    const used = new Set(Object.values(POWER_PACK_MAP).flatMap((p) => p.chapters));
    for (const n of used) expect(text).toContain(`${n}. ${chapters.get(n)}`);
    expect(text).toContain(`${powerPackOnlyLetters().length} are for situations the toolkit's ${toolkitCount} letters don't cover`);
    expect(text.match(/New: no toolkit letter for this/g)).toHaveLength(powerPackOnlyLetters().length);
  });
});
