import type { ArticleSummary } from "~/content/articles";
import { CATEGORIES } from "~/lib/article-meta";

/** Posts shown before 'Load More Articles'. */
export const PAGE_SIZE = 6;
export const BLOG_FILTERS = ["All", ...CATEGORIES] as const;
export type BlogFilter = (typeof BLOG_FILTERS)[number];

/** Posts in the category whose title or excerpt contains every word of the query. */
export function filterPosts(posts: readonly ArticleSummary[], query: string, category: BlogFilter): ArticleSummary[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return posts.filter((post) => {
    if (category !== "All" && post.category !== category) return false;
    const haystack = `${post.title} ${post.excerpt}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}
