/**
 * The exact running counts the database keeps for the dashboard (issue 44; db/schema.ts
 * `outbox_tallies`, `contact_tallies` and `broadcast_leaver_tallies`, written by statement triggers in the same transaction as
 * the rows they count, migration 0025): read by summing each key's rows, folded now and then.
 * Not a cache: a count read here is the count of the rows committed, as a COUNT(*) would say,
 * without reading 1.5 million outbox rows or 100,000 contacts for it.
 */
import { asc, eq, gt, isNotNull, isNull, sum } from "drizzle-orm";
import { z } from "zod";
import { broadcastLeaverTallies, contactTallies, OUTBOX_STATUSES, outboxTallies, type OutboxStatus } from "../../db/schema";
import { db } from "~/server/db.server";
import { foldTally } from "~/server/tallies.sql.server";

/** A sum of a key's rows: bigint in SQL, so a string on the wire; null when no row matched. */
const total = (n: Parameters<typeof sum>[0]) => sum(n).mapWith(Number);

// The triggers write the outbox's own statuses; a row with another one is a fault to hear about, not to count.
const OutboxStatusSchema = z.enum(OUTBOX_STATUSES);

/** Every outbox row by status (broadcasts' and other mail alike). */
export async function outboxStatusCounts(): Promise<Map<OutboxStatus, number>> {
  const rows = await db()
    .select({ status: outboxTallies.status, n: total(outboxTallies.n) })
    .from(outboxTallies)
    .groupBy(outboxTallies.status);
  return new Map(rows.map((r) => [OutboxStatusSchema.parse(r.status), r.n]));
}

/** Each broadcast's outbox rows by status (only one broadcast's, given its id). */
export async function broadcastStatusCounts(only?: number): Promise<Map<number, Map<OutboxStatus, number>>> {
  const rows = await db()
    .select({ id: outboxTallies.broadcastId, status: outboxTallies.status, n: total(outboxTallies.n) })
    .from(outboxTallies)
    .where(only === undefined ? isNotNull(outboxTallies.broadcastId) : eq(outboxTallies.broadcastId, only))
    .groupBy(outboxTallies.broadcastId, outboxTallies.status);
  const counts = new Map<number, Map<OutboxStatus, number>>();
  for (const r of rows) {
    const id = r.id!;
    if (!counts.has(id)) counts.set(id, new Map());
    counts.get(id)!.set(OutboxStatusSchema.parse(r.status), r.n);
  }
  return counts;
}

/** Each broadcast's recipients who left after it reached them: bounced and unsubscribed (or complained). */
export async function broadcastLeavers(only?: number): Promise<Map<number, { bounced: number; unsubscribed: number }>> {
  const rows = await db()
    .select({ id: broadcastLeaverTallies.broadcastId, kind: broadcastLeaverTallies.kind, n: total(broadcastLeaverTallies.n) })
    .from(broadcastLeaverTallies)
    .where(only === undefined ? undefined : eq(broadcastLeaverTallies.broadcastId, only))
    .groupBy(broadcastLeaverTallies.broadcastId, broadcastLeaverTallies.kind);
  const leavers = new Map<number, { bounced: number; unsubscribed: number }>();
  for (const r of rows) {
    const figures = leavers.get(r.id) ?? { bounced: 0, unsubscribed: 0 };
    figures[r.kind] = r.n;
    leavers.set(r.id, figures);
  }
  return leavers;
}

/** How many contacts there are. */
export async function contactCount(): Promise<number> {
  const [row] = await db()
    .select({ n: total(contactTallies.n) })
    .from(contactTallies)
    .where(isNull(contactTallies.tag));
  return row?.n ?? 0;
}

/** Every tag in use with how many contacts have it, A to Z. */
export async function tagCounts(): Promise<{ tag: string; contacts: number }[]> {
  const rows = await db()
    .select({ tag: contactTallies.tag, contacts: total(contactTallies.n) })
    .from(contactTallies)
    .where(isNotNull(contactTallies.tag))
    .groupBy(contactTallies.tag)
    .having(gt(sum(contactTallies.n), 0))
    .orderBy(asc(contactTallies.tag));
  return rows.map((r) => ({ tag: r.tag!, contacts: r.contacts }));
}

/**
 * Fold each key's rows into one (a key whose sum is 0 leaves none). One statement per table: the
 * rows it deletes are those its snapshot sees, and their sums are written back in the same
 * statement, so no count changes; a change committed meanwhile keeps its own row, and a second
 * compaction at the same time skips the rows the first took.
 */
export async function compactTallies(): Promise<{ outbox: number; contacts: number; leavers: number }> {
  return {
    outbox: await foldTally(db(), outboxTallies, [outboxTallies.broadcastId, outboxTallies.status]),
    contacts: await foldTally(db(), contactTallies, [contactTallies.tag]),
    leavers: await foldTally(db(), broadcastLeaverTallies, [broadcastLeaverTallies.broadcastId, broadcastLeaverTallies.kind]),
  };
}
