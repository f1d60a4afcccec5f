import { describe, expect, it } from "vitest";
import { ownUrl, seo } from "~/lib/seo";
import { SITE_NAME } from "~/lib/site";

const ORIGIN = "https://freshstartmoney.com";
const root = [{ id: "root", data: { origin: ORIGIN } }];
/** The not-found route's match: its handle keeps it out of search engines (app/lib/page-policy.ts). */
const notFound = [...root, { id: "routes/not-found", handle: { robots: "noindex" } }];

describe("URLs in our pages stay on our origin", () => {
  it.each(["//evil.example/x", "///evil.example/x", "/\\evil.example/x", "\\\\evil.example"])("%s", (path) => {
    expect(new URL(ownUrl(path, ORIGIN)).origin).toBe(ORIGIN);
    const tags = seo(notFound, { title: "Page not found", description: "x", path });
    const canonical = tags.find((t) => "rel" in t && t.rel === "canonical") as { href: string };
    const ogUrl = tags.find((t) => "property" in t && t.property === "og:url") as { content: string };
    expect(new URL(canonical.href).origin).toBe(ORIGIN);
    expect(new URL(ogUrl.content).origin).toBe(ORIGIN);
  });

  it("keeps ordinary paths as they are", () => {
    expect(ownUrl("/blog/dispute-credit-errors", ORIGIN)).toBe(`${ORIGIN}/blog/dispute-credit-errors`);
    expect(ownUrl("/", ORIGIN)).toBe(`${ORIGIN}/`);
  });
});

describe("a page with no address of its own (the not-found page)", () => {
  it("names no canonical URL and no og:url, and asks not to be indexed", () => {
    const tags = seo(notFound, { title: "Page not found", description: "This page could not be found.", path: null });
    expect(tags.some((t) => "rel" in t && t.rel === "canonical")).toBe(false);
    expect(tags.some((t) => "property" in t && t.property === "og:url")).toBe(false);
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    expect(tags).toContainEqual({ title: `Page not found | ${SITE_NAME}` });
  });
});
