import { publicConfig } from "~/server/env.server";
import { page } from "~/lib/page-policy";

export const handle = page({ render: "prerendered" });

export function loader() {
  const body = `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /go/\n\nSitemap: ${publicConfig().origin}/sitemap.xml\n`;
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
