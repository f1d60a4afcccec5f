/**
 * The owner's changes to articles (issue 24), each one transaction: the article row, a revision
 * with what was saved, the former slug kept for a 301, and content_version raised so every server
 * reloads. A save is refused whole (nothing written) when the form's version is not the latest
 * (two tabs), the slug is taken, a schedule is not in the future or the cover has no description.
 */
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { articleImages, articleRedirects, articleRevisions, articles, type ArticleStatus } from "../../../db/schema";
import { contentFromForm, readingMinutes, type ArticleContent, type ArticleForm, type ArticleIntent } from "~/lib/forms/article";
import type { SaveOutcome } from "~/lib/article-save-messages";
import { articleState, type ArticleState } from "~/lib/article-status";
import { formatZonedDateTime, fromZonedInput, zonedDay } from "~/lib/dates";
import { renderArticleMarkdown } from "~/content/markdown.server";
import { db, sqlState } from "~/server/db.server";
import type { ContentReload } from "~/server/content/article-store.server";
import { bumpContentVersion } from "~/server/content/content-version.server";
import type { Tx } from "~/server/db.server";
import { businessTimeZone } from "~/server/dates.server";

export type SaveRefusal = {
  ok: false;
  status: 400 | 404 | 409;
  /** For the whole form (the version check). */
  message: string;
  fieldErrors: Record<string, string[]>;
};
export type SaveResult = { ok: true; id: number; slug: string; version: number; status: ArticleStatus; outcome: SaveOutcome } | SaveRefusal;

class Refused extends Error {
  constructor(readonly refusal: SaveRefusal) {
    super(refusal.message);
  }
}

const refuse = (status: SaveRefusal["status"], message: string, fieldErrors: Record<string, string[]> = {}): SaveRefusal => ({
  ok: false,
  status,
  message,
  fieldErrors,
});

const SLUG_TAKEN = "Another article already uses this address: choose another.";

/** What a revision's list says of each button. */
const NOTES: Record<ArticleIntent, string> = {
  save: "Saved",
  draft: "Saved as a draft",
  publish: "Published",
  "publish-email": "Published",
  schedule: "Scheduled",
  unpublish: "Unpublished",
};

/**
 * What the owner is told after a save: what happened to the article, from what it was before
 * (null: it is new) and what it is now, not from the button alone (a first "Save draft" of a new
 * article moved nothing off the site).
 */
export function saveOutcome(intent: ArticleIntent | "restore", before: ArticleState | null, after: ArticleState): SaveOutcome {
  if (intent === "restore") return "restored";
  if (intent === "unpublish") return "unpublished";
  if (intent === "schedule") return "scheduled";
  if (intent === "publish" || intent === "publish-email") return before === "live" ? "updated" : "published";
  if (intent === "draft") return before === null || before === "draft" ? "draft-saved" : "moved-to-drafts";
  return SAVED_AS[after];
}

/** A plain save says what the article now is. */
const SAVED_AS: Record<ArticleState, SaveOutcome> = {
  live: "updated",
  scheduled: "scheduled",
  draft: "draft-saved",
  unpublished: "saved-offline",
};

type Change = {
  /** The article to change; absent: a new article. */
  id?: number;
  expectedVersion?: number;
  content: ArticleContent;
  intent: ArticleIntent;
  publishAt?: Date | null;
  /** A revision restored: its own note and message. */
  restored?: number;
  now: Date;
  /** The business's zone: an article's date (publishedOn) is the day it went live there. */
  timeZone: string;
  /** This server's articles, read again once the change is committed. */
  store: ContentReload;
};

/**
 * Save the editor's form: a new article (no id) or a change to one. Its "Publish at" is read in
 * the business's time zone, as the editor's label says.
 */
