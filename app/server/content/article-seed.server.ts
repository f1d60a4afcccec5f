/**
 * The shipped Markdown articles as the first content of the database. A fresh database gets all
 * of them; a later start adds a shipped article the database lacks (by the file it came from,
 * `shipped_key`, whatever its slug is now), and brings one the owner never changed up to the
 * shipped text (a correction in a release reaches her site: every revision it has is a shipped
 * one, SHIPPED_NOTE). One she saved, published, unpublished or restored even once is hers: never touched.
 * Several servers starting at once insert each one once (the unique shipped_key; the loser of
 * the race does nothing).
 */
import { isDeepStrictEqual } from "node:util";
import { and, eq, isNotNull, notExists, notLike, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { articleRevisions, articles } from "../../../db/schema";
import { getShippedArticles, type ShippedArticle } from "~/content/shipped-articles.server";
import type { ArticleContent } from "~/lib/forms/article";
import { db } from "~/server/db.server";
import { bumpContentVersion } from "~/server/content/content-version.server";
import type { Tx } from "~/server/db.server";

/** Every revision the site itself writes starts so; the owner's never do (article-editor.server.ts). */
export const SHIPPED_NOTE = "Shipped with the site";

export function shippedContent(a: ShippedArticle): ArticleContent {
  return {
    title: a.title,
    slug: a.slug,
    subtitle: a.subtitle,
    category: a.category,
    excerpt: a.excerpt,
    body: a.body,
    description: a.description,
    seoTitle: null,
    imageAlt: a.imageAlt,
    imageId: null,
    reviewed: a.reviewed,
    sources: [],
    closingCta: a.closingCta ?? null,
    affiliates: a.affiliates,
  };
}

export async function seedShippedArticles(shipped: readonly ShippedArticle[] = getShippedArticles()) {
  return db().transaction(async (tx: Tx) => {
    const present = new Set(
      (await tx.select({ shippedKey: articles.shippedKey }).from(articles).where(isNotNull(articles.shippedKey))).map((r) => r.shippedKey!),
    );
    const added: string[] = [];
    const skipped: string[] = [];
    const updated: string[] = [];
    for (const a of shipped) {
      if (present.has(a.slug)) {
        if (await bringUpToDate(tx, a)) updated.push(a.slug);
        continue;
      }
      const [row] = await tx
        .insert(articles)
        .values({
          slug: a.slug,
          shippedKey: a.slug,
          status: "published",
          publishAt: new Date(`${a.date}T12:00:00Z`),
          title: a.title,
          subtitle: a.subtitle,
          excerpt: a.excerpt,
          description: a.description,
          category: a.category,
          publishedOn: a.date,
          reviewedOn: a.reviewed,
          readingMinutes: a.readingMinutes,
          body: a.body,
          html: a.html,
          imageAlt: a.imageAlt,
          shippedImage: a.slug,
          sortOrder: a.order,
          related: a.related,
          closingCta: a.closingCta ?? null,
          affiliates: a.affiliates,
        })
        .onConflictDoNothing()
        .returning({ id: articles.id });
      if (!row) {
        // Another server inserted it a moment ago, or the owner's own article has this address.
        const raced = (await tx.select({ id: articles.id }).from(articles).where(eq(articles.shippedKey, a.slug)).limit(1)).length > 0;
        if (!raced) skipped.push(a.slug);
        continue;
      }
      await tx.insert(articleRevisions).values({ articleId: row.id, version: 1, content: shippedContent(a), note: SHIPPED_NOTE });
      added.push(a.slug);
    }
    if (added.length > 0 || updated.length > 0) await bumpContentVersion(tx);
    return { added, skipped, updated };
  });
}

/**
 * A shipped article the owner never changed takes this release's text (a new revision, noted as
 * shipped); returns whether it changed. Its address, status, dates and place in the list stay.
 */
async function bringUpToDate(tx: Tx, a: ShippedArticle): Promise<boolean> {
  const owners = alias(articleRevisions, "o");
  const [row] = await tx
    .select({ id: articles.id, version: articles.version, content: articleRevisions.content })
    .from(articles)
    .innerJoin(articleRevisions, and(eq(articleRevisions.articleId, articles.id), eq(articleRevisions.version, articles.version)))
    .where(
      and(
        eq(articles.shippedKey, a.slug),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(owners)
            .where(and(eq(owners.articleId, articles.id), notLike(owners.note, `${SHIPPED_NOTE}%`))),
        ),
      ),
    )
    .for("update", { of: articles });
  if (!row) return false;
  const content = { ...shippedContent(a), slug: String(row.content.slug ?? a.slug) };
  // As jsonb holds it (no undefined keys); jsonb's own key order does not matter to the comparison.
  if (isDeepStrictEqual(row.content, JSON.parse(JSON.stringify(content)))) return false;
  await tx
    .update(articles)
    .set({
      title: a.title,
      subtitle: a.subtitle,
      excerpt: a.excerpt,
      description: a.description,
      category: a.category,
      reviewedOn: a.reviewed,
      readingMinutes: a.readingMinutes,
      body: a.body,
      html: a.html,
      imageAlt: a.imageAlt,
      related: a.related,
      closingCta: a.closingCta ?? null,
      affiliates: a.affiliates,
      version: row.version + 1,
      updatedAt: new Date(),
    })
    .where(eq(articles.id, row.id));
  await tx
    .insert(articleRevisions)
    .values({ articleId: row.id, version: row.version + 1, content, note: `${SHIPPED_NOTE}: corrected text` });
  return true;
}
