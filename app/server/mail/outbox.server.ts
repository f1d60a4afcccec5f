/**
 * The e-mail outbox: rows are written by whatever causes a message (in the same statement), and
 * a worker in every server process claims due rows with FOR UPDATE SKIP LOCKED, sends them, and
 * retries failures with growing delays for a day before marking them failed.
 */
import { sql, type SQL } from "drizzle-orm";
import type { OutboxKind, outbox } from "../../../db/schema";
import { db } from "~/server/db.server";
import { log } from "~/server/log.server";

/** What each kind of message carries: ids to load at send time, never a usable token. */
export type OutboxPayloads = {
  receipt: { orderId: number };
  "access-ended": { orderId: number; kind: "refunded" | "disputed" };
  guide: { leadId: number; name: string };
  "newsletter-confirm": { subscriberId: number };
  "contact-owner": { messageId: number };
  /** A fixed acknowledgement to the sender: the message id for the record, nothing the sender typed. */
  "contact-ack": { messageId: number };
  /** The address is the whole question: every paid order of it is looked up at send time. */
  "lost-link": Record<never, never>;
  /** Sent days after the payment (REVIEW_REQUEST_DELAY_DAYS); whether it still goes is decided at send time. */
  "review-request": { orderId: number };
};

/** One message: its kind and that kind's payload (`{ kind: "receipt", payload: { orderId } }`). */
export type OutboxMessage = { [K in OutboxKind]: { kind: K; payload: OutboxPayloads[K] } }[OutboxKind];

export type OutboxRow = Omit<typeof outbox.$inferSelect, "kind" | "payload"> & OutboxMessage;

/** A row for Drizzle's insert(outbox).values(...), its payload checked against its kind. */
export function outboxValues<K extends OutboxKind>({
  dueAt,
  ...row
}: {
  kind: K;
  dedupeKey: string;
  toAddress: string;
  payload: OutboxPayloads[K];
  /** Not before this (default: now). */
  dueAt?: Date;
}): typeof outbox.$inferInsert {
  return dueAt ? { ...row, dueAt, nextAttemptAt: dueAt } : row;
}

/** Where a message row is written inside a larger statement (after it, one or more outboxSelect). */
export const INSERT_INTO_OUTBOX = sql`insert into outbox (kind, dedupe_key, to_address, payload, due_at, next_attempt_at)`;

/**
 * The `select` of one kind's rows inside the statement that causes them (the lead and its guide
 * e-mail are written together, or neither is); the caller adds `from ... where ...`. Each payload
 * field is an SQL expression typed with the field's type (sql<number>`u.id`), and every field of
 * the kind must be there.
 */
export function outboxSelect<K extends OutboxKind>(row: {
  kind: K;
  dedupeKey: SQL<string>;
  toAddress: SQL<string>;
  payload: { [F in keyof OutboxPayloads[K]]-?: SQL<OutboxPayloads[K][F]> };
  /** Not before this, a timestamptz expression (default: now()): the first attempt waits for it. */
  dueAt?: SQL<Date>;
}): SQL {
  const fields = Object.entries(row.payload as Record<string, SQL>).map(([name, value]) => sql`${name}::text, ${value}`);
  const due = row.dueAt ?? sql`now()`;
  return sql`select ${row.kind}::text, ${row.dedupeKey}, ${row.toAddress}, jsonb_build_object(${sql.join(fields, sql`, `)}), ${due}, ${due}`;
}

/** What a claimed row became: sent (with what the transport said), or suppressed (not sent on purpose). */
export type DeliveryResult = { status: "sent"; info: string } | { status: "suppressed"; info: string };
export type Deliver = (row: OutboxRow) => Promise<DeliveryResult>;

/** How long a claim holds a row: a worker that dies mid-send frees it after this. */
export const CLAIM_SECONDS = 120;
/** Retries stop after this: the row is marked failed for the owner to see. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

/** 30 s, 1 min, 2 min, ... capped at 1 hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

let wake: (() => void) | undefined;

/** Something was queued: the worker of this process looks now instead of at its next tick. */
export function wakeOutbox(): void {
  wake?.();
}