export async function saveArticle({
  store,
  id,
  form,
  now = new Date(),
  timeZone = businessTimeZone(undefined),
}: {
  store: ContentReload;
  id?: number;
  form: ArticleForm;
  now?: Date;
  timeZone?: string;
}): Promise<SaveResult> {
  const publishAt = form.publishAt ? fromZonedInput(form.publishAt, timeZone) : null;
  if (form.intent === "schedule" && (!publishAt || publishAt <= now)) {
    return refuse(400, "The article was not saved.", {
      publishAt: [`Choose a time in the future (it is now ${formatZonedDateTime(now, timeZone)}).`],
    });
  }
  if (form.imageId) {
    const [image] = await db().select({ id: articleImages.id }).from(articleImages).where(eq(articleImages.id, form.imageId));
    if (!image)
      return refuse(400, "The article was not saved.", { imageAlt: ["That cover image is not stored any more: upload it again."] });
  }
  return applyChange({
    id,
    expectedVersion: form.version,
    content: contentFromForm(form),
    intent: form.intent,
    publishAt,
    now,
    timeZone,
    store,
  });
}

async function applyChange(change: Change): Promise<SaveResult> {
  const { id, content, intent, now } = change;
  const day = (at: Date) => zonedDay(at, change.timeZone);
  if (content.imageId && !content.imageAlt.trim()) {
    return refuse(400, "The article was not saved.", { imageAlt: ["Describe the cover image for readers who cannot see it."] });
  }
  try {
    const saved = await db().transaction(async (tx: Tx) => {
      const [current] = id ? await tx.select().from(articles).where(eq(articles.id, id)).for("update") : [];
      if (id && !current) throw new Refused(refuse(404, "No such article."));
      if (current && change.expectedVersion !== current.version) {
        throw new Refused(
          refuse(
            409,
            `This article was changed elsewhere (another tab or window) after you opened it: version ${current.version} is the latest, yours was ${change.expectedVersion ?? "none"}. Nothing was saved. Copy your changes, then reload the page to see the latest.`,
          ),
        );
      }
      const others = await tx
        .select({ id: articles.id })
        .from(articles)
        .where(and(eq(articles.slug, content.slug), id ? ne(articles.id, id) : undefined));
      const formerOfOther = await tx
        .select({ id: articleRedirects.articleId })
        .from(articleRedirects)
        .where(and(eq(articleRedirects.oldSlug, content.slug), id ? ne(articleRedirects.articleId, id) : undefined));
      if (others.length > 0 || formerOfOther.length > 0)
        throw new Refused(refuse(400, "The article was not saved.", { slug: [SLUG_TAKEN] }));

      let status: ArticleStatus = current?.status ?? "draft";
      let publishAt = current?.publishAt ?? null;
      let publishedOn = current?.publishedOn ?? day(now);
      const before = current ? articleState(current, now) : null;
      const everLive = !!current?.publishAt && current.status !== "draft" && (current.status !== "scheduled" || current.publishAt <= now);
      if (intent === "publish" || intent === "publish-email") {
        status = "published";
        if (!(current?.status === "published" && current.publishAt)) publishAt = now;
        if (!everLive) publishedOn = day(now);
      } else if (intent === "schedule") {
        status = "scheduled";
        publishAt = change.publishAt!;
        if (!everLive) publishedOn = day(publishAt);
      } else if (intent === "unpublish") {
        status = "unpublished";
        publishAt ??= now;
      } else if (intent === "draft") {
        status = "draft";
      }

      const values = {
        slug: content.slug,
        status,
        publishAt,
        title: content.title,
        subtitle: content.subtitle,
        excerpt: content.excerpt,
        description: content.description,
        seoTitle: content.seoTitle,
        category: content.category,
        publishedOn,
        reviewedOn: content.reviewed,
        readingMinutes: readingMinutes(content.body),
        body: content.body,
        html: renderArticleMarkdown(content.body),
        imageAlt: content.imageAlt,
        imageId: content.imageId,
        closingCta: content.closingCta,
        affiliates: content.affiliates,
        sources: content.sources,
        updatedAt: now,
      };
      let row: { id: number; version: number; slug: string; status: ArticleStatus };
      if (current) {
        [row] = (await tx
          .update(articles)
          .set({ ...values, version: current.version + 1 })
          .where(eq(articles.id, current.id))
          .returning({ id: articles.id, version: articles.version, slug: articles.slug, status: articles.status })) as [typeof row];
        // The old address keeps working (301) once the article was ever public.
        if (current.slug !== content.slug && current.publishAt) {
          await tx
            .insert(articleRedirects)
            .values({ oldSlug: current.slug, articleId: current.id })
            .onConflictDoUpdate({ target: articleRedirects.oldSlug, set: { articleId: current.id } });
        }
        await tx.delete(articleRedirects).where(eq(articleRedirects.oldSlug, content.slug));
      } else {
        const [first] = await tx.select({ order: sql<number>`coalesce(min(${articles.sortOrder}), 1)` }).from(articles);
        // A new article leads the listing.
        [row] = (await tx
          .insert(articles)
          .values({ ...values, sortOrder: Number(first!.order) - 1, version: 1, createdAt: now })
          .returning({ id: articles.id, version: articles.version, slug: articles.slug, status: articles.status })) as [typeof row];
      }
      await tx.insert(articleRevisions).values({
        articleId: row.id,
        version: row.version,
        content,
        note: change.restored ? `Restored version ${change.restored}` : current ? NOTES[intent] : "Created",
        createdAt: now,
      });
      await bumpContentVersion(tx);
      return { ...row, outcome: saveOutcome(change.restored ? "restore" : intent, before, articleState({ status, publishAt }, now)) };
    });
    await change.store.reload();
    return { ok: true, ...saved };
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    // Two saves racing for one slug: the database's unique constraint decides.
    if (sqlState(error) === "23505") return refuse(400, "The article was not saved.", { slug: [SLUG_TAKEN] });
    throw error;
  }
}

