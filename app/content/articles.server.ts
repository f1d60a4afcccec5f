import { ArticleFrontmatterSchema, type ArticleSummary } from "~/content/articles";
import { parseMarkdownFile } from "~/content/markdown.server";

export type Article = ArticleSummary & { html: string };

/** Parse and validate article files; a bad one throws naming the file. Exported for tests. */
export function parseArticles(files: Record<string, string>): Article[] {
  const articles = Object.entries(files).map(([path, source]): Article => parseMarkdownFile(path, source, ArticleFrontmatterSchema));
  const slugs = new Set(articles.map((a) => a.slug));
  for (const article of articles) {
    for (const related of article.related) {
      if (!slugs.has(related)) throw new Error(`Article ${article.slug}.md lists unknown related article "${related}"`);
    }
  }
  return articles.sort((a, b) => a.order - b.order);
}

const articles = parseArticles(import.meta.glob<string>("./articles/*.md", { query: "?raw", import: "default", eager: true }));

/** All articles in listing order. */
export function getArticles(): Article[] {
  return articles;
}

/** Summaries (no body) in listing order, for listings, feeds and cards. */
export function getArticleSummaries(): ArticleSummary[] {
  return articles.map(({ html: _html, ...summary }) => summary);
}

export function getArticle(slug: string): Article | undefined {
  return articles.find((a) => a.slug === slug);
}
