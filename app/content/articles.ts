import { z } from "zod";
import { CATEGORIES, CLOSING_CTAS } from "~/lib/article-meta";
import { PARTNER_IDS, type PartnerId } from "~/lib/partners";

export { CATEGORIES };

/** ISO date, e.g. 2025-01-15 (YAML parses it as a date), kept as the "YYYY-MM-DD" string. */
export const isoDate = z
  .union([z.date(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)])
  .transform((d) => (typeof d === "string" ? d : d.toISOString().slice(0, 10)));

/** Frontmatter of app/content/articles/*.md. A bad field fails the build naming the file. */
const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const ArticleFrontmatterSchema = z
  .object({
    title: z.string().min(10).max(110),
    subtitle: z.string().min(10).max(200),
    excerpt: z.string().min(40).max(220),
    /** Short text for <meta name="description"> (search snippets: ~150 characters). */
    description: z.string().min(50).max(170),
    category: z.enum(CATEGORIES),
    /** Published: ISO date, e.g. 2025-01-15. */
    date: isoDate,
    /** Last reviewed against its sources: ISO date, not before `date` (checked in shipped-articles.server.test.ts). */
    reviewed: isoDate,
    readingMinutes: z.number().int().min(1).max(30),
    imageAlt: z.string().min(10).max(200),
    /** Position in the blog listing (1 = first). */
    order: z.number().int().min(1),
    related: z.array(z.string().regex(slugPattern)).max(2).default([]),
    closingCta: z.enum(CLOSING_CTAS).optional(),
    /** Partner offers shown after the article (see lib/partners.ts). */
    affiliates: z.array(z.enum(PARTNER_IDS as [PartnerId, ...PartnerId[]])).default([]),
  })
  .strict();

export type ArticleFrontmatter = z.infer<typeof ArticleFrontmatterSchema>;

/** A source an article cites, listed under it. */
export type ArticleSource = { title: string; url: string };

/**
 * An article as the pages show it (listing, cards, feed): the frontmatter's facts, wherever they
 * were stored, plus where its pictures are. `image` is the path its responsive files share
 * (`${image}-640.avif` ..., one per width and format of app/content/article-image-widths.ts), `ogImage` the
 * social card.
 */
export type ArticleSummary = Omit<ArticleFrontmatter, "affiliates"> & {
  slug: string;
  affiliates: PartnerId[];
  seoTitle: string | null;
  /** Null: an article without a cover image. */
  image: string | null;
  ogImage: string | null;
  sources: ArticleSource[];
};

/** The shipped illustration of a Markdown article (scripts/make-images.ts), by its file's name. */
export const shippedImage = (key: string) => ({ image: `/images/articles/${key}`, ogImage: `/images/og/${key}.jpg` });

/** The files of an uploaded cover image (app/server/content/article-images.server.ts), by its id. */
export const uploadedImage = (id: number) => ({ image: `/images/uploads/${id}`, ogImage: `/images/uploads/${id}-og.jpg` });
