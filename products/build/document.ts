/**
 * Product documents as print-ready HTML: one stylesheet (products/src/print.css), Markdown with
 * frontmatter for prose, fragments for worksheets. Pure functions: the same sources give the same
 * HTML, which is what the freshness check fingerprints.
 */
import { readFileSync } from "node:fs";
import matter from "gray-matter";
import { Marked, type Tokens } from "marked";
import { z } from "zod";
import { SITE_NAME } from "../../app/lib/site";

const PRINT_CSS = readFileSync(new URL("../src/print.css", import.meta.url), "utf8");

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** A whole printable document around a body fragment. */
export function documentHtml({ title, body }: { title: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)} | ${SITE_NAME}</title>
<style>${PRINT_CSS}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** The band at the top of a short document (worksheets, checklists). */
export function docHeader({ title, subtitle, product = "Credit Repair Toolkit" }: { title: string; subtitle?: string; product?: string }): string {
  return `<header class="doc-header"><div><h1>${escapeHtml(title)}</h1>${
    subtitle ? `<p class="subtitle">${escapeHtml(subtitle)}</p>` : ""
  }</div><div class="brand">${SITE_NAME}<br><span class="muted">${escapeHtml(product)}</span></div></header>`;
}

const Frontmatter = z.strictObject({ title: z.string().min(3), subtitle: z.string().min(3) });

/** A long document's numbered chapters ("## 9. Dispute errors with the credit bureaus"), by number. */
export function chapterTitles(source: string): Map<number, string> {
  return new Map([...matter(source).content.matchAll(/^## (\d+)\. (.+)$/gm)].map((m) => [Number(m[1]), m[2]!.trim()]));
}

const CALLOUT_CLASS: Record<string, string> = { "watch out": "warn", warning: "warn", important: "warn", "the law": "law" };

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * A Markdown product document. `long` documents get a title page and a contents page, and each
 * `##` chapter starts a new page; short ones get a header band.
 *
 * The contents page gives each chapter's page number from `pages` (chapter id -> page), which
 * the builder reads from a first printing (Chromium has no CSS target-counter()): without
 * `pages` the numbers are left blank, which is the HTML the freshness check fingerprints.
 */
export function markdownDocument(
  source: string,
  file: string,
  { long, pages, product }: { long: boolean; pages?: ReadonlyMap<string, number>; product?: string },
): { title: string; html: string; chapterIds: string[] } {
  const parsed = matter(source);
  const front = Frontmatter.safeParse(parsed.data);
  if (!front.success) throw new Error(`${file}: bad frontmatter: ${front.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
  const { title, subtitle } = front.data;
  const chapters: { id: string; text: string }[] = [];
  const marked = new Marked({ gfm: true });
  marked.use({
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Heading) {
        const inner = this.parser.parseInline(token.tokens);
        if (token.depth === 1) throw new Error(`${file}: no '# ' heading in the body (the title comes from the frontmatter)`);
        const id = slug(inner);
        if (token.depth === 2) {
          chapters.push({ id, text: inner });
          const brk = long && chapters.length > 1 ? ' class="page-break"' : "";
          return `<h2 id="${id}"${brk}>${inner}</h2>\n`;
        }
        return `<h${token.depth} id="${id}">${inner}</h${token.depth}>\n`;
      },
      blockquote(this: { parser: { parse(tokens: Tokens.Generic[]): string } }, token: Tokens.Blockquote) {
        const inner = this.parser.parse(token.tokens);
        const lead = /^<p><strong>([^<:]+):?<\/strong>/.exec(inner)?.[1]?.trim().toLowerCase().replace(/:$/, "");
        const cls = lead ? CALLOUT_CLASS[lead] : undefined;
        return `<blockquote${cls ? ` class="${cls}"` : ""}>\n${inner}</blockquote>\n`;
      },
      listitem(this: { parser: { parse(tokens: Tokens.Generic[], loose?: boolean): string } }, item: Tokens.ListItem) {
        const body = this.parser.parse(item.tokens, !!item.loose);
        if (!item.task) return `<li>${body}</li>\n`;
        return `<li class="task">${body}</li>\n`;
      },
      checkbox({ checked }: Tokens.Checkbox) {
        return `<input type="checkbox" aria-label="done"${checked ? " checked" : ""}> `;
      },
    },
  });
  const content = marked.parse(parsed.content, { async: false });
  const tocPage = (id: string) => {
    if (!pages) return "";
    const page = pages.get(id);
    if (page === undefined) throw new Error(`${file}: no page number for chapter #${id}`);
    return String(page);
  };
  const body = long
    ? `<section class="cover"><p class="brand">${SITE_NAME} · Credit Repair Toolkit</p><h1>${escapeHtml(title)}</h1><p class="subtitle">${escapeHtml(subtitle)}</p><p class="meta">Education, not legal advice. Check every address and deadline against the sources named in the text before you rely on it.</p></section>
<nav class="toc" aria-label="Contents"><h2>Contents</h2><ol>${chapters.map((c) => `<li><a href="#${c.id}"><span class="toc-title">${c.text}</span><span class="toc-dots"></span><span class="toc-page">${tocPage(c.id)}</span></a></li>`).join("")}</ol></nav>
<div class="page-break"></div>
${content}`
    : `${docHeader({ title, subtitle, product })}\n${content}`;
  return { title, html: documentHtml({ title, body }), chapterIds: chapters.map((c) => c.id) };
}
