/**
 * The outbox's statements that stay SQL: each claims, renews, releases or records a whole batch of
 * rows in one statement, atomically against the other servers' workers on the same database (a
 * claim with FOR UPDATE SKIP LOCKED, a renewal only where a claim's own token is still on its row),
 * or takes from the shared send rate's bucket under its row lock. Splitting any of them into
 * per-row builder calls would open a window between the read and the write. Each is named, says
 * why it is SQL, and parses its rows by a schema (`parsedRows`). Every other read and write of
 * the outbox goes through the query builder, typed by db/schema.ts.
 */
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { BROADCAST_KINDS, OUTBOX_KINDS, OUTBOX_STATUSES, sqlWordList } from "../../../db/schema";
import { db, parsedRows } from "~/server/db.server";

/** A timestamp: a Date from node-postgres, a string from the embedded driver's raw statements. */
const at = z.coerce.date();
/** A jsonb value: parsed by both drivers, or its text where a driver leaves it so. */
const json = z.preprocess((v) => (typeof v === "string" ? JSON.parse(v) : v), z.record(z.string(), z.unknown()));
const Id = z.object({ id: z.coerce.number() });

// --- claims --------------------------------------------------------------------------------------

/** A claimed outbox row as the claim returns it (its payload checked by its kind's schema later, at compose). */
export const ClaimedOutboxRowSchema = z.object({
  id: z.number(),
  kind: z.enum(OUTBOX_KINDS),
  dedupeKey: z.string(),
  toAddress: z.string(),
  payload: json,
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  nextAttemptAt: at,
  lockedUntil: at.nullable(),
  lastError: z.string().nullable(),
  sentInfo: z.string().nullable(),
  createdAt: at,
  dueAt: at,
  sentAt: at.nullable(),
  sendStartedAt: at.nullable(),
  claimToken: z.string(),
});

/**
 * Claim up to `limit` due rows passing `where` (kinds as literals, so the partial indexes apply)
 * under one new `token` and a lease of `leaseSeconds`, counting an attempt; rows another worker is
 * claiming at the same moment are skipped, not waited for, and a broadcast's rows only while it is
 * sending. Returns the rows claimed, in id order. SQL: the claim must read and lock in the same
 * statement as it writes (FOR UPDATE SKIP LOCKED inside an UPDATE ... WHERE id IN), or two servers
 * would claim the same row.
 */
export async function claimOutboxRows(limit: number, where: SQL, leaseSeconds: number, token: string) {
  const result = await db().execute(sql`
    update outbox set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1, claim_token = ${token}
    where id in (
      select id from outbox
      where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        and send_started_at is null and ${where}
        -- A broadcast's rows (a product update's too) go only while it is sending (paused: they wait; cancelled: never).
        and (kind not in (${sqlWordList(BROADCAST_KINDS)})
          or exists (select 1 from broadcasts b where b.id = (payload->>'broadcastId')::int and b.status = 'sending'))
      order by id
      limit ${limit}
      for update skip locked
    )
    returning id, kind, dedupe_key as "dedupeKey", to_address as "toAddress", payload, status, attempts,
              next_attempt_at as "nextAttemptAt", locked_until as "lockedUntil", last_error as "lastError",
              sent_info as "sentInfo", created_at as "createdAt", due_at as "dueAt", sent_at as "sentAt",
              send_started_at as "sendStartedAt", claim_token as "claimToken"
  `);
  return parsedRows(result, ClaimedOutboxRowSchema).sort((a, b) => a.id - b.id);
}

/** A claim on one row: the row, and the token the claim wrote on it. */
export type ClaimKey = { id: number; claimToken: string };

const claimValues = (rows: readonly ClaimKey[]) =>
  sql.join(
    rows.map((row) => sql`(${row.id}::int, ${row.claimToken}::text)`),
    sql`, `,
  );

/**
 * A fresh lease for these claimed rows, each only where its claim's token is still on it and it is
 * still pending; `sendStarted`, when given, is the CASE that marks list rows "send started" in the
 * same write. Returns the ids still held. SQL: each row is matched with its own token from a
 * VALUES list, one statement for the batch.
 */
