/**
 * Claiming and leasing outbox rows: a worker claims due rows with FOR UPDATE SKIP LOCKED (other
 * workers skip them), each claim with its own token and a lease, renewed just before a send; list
 * rows go at the shared send rate, after everything else, and at most once (recordInterrupted).
 */
import { randomUUID } from "node:crypto";
import { and, isNotNull, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { OUTBOX_KINDS, outbox, sqlWordList, type OutboxKind } from "../../../db/schema";
import { db } from "~/server/db.server";
import { log } from "~/server/log.server";
import { claimOutboxRows, releaseOutboxClaims, renewOutboxClaims } from "~/server/mail/mail.sql.server";
import type { OutboxMessage, OutboxRow } from "~/server/mail/outbox.server";
import { returnSends, takeSends } from "~/server/mail/send-rate.server";

/**
 * How long a claim holds a row: a worker that dies mid-send frees it after this. The lease is
 * renewed for the rows sent together just before they go, and one send is cut off after SEND_TIMEOUT_MS,
 * well inside the lease, so a slow mail server cannot let a second worker take a row being sent.
 */
export const CLAIM_SECONDS = 120;
export const SEND_TIMEOUT_MS = 60_000;
/** Rows claimed at once; they are then sent `concurrency` (the SMTP pool's connections) at a time. */
export const CLAIM_BATCH = 20;

/** A claimed row: the token of the claim that holds it travels with it. */
export type ClaimedRow = OutboxRow & { claimToken: string };

/**
 * How a worker claims: which kinds are list mail, their shared per-minute rate (0: none), and how
 * long a claim holds a row (CLAIM_SECONDS unless OUTBOX_LEASE_SECONDS says otherwise).
 */
export type ListMailOptions = { listKinds?: readonly OutboxKind[]; ratePerMinute?: number; leaseSeconds?: number };

/** One send is cut off well inside the lease (half of it, at most SEND_TIMEOUT_MS). */
export const sendTimeoutMs = (leaseSeconds = CLAIM_SECONDS) => Math.min(SEND_TIMEOUT_MS, leaseSeconds * 500);

/**
 * Kinds written into the statement as literals, not parameters: only then can PostgreSQL use the
 * partial indexes whose conditions name them (db/schema.ts). Only the schema's own kinds pass.
 */
const kindList = (kinds: readonly OutboxKind[]) => {
  for (const kind of kinds) if (!(OUTBOX_KINDS as readonly string[]).includes(kind)) throw new Error(`not an outbox kind: ${kind}`);
  return sqlWordList(kinds);
};

/**
 * List rows whose worker died after their send began (lease run out, send_started_at set): they
 * may have arrived, so they are recorded interrupted instead of being sent again (decision 035).
 */
export async function recordInterrupted(): Promise<number> {
  const rows = await db()
    .update(outbox)
    .set({
      status: "interrupted",
      lockedUntil: null,
      claimToken: null,
      lastError: "the sending process stopped after the message was handed to the mail server: it may or may not have arrived",
    })
    // Literal conditions (not parameters), as the partial index outbox_send_started_idx says them.
    .where(and(sql`${outbox.status} = 'pending'`, isNotNull(outbox.sendStartedAt), lt(outbox.lockedUntil, sql`now()`)))
    .returning({ id: outbox.id });
  if (rows.length > 0) log.warn(`Outbox: ${rows.length} list e-mail(s) interrupted mid-send are not sent again`);
  return rows.length;
}

/**
 * Claim up to `limit` due rows for this worker (other workers skip them); each claim has its own
 * token. Transactional rows first (a receipt never waits behind a broadcast), then list rows up to
 * what the shared send rate allows now; `throttledMs` says when more list rows may go.
 */
export async function claimDue(limit = CLAIM_BATCH, list: ListMailOptions = {}): Promise<ClaimedRow[] & { throttledMs?: number }> {
  const listKinds = list.listKinds ?? [];
  const lease = list.leaseSeconds ?? CLAIM_SECONDS;
  if (listKinds.length === 0) return claimWhere(limit, sql`true`, lease);
  const rows: ClaimedRow[] & { throttledMs?: number } = await claimWhere(limit, sql`kind not in (${kindList(listKinds)})`, lease);
  const want = limit - rows.length;
  if (want <= 0) return rows;
  const rate = list.ratePerMinute ?? 0;
  const { granted, waitMs } = await takeSends(rate, want);
  const listRows = granted > 0 ? await claimWhere(granted, sql`kind in (${kindList(listKinds)})`, lease) : [];
  await returnSends(rate, granted - listRows.length);
  rows.push(...listRows);
  if (granted < want && listRows.length === granted && (await listRowsWaiting(listKinds))) rows.throttledMs = waitMs;
  return rows;
}

/**
 * The probe while sending is paused: the oldest due row, a receipt or other transactional mail
 * before list mail, past the addresses `notTo` (those a run of refusals put back).
 */
export async function claimProbe(notTo: SQL | undefined, list: ListMailOptions = {}): Promise<ClaimedRow[]> {
  const lease = list.leaseSeconds ?? CLAIM_SECONDS;
  const listKinds = list.listKinds ?? [];
  const others = notTo ? sql` and to_address not in ${notTo}` : sql``;
  if (listKinds.length === 0) return claimWhere(1, sql`true${others}`, lease);
  const rows = await claimWhere(1, sql`kind not in (${kindList(listKinds)})${others}`, lease);
  return rows.length > 0 ? rows : claimWhere(1, sql`kind in (${kindList(listKinds)})${others}`, lease);
}

async function listRowsWaiting(listKinds: readonly OutboxKind[]): Promise<boolean> {
  const rows = await db()
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        // Literal conditions (not parameters), as the partial index outbox_pending_list_idx says them.
        sql`${outbox.status} = 'pending'`,
        lte(outbox.nextAttemptAt, sql`now()`),
        sql`${outbox.kind} in (${kindList(listKinds)})`,
        or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, sql`now()`)),
        isNull(outbox.sendStartedAt),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The claim itself, one statement (mail.sql.server.ts); the payload is checked against its kind when the message is composed. */
async function claimWhere(limit: number, where: SQL, leaseSeconds: number): Promise<ClaimedRow[]> {
  const rows = await claimOutboxRows(limit, where, leaseSeconds, randomUUID());
  return rows.map(({ kind, payload, ...row }) => ({ ...row, ...({ kind, payload } as OutboxMessage) }));
}

/**
 * Just before sending: a fresh lease, in one statement for the rows about to go, only where this
 * claim still holds the row. A row whose lease ran out while it waited in the batch may have been
 * claimed by another worker: then this one leaves it alone. List rows are marked "send started" in
 * the same update (at most once: see recordInterrupted). Returns the rows still held.
 */
export async function renewClaims(
  rows: ClaimedRow[],
  listKinds: readonly OutboxKind[] = [],
  leaseSeconds = CLAIM_SECONDS,
): Promise<ClaimedRow[]> {
  if (rows.length === 0) return [];
  const sendStarted = listKinds.length > 0 ? sql`case when o.kind in (${kindList(listKinds)}) then now() end` : sql`null`;
  const held = new Set(await renewOutboxClaims(rows, leaseSeconds, sendStarted));
  return rows.filter((row) => held.has(row.id));
}

/**
 * Claimed rows this worker will not send after all (it is stopping): free them at once for the
 * other servers' workers instead of leaving them locked for CLAIM_SECONDS; the claim's attempt
 * is given back.
 */
export async function release(rows: ClaimedRow[]): Promise<void> {
  if (rows.length === 0) return;
  await releaseOutboxClaims(rows);
}
