import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { NotFound } from "~/components/not-found-message";
import { PostCard } from "~/components/post-card";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { HydratesContext, isCurrentPage } from "~/components/site-link";
import type { ArticleSummary } from "~/content/articles";

/** The page at `path` inside a data router with a root route, as the site renders it (the footer reads the root's business details). */
async function render(path: string, hydrates: boolean, page: ReactNode): Promise<string> {
  const handler = createStaticHandler([{ id: "root", path: "*", element: <HydratesContext value={hydrates}>{page}</HydratesContext> }]);
  const context = await handler.query(new Request(`https://shop.example${path}`));
  if (context instanceof Response) throw new Error(`no page at ${path}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const post = {
  slug: "budgeting-tips-that-work",
  title: "10 Budgeting Tips That Actually Work",
  excerpt: "Practical tips for real paychecks.",
  category: "Budgeting",
  date: "2025-01-15",
  readingMinutes: 5,
  image: "/images/articles/budgeting-tips-that-work",
} as ArticleSummary;

const layout = (
  <>
    <SiteHeader toolkitPrice="$7" />
    <NotFound />
    <PostCard post={post} />
    <SiteFooter year={2026} />
  </>
);

describe("links on a page without React", () => {
  it.each(["/", "/blog", "/blog/some-article", "/BLOG", "/resources", "/no-such-page"])(
    "at %s: the same anchors React Router's links render, less their route-discovery mark",
    async (path) => {
      const routed = await render(path, true, layout);
      const plain = await render(path, false, layout);
      expect(routed).toContain('data-discover="true"');
      expect(plain).not.toContain("data-discover");
      expect(plain).toBe(routed.replaceAll(' data-discover="true"', ""));
    },
  );

  it("marks the current page in the navigation (aria-current) as <NavLink> does", async () => {
    const plain = await render("/blog/some-article", false, <SiteHeader toolkitPrice="$7" />);
    const current = [...plain.matchAll(/<a aria-current="page"[^>]* href="([^"]*)"/g)].map((m) => m[1]);
    // The header's navigation and the side menu's.
    expect(current).toEqual(["/blog", "/blog"]);
  });
});

describe("isCurrentPage", () => {
  it("is the page itself or one under it, unless the link ends there; letter case aside", () => {
    expect(isCurrentPage("/blog", "/blog", false)).toBe(true);
    expect(isCurrentPage("/blog/a", "/blog", false)).toBe(true);
    expect(isCurrentPage("/Blog/a", "/blog", false)).toBe(true);
    expect(isCurrentPage("/blogger", "/blog", false)).toBe(false);
    expect(isCurrentPage("/blog/a", "/blog", true)).toBe(false);
    expect(isCurrentPage("/about", "/", true)).toBe(false);
    expect(isCurrentPage("/", "/", true)).toBe(true);
    expect(isCurrentPage("/blog/a", "/blog/", false)).toBe(true);
  });
});
