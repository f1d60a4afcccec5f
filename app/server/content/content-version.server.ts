/**
 * The one content version: raised in the transaction of every change to what the public pages
 * show (an article saved, a review approved or hidden, the reviews threshold, a product saved).
 * Each server keeps pages (server/page-cache.ts) and facts (checkout-facts.server.ts) under it:
 * the server that made the change reads again at once, the others at their next check of the
 * version (the store's watch, every second).
 */
import { sql } from "drizzle-orm";
import { contentVersion } from "../../../db/schema";
import { db, type Tx } from "~/server/db.server";
import type { ContentReload } from "~/server/content/article-store.server";

/** Raise the version (in the transaction of the change it announces). */
export async function bumpContentVersion(tx: Tx): Promise<number> {
  const [row] = await tx
    .insert(contentVersion)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({ target: contentVersion.id, set: { version: sql`${contentVersion.version} + 1` } })
    .returning({ version: contentVersion.version });
  return row!.version;
}

/** A change to what the public pages show, committed with the version's raise; this server's store then reloads. */
export async function changePublicContent<T>(content: ContentReload, change: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await db().transaction(async (tx) => {
    const value = await change(tx);
    await bumpContentVersion(tx);
    return value;
  });
  await content.reload();
  return result;
}
