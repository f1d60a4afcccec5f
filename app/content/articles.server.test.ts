import { describe, expect, it } from "vitest";
import { getArticles, parseArticles } from "~/content/articles.server";

const valid = `---
title: A valid article title
subtitle: A subtitle long enough
excerpt: An excerpt that is long enough to pass the minimum length of the schema.
description: A description that is long enough to be a meta description for search.
category: Budgeting
date: 2025-01-15
readingMinutes: 5
imageAlt: Illustration of something
order: 1
affiliates: [credit-repair]
---
## Hello

Body **text**.
`;

describe("articles", () => {
  it("parses frontmatter and renders the body", () => {
    const [article] = parseArticles({ "./articles/a-post.md": valid });
    expect(article).toMatchObject({ slug: "a-post", category: "Budgeting", date: "2025-01-15", related: [] });
    expect(article?.html).toContain("<h2>Hello</h2>");
    expect(article?.html).toContain("<strong>text</strong>");
  });

  it("names the file when a field is bad", () => {
    const bad = valid.replace("category: Budgeting", "category: Gardening");
    expect(() => parseArticles({ "./articles/bad-post.md": bad })).toThrow(/bad-post\.md[\s\S]*category/);
  });

  it("rejects unknown fields and unknown related slugs", () => {
    expect(() => parseArticles({ "./articles/x.md": valid.replace("order: 1", "order: 1\nauthor: me") })).toThrow(/x\.md/);
    expect(() => parseArticles({ "./articles/x.md": valid.replace("order: 1", "order: 1\nrelated: [nope]") })).toThrow(/unknown related/);
  });

  it("lists the 8 site articles in the specified order with the specified facts", () => {
    const articles = getArticles();
    expect(articles.map((a) => [a.slug, a.category, a.date, a.readingMinutes])).toEqual([
      ["budgeting-tips-that-work", "Budgeting", "2025-01-15", 5],
      ["rebuild-credit-6-months", "Credit Repair", "2025-01-12", 7],
      ["free-budgeting-apps", "Tools", "2025-01-08", 6],
      ["understanding-credit-reports", "Credit Repair", "2025-01-05", 8],
      ["emergency-fund-guide", "Saving Money", "2025-01-01", 5],
      ["debt-snowball-vs-avalanche", "Debt Free", "2024-12-28", 6],
      ["dispute-credit-errors", "Credit Repair", "2025-02-01", 10],
      ["credit-card-mistakes", "Credit Repair", "2025-02-03", 8],
    ]);
    const bySlug = Object.fromEntries(articles.map((a) => [a.slug, a]));
    expect(bySlug["emergency-fund-guide"]?.related).toEqual(["budgeting-tips-that-work", "free-budgeting-apps"]);
    expect(bySlug["debt-snowball-vs-avalanche"]?.related).toEqual(["budgeting-tips-that-work", "emergency-fund-guide"]);
    expect(bySlug["dispute-credit-errors"]?.related).toEqual(["understanding-credit-reports", "rebuild-credit-6-months"]);
    expect(articles.filter((a) => a.closingCta).map((a) => [a.slug, a.closingCta])).toEqual([
      ["emergency-fund-guide", "toolkit-just"],
      ["debt-snowball-vs-avalanche", "toolkit-only"],
      ["dispute-credit-errors", "bundle"],
      ["credit-card-mistakes", "download"],
    ]);
  });
});
