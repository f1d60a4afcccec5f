/**
 * What `npm run lighthouse` measures and against which budgets: the routes, their kind, and the
 * audits a route fails on purpose (with the check that it fails only for that reason).
 */
import { LEGAL_PAGES } from "../../app/lib/site";
import { TOOLS, TOOLS_PATH } from "../../app/lib/tools/catalog";
import { toolExamplePath } from "../../app/lib/tools/pages";
import { articleSlugsFromDisk } from "../../app/content/article-files.ts";
import type { Audit } from "./scores.ts";

export type Kind = "prerendered" | "page" | "article" | "server-rendered" | "tool";
export type Budget = {
  perf: number;
  a11y: number;
  bp: number;
  seo: number;
  lcpMs: number;
  /** The LCP a quiet machine must reach, gated with TBT and the score (not in `npm test`). */
  quietLcpMs?: number;
  cls: number;
  tbtMs: number;
  jsKb: number;
};

/**
 * Issue #5: prerendered pages and server-rendered pages. Issue #15: the articles, plain HTML in
 * the browser (no React bundle), as light as a static blog. Issue #12: the calculators, server
 * rendered with their result and no React bundle either (the page script refreshes the result).
 * Issue #25: the other public pages (home, about, resources, blog, contact) the same way, with
 * at most 10 KB of JavaScript and TBT under 10 ms. The issue asks LCP at most 0.9 s on every
 * public route on a quiet machine: every page without React (the five, the articles, the
 * calculators, a legal page, not found) is held to it where TBT is (`quietLcpMs`; the five pages
 * 0.67-0.84 s in 60 runs of decision 044; the articles 0.75-0.80 s once they stopped asking for
 * their icon, decision 046, from 0.75-0.91 s); `npm test` gates 1.0 s (the simulated LCP moves
 * with the machine's load). The pages rendered per
 * request without React (a search, a calculator's result, not found) carry their route's own stylesheet
 * since decision 041 (0.72-0.91 s, from 0.89-1.07 s with the whole one), so they are held to
 * the same 1.0 s; a calculator keeps its 50 ms of TBT (its script recomputes as you type).
 * The searched blog is held as the bare /blog is (`page`): rendered per request with every post
 * in it, its document now fits a new connection's first round trip (decision 041, the article
 * typography as a utility; it measured 0.93-1.07 s when it did not).
 */
export const BUDGETS: Record<Kind, Budget> = {
  prerendered: { perf: 98, a11y: 100, bp: 100, seo: 100, lcpMs: 1800, cls: 0.01, tbtMs: 50, jsKb: 125 },
  page: { perf: 100, a11y: 100, bp: 100, seo: 100, lcpMs: 1000, quietLcpMs: 900, cls: 0.01, tbtMs: 9, jsKb: 10 },
  article: { perf: 100, a11y: 100, bp: 100, seo: 100, lcpMs: 1000, quietLcpMs: 900, cls: 0.01, tbtMs: 9, jsKb: 10 },
  "server-rendered": { perf: 95, a11y: 100, bp: 100, seo: 100, lcpMs: 2000, cls: 0.01, tbtMs: 100, jsKb: 140 },
  tool: { perf: 100, a11y: 100, bp: 100, seo: 100, lcpMs: 1000, quietLcpMs: 900, cls: 0.01, tbtMs: 50, jsKb: 10 },
};

/**
 * An audit a route fails on purpose, with the reason, and the check that it fails only for that
 * reason: anything else the audit finds still counts.
 */
export type Exception = { audit: string; why: string; holds: (audit: Audit, url: string) => boolean };

/** The fields of an audit's detail items that the exceptions below read. */
type Item = { source?: string | { snippet?: string }; sourceLocation?: { url?: string }; description?: string };
const items = (audit: Audit) => ((audit.details as { items?: unknown[] } | undefined)?.items ?? []) as Item[];

