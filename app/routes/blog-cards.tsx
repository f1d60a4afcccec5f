import { renderToStaticMarkup } from "react-dom/server";
import type { Route } from "./+types/blog-cards";
import { BlogListItem } from "~/components/post-card";
import { HydratesContext } from "~/components/site-link";
import { page } from "~/lib/page-policy";
import { articlesOf } from "~/server/content/site-content.server";

/**
 * Every post's item of the blog's listing (app/lib/blog-filter.ts, BLOG_CARDS_PATH), hidden, in
 * listing order: a JSON array of HTML, the same component the page renders its shown posts with.
 * The listing's script (app/browser/blog-script.ts) fetches it once and filters in the browser.
 * Kept per content version by the page cache (br and gzip, an ETag), like the listing itself.
 */
export const handle = page({ render: "cached", robots: "noindex" });

export function loader({ context }: Route.LoaderArgs) {
  const items = articlesOf(context)
    .liveSummaries()
    .map((post) =>
      renderToStaticMarkup(
        <HydratesContext.Provider value={false}>
          <BlogListItem post={post} hidden />
        </HydratesContext.Provider>,
      ),
    );
  return Response.json(items);
}
