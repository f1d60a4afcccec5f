/**
 * The guide's contents page gives each chapter's page, and the numbers are where the chapters
 * really start in the committed PDF (the builder prints twice: products/build/pdf-pages.ts). Its
 * sources name the document they cite, not a website's home page. Needs poppler-utils.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { markdownDocument } from "../../products/build/document";
import { PRODUCT_FILES_DIR } from "../../products/build/manifest";
import { parseDestinations, pdfFileDestinations } from "../../products/build/pdf-pages";

const SOURCE = "products/src/toolkit/credit-repair-guide.md";
const source = readFileSync(SOURCE, "utf8");
const pdf = fileURLToPath(new URL("toolkit/credit-repair-guide.pdf", PRODUCT_FILES_DIR));
const { chapterIds } = markdownDocument(source, SOURCE, { long: true });
const headings = [...source.matchAll(/^## (.+)$/gm)].map((m) => m[1]!);

/** One page of the PDF as text, in reading layout. */
const pageText = (page: number) =>
  execFileSync("pdftotext", ["-layout", "-f", String(page), "-l", String(page), pdf, "-"], { encoding: "utf8" });

describe("the guide's contents page", () => {
  const destinations = pdfFileDestinations(pdf);
  const contents = pageText(2);
  /** "5. How long negative items can stay on your report ....... 13" */
  const entries = [...contents.matchAll(/^\s*(\d+\.\s.+?)\s{2,}(\d+)\s*$/gm)].map((m) => ({ title: m[1]!, page: Number(m[2]) }));

  it("lists every chapter, in order, with a page number", () => {
    expect(contents).toMatch(/^\s*Contents/);
    expect(entries.map((e) => e.title)).toEqual(headings);
    expect(chapterIds).toHaveLength(headings.length);
  });

  it("gives the page each chapter starts on, as the PDF's own links place it", () => {
    for (const [i, id] of chapterIds.entries()) expect(entries[i]!.page, id).toBe(destinations.get(id));
  });

  it("and each of those pages starts with its chapter's heading", () => {
    for (const { title, page } of entries) {
      const firstLine = pageText(page)
        .split("\n")
        .find((line) => line.trim() !== "")!
        .trim();
      expect(title.startsWith(firstLine) || firstLine.startsWith(title), `page ${page}: ${firstLine}`).toBe(true);
    }
  });

  it("reads destinations from pdfinfo's listing", () => {
    const listing =
      'Page  Destination                 Name\n   3 [ XYZ    0  792 null      ] "1-important-please-read"\n  49 [ XYZ    0  792 null      ] "23-sources"\n';
    expect([...parseDestinations(listing)]).toEqual([
      ["1-important-please-read", 3],
      ["23-sources", 49],
    ]);
  });
});

describe("the guide's sources", () => {
  const sources = source.slice(source.indexOf("## 23. Sources"));
  const urls = [...sources.matchAll(/https?:\/\/[^\s)>;,]+/g)].map((m) => m[0].replace(/\.$/, ""));
  /** Services the reader uses (to report, to get reports, to find help), not documents a statement cites. */
  const SERVICES = new Set([
    "www.annualcreditreport.com",
    "www.identitytheft.gov",
    "reportfraud.ftc.gov",
    "www.nfcc.org",
    "uscode.house.gov",
  ]);

  it("cite a specific document, not a home page (apart from services the reader uses)", () => {
    expect(urls.length).toBeGreaterThan(40);
    const homePages = urls.filter((url) => {
      const { hostname, pathname } = new URL(url);
      return (pathname === "/" || pathname === "") && !SERVICES.has(hostname);
    });
    // TransUnion's dispute page is unconfirmed (fact sheet § 9): its address comes from Equifax's page, and the entry says so.
    expect(homePages).toEqual(["https://www.transunion.com"]);
    expect(sources).toContain("TransUnion's dispute mail address: as published on Equifax's mail-in dispute page (above)");
  });

  it("give the Federal Register citation of the CFPB's 2025 preemption rule and no court home page", () => {
    expect(sources).toContain(
      "90 Fed. Reg. 48710 (October 28, 2025): https://www.govinfo.gov/content/pkg/FR-2025-10-28/html/2025-19671.htm",
    );
    expect(sources).not.toContain("https://pacer.uscourts.gov");
    expect(sources).not.toContain("https://www.federalregister.gov\n");
  });
});
