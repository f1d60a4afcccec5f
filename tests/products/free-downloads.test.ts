/**
 * The free guides' PDFs (app/lib/guides.ts): each one the form offers is served from public/, and
 * the workbook is the build of its current source (npm run build:products), opens and says what
 * it must. Needs pdftotext (Debian: poppler-utils).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { GUIDES } from "~/lib/guides";
import { printFingerprint, sha256 } from "../../products/build/fingerprint";
import type { Manifest } from "../../products/build/manifest";
import { FREE_DOWNLOADS, FREE_DOWNLOADS_DIR, FREE_MANIFEST_URL } from "../../products/build/recipes";

const manifest = JSON.parse(readFileSync(FREE_MANIFEST_URL, "utf8")) as Manifest;

describe("the free guides' PDFs", () => {
  it.each(Object.values(GUIDES).map((g) => [g.title, g.pdf] as const))("%s is served from public/ (%s)", (_title, pdf) => {
    expect(existsSync(`public${pdf}`)).toBe(true);
  });

  it("has one manifest entry per built free download", () => {
    expect(Object.keys(manifest).sort()).toEqual(FREE_DOWNLOADS.map((f) => f.path).sort());
  });

  it.each(FREE_DOWNLOADS.map((f) => [f.path, f] as const))("%s is the build of its current source", (_path, file) => {
    const bytes = readFileSync(new URL(file.path, FREE_DOWNLOADS_DIR));
    const entry = manifest[file.path]!;
    expect(bytes.length).toBe(entry.bytes);
    expect(sha256(bytes)).toBe(entry.sha256);
    if (file.recipe.kind !== "html") throw new Error("a free download is printed from HTML");
    expect(printFingerprint(file.recipe.html(), file.recipe.footer), `${file.path} is stale: run npm run build:products`).toBe(
      entry.fingerprint,
    );
  });

  it("the workbook opens, names itself on every page, and sources its facts", () => {
    const text = execFileSync("pdftotext", [fileURLToPath(new URL("first-budget-workbook.pdf", FREE_DOWNLOADS_DIR)), "-"], {
      encoding: "utf8",
    });
    const pages = text.split("\f").slice(0, -1);
    expect(pages.length).toBeGreaterThanOrEqual(5);
    expect(pages[0]).toContain("First Budget Workbook");
    for (const page of pages) {
      expect(page).toContain("Free First Budget Workbook");
      expect(page).not.toContain("Credit Repair Toolkit");
    }
    expect(text).toMatch(/rule of thumb/i);
    expect(text).toContain("consumerfinance.gov");
    expect(text).not.toMatch(/guarantee/i);
  });
});
