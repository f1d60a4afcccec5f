import matter from "gray-matter";
import { Marked } from "marked";
import { ArticleFrontmatterSchema, type ArticleSummary } from "~/content/articles";

export type Article = ArticleSummary & { html: string };

/**
 * Markdown as the articles need it: a link to another site (a source the article cites) opens in
 * a new tab and sends no referrer, like the partner links (which also carry rel="sponsored").
 */
const markdown = new Marked({
  gfm: true,
  renderer: {
    link({ href, title, tokens }) {
      const text = this.parser.parseInline(tokens);
      const titleAttr = title ? ` title="${title.replaceAll('"', "&quot;")}"` : "";
      const external = /^https?:\/\//.test(href);
      if (!external) return `<a href="${href.replaceAll('"', "%22")}"${titleAttr}>${text}</a>`;
      return `<a href="${href.replaceAll('"', "%22")}"${titleAttr} target="_blank" rel="noopener noreferrer">${text}<span class="sr-only"> (opens in a new tab)</span></a>`;
    },
  },
});

/** Parse and validate article files; a bad one throws naming the file. Exported for tests. */
export function parseArticles(files: Record<string, string>): Article[] {
  const articles = Object.entries(files).map(([path, source]) => {
    const slug = path.split("/").pop()!.replace(/\.md$/, "");
    const { data, content } = matter(source);
    const result = ArticleFrontmatterSchema.safeParse(data);
    if (!result.success) {
      const problems = result.error.issues.map((i) => `${i.path.join(".") || "(frontmatter)"}: ${i.message}`);
      throw new Error(`Invalid article frontmatter in ${path}:\n  ${problems.join("\n  ")}`);
    }
    const html = markdown.parse(content, { async: false });
    return { ...result.data, slug, html };
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
