/**
 * Every file of both products: it exists, it is the build of its current source, it opens, and it
 * says what it must. Needs pdftotext (Debian: poppler-utils); nothing here needs Chromium.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ExcelJS from "exceljs";
import mammoth from "mammoth";
import { describe, expect, it } from "vitest";
import { TOOLKIT_ITEMS, TRACKER_ITEM } from "~/server/shop/shipped-products.server";

import { POWER_PACK_LETTERS, PRODUCT_FILES, TOOLKIT_LETTERS, productFiles, type LetterId } from "~/lib/product-files";
import { printFingerprint, sha256, zipContentHash } from "../../products/build/fingerprint";
import { letter, letterMismatches } from "../../products/build/letters";
import { PRODUCT_FILES_DIR, readManifest } from "../../products/build/manifest";
import { allFiles, recipeFor } from "../../products/build/recipes";
import { BUREAUS } from "../../products/src/bureaus";

// The dispute tracker is a page of the order, not a file (decision 074): every other item has its group.
const fileItems = TOOLKIT_ITEMS.filter((i) => i !== TRACKER_ITEM);
const toolkitIncluded = fileItems.filter((i) => !i.bonus).map((i) => i.label);
const toolkitBonuses = fileItems.filter((i) => i.bonus).map((i) => i.label);
const files = allFiles();
const manifest = readManifest();
const pathOf = (relative: string) => fileURLToPath(new URL(relative, PRODUCT_FILES_DIR));

/** The text of a PDF, one string per page (pdftotext ends each page with a form feed). */
function pdfPages(relative: string): string[] {
  const text = execFileSync("pdftotext", [pathOf(relative), "-"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return text.split("\f").slice(0, -1);
}

describe("the catalogue names every file once, and every file has a source", () => {
  it("has unique ids and paths, and a recipe for each", () => {
    expect(new Set(files.map((f) => f.id)).size).toBe(files.length);
    expect(new Set(files.map((f) => f.path)).size).toBe(files.length);
    for (const file of files) expect(() => recipeFor(file)).not.toThrow();
  });

  it("lists exactly the letters that have a text, 5 in the toolkit and 15+ in the Power Pack", () => {
    expect(letterMismatches()).toEqual({ unlisted: [], missing: [] });
    expect(Object.keys(TOOLKIT_LETTERS).length).toBeGreaterThanOrEqual(5);
    expect(Object.keys(POWER_PACK_LETTERS).length).toBeGreaterThanOrEqual(15);
  });

  it("keeps every promise on the cards with files (email support with a note)", () => {
    const groups = PRODUCT_FILES.toolkit.map((g) => g.label);
    expect(groups).toEqual([...toolkitIncluded, ...toolkitBonuses]);
    for (const group of PRODUCT_FILES.toolkit) {
      if (group.label === "Email support access") expect(group.note).toMatch(/e-mail support/i);
      else expect(group.files.length, group.label).toBeGreaterThan(0);
    }
    expect(productFiles("power-pack").filter((f) => f.format === "docx").length).toBeGreaterThanOrEqual(15);
  });
});

describe("the built files match their sources (npm run build:products)", () => {
  it("has one manifest entry per catalogue file and no other", () => {
    expect(Object.keys(manifest).sort()).toEqual(files.map((f) => f.path).sort());
  });

  it.each(files.map((f) => [f.path, f] as const))("%s is the build of its current source", async (_path, file) => {
    const entry = manifest[file.path]!;
    const bytes = readFileSync(pathOf(file.path));
    expect(bytes.length).toBe(entry.bytes);
    expect(sha256(bytes)).toBe(entry.sha256);
    const recipe = recipeFor(file);
    if (recipe.kind === "html") {
      expect(printFingerprint(recipe.html(), recipe.footer), `${file.path} is stale: run npm run build:products`).toBe(entry.fingerprint);
    } else {
      expect(await zipContentHash(await recipe.build()), `${file.path} is stale: run npm run build:products`).toBe(entry.fingerprint);
      expect(await zipContentHash(bytes)).toBe(entry.fingerprint);
    }
  });

  it("keeps them private: nothing under public/ or the client build", () => {
    const publicFiles = readdirSync("public", { recursive: true }).map(String);
    for (const file of files) {
      const name = file.path.split("/").pop()!;
      expect(
        publicFiles.some((p) => p.endsWith(name)),
        name,
      ).toBe(false);
    }
  });
});

describe("every PDF opens and reads right", () => {
  const pdfs = files.filter((f) => f.format === "pdf");

  it.each(pdfs.map((f) => [f.path, f] as const))("%s has pages with text", (_path, file) => {
    const pages = pdfPages(file.path);
    expect(pages.length).toBeGreaterThan(0);
    for (const [i, page] of pages.entries()) expect(page.trim().length, `page ${i + 1}`).toBeGreaterThan(40);
    expect(pages.join("\n")).toMatch(/Fresh Start Money/);
  });

  it("the guide runs 20+ pages and covers what the product promises", () => {
    const text = pdfPages("toolkit/credit-repair-guide.pdf");
    expect(text.length).toBeGreaterThanOrEqual(20);
    const all = text.join("\n").replace(/\s+/g, " ");
    for (const topic of [
      /AnnualCreditReport\.com/i,
      /1681i/,
      /45 days/,
      /method of verification/i,
      /reinsert/i,
      /statement of dispute/i,
      /goodwill/i,
      /Regulation F/,
      /605B/,
      /IdentityTheft\.gov/i,
      /freeze/i,
      /secured card/i,
      /credit-builder loan/i,
      /authorized user/i,
      /utilization/i,
      /7 years/,
      /Credit Repair Organizations Act/,
      /consumerfinance\.gov\/complaint/,
      /support@freshstartmoney\.com/,
      /Sources/,
    ]) {
      expect(all, String(topic)).toMatch(topic);
    }
  });

  it("the guide prints the bureaus' dispute addresses exactly as the letters do", () => {
    const all = pdfPages("toolkit/credit-repair-guide.pdf").join("\n").replace(/\s+/g, " ");
    for (const bureau of BUREAUS) expect(all).toContain(bureau.lines.slice(1).join(", "));
  });

  it("the combined Power Pack PDF has an index naming every letter, and every letter", () => {
    const pages = pdfPages("power-pack/dispute-letter-power-pack.pdf").map((p) => p.replace(/\s+/g, " "));
    const all = pages.join("\n");
    expect(all).toMatch(/Index of letters/);
    for (const title of Object.values(POWER_PACK_LETTERS)) expect(all).toContain(title);
    expect(pages.length).toBeGreaterThanOrEqual(Object.keys(POWER_PACK_LETTERS).length * 2);
  });

  it("the 30-day plan has a task for each of the 30 days", () => {
    const all = pdfPages("toolkit/30-day-action-plan.pdf").join("\n");
    for (let day = 1; day <= 30; day++) expect(all, `Day ${day}`).toMatch(new RegExp(`Day ${day}\\b`));
  });
});

describe("every letter has its parts, in the Word file and the PDF", () => {
  const letterIds = [...Object.keys(TOOLKIT_LETTERS), ...Object.keys(POWER_PACK_LETTERS)] as LetterId[];

  it.each(letterIds)("%s", async (id) => {
    const l = letter(id);
    const docx = files.find((f) => f.id === `${id}.docx`)!;
    const pdf = files.find((f) => f.id === `${id}.pdf`)!;
    const { value: wordText } = await mammoth.extractRawText({ path: pathOf(docx.path) });
    const pdfText = pdfPages(pdf.path).join("\n").replace(/\s+/g, " ");
    for (const text of [wordText.replace(/\s+/g, " "), pdfText]) {
      expect(text).toContain("[DATE]");
      expect(text).toContain("[YOUR FULL NAME]");
      expect(text).toMatch(/Re: /);
      expect(text).toContain("Sincerely,");
      expect(text).toContain("[YOUR SIGNATURE]");
      expect(text).toMatch(/Enclosures:/);
      expect(text).toMatch(/§|U\.S\.C\.|CFR/);
      expect(text).toMatch(/certified mail/i);
      expect(text).toMatch(/own words/i);
      if (l.recipient.kind === "bureau") {
        for (const bureau of BUREAUS) expect(text).toContain(bureau.lines[1]);
      } else {
        expect(text).toContain(l.recipient.lines[0]);
      }
    }
    expect(l.whenToUse.length).toBeGreaterThanOrEqual(1);
    expect(l.laws.length).toBeGreaterThanOrEqual(1);
    expect(l.enclosures.length).toBeGreaterThanOrEqual(1);
  });
});

describe("every spreadsheet opens", () => {
  it.each(files.filter((f) => f.format === "xlsx").map((f) => [f.path, f] as const))("%s", async (_path, file) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(pathOf(file.path));
    expect(workbook.worksheets.length).toBeGreaterThan(0);
    expect(workbook.worksheets.every((s) => s.rowCount > 0)).toBe(true);
  });
});

describe("no file promises what no one can deliver", () => {
  // Claims the FTC and the Credit Repair Organizations Act treat as deceptive (fact sheet, "Common mistakes").
  const FORBIDDEN = [
    /guarantee[ds]? (?:to|that|a|your)? ?(?:remov|delet|increas|rais|boost|improv|result)/i,
    /(?:increase|raise|boost) your (?:credit )?score by \d+/i,
    /\d+\s*(?:\+\s*)?points? (?:higher|increase|boost)/i,
    /remove (?:any|all) (?:negative|accurate)/i,
    /new credit identity(?! is| are|,? which)/i,
  ];
  const texts = files.filter((f) => f.format === "pdf").map((f) => [f.path, pdfPages(f.path).join("\n").replace(/\s+/g, " ")] as const);

  it.each(texts)("%s", (_path, text) => {
    for (const pattern of FORBIDDEN) expect(text, String(pattern)).not.toMatch(pattern);
  });
});

it("products/files holds nothing the catalogue does not name", () => {
  const onDisk = readdirSync(fileURLToPath(PRODUCT_FILES_DIR), { recursive: true })
    .map(String)
    .filter((p) => /\.(pdf|docx|xlsx)$/.test(p))
    .sort();
  expect(onDisk).toEqual(files.map((f) => f.path).sort());
  expect(existsSync(fileURLToPath(new URL("manifest.json", PRODUCT_FILES_DIR)))).toBe(true);
});
