import matter from "gray-matter";
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import type { z } from "zod";
import { ArticleBodyPicturesSchema, isSitePicture } from "~/lib/article-pictures";

const EXTERNAL = /^https?:\/\//i;

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
      const external = EXTERNAL.test(href);
      if (!external) return `<a href="${href.replaceAll('"', "%22")}"${titleAttr}>${text}</a>`;
      return `<a href="${href.replaceAll('"', "%22")}"${titleAttr} target="_blank" rel="noopener noreferrer">${text}<span class="sr-only"> (opens in a new tab)</span></a>`;
    },
  },
});

/**
 * What an article body may contain once rendered, whatever the owner typed or pasted (issue 24:
 * a stolen dashboard login must not turn the site into an attack on its readers). An allow-list:
 * the elements Markdown itself produces, links to http(s), mailto, tel or a path of this site,
 * images only from this site's own /images/ (the Content-Security-Policy allows no other), and no attribute that runs anything (no
 * on*, no style, no id to clobber the page's own). Everything else is dropped, its text kept
 * (a <script> or <iframe> and their contents go entirely).
 */
const ARTICLE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "h2",
    "h3",
    "h4",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "b",
    "i",
    "a",
    "blockquote",
    "code",
    "pre",
    "hr",
    "br",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "del",
    "span",
    "img",
    "sup",
    "sub",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    span: ["class"],
    img: ["src", "alt", "title", "width", "height"],
    th: ["align"],
    td: ["align"],
    ol: ["start"],
  },
  allowedClasses: { span: ["sr-only"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "template", "svg", "math"],
  transformTags: {
    // The article's own title is its only h1.
    h1: "h2",
    // A new tab never gets a handle on this page; a link inside the site never opens one.
    a: (tagName, attribs) => {
      const { target: _target, rel: _rel, ...rest } = attribs;
      return EXTERNAL.test(attribs.href ?? "")
        ? { tagName, attribs: { ...rest, target: "_blank", rel: "noopener noreferrer" } }
        : { tagName, attribs: rest };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy", decoding: "async", alt: attribs.alt ?? "" } }),
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !isSitePicture(frame.attribs.src ?? ""),
};
ARTICLE_HTML.allowedAttributes = {
  ...ARTICLE_HTML.allowedAttributes,
  img: ["src", "alt", "title", "width", "height", "loading", "decoding"],
};

/** An article body (Markdown, from a file or the editor) as HTML safe to put in the page. */
export function renderArticleMarkdown(body: string): string {
  return sanitizeHtml(markdown.parse(body, { async: false }), ARTICLE_HTML);
}

/**
 * One Markdown content file: its frontmatter checked by `schema` (a bad field throws naming the
 * file and the field), its slug (the file name), its body as Markdown (its pictures checked as the
 * editor checks them) and as safe HTML.
 */
export function parseMarkdownFile<T extends object>(
  path: string,
  source: string,
  schema: z.ZodType<T, unknown>,
): T & { slug: string; body: string; html: string } {
  const slug = path.split("/").pop()!.replace(/\.md$/, "");
  const { data, content } = matter(source);
  const result = schema.safeParse(data);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".") || "(frontmatter)"}: ${i.message}`);
    throw new Error(`Invalid frontmatter in ${path}: ${problems.join("; ")}`);
  }
  const pictures = ArticleBodyPicturesSchema.safeParse(content);
  if (!pictures.success) throw new Error(`Invalid picture in ${path}: ${pictures.error.issues.map((i) => i.message).join("; ")}`);
  return { ...result.data, slug, body: content, html: renderArticleMarkdown(content) };
}