/** The page asks search engines not to index it (<meta name="robots" content="noindex">), and nothing else blocks it. */
const NOINDEX: Exception = {
  audit: "is-crawlable",
  why: "noindex on purpose: a page that must not appear in search results",
  holds: (audit) =>
    items(audit).length > 0 &&
    items(audit).every((i) => /<meta name="robots" content="noindex/.test(typeof i.source === "object" ? (i.source.snippet ?? "") : "")),
};

/**
 * A page whose route's policy says `robots: "noindex"` (app/lib/page-policy.ts): noindex in its
 * markup and in an `X-Robots-Tag` header (the payment confirmation, the order pages), nothing else blocks it.
 */
const PRIVATE: Exception = {
  audit: "is-crawlable",
  why: "noindex on purpose, in the page and in its X-Robots-Tag header",
  holds: (audit) =>
    items(audit).length > 0 &&
    items(audit).every((i) =>
      typeof i.source === "object"
        ? /<meta name="robots" content="noindex/.test(i.source.snippet ?? "")
        : /^x-robots-tag: noindex\b/i.test(i.source ?? ""),
    ),
};

const NOT_FOUND: Exception[] = [
  { audit: "http-status-code", why: "a not-found page answers 404", holds: () => true },
  NOINDEX,
  {
    audit: "errors-in-console",
    why: "Chromium logs the document's own 404 status as an error",
    holds: (audit, url) =>
      items(audit).every((i) => i.source === "network" && i.sourceLocation?.url === url && /status of 404/.test(i.description ?? "")),
  },
];

/**
 * `purchase`: the page of a test purchase made when the run starts (`path` then only names it).
 * `publish`: an article published through the dashboard's editor when the run starts (issue 24:
 * one that exists only in the database, not shipped).
 */
export type RouteSpec = {
  path: string;
  kind: Kind;
  notFound?: boolean;
  exceptions?: Exception[];
  purchase?: "success" | "order";
  publish?: boolean;
};

/** The article the run publishes through the editor. */
export const PUBLISHED_ARTICLE = "/blog/lighthouse-sinking-fund";

/**
 * Pages of the sitemap measured through another address of the same route module: the legal
 * pages are one route (routes/legal.tsx), measured as /privacy.
 */
export const MEASURED_AS: Record<string, string> = Object.fromEntries(
  LEGAL_PAGES.filter((page) => page.slug !== "privacy").map((page) => [`/${page.slug}`, "/privacy"]),
);

/**
 * The pages of `sitemap` (the build's route handles, server/route-match.ts sitemapPaths) that
 * ROUTES leaves out: a public page added without a budget fails the run instead of going unmeasured.
 */
export function unmeasuredPages(sitemap: readonly string[]): string[] {
  const measured = new Set(ROUTES.map((route) => new URL(route.path, "http://site").pathname));
  return sitemap.filter((path) => !measured.has(path) && !measured.has(MEASURED_AS[path] ?? ""));
}

export const ROUTES: RouteSpec[] = [
  { path: "/", kind: "page" },
  { path: "/about", kind: "page" },
  { path: "/resources", kind: "page" },
  { path: "/blog", kind: "page" },
  // The listing for a search: rendered by the server for each address, with its route's
  // stylesheet, held to the bare listing's budget.
  { path: "/blog?q=credit&category=Credit+Repair", kind: "page" },
  ...articleSlugsFromDisk().map((slug): RouteSpec => ({ path: `/blog/${slug}`, kind: "article" })),
  { path: PUBLISHED_ARTICLE, kind: "article", publish: true },
  { path: TOOLS_PATH, kind: "tool" },
  ...TOOLS.map((tool): RouteSpec => ({ path: toolExamplePath(tool.slug), kind: "tool" })),
  { path: "/contact", kind: "page" },
  // The legal pages are one route (routes/legal.tsx), rendered per request without React: one of them.
  { path: "/privacy", kind: "article" },
  { path: "/checkout", kind: "server-rendered" },
  // A payment confirmation is no landing page for search: it carries noindex (its route's policy: the meta tag and the header).
  { path: "/checkout-success", kind: "server-rendered", exceptions: [PRIVATE] },
  // The same page for a paid order, in the buyer's browser: every file and the Download all links.
  { path: "/checkout-success?session_id=(bought)", kind: "server-rendered", exceptions: [PRIVATE], purchase: "success" },
  { path: "/orders/(token)", kind: "server-rendered", exceptions: [PRIVATE], purchase: "order" },
  // Rendered per request without React, like a calculator's result (2026-11-27; it hydrated before).
  { path: "/this-page-does-not-exist", kind: "tool", notFound: true, exceptions: NOT_FOUND },
];