/** Save a revision's content again as the latest version (its status stays as it is now). */
export async function restoreRevision({
  store,
  id,
  revision,
  expectedVersion,
  now = new Date(),
  timeZone = businessTimeZone(undefined),
}: {
  store: ContentReload;
  id: number;
  revision: number;
  expectedVersion: number;
  now?: Date;
  /** The business's zone (the route's businessTimeZone(context)): a scheduled time is read in it. */
  timeZone?: string;
}): Promise<SaveResult> {
  const [old] = await db()
    .select()
    .from(articleRevisions)
    .where(and(eq(articleRevisions.articleId, id), eq(articleRevisions.version, revision)));
  if (!old) return refuse(404, "No such revision.");
  return applyChange({
    id,
    expectedVersion,
    content: old.content as ArticleContent,
    intent: "save",
    restored: revision,
    now,
    timeZone,
    store,
  });
}

/** One article as the editor opens it: the stored row, its latest revision's content and the revisions' list. */
export async function articleForEditor(id: number) {
  const row = await db().query.articles.findFirst({ where: eq(articles.id, id) });
  if (!row) return null;
  const revisions = await db()
    .select({ version: articleRevisions.version, note: articleRevisions.note, createdAt: articleRevisions.createdAt })
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, id))
    .orderBy(desc(articleRevisions.version));
  const [latest] = await db()
    .select({ content: articleRevisions.content })
    .from(articleRevisions)
    .where(and(eq(articleRevisions.articleId, id), eq(articleRevisions.version, row.version)));
  return { row, content: (latest?.content ?? null) as ArticleContent | null, revisions };
}

/** A revision's content and the latest's, to compare. */
export async function revisionWithLatest(id: number, version: number) {
  const row = await db().query.articles.findFirst({ where: eq(articles.id, id), columns: { version: true, title: true, slug: true } });
  if (!row) return null;
  const pair = await db()
    .select()
    .from(articleRevisions)
    .where(and(eq(articleRevisions.articleId, id), sql`${articleRevisions.version} in (${version}, ${row.version})`));
  const old = pair.find((r) => r.version === version);
  const latest = pair.find((r) => r.version === row.version);
  if (!old || !latest) return null;
  return {
    article: row,
    old: { version: old.version, note: old.note, createdAt: old.createdAt, content: old.content as ArticleContent },
    latest: { version: latest.version, content: latest.content as ArticleContent },
  };
}