/** Claim up to `limit` due rows for this worker (other workers skip them). */
export async function claimDue(limit = 10): Promise<OutboxRow[]> {
  const result = await db().execute(sql`
    update outbox set locked_until = now() + make_interval(secs => ${CLAIM_SECONDS}), attempts = attempts + 1
    where id in (
      select id from outbox
      where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
      order by id
      limit ${limit}
      for update skip locked
    )
    returning id, kind, dedupe_key as "dedupeKey", to_address as "toAddress", payload, status, attempts,
              next_attempt_at as "nextAttemptAt", locked_until as "lockedUntil", last_error as "lastError",
              sent_info as "sentInfo", created_at as "createdAt", due_at as "dueAt", sent_at as "sentAt"
  `);
  return (result as unknown as { rows: OutboxRow[] }).rows.map((row) => ({
    ...row,
    createdAt: new Date(row.createdAt),
    dueAt: new Date(row.dueAt),
  }));
}

async function markDone(id: number, result: DeliveryResult): Promise<void> {
  await db().execute(sql`
    update outbox set status = ${result.status}, sent_info = ${result.info}, sent_at = now(), locked_until = null, last_error = null
    where id = ${id}
  `);
}

/** The mail server refused for good (an SMTP 5xx, e.g. no such mailbox): retrying cannot help. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

async function markFailed(row: OutboxRow, error: unknown): Promise<"retry" | "failed"> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  // A day from when the message was due: a review request written a week earlier still gets its day.
  const giveUp = isPermanent(error) || Date.now() - row.dueAt.getTime() + retryDelayMs(row.attempts) > GIVE_UP_AFTER_MS;
  await db().execute(sql`
    update outbox set
      status = ${giveUp ? "failed" : "pending"},
      last_error = ${message},
      locked_until = null,
      next_attempt_at = now() + make_interval(secs => ${retryDelayMs(row.attempts) / 1000})
    where id = ${row.id}
  `);
  return giveUp ? "failed" : "retry";
}

/**
 * Claimed rows this worker will not send after all (it is stopping): free them at once for the
 * other servers' workers instead of leaving them locked for CLAIM_SECONDS; the claim's attempt
 * is given back.
 */
async function release(ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db().execute(sql`
    update outbox set locked_until = null, attempts = greatest(attempts - 1, 0)
    where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) and status = 'pending'
  `);
}

/**
 * One pass: claim what is due, deliver each, record the outcome. Returns how many were handled.
 * `stopping` is asked before each message: once it says yes, the rest of the batch is released.
 */
export async function processOutbox(deliver: Deliver, stopping: () => boolean = () => false): Promise<number> {
  const rows = await claimDue();
  for (const [i, row] of rows.entries()) {
    if (stopping()) {
      await release(rows.slice(i).map((r) => r.id));
      return i;
    }
    let result: DeliveryResult;
    try {
      result = await deliver(row);
    } catch (error) {
      const next = await markFailed(row, error);
      log.error(
        `E-mail ${row.id} (${row.kind}) not sent, attempt ${row.attempts}: ${(error as Error).message ?? error}` +
          (next === "failed"
            ? isPermanent(error)
              ? "; the mail server refused it for good"
              : "; giving up after a day of retries"
            : `; retrying in ${retryDelayMs(row.attempts) / 1000} s`),
      );
      continue;
    }
    await markDone(row.id, result);
  }
  return rows.length;
}

export type OutboxWorker = { stop(): Promise<void> };

/**
 * Run the outbox in this process: a pass every `intervalMs` and whenever something is queued
 * here. stop() waits for the message being sent to finish; the rest of its batch goes back to
 * the queue for the other servers (or the next start).
 */
export function startOutboxWorker(deliver: Deliver, { intervalMs = 5_000 }: { intervalMs?: number } = {}): OutboxWorker {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const pass = async () => {
    do {
      again = false;
      try {
        // Keep going while full batches come back (a backlog after an outage).
        while (!stopped && (await processOutbox(deliver, () => stopped)) >= 10);
      } catch (error) {
        // The database itself is unreachable: the next tick tries again.
        log.error(`Outbox: ${(error as Error).message ?? error}`);
      }
    } while (again && !stopped);
  };
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass().finally(() => {
      running = undefined;
    });
  };
  const schedule = () => {
    timer = setTimeout(() => {
      run();
      schedule();
    }, intervalMs);
    timer.unref();
  };
  wake = run;
  schedule();
  run();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (wake === run) wake = undefined;
      await running;
    },
  };
}
