import { articlesOf, productsOf } from "~/server/content/site-content.server";
import { productPath } from "~/lib/catalogue";
import type { Route } from "./+types/sitemap";
import { publicConfig } from "~/server/env.server";
import { page } from "~/lib/page-policy";

export const handle = page({ render: "cached" });

export function loader({ context }: Route.LoaderArgs) {
  const origin = publicConfig().origin;
  const urls = [
    // The pages whose route says `sitemap: true` in its handle (app/lib/page-policy.ts), the products on sale or coming soon, then the live articles.
    ...(context.sitemapPaths ?? []).map((path) => `<url><loc>${origin}${path}</loc></url>`),
    ...productsOf(context)
      .publicProducts()
      .filter((p) => p.status === "on_sale" || p.status === "coming_soon")
      .map((p) => `<url><loc>${origin}${productPath(p.slug)}</loc></url>`),
    ...articlesOf(context)
      .liveSummaries()
      .map((a) => `<url><loc>${origin}/blog/${a.slug}</loc><lastmod>${a.date}</lastmod></url>`),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
