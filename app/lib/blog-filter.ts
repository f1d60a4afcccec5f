import type { ArticleSummary } from "~/content/articles";
import { CATEGORIES } from "~/lib/article-meta";

/**
 * The blog listing's search, category filter and "Load More" as an address:
 * `/blog?q=credit+report&category=Credit+Repair&page=2`. The server renders the listing from it
 * (no JavaScript needed), and the listing's script (app/browser/blog-script.ts) runs these same
 * functions in the browser as the visitor types, on every post (BLOG_CARDS_PATH), then writes the
 * address back. So this module stays browser-safe: nothing here may import server code.
 */

export const BLOG_PATH = "/blog";
/**
 * Every post's item of the listing, as a JSON array of HTML in listing order (app/routes/blog-cards.tsx):
 * the page holds only the posts it shows, so its first answer does not grow with the number of
 * articles; the listing's script fetches the rest once, when the visitor first reaches for the
 * search, a category or "Load More".
 */
export const BLOG_CARDS_PATH = "/blog/cards.json";
/** The parameters of the listing's address (the server renders /blog for them; the bare /blog is prerendered). */
export const BLOG_QUERY_PARAMS = ["q", "category", "page"] as const;
/** Posts shown per page: the first page shows 6, each "Load More Articles" 6 more. */
export const PAGE_SIZE = 6;
export const ALL = "All";
// Marked pure (a spread could run code, for all a bundler knows): a bundle that does not read the
// list, the listing's script (app/browser/blog-script.ts), leaves it out.
export const BLOG_FILTERS = /* @__PURE__ */ (() => [ALL, ...CATEGORIES] as const)();
export type BlogFilter = (typeof BLOG_FILTERS)[number];

/** Longest query kept from an address (a search box needs no more; a longer one is cut). */
export const MAX_QUERY_LENGTH = 100;
/** Highest page number an address can ask for (the rest is the same as showing everything). */
const MAX_PAGE = 1000;

export type BlogSearch = { query: string; category: BlogFilter; page: number };

/** What the rules read of a post: the server has the article, the browser the listing's item. */
export type ListedPost = Pick<ArticleSummary, "title" | "excerpt" | "category">;

export const EMPTY_SEARCH: BlogSearch = { query: "", category: ALL, page: 1 };

/** What the address asks for; anything unknown or malformed means the default (all posts, page 1). */
export function readBlogSearch(params: URLSearchParams): BlogSearch {
  const query = (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const asked = params.get("category");
  const category = BLOG_FILTERS.find((filter) => filter === asked) ?? ALL;
  const number = Number(params.get("page"));
  const page = Number.isInteger(number) && number >= 1 ? Math.min(number, MAX_PAGE) : 1;
  return { query, category, page };
}

/** The address of a listing: only what differs from the default, in the order q, category, page. */
export function blogHref({ query, category, page }: BlogSearch, hash = ""): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (category !== ALL) params.set("category", category);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `${BLOG_PATH}${search ? `?${search}` : ""}${hash}`;
}

/** The text a query is looked for in (lower-cased): the title and the excerpt. */
export function searchText(post: Pick<ArticleSummary, "title" | "excerpt">): string {
  return `${post.title} ${post.excerpt}`.toLowerCase();
}

/** Every word of the query (any case) is in the text. */
export function matchesQuery(text: string, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return words.every((word) => text.includes(word));
}

/** Posts in the category whose title or excerpt contains every word of the query. */
export function filterPosts<P extends ListedPost>(posts: readonly P[], query: string, category: BlogFilter): P[] {
  return posts.filter((post) => (category === ALL || post.category === category) && matchesQuery(searchText(post), query));
}

export type BlogListing = ShownPosts<ArticleSummary> & {
  search: BlogSearch;
  /** How many of them are shown (the first `page` pages). */
  shown: number;
  /** The address of the next page, when some matches are not shown yet. */
  nextHref: string | null;
};

export type ShownPosts<P> = {
  /** Every post, in listing order, each marked with whether the listing shows it now. */
  posts: { post: P; shown: boolean }[];
  /** How many posts match the query and category. */
  found: number;
  /** The first match past the pages shown, where the next page opens; none when all are shown. */
  next: P | undefined;
};

/**
 * Which posts a search shows: those that match (filterPosts), the first `page` pages of them. The
 * listing's script runs it in the browser on the posts the page holds.
 */
export function shownPosts<P extends ListedPost>(all: readonly P[], search: BlogSearch): ShownPosts<P> {
  const matching = filterPosts(all, search.query, search.category);
  const limit = search.page * PAGE_SIZE;
  const shown = new Set(matching.slice(0, limit));
  return { posts: all.map((post) => ({ post, shown: shown.has(post) })), found: matching.length, next: matching[limit] };
}

/**
 * The listing for an address: every post, each marked with whether it is shown. The page renders
 * the shown ones; the script filters all of them (BLOG_CARDS_PATH) in the browser.
 */
export function blogListing(all: readonly ArticleSummary[], search: BlogSearch): BlogListing {
  const listed = shownPosts(all, search);
  // The next page opens at its first new post (without JavaScript, a page load).
  const { next } = listed;
  return {
    ...listed,
    search,
    shown: Math.min(listed.found, search.page * PAGE_SIZE),
    nextHref: next ? blogHref({ ...search, page: search.page + 1 }, `#${postAnchor(next.slug)}`) : null,
  };
}

/** The id of a post's item in the listing. */
export const postAnchor = (slug: string) => `post-${slug}`;

/** The sentence screen readers hear when the number of results changes. */
export function foundText(count: number): string {
  return count === 1 ? "1 article found" : `${count} articles found`;
}

/** The blog's page as the page cache keeps it: the bare listing, or (a search, a category, a page) none: rendered per request. */
export function blogVariant(query: URLSearchParams): string | null {
  return BLOG_QUERY_PARAMS.some((name) => query.has(name)) ? null : BLOG_PATH;
}
