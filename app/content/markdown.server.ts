import matter from "gray-matter";
import { Marked } from "marked";
import type { z } from "zod";

/**
 * The site's Markdown (articles, legal pages): a link to another site (a source an article cites)
 * opens in a new tab and sends no referrer, like the partner links (which also carry rel="sponsored").
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

/**
 * One Markdown content file: its frontmatter checked by `schema` (a bad field throws naming the
 * file and the field), its slug (the file name) and its body as HTML.
 */
export function parseMarkdownFile<T extends object>(
  path: string,
  source: string,
  schema: z.ZodType<T, unknown>,
): T & { slug: string; html: string } {
  const slug = path.split("/").pop()!.replace(/\.md$/, "");
  const { data, content } = matter(source);
  const result = schema.safeParse(data);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".") || "(frontmatter)"}: ${i.message}`);
    throw new Error(`Invalid frontmatter in ${path}: ${problems.join("; ")}`);
  }
  return { ...result.data, slug, html: markdown.parse(content, { async: false }) };
}
