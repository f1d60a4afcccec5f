import { describe, expect, it } from "vitest";
import { getLegalPage, parseLegalPages } from "~/content/legal.server";
import { LEGAL_PAGES } from "~/lib/site";

const page = (title: string) =>
  `---\ntitle: ${title}\ndescription: ${"A description long enough for a search snippet, about this page.".repeat(1)}\nupdated: 2026-11-23\n---\n\nText.\n`;
const allPages = () => Object.fromEntries(LEGAL_PAGES.map((p) => [`./legal/${p.slug}.md`, page(p.label)]));

describe("legal pages", () => {
  it("has every page the footer, the routes and the sitemap list, with a title and a date", () => {
    for (const { slug } of LEGAL_PAGES) {
      const legal = getLegalPage(slug);
      expect(legal?.title, slug).toBeTruthy();
      expect(legal?.updated, slug).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(legal?.html.length, slug).toBeGreaterThan(500);
    }
  });

  it("refuses to start when a listed page has no file", () => {
    const files = allPages();
    delete files["./legal/privacy.md"];
    expect(() => parseLegalPages(files)).toThrow("app/content/legal/privacy.md is missing");
  });

  it("refuses a page with a bad date", () => {
    const files = { ...allPages(), "./legal/terms.md": page("Terms of Use").replace("2026-11-23", "soon") };
    expect(() => parseLegalPages(files)).toThrow(/terms\.md.*updated/);
  });
});
