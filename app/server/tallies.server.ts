/**
 * The exact running counts the database keeps for the dashboard (issue 44; db/schema.ts
 * `outbox_tallies`, `contact_tallies` and `broadcast_leaver_tallies`, written by statement triggers in the same transaction as
 * the rows they count, migration 0025): read by summing each key's rows, folded now and then.
 * Not a cache: a count read here is the count of the rows committed, as a COUNT(*) would say,
 * without reading 1.5 million outbox rows or 100,000 contacts for it.
 */
import { sql } from "drizzle-orm";
import type { OutboxStatus } from "../../db/schema";
import { db, rowsOf } from "~/server/db.server";

/** Every outbox row by status (broadcasts' and other mail alike). */
export async function outboxStatusCounts(): Promise<Map<OutboxStatus, number>> {
  const rows = rowsOf<{ status: OutboxStatus; n: string | number }>(
    await db().execute(sql`select status, sum(n) as n from outbox_tallies group by status`),
  );
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/** Each broadcast's outbox rows by status (only one broadcast's, given its id). */
export async function broadcastStatusCounts(only?: number): Promise<Map<number, Map<OutboxStatus, number>>> {
  const rows = rowsOf<{ id: number; status: OutboxStatus; n: string | number }>(
    await db().execute(sql`
      select broadcast_id as id, status, sum(n) as n from outbox_tallies
      where ${only === undefined ? sql`broadcast_id is not null` : sql`broadcast_id = ${only}`}
      group by 1, 2
    `),
  );
  const counts = new Map<number, Map<OutboxStatus, number>>();
  for (const r of rows) {
    const id = Number(r.id);
    if (!counts.has(id)) counts.set(id, new Map());
    counts.get(id)!.set(r.status, Number(r.n));
  }
  return counts;
}

/** Each broadcast's recipients who left after it reached them: bounced and unsubscribed (or complained). */
export async function broadcastLeavers(only?: number): Promise<Map<number, { bounced: number; unsubscribed: number }>> {
  const rows = rowsOf<{ id: number; kind: "bounced" | "unsubscribed"; n: string | number }>(
    await db().execute(sql`
      select broadcast_id as id, kind, sum(n) as n from broadcast_leaver_tallies
      ${only === undefined ? sql`` : sql`where broadcast_id = ${only}`}
      group by 1, 2
    `),
  );
  const leavers = new Map<number, { bounced: number; unsubscribed: number }>();
  for (const r of rows) {
    const id = Number(r.id);
    const figures = leavers.get(id) ?? { bounced: 0, unsubscribed: 0 };
    figures[r.kind] = Number(r.n);
    leavers.set(id, figures);
  }
  return leavers;
}

/** How many contacts there are. */
export async function contactCount(): Promise<number> {
  const [row] = rowsOf<{ n: string | number | null }>(await db().execute(sql`select sum(n) as n from contact_tallies where tag is null`));
  return Number(row?.n ?? 0);
}

/** Every tag in use with how many contacts have it, A to Z. */
export async function tagCounts(): Promise<{ tag: string; contacts: number }[]> {
  return rowsOf<{ tag: string; n: string | number }>(
    await db().execute(sql`
      select tag, sum(n) as n from contact_tallies where tag is not null group by tag having sum(n) > 0 order by tag
    `),
  ).map((r) => ({ tag: r.tag, contacts: Number(r.n) }));
}

/**
 * Fold each key's rows into one (a key whose sum is 0 leaves none). One statement per table: the
 * rows it deletes are those its snapshot sees, and their sums are written back in the same
 * statement, so no count changes; a change committed meanwhile keeps its own row, and a second
 * compaction at the same time skips the rows the first took.
 */
export async function compactTallies(): Promise<{ outbox: number; contacts: number; leavers: number }> {
  return {
    outbox: await fold("outbox_tallies", ["broadcast_id", "status"]),
    contacts: await fold("contact_tallies", ["tag"]),
    leavers: await fold("broadcast_leaver_tallies", ["broadcast_id", "kind"]),
  };
}

/** One tally table folded by its key columns (the schema's own names, never input); how many rows it had. */
async function fold(table: string, keys: readonly string[]): Promise<number> {
  const name = sql.identifier(table);
  const columns = sql.join(
    keys.map((key) => sql.identifier(key)),
    sql`, `,
  );
  const [row] = rowsOf<{ before: number }>(
    await db().execute(sql`
      with gone as (delete from ${name} returning ${columns}, n),
      kept as (insert into ${name} (${columns}, n) select ${columns}, sum(n) from gone group by ${columns} having sum(n) <> 0)
      select count(*)::int as before from gone
    `),
  );
  return row?.before ?? 0;
}
