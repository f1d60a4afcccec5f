import { ensureArticles, liveSummaries } from "~/server/content/articles.server";
import { LEGAL_PAGES } from "~/lib/site";
import { TOOLS, TOOLS_PATH, toolPath } from "~/lib/tools/catalog";
import { publicConfig } from "~/server/env.server";

const STATIC_PATHS = [
  "/",
  "/about",
  "/resources",
  "/blog",
  TOOLS_PATH,
  ...TOOLS.map((tool) => toolPath(tool.slug)),
  "/contact",
  "/checkout",
  ...LEGAL_PAGES.map((page) => `/${page.slug}`),
];

export async function loader() {
  await ensureArticles();
  const origin = publicConfig().origin;
  const urls = [
    ...STATIC_PATHS.map((path) => `<url><loc>${origin}${path}</loc></url>`),
    ...liveSummaries().map((a) => `<url><loc>${origin}/blog/${a.slug}</loc><lastmod>${a.date}</lastmod></url>`),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
