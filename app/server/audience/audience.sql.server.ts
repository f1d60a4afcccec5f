/**
 * The audience's statements that stay SQL: each reads or writes a whole set of contacts at once,
 * in a shape the query builder cannot say. Each is named, says why it is SQL, and parses its rows
 * by a schema (`parsedRows`): a column renamed in a statement fails here by name. Every other read
 * and write of the audience goes through the query builder, typed by db/schema.ts.
 */
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { parsedRows, type Executor } from "~/server/db.server";

// --- broadcasts ---

/**
 * Queue broadcast `id` to every contact `c` passing `audience` (audience.server.ts audienceWhere),
 * in the caller's transaction: one outbox row each, dedupe key bc:<broadcast>:<contact>, so a
 * contact already queued is skipped. Returns how many rows it wrote, counted in the database
 * (100,000 ids need not travel back to be counted, issue 44). SQL: an INSERT ... SELECT over the
 * whole audience, its rows counted by a CTE around it; the builder would need every recipient
 * read into the process first.
 */
export async function queueBroadcastRecipients(tx: Executor, id: number, audience: SQL): Promise<number> {
  const [queued] = parsedRows(
    await tx.execute(sql`
      with queued as (
        insert into outbox (kind, dedupe_key, to_address, payload, due_at, next_attempt_at)
        select 'broadcast', ${`bc:${id}:`} || c.id, c.email, jsonb_build_object('broadcastId', ${id}::int, 'contactId', c.id), now(), now()
        from contacts c where ${audience}
        on conflict (dedupe_key) do nothing
        returning 1
      )
      select count(*)::int as n from queued
    `),
    z.object({ n: z.coerce.number() }),
  );
  return queued?.n ?? 0;
}
