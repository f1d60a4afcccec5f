import { ArticleFrontmatterSchema, shippedImage, type ArticleSummary } from "~/content/articles";
import { parseMarkdownFile } from "~/content/markdown.server";

export type Article = ArticleSummary & { html: string };

/** A Markdown file of the repository: the seed of the articles table (app/server/content/article-seed.server.ts). */
export type ShippedArticle = Article & { body: string };

/** Parse and validate article files; a bad one throws naming the file. Exported for tests. */
export function parseArticles(files: Record<string, string>): ShippedArticle[] {
  const articles = Object.entries(files).map(([path, source]): ShippedArticle => {
    const parsed = parseMarkdownFile(path, source, ArticleFrontmatterSchema);
    return { ...parsed, seoTitle: null, sources: [], ...shippedImage(parsed.slug) };
  });
  const slugs = new Set(articles.map((a) => a.slug));
  for (const article of articles) {
    for (const related of article.related) {
      if (!slugs.has(related)) throw new Error(`Article ${article.slug}.md lists unknown related article "${related}"`);
    }
  }
  return articles.sort((a, b) => a.order - b.order);
}

const articles = parseArticles(import.meta.glob<string>("./articles/*.md", { query: "?raw", import: "default", eager: true }));

/**
 * The articles shipped in the repository, in listing order: the seed of the database, which the
 * site reads once it has started (app/server/content/article-store.server.ts). Build tooling and the
 * content's own tests read these.
 */
export function getShippedArticles(): ShippedArticle[] {
  return articles;
}
