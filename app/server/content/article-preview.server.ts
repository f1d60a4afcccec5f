/** The editor's preview: what the form holds, shown as the article page shows it (nothing stored). */
import { renderArticleMarkdown } from "~/content/markdown.server";
import { shippedImage, uploadedImage, type ArticleSummary } from "~/content/articles";
import { affiliateField, formatSources, parseSources, readingMinutes, type ArticleContent } from "~/lib/forms/article";
import { CATEGORIES, CLOSING_CTAS, type Category, type ClosingCtaKind } from "~/lib/article-meta";
import { PARTNER_IDS } from "~/lib/partners";

export type PreviewArticle = ArticleSummary & { html: string };

const str = (v: unknown, max: number) => (typeof v === "string" ? v.slice(0, max) : "");

/** A preview from the posted fields, valid or not (a half-written article still previews). */
export function previewFromFields(
  fields: Record<string, unknown>,
  cover: { imageId: number | null; shippedImage: string | null },
  today: string,
): PreviewArticle {
  const body = str(fields.body, 100_000);
  const category = CATEGORIES.includes(fields.category as Category) ? (fields.category as Category) : CATEGORIES[0];
  const closingCta = CLOSING_CTAS.includes(fields.closingCta as ClosingCtaKind) ? (fields.closingCta as ClosingCtaKind) : undefined;
  // The form carries the cover it shows (an upload not saved yet, too).
  const posted = /^[1-9]\d{0,9}$/.test(String(fields.imageId ?? "")) ? Number(fields.imageId) : null;
  const imageId = posted ?? cover.imageId;
  const images = imageId ? uploadedImage(imageId) : cover.shippedImage ? shippedImage(cover.shippedImage) : { image: null, ogImage: null };
  return {
    slug: str(fields.slug, 80),
    title: str(fields.title, 110) || "(no title yet)",
    subtitle: str(fields.subtitle, 200),
    excerpt: str(fields.excerpt, 220),
    description: str(fields.description, 170),
    seoTitle: str(fields.seoTitle, 70) || null,
    category,
    date: today,
    reviewed: /^\d{4}-\d{2}-\d{2}$/.test(str(fields.reviewed, 10)) ? str(fields.reviewed, 10) : today,
    readingMinutes: readingMinutes(body),
    imageAlt: str(fields.imageAlt, 200),
    order: 0,
    related: [],
    closingCta,
    affiliates: PARTNER_IDS.filter((id) => fields[affiliateField(id)] === "on"),
    sources: parseSources(str(fields.sources, 10_000)).sources,
    html: renderArticleMarkdown(body),
    ...images,
  };
}

/** The stored article's latest content as a preview (the editor's side and the owner's preview page). */
export function previewOfStored(
  content: ArticleContent,
  row: { imageId: number | null; shippedImage: string | null; publishedOn: string } | null,
  today: string,
): PreviewArticle {
  return previewFromFields(
    {
      ...content,
      sources: formatSources(content.sources),
      ...Object.fromEntries(content.affiliates.map((a) => [affiliateField(a), "on"])),
    },
    { imageId: row?.imageId ?? null, shippedImage: row?.shippedImage ?? null },
    row?.publishedOn ?? today,
  );
}
