/**
 * Where a printed PDF's named destinations are: Chromium turns every element an internal link
 * points to (the contents page's links to the chapters) into a named destination on the page
 * where it was printed, and poppler's `pdfinfo -dests` lists them. Used by the builder's second
 * pass (the contents page's page numbers) and by the test that checks them.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Page (1-based) of each named destination in `pdfinfo -dests` output. */
export function parseDestinations(output: string): Map<string, number> {
  const pages = new Map<string, number>();
  for (const line of output.split("\n")) {
    const m = /^\s*(\d+)\s+\[[^\]]*\]\s+"(.*)"\s*$/.exec(line);
    if (m) pages.set(m[2]!, Number(m[1]));
  }
  return pages;
}

function pdfinfoDests(path: string): string {
  try {
    return execFileSync("pdfinfo", ["-dests", path], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    throw new Error(`pdfinfo is needed to read a PDF's page numbers (apt-get install -y poppler-utils): ${(error as Error).message}`);
  }
}

/** The named destinations of a PDF file. */
export function pdfFileDestinations(path: string): Map<string, number> {
  return parseDestinations(pdfinfoDests(path));
}

/** The named destinations of a PDF in memory. */
export function pdfDestinations(pdf: Buffer): Map<string, number> {
  const dir = mkdtempSync(join(tmpdir(), "pdf-pages-"));
  try {
    const path = join(dir, "doc.pdf");
    writeFileSync(path, pdf);
    return pdfFileDestinations(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
