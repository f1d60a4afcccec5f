/** The pages the site counts views of, for the seed: the navigation's, the legal pages, the tools and the shipped articles. */
import { articleSlugsFromDisk } from "../../app/content/article-files";
import { LEGAL_PAGES, NAV_LINKS } from "../../app/lib/site";
import { TOOLS, TOOLS_PATH, toolPath } from "../../app/lib/tools/catalog";

export function sitePagePaths(): string[] {
  return [
    ...new Set([
      ...NAV_LINKS.map((link) => link.to),
      ...articleSlugsFromDisk().map((slug) => `/blog/${slug}`),
      TOOLS_PATH,
      ...TOOLS.map((tool) => toolPath(tool.slug)),
      "/checkout",
      ...LEGAL_PAGES.map((page) => `/${page.slug}`),
    ]),
  ];
}
