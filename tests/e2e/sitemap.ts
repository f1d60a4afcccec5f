import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import { articleSlugsFromDisk } from "../../app/content/article-files";
import { LEGAL_PAGES } from "../../app/lib/site";
import { TOOLS, TOOLS_PATH, toolPath } from "../../app/lib/tools/catalog";

/**
 * The public pages as the site lists them for search engines: /sitemap.xml, made from the route
 * handles that say `sitemap: true` (app/lib/page-policy.ts) and the live articles. A check that
 * walks this list covers a new public page by its route alone. The sitemap is read with the
 * browser's XML parser (DOMParser), on a blank page.
 */
export async function sitemapPaths(request: APIRequestContext, page: Page): Promise<string[]> {
  const response = await request.get("/sitemap.xml");
  if (!response.ok()) throw new Error(`/sitemap.xml answered ${response.status()}`);
  const xml = await response.text();
  const locations = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    if (doc.getElementsByTagName("parsererror").length > 0) throw new Error("/sitemap.xml is not well-formed XML");
    return Array.from(doc.getElementsByTagNameNS("http://www.sitemaps.org/schemas/sitemap/0.9", "loc"), (loc) => loc.textContent ?? "");
  }, xml);
  return locations.map((location) => new URL(location).pathname);
}

/** The build under test (server/app.ts as bundled): its routes' handles, read as the server reads them. */
const build = (await import(pathToFileURL(resolve(process.env.BUILD_DIR ?? "build", "server", "index.js")).href)) as Pick<
  typeof import("../../server/app.ts"),
  "SITEMAP_PATHS" | "servingRoute"
>;

/** The sitemap's own pages (the routes whose handle says `sitemap: true`), known when a spec is collected: one test per page. */
export const SITEMAP_PAGES: readonly string[] = build.SITEMAP_PATHS;

/**
 * How the server answers an address, from its route's page policy (app/lib/page-policy.ts):
 * `stored`, a prerendered file or the page cache's copy (its inline scripts allowed by hash), or
 * rendered per request (a nonce), as a cached page's `cacheVariant` says for a query; `hydrated`
 * unless the route says `hydrate: false`. An address no route answers gets the catch-all's
 * not-found page, which the page cache keeps.
 */
export function answerOf(address: string): { stored: boolean; hydrated: boolean } {
  const url = new URL(address, "http://site");
  const policy = build.servingRoute(url.pathname)?.policy ?? { render: "cached", hydrate: false };
  const shipped = new Set(articleSlugsFromDisk());
  const variant =
    url.search && policy.cacheVariant?.(url.searchParams, { articleExists: (slug) => shipped.has(slug), productExists: () => true });
  return {
    stored: policy.render === "prerendered" || (policy.render === "cached" && variant !== null),
    hydrated: policy.hydrate !== false,
  };
}

/**
 * Scripts of its own a page without React carries beside the page script (the home page's figure,
 * the blog's search, a calculator's recompute): every sitemap page is here, or first-paint.spec
 * fails; other addresses (an article, a not-found page) carry none.
 */
export const OWN_SCRIPTS: Record<string, number> = {
  "/": 1,
  "/about": 0,
  "/resources": 0,
  "/blog": 1,
  "/contact": 0,
  ...Object.fromEntries(LEGAL_PAGES.map((page) => [`/${page.slug}`, 0])),
  [TOOLS_PATH]: 0,
  ...Object.fromEntries(TOOLS.map((tool) => [toolPath(tool.slug), 1])),
};

export const ownScripts = (address: string) => OWN_SCRIPTS[new URL(address, "http://site").pathname] ?? 0;
