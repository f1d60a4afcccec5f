import { describe, expect, test } from "vitest";
import type { ArticleSummary } from "~/content/articles";
import { blogHref, blogListing, EMPTY_SEARCH, filterPosts, foundText, PAGE_SIZE, readBlogSearch, shownPosts } from "./blog-filter";

/** Posts made here, so the expectations below are not computed by the code under test. */
function post(slug: string, category: ArticleSummary["category"], title: string, excerpt = ""): ArticleSummary {
  return { slug, category, title, excerpt } as ArticleSummary;
}
const POSTS = [
  post("a", "Budgeting", "Budget Basics", "Make a plan for rent and food."),
  post("b", "Credit Repair", "Dispute Credit Report Errors", "Letters that work."),
  post("c", "Credit Repair", "Rebuild Credit in 6 Months", "Secured cards and on-time payments."),
  post("d", "Saving Money", "Emergency Fund Guide", "Start with $500."),
  post("e", "Debt Free", "Snowball or Avalanche", "Pay off credit card debt."),
  post("f", "Tools", "Free Budgeting Apps", "Apps that help you budget."),
  post("g", "Budgeting", "Groceries on a Budget", "Cut the food bill."),
  post("h", "Credit Repair", "Understanding Credit Reports", "What the bureaus keep."),
];
const slugs = (posts: readonly { slug: string }[]) => posts.map((p) => p.slug);

describe("readBlogSearch", () => {
  test("reads q, category and page", () => {
    expect(readBlogSearch(new URLSearchParams("q=credit+report&category=Credit+Repair&page=2"))).toEqual({
      query: "credit report",
      category: "Credit Repair",
      page: 2,
    });
  });
  test("anything unknown or malformed is the default", () => {
    expect(readBlogSearch(new URLSearchParams(""))).toEqual(EMPTY_SEARCH);
    expect(readBlogSearch(new URLSearchParams("category=Crypto&page=0"))).toEqual(EMPTY_SEARCH);
    expect(readBlogSearch(new URLSearchParams("category=credit+repair&page=-3"))).toEqual(EMPTY_SEARCH);
    expect(readBlogSearch(new URLSearchParams("page=1.5&q=%20%20"))).toEqual(EMPTY_SEARCH);
    expect(readBlogSearch(new URLSearchParams("page=abc")).page).toBe(1);
    expect(readBlogSearch(new URLSearchParams("page=99999999")).page).toBe(1000);
    expect(readBlogSearch(new URLSearchParams(`q=${"x".repeat(500)}`)).query).toHaveLength(100);
  });
});

describe("blogHref", () => {
  test("only what differs from the default", () => {
    expect(blogHref(EMPTY_SEARCH)).toBe("/blog");
    expect(blogHref({ query: "", category: "All", page: 2 })).toBe("/blog?page=2");
    expect(blogHref({ query: "pay off", category: "Debt Free", page: 1 })).toBe("/blog?q=pay+off&category=Debt+Free");
    expect(blogHref({ query: "a&b", category: "All", page: 3 }, "#post-x")).toBe("/blog?q=a%26b&page=3#post-x");
  });
  test("reads back as the same search", () => {
    const search = { query: "credit & debt", category: "Saving Money", page: 4 } as const;
    expect(readBlogSearch(new URL(blogHref(search), "http://x").searchParams)).toEqual(search);
  });
});

describe("filterPosts", () => {
  test("every word, any case, in the title or the excerpt", () => {
    expect(slugs(filterPosts(POSTS, "CREDIT", "All"))).toEqual(["b", "c", "e", "h"]);
    expect(slugs(filterPosts(POSTS, "  credit   report ", "All"))).toEqual(["b", "h"]);
    expect(slugs(filterPosts(POSTS, "food", "All"))).toEqual(["a", "g"]);
    expect(slugs(filterPosts(POSTS, "bureau", "All"))).toEqual(["h"]);
    expect(filterPosts(POSTS, "mortgage", "All")).toEqual([]);
  });
  test("within the category", () => {
    expect(slugs(filterPosts(POSTS, "", "Budgeting"))).toEqual(["a", "g"]);
    expect(slugs(filterPosts(POSTS, "credit", "Credit Repair"))).toEqual(["b", "c", "h"]);
    expect(filterPosts(POSTS, "food", "Tools")).toEqual([]);
  });
  test("the category is not searched as text", () => {
    expect(filterPosts(POSTS, "tools", "All")).toEqual([]);
  });
});

describe("blogListing", () => {
  test("the first page shows six of eight, and links to the next at its first new post", () => {
    expect(PAGE_SIZE).toBe(6);
    const listing = blogListing(POSTS, EMPTY_SEARCH);
    expect(listing.found).toBe(8);
    expect(listing.shown).toBe(6);
    expect(listing.posts.filter((p) => p.shown).map((p) => p.post.slug)).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(listing.posts).toHaveLength(8);
    expect(listing.nextHref).toBe("/blog?page=2#post-g");
  });
  test("page 2 shows everything, and there is no next page", () => {
    const listing = blogListing(POSTS, { ...EMPTY_SEARCH, page: 2 });
    expect(listing.shown).toBe(8);
    expect(listing.posts.every((p) => p.shown)).toBe(true);
    expect(listing.nextHref).toBeNull();
  });
  test("a search keeps every post in the listing, shows the matches only", () => {
    const listing = blogListing(POSTS, { query: "credit", category: "Credit Repair", page: 1 });
    expect(listing.posts.map((p) => p.post.slug)).toEqual(["a", "b", "c", "d", "e", "f", "g", "h"]);
    expect(listing.posts.filter((p) => p.shown).map((p) => p.post.slug)).toEqual(["b", "c", "h"]);
    expect(listing.found).toBe(3);
    expect(listing.nextHref).toBeNull();
  });
  test("nothing found", () => {
    const listing = blogListing(POSTS, { query: "mortgage", category: "All", page: 1 });
    expect(listing.found).toBe(0);
    expect(listing.shown).toBe(0);
    expect(listing.posts.some((p) => p.shown)).toBe(false);
  });
});

test("foundText", () => {
  expect(foundText(0)).toBe("0 articles found");
  expect(foundText(1)).toBe("1 article found");
  expect(foundText(7)).toBe("7 articles found");
});

test("shownPosts: the listing's script runs the same rule on the posts as it reads them from the page", () => {
  // As the script reads them (app/browser/blog-script.ts): the item, its title, excerpt and category.
  const items = POSTS.map(({ slug, title, excerpt, category }) => ({ item: slug, title, excerpt, category }));
  const credit = shownPosts(items, { query: "credit", category: "All", page: 1 });
  expect(credit.posts.filter((p) => p.shown).map((p) => p.post.item)).toEqual(["b", "c", "e", "h"]);
  expect(credit.found).toBe(4);
  expect(credit.next).toBeUndefined();
  const all = shownPosts(items, EMPTY_SEARCH);
  expect(all.posts.filter((p) => p.shown).map((p) => p.post.item)).toEqual(["a", "b", "c", "d", "e", "f"]);
  expect(all.next?.item).toBe("g");
});
