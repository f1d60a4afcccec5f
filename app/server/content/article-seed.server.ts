/**
 * The shipped Markdown articles as the first content of the database. A fresh database gets all
 * of them; a later start adds a shipped article the database lacks (by the file it came from,
 * `shipped_key`, whatever its slug is now) and never touches one that is there, edited or not.
 * Several servers starting at once insert each one once (the unique shipped_key; the loser of
 * the race does nothing).
 */
import { sql } from "drizzle-orm";
import { articleRevisions, articles } from "../../../db/schema";
import { getShippedArticles, type ShippedArticle } from "~/content/articles.server";
import type { ArticleContent } from "~/lib/article-form";
import { db, rowsOf } from "~/server/db.server";
import { bumpContentVersion, type Tx } from "~/server/content/content-version.server";

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
      rowsOf<{ shipped_key: string }>(await tx.execute(sql`select shipped_key from articles where shipped_key is not null`)).map(
        (r) => r.shipped_key,
      ),
    );
    const added: string[] = [];
    const skipped: string[] = [];
    for (const a of shipped) {
      if (present.has(a.slug)) continue;
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
        const raced = rowsOf(await tx.execute(sql`select 1 from articles where shipped_key = ${a.slug}`)).length > 0;
        if (!raced) skipped.push(a.slug);
        continue;
      }
      await tx
        .insert(articleRevisions)
        .values({ articleId: row.id, version: 1, content: shippedContent(a), note: "Shipped with the site" });
      added.push(a.slug);
    }
    if (added.length > 0) await bumpContentVersion(tx);
    return { added, skipped };
  });
}
