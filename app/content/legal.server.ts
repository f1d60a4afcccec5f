import { z } from "zod";
import { isoDate } from "~/content/articles";
import { parseMarkdownFile } from "~/content/markdown.server";
import { SUPPORT_EMAIL_PLACEHOLDER } from "~/lib/business";
import { LEGAL_PAGES } from "~/lib/site";

/** Frontmatter of app/content/legal/*.md. A bad field, or a page missing from LEGAL_PAGES, fails at start naming the file. */
const LegalFrontmatterSchema = z
  .object({
    title: z.string().min(5).max(80),
    description: z.string().min(50).max(170),
    /** ISO date of the last change, shown on the page. */
    updated: isoDate,
  })
  .strict();

export type LegalPage = z.infer<typeof LegalFrontmatterSchema> & { slug: string; html: string };

/** Parse and validate the legal pages; exported for tests. */
export function parseLegalPages(files: Record<string, string>): LegalPage[] {
  const pages = Object.entries(files).map(([path, source]): LegalPage => parseMarkdownFile(path, source, LegalFrontmatterSchema));
  for (const { slug } of LEGAL_PAGES) {
    if (!pages.some((p) => p.slug === slug)) throw new Error(`Legal page app/content/legal/${slug}.md is missing`);
  }
  return pages;
}

const pages = parseLegalPages(import.meta.glob<string>("./legal/*.md", { query: "?raw", import: "default", eager: true }));

export function getLegalPage(slug: string): LegalPage | undefined {
  return pages.find((p) => p.slug === slug);
}

const escapeHtml = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/**
 * A page's HTML with the support address where its Markdown says SUPPORT_EMAIL_PLACEHOLDER, as a
 * mailto link: the business's saved address (decision 069), never one typed into the text.
 */
export function withSupportEmail(html: string, supportEmail: string): string {
  const address = escapeHtml(supportEmail);
  return html.replaceAll(SUPPORT_EMAIL_PLACEHOLDER, `<a href="mailto:${address}">${address}</a>`);
}
