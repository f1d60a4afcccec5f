import type { MetaDescriptor } from "react-router";
import { policyOf } from "~/lib/page-policy";
import { SITE_NAME } from "~/lib/site";

type RootMatch = { id: string; data?: unknown; handle?: unknown } | undefined;

type PageSeo = {
  title: string;
  description: string;
  /**
   * Path of the canonical URL, e.g. "/blog"; null for a page with no address of its own (the
   * not-found page, the same for every unknown address): no canonical URL and no og:url.
   */
  path: string | null;
  /** Path of a 1200x630 social image; defaults to the brand card. */
  image?: string;
  type?: "website" | "article";
};

/** The origin the site is published at, from the root loader (configuration). */
export function originFrom(matches: readonly RootMatch[]): string {
  const root = matches.find((m) => m?.id === "root")?.data as { origin?: string } | undefined;
  return root?.origin ?? "http://localhost:3000";
}

/**
 * A URL on our own origin for a path. Leading slashes are collapsed first: "//evil.example/x" is
 * a path someone typed, not another host (new URL() would read it as one).
 */
export function ownUrl(path: string, origin: string): string {
  return new URL(`/${path.replace(/^[/\\]+/, "")}`, origin).href;
}

/** <title>, description, canonical URL and OpenGraph/Twitter tags for one page. */
export function seo(matches: readonly RootMatch[], page: PageSeo): MetaDescriptor[] {
  const origin = originFrom(matches);
  const url = page.path === null ? null : ownUrl(page.path, origin);
  const image = ownUrl(page.image ?? "/images/og/default.jpg", origin);
  const title = page.title.includes(SITE_NAME) ? page.title : `${page.title} | ${SITE_NAME}`;
  return [
    { title },
    { name: "description", content: page.description },
    ...(url ? [{ tagName: "link", rel: "canonical", href: url }] : []),
    // The route's page policy (its handle's `robots`) keeps it out of search engines.
    ...(policyOf(matches.filter((m) => m !== undefined) as Parameters<typeof policyOf>[0]).robots
      ? [{ name: "robots", content: "noindex" }]
      : []),
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    ...(url ? [{ property: "og:url", content: url }] : []),
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
  ];
}
