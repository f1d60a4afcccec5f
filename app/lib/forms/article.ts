/**
 * The dashboard's article editor form (issue 24): one schema, read by the browser for instant
 * messages and by the server as the authority (app/server/content/article-editor.server.ts).
 */
import { z } from "zod";
import { CATEGORIES, CLOSING_CTAS } from "~/lib/article-meta";
import { ArticleBodyPicturesSchema } from "~/lib/article-pictures";
import { ZONED_INPUT } from "~/lib/dates";
import { PARTNER_IDS, type PartnerId } from "~/lib/partners";

export const ARTICLE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The editor's buttons: what a save does besides keeping the text. "publish-email" publishes (a
 * live article stays live, its date kept) and prepares a newsletter broadcast of it.
 */
export const ARTICLE_INTENTS = ["save", "draft", "publish", "publish-email", "schedule", "unpublish"] as const;
export type ArticleIntent = (typeof ARTICLE_INTENTS)[number];

export const affiliateField = (id: PartnerId) => `affiliate-${id}` as const;

/** "Title | https://address", one per line. */
export function parseSources(text: string): { sources: { title: string; url: string }[]; bad: number[] } {
  const sources: { title: string; url: string }[] = [];
  const bad: number[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (!line.trim()) return;
    const cut = line.lastIndexOf("|");
    const title = cut === -1 ? "" : line.slice(0, cut).trim();
    const url = (cut === -1 ? line : line.slice(cut + 1)).trim();
    let ok = false;
    try {
      ok = new URL(url).protocol === "https:" && title.length > 0 && title.length <= 200 && url.length <= 500;
    } catch {
      ok = false;
    }
    if (ok) sources.push({ title, url });
    else bad.push(index + 1);
  });
  return { sources, bad };
}

export const formatSources = (sources: readonly { title: string; url: string }[]) => sources.map((s) => `${s.title} | ${s.url}`).join("\n");

const required = (what: string, max: number) =>
  z
    .string({ error: `Enter ${what}.` })
    .trim()
    .min(1, `Enter ${what}.`)
    .max(max, `Keep ${what} to ${max} characters.`);

const optional = (what: string, max: number) => z.string().trim().max(max, `Keep ${what} to ${max} characters.`).optional();

/**
 * An address from a title: "Pay Off Debt: 5 Steps!" -> "pay-off-debt-5-steps". Accents are
 * dropped to their letter; the editor fills the address with it while the owner has not typed
 * one of her own, and the server when the address was left empty (a form posted without script).
 */
