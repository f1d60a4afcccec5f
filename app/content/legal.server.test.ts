import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getLegalPage, parseLegalPages } from "~/content/legal.server";
import routes from "~/routes";
import { ORDER_LINK_DAYS } from "~/server/delivery/order-access.server";
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

/** The text of one `## heading` section of a legal page's HTML, tags removed. */
function section(slug: string, heading: string): string {
  const html = getLegalPage(slug)!.html;
  const start = html.indexOf(`<h2>${heading}</h2>`);
  expect(start, `${slug}: ## ${heading}`).toBeGreaterThanOrEqual(0);
  const end = html.indexOf("<h2>", start + 1);
  return html
    .slice(start, end < 0 ? undefined : end)
    .replace(/<[^>]+>/g, " ")
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

describe("what the legal pages promise", () => {
  it("the refund policy's partial refunds section answers plainly: whole orders only", () => {
    const text = section("refund-policy", "Partial refunds");
    expect(text).toMatch(/^Partial refunds We don't give partial refunds: refunds are for whole orders only\./);
    expect(text).toContain("the full amount you paid for both");
    // What the code does: the dashboard and npm run order:refund refund the whole order, and a
    // partial refund made at the payment provider ends no access (stripe-webhook.server.ts).
    expect(text).not.toMatch(/partial refund (is|are) (possible|available)|refund (part|one product)/i);
  });

  it("the privacy policy names the kinds of processors the site uses, and the settings it names exist", () => {
    const text = section("privacy", "Who else processes it");
    for (const kind of [
      "Payments: Stripe.",
      "E-mail: our e-mail sending service.",
      "Hosting: our hosting provider",
      "Database: our database provider",
    ]) {
      expect(text).toContain(kind);
    }
    // Stripe is the only processor the code names; the others are whatever the owner configures.
    expect(text).not.toMatch(/SendGrid|Mailgun|Postmark|Amazon|AWS|Google|Vercel|Netlify|Heroku|Fly\.io|Render|Supabase|Neon/);
    const source = readFileSync("app/content/legal/privacy.md", "utf8");
    const ownerNote = source
      .split("\n---")[0]!
      .split("\n")
      .filter((line) => line.startsWith("#"))
      .join("\n");
    const settings = [...ownerNote.matchAll(/\b[A-Z]+(?:_[A-Z]+)+\b/g)].map((m) => m[0]);
    expect(settings).toEqual(expect.arrayContaining(["STRIPE_SECRET_KEY", "SMTP_URL", "DATABASE_URL"]));
    const example = readFileSync(".env.example", "utf8");
    for (const name of settings) expect(example, name).toMatch(new RegExp(`^${name}=`, "m"));
    expect(getLegalPage("privacy")!.html).not.toContain("kept in memory only");
  });

  it("the terms say how long order links last, as the code sets it, and where to get a fresh one", () => {
    expect(ORDER_LINK_DAYS).toBe(365);
    const text = section("terms", "What you buy");
    expect(text).toContain("that link works for a year");
    expect(getLegalPage("terms")!.html).toContain('<a href="/orders/lookup">order lookup page</a>');
    expect(routes.map((entry) => entry.path)).toContain("orders/lookup");
    expect(text).not.toMatch(/forever|lifetime/i);
  });
});