export async function renewOutboxClaims(rows: readonly ClaimKey[], leaseSeconds: number, sendStarted: SQL): Promise<number[]> {
  const result = await db().execute(sql`
    update outbox o set locked_until = now() + make_interval(secs => ${leaseSeconds}), send_started_at = ${sendStarted}
    from (values ${claimValues(rows)}) as v(id, token)
    where o.id = v.id and o.claim_token = v.token and o.status = 'pending'
    returning o.id
  `);
  return parsedRows(result, Id).map((r) => r.id);
}

/**
 * Free these claimed rows at once (each only while its claim holds it), their attempts given back.
 * SQL: each row is matched with its own token from a VALUES list, one statement for the batch.
 */
export async function releaseOutboxClaims(rows: readonly ClaimKey[]): Promise<void> {
  await db().execute(sql`
    update outbox o set locked_until = null, claim_token = null, attempts = greatest(o.attempts - 1, 0)
    from (values ${claimValues(rows)}) as v(id, token)
    where o.id = v.id and o.claim_token = v.token and o.status = 'pending'
  `);
}

// --- outcomes ------------------------------------------------------------------------------------

/**
 * What to record on one claimed row: `outcome` done (sent, suppressed or cancelled: `status`,
 * `info`), held (its broadcast is paused), paused (sending is) or failed (`status` pending to
 * retry after `retrySeconds`, or failed or interrupted for good; `error`).
 */
export type OutcomeValues = ClaimKey & {
  outcome: "done" | "held" | "paused" | "failed";
  status: string;
  info: string | null;
  error: string | null;
  retrySeconds: number;
};

/**
 * Record the outcomes of rows sent together, each only while its claim's token is still on its
 * row. Returns the ids recorded. SQL: one UPDATE ... FROM (VALUES ...) for the batch, each row
 * with its own token and outcome.
 */
export async function recordOutboxOutcomes(outcomes: readonly OutcomeValues[]): Promise<number[]> {
  const values = outcomes.map(
    (o) =>
      sql`(${o.id}::int, ${o.claimToken}::text, ${o.outcome}::text, ${o.status}::text, ${o.info}::text, ${o.error}::text, ${o.retrySeconds}::float8)`,
  );
  // held: back to the queue untouched, its attempt given back (its broadcast is paused);
  // paused: back to the queue with the server's words, its attempt given back (sending is paused);
  // done: sent, suppressed or cancelled; failed: retried later, or failed or interrupted for good.
  const result = await db().execute(sql`
    update outbox o set
      status = v.status,
      sent_info = case when v.outcome = 'done' then v.info else o.sent_info end,
      sent_at = case when v.outcome = 'done' then now() else o.sent_at end,
      last_error = case v.outcome when 'done' then null when 'held' then o.last_error else v.error end,
      attempts = case when v.outcome in ('held', 'paused') then greatest(o.attempts - 1, 0) else o.attempts end,
      send_started_at = case when v.outcome = 'done' then o.send_started_at end,
      next_attempt_at = case v.outcome when 'failed' then now() + make_interval(secs => v.retry_seconds)
        when 'paused' then now() else o.next_attempt_at end,
      locked_until = null,
      claim_token = null
    from (values ${sql.join(values, sql`, `)}) as v(id, token, outcome, status, info, error, retry_seconds)
    where o.id = v.id and o.claim_token = v.token and o.status = 'pending'
    returning o.id
  `);
  return parsedRows(result, Id).map((r) => r.id);
}

// --- the send rate -------------------------------------------------------------------------------

/**
 * Refill the shared bucket by the time elapsed (at `perSecond`, up to `capacity`) and take up to
 * `want` whole sends from it. Returns how many were granted and what is left. SQL: the refill and
 * the take are one write under the bucket row's lock, so two servers taking at once never both
 * spend the same tokens.
 */
export async function takeFromSendBucket(capacity: number, perSecond: number, want: number) {
  const [row] = parsedRows(
    await db().execute(sql`
      with now_ as (select clock_timestamp() as t),
      current_ as (
        select least(${capacity}::float8, b.tokens + greatest(0, extract(epoch from (now_.t - b.refilled_at))) * ${perSecond}::float8) as available, now_.t
        from mail_send_bucket b, now_ where b.id = 1 for update of b
      )
      update mail_send_bucket b set tokens = c.available - least(floor(c.available), ${want}), refilled_at = c.t
      from current_ c where b.id = 1
      returning least(floor(c.available), ${want})::int as granted, b.tokens as left
    `),
    z.object({ granted: z.coerce.number(), left: z.coerce.number() }),
  );
  return row;
}