export function slugFromTitle(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

const SCHEDULE_TIME = "Enter the date and time to publish.";
/** The cover is an uploaded picture, by its number: never an address (a path could leave /images/). */
const COVER = "Choose the cover among the uploaded pictures.";

/** The fields every button sends; only Schedule needs more (its time). */
const ARTICLE_FIELDS = {
  /** The version the form was opened at (absent for a new article): the server refuses a save over a newer one. */
  version: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  title: required("a title", 110),
  /** Empty: made from the title (slugFromTitle). */
  slug: z
    .string()
    .trim()
    .max(80, "Keep the address to 80 characters.")
    .regex(ARTICLE_SLUG, "Use lower-case letters, digits and single hyphens only, for example my-new-article.")
    .optional(),
  subtitle: optional("the subtitle", 200),
  category: z.enum(CATEGORIES, { error: "Choose a category." }),
  excerpt: required("an excerpt for the blog list", 220),
  // Browsers send a textarea's line breaks as CRLF: stored as LF, so revisions compare by line.
  body: required("the article's text", 100_000)
    .transform((v) => v.replace(/\r\n?/g, "\n"))
    .pipe(ArticleBodyPicturesSchema),
  description: required("a description for search engines", 170),
  seoTitle: optional("the search title", 70),
  /** An uploaded picture (POST /admin/images) as the cover, before or after the first save. */
  imageId: z.coerce.number({ error: COVER }).int(COVER).min(1, COVER).max(2_147_483_647, COVER).optional(),
  imageAlt: optional("the image description", 200),
  reviewed: z.string({ error: "Enter the date it was last reviewed." }).regex(ISO_DATE, "Enter the date it was last reviewed."),
  sources: z
    .string()
    .max(10_000, "Keep the sources to 10,000 characters.")
    .transform((v) => v.replace(/\r\n?/g, "\n"))
    .superRefine((v, ctx) => {
      const { bad } = parseSources(v);
      if (bad.length > 0)
        ctx.addIssue({ code: "custom", message: `Write each source as "Title | https://address" (line ${bad.join(", ")}).` });
    })
    .optional(),
  closingCta: z.enum(CLOSING_CTAS).optional(),
  ...(Object.fromEntries(PARTNER_IDS.map((id) => [affiliateField(id), z.literal("on").optional()])) as Record<
    ReturnType<typeof affiliateField>,
    z.ZodOptional<z.ZodLiteral<"on">>
  >),
};

/** A datetime-local value, in the business's time zone (the server reads it: saveArticle). */
const publishAt = z.string({ error: SCHEDULE_TIME }).regex(ZONED_INPUT, SCHEDULE_TIME);

/**
 * The editor's one form, by its button (`intent`): the browser's instant messages (Conform's
 * useForm) and the server's authority (parseWithZod in the route's action) read this same schema.
 * No button (a field checked as the owner leaves it, Enter in a script-less form) reads as Save.
 */
const byIntent = z
  .discriminatedUnion("intent", [
    z.object({
      intent: z.enum(
        ARTICLE_INTENTS.filter((i) => i !== "schedule") as [Exclude<ArticleIntent, "schedule">, ...Exclude<ArticleIntent, "schedule">[]],
      ),
      ...ARTICLE_FIELDS,
      publishAt: publishAt.optional(),
    }),
    z.object({ intent: z.literal("schedule"), ...ARTICLE_FIELDS, publishAt }),
  ])
  .superRefine((v, ctx) => {
    if (!v.slug && !slugFromTitle(v.title)) {
      ctx.addIssue({ code: "custom", path: ["slug"], message: "Enter the article's address (for example my-new-article)." });
    }
    if (v.imageId && !v.imageAlt) {
      ctx.addIssue({ code: "custom", path: ["imageAlt"], message: "Describe the cover image for readers who cannot see it." });
    }
  });

export const ArticleFormSchema = z.preprocess(
  (value) => (value && typeof value === "object" && !("intent" in value) ? { ...value, intent: "save" } : value),
  byIntent,
);

export type ArticleForm = z.output<typeof ArticleFormSchema>;

/** The editable fields of an article as a revision keeps them. */
export type ArticleContent = {
  title: string;
  slug: string;
  subtitle: string;
  category: (typeof CATEGORIES)[number];
  excerpt: string;
  body: string;
  description: string;
  seoTitle: string | null;
  imageAlt: string;
  imageId: number | null;
  reviewed: string;
  sources: { title: string; url: string }[];
  closingCta: (typeof CLOSING_CTAS)[number] | null;
  affiliates: PartnerId[];
};

/** The form's values as content: an empty address is made from the title. */
export function contentFromForm(form: ArticleForm): ArticleContent {
  return {
    title: form.title,
    slug: form.slug || slugFromTitle(form.title),
    subtitle: form.subtitle ?? "",
    category: form.category,
    excerpt: form.excerpt,
    body: form.body,
    description: form.description,
    seoTitle: form.seoTitle || null,
    imageAlt: form.imageAlt ?? "",
    imageId: form.imageId ?? null,
    reviewed: form.reviewed,
    sources: parseSources(form.sources ?? "").sources,
    closingCta: form.closingCta ?? null,
    affiliates: PARTNER_IDS.filter((id) => form[affiliateField(id)] === "on"),
  };
}

/** Minutes to read a Markdown text, at 220 words a minute (at least one). */
export function readingMinutes(body: string): number {
  const words = body.split(/\s+/).filter((w) => /\w/.test(w)).length;
  return Math.max(1, Math.round(words / 220));
}

/** The labels of a revision's fields, in the editor's order, for the comparison. */
export const CONTENT_LABELS: Record<keyof ArticleContent, string> = {
  title: "Title",
  slug: "Address",
  subtitle: "Subtitle",
  category: "Category",
  excerpt: "Excerpt",
  body: "Text",
  description: "Search description",
  seoTitle: "Search title",
  imageAlt: "Image description",
  imageId: "Cover image",
  reviewed: "Last reviewed",
  sources: "Sources",
  closingCta: "Closing offer",
  affiliates: "Partner cards",
};
