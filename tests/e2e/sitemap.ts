import type { APIRequestContext, Page } from "@playwright/test";

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
