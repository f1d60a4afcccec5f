import type { ArticleSummary } from "~/content/articles";
import { CATEGORIES } from "~/lib/article-meta";

/**
 * The blog listing's search, category filter and "Load More" as an address:
 * `/blog?q=credit+report&category=Credit+Repair&page=2`. The server renders the listing from it
 * (no JavaScript needed), and the listing's script (app/browser/blog-script.js) applies the same
 * rules in the browser as the visitor types, then writes the address back. The two must agree:
 * the words of the query, lower-cased, each found in the title or the excerpt (see the script's
 * `matches`, and blog-filter.test.ts).
 */

export const BLOG_PATH = "/blog";
/** The parameters of the listing's address (the server renders /blog for them; the bare /blog is prerendered). */
export const BLOG_QUERY_PARAMS = ["q", "category", "page"] as const;
/** Posts shown per page: the first page shows 6, each "Load More Articles" 6 more. */
export const PAGE_SIZE = 6;
export const ALL = "All";
export const BLOG_FILTERS = [ALL, ...CATEGORIES] as const;
export type BlogFilter = (typeof BLOG_FILTERS)[number];

/** Longest query kept from an address (a search box needs no more; a longer one is cut). */
export const MAX_QUERY_LENGTH = 100;
/** Highest page number an address can ask for (the rest is the same as showing everything). */
const MAX_PAGE = 1000;

export type BlogSearch = { query: string; category: BlogFilter; page: number };

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
export function filterPosts(posts: readonly ArticleSummary[], query: string, category: BlogFilter): ArticleSummary[] {
  return posts.filter((post) => (category === ALL || post.category === category) && matchesQuery(searchText(post), query));
}

export type BlogListing = {
  search: BlogSearch;
  /** Every post, in listing order, each marked with whether the listing shows it now. */
  posts: { post: ArticleSummary; shown: boolean }[];
  /** How many posts match the query and category. */
  found: number;
  /** How many of them are shown (the first `page` pages). */
  shown: number;
  /** The address of the next page, when some matches are not shown yet. */
  nextHref: string | null;
};

/**
 * The listing for an address. It keeps every post (those not shown are in the page, hidden), so
 * the script can filter in the browser without asking the server.
 */
export function blogListing(all: readonly ArticleSummary[], search: BlogSearch): BlogListing {
  const matching = new Set(filterPosts(all, search.query, search.category));
  const limit = search.page * PAGE_SIZE;
  let index = 0;
  const posts = all.map((post) => ({ post, shown: matching.has(post) && index++ < limit }));
  const shown = Math.min(matching.size, limit);
  // The next page opens at its first new post (without JavaScript, a page load).
  const firstNew = [...matching][limit];
  return {
    search,
    posts,
    found: matching.size,
    shown,
    nextHref: firstNew ? blogHref({ ...search, page: search.page + 1 }, `#${postAnchor(firstNew.slug)}`) : null,
  };
}

/** The id of a post's item in the listing. */
export const postAnchor = (slug: string) => `post-${slug}`;

/** The sentence screen readers hear when the number of results changes. */
export function foundText(count: number): string {
  return count === 1 ? "1 article found" : `${count} articles found`;
}
