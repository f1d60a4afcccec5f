import { articlesOf } from "~/server/content/site-content.server";
import type { Route } from "./+types/rss";
import { SITE_NAME, SITE_TAGLINE } from "~/lib/site";
import { publicConfig } from "~/server/env.server";
import { page } from "~/lib/page-policy";

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export const handle = page({ render: "cached" });

export function loader({ context }: Route.LoaderArgs) {
  const origin = publicConfig().origin;
  const items = [...articlesOf(context).liveSummaries()]
    .sort((a, b) => b.date.localeCompare(a.date))
    .map((a) => {
      const url = `${origin}/blog/${a.slug}`;
      return `<item><title>${escapeXml(a.title)}</title><link>${url}</link><guid isPermaLink="true">${url}</guid><pubDate>${new Date(`${a.date}T12:00:00Z`).toUTCString()}</pubDate><category>${escapeXml(a.category)}</category><description>${escapeXml(a.excerpt)}</description></item>`;
    });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${escapeXml(SITE_NAME)} Blog</title><link>${origin}/blog</link><atom:link href="${origin}/rss.xml" rel="self" type="application/rss+xml"/><description>${escapeXml(SITE_TAGLINE)}</description><language>en-us</language>\n${items.join("\n")}\n</channel></rss>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
}
