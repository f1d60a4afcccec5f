/**
 * The e-mail outbox: rows are written by whatever causes a message (in the same statement), and
 * a worker in every server process claims due rows with FOR UPDATE SKIP LOCKED, sends them, and
 * retries failures with growing delays for a day before marking them failed. A send cut off by our
 * own timeout is never retried by itself: it may have arrived (see SendTimeout).
 */
import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { OUTBOX_KINDS, sqlWordList, type OutboxKind, type outbox } from "../../../db/schema";
import type { GuideId } from "~/lib/guides";
import { db, rowsOf } from "~/server/db.server";
import { log } from "~/server/log.server";
import { returnSends, takeSends } from "~/server/mail/send-rate.server";

/** What each kind of message carries: ids to load at send time, never a usable token. */
export type OutboxPayloads = {
  receipt: { orderId: number };
  /** `products`: what this notice refunds (one product of several, issue 42); none (rows queued before) is the whole order. */
  "access-ended": { orderId: number; kind: "refunded" | "disputed"; products?: string[] };
  /** `guide`: which free guide (rows queued before there were two have none: the credit guide). */
  guide: { leadId: number; name: string; guide?: GuideId };
  "newsletter-confirm": { subscriberId: number };
  "contact-owner": { messageId: number };
  /** A fixed acknowledgement to the sender: the message id for the record, nothing the sender typed. */
  "contact-ack": { messageId: number };
  /** The address is the whole question: every paid order of it is looked up at send time. */
  "lost-link": Record<never, never>;
  /** Sent days after the payment (REVIEW_REQUEST_DELAY_DAYS); whether it still goes is decided at send time. */
  "review-request": { orderId: number };
  /** A welcome-sequence step: its content is read at send time (the owner's edits apply until then). */
  "sequence-step": { contactId: number; stepId: string };
  /** A broadcast to one contact: its content is read at send time, and only while the broadcast is sending. */
  broadcast: { broadcastId: number; contactId: number };
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

/**
 * What a claimed row became: sent (with what the transport said), suppressed (not sent on
 * purpose), cancelled (its broadcast was), or held (not now: its broadcast is paused; the row
 * goes back to the queue untouched).
 */
export type DeliveryResult =
  | { status: "sent"; info: string }
  | { status: "suppressed"; info: string }
  | { status: "cancelled"; info: string }
  | { status: "held"; info: string };
/** `signal` aborts when the outbox cuts the send off: the transport closes the connection carrying it. */
export type SendOne = (row: OutboxRow, signal?: AbortSignal) => Promise<DeliveryResult>;
/**
 * Sends one row. `forRows`, when there, looks up what a group of rows about to be sent needs
 * (suppressions, the broadcast's status, unsubscribe links) in a few statements for all of them
 * instead of a few each, and returns the function that sends each of those rows.
 */
export type Deliver = SendOne & { forRows?: (rows: OutboxRow[]) => Promise<SendOne> };

/**
 * How long a claim holds a row: a worker that dies mid-send frees it after this. The lease is
 * renewed for the rows sent together just before they go, and one send is cut off after SEND_TIMEOUT_MS,
 * well inside the lease, so a slow mail server cannot let a second worker take a row being sent.
 */
export const CLAIM_SECONDS = 120;
export const SEND_TIMEOUT_MS = 60_000;
/** Retries stop after this: the row is marked failed for the owner to see. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
/** Rows claimed at once; they are then sent `concurrency` (the SMTP pool's connections) at a time. */
export const CLAIM_BATCH = 20;

/** 30 s, 1 min, 2 min, ... capped at 1 hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

let wake: (() => void) | undefined;

/** Something was queued: the worker of this process looks now instead of at its next tick. */
export function wakeOutbox(): void {
  wake?.();
}

/** A claimed row: the token of the claim that holds it travels with it. */
export type ClaimedRow = OutboxRow & { claimToken: string };

/**
 * How a worker claims: which kinds are list mail, their shared per-minute rate (0: none), and how
 * long a claim holds a row (CLAIM_SECONDS unless OUTBOX_LEASE_SECONDS says otherwise).
 */
export type ListMailOptions = { listKinds?: readonly OutboxKind[]; ratePerMinute?: number; leaseSeconds?: number };

/** One send is cut off well inside the lease (half of it, at most SEND_TIMEOUT_MS). */
const sendTimeoutMs = (leaseSeconds = CLAIM_SECONDS) => Math.min(SEND_TIMEOUT_MS, leaseSeconds * 500);

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
  const rows = rowsOf(
    await db().execute(sql`
      update outbox set status = 'interrupted', locked_until = null, claim_token = null,
        last_error = 'the sending process stopped after the message was handed to the mail server: it may or may not have arrived'
      where status = 'pending' and send_started_at is not null and locked_until < now()
      returning id
    `),
  );
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

async function listRowsWaiting(listKinds: readonly OutboxKind[]): Promise<boolean> {
  const rows = rowsOf(
    await db().execute(sql`
      select 1 from outbox where status = 'pending' and next_attempt_at <= now() and kind in (${kindList(listKinds)})
        and (locked_until is null or locked_until < now()) and send_started_at is null limit 1
    `),
  );
  return rows.length > 0;
}

async function claimWhere(limit: number, where: SQL, leaseSeconds: number): Promise<ClaimedRow[]> {
  const token = randomUUID();
  const result = await db().execute(sql`
    update outbox set locked_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1, claim_token = ${token}
    where id in (
      select id from outbox
      where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        and send_started_at is null and ${where}
        -- A broadcast's rows go only while it is sending (paused: they wait; cancelled: never).
        and (kind <> 'broadcast' or exists (select 1 from broadcasts b where b.id = (payload->>'broadcastId')::int and b.status = 'sending'))
      order by id
      limit ${limit}
      for update skip locked
    )
    returning id, kind, dedupe_key as "dedupeKey", to_address as "toAddress", payload, status, attempts,
              next_attempt_at as "nextAttemptAt", locked_until as "lockedUntil", last_error as "lastError",
              sent_info as "sentInfo", created_at as "createdAt", due_at as "dueAt", sent_at as "sentAt", claim_token as "claimToken"
  `);
  return rowsOf<ClaimedRow>(result)
    .map((row) => ({ ...row, createdAt: new Date(row.createdAt), dueAt: new Date(row.dueAt) }))
    .sort((a, b) => a.id - b.id);
}

const claimValues = (rows: ClaimedRow[]) =>
  sql.join(
    rows.map((row) => sql`(${row.id}::int, ${row.claimToken}::text)`),
    sql`, `,
  );

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
  const renewed = rowsOf<{ id: number }>(
    await db().execute(sql`
      update outbox o set locked_until = now() + make_interval(secs => ${leaseSeconds}),
        send_started_at = ${listKinds.length > 0 ? sql`case when o.kind in (${kindList(listKinds)}) then now() end` : sql`null`}
      from (values ${claimValues(rows)}) as v(id, token)
      where o.id = v.id and o.claim_token = v.token and o.status = 'pending'
      returning o.id
    `),
  );
  const held = new Set(renewed.map((r) => Number(r.id)));
  return rows.filter((row) => held.has(row.id));
}

/** How a sent (or not sent) row is recorded: its outcome, or the error of its attempt. */
type Outcome = { row: ClaimedRow; result: DeliveryResult } | { row: ClaimedRow; error: unknown; next: "retry" | "failed" | "interrupted" };

/**
 * Record the outcomes of rows sent together in one statement, each only while this claim holds
 * its row. Returns the ids recorded (a missing one was taken by another worker meanwhile).
 */
async function recordOutcomes(outcomes: Outcome[]): Promise<Set<number>> {
  if (outcomes.length === 0) return new Set();
  const values = outcomes.map((o) => {
    const [kind, status, info, error] =
      "result" in o
        ? o.result.status === "held"
          ? ["held", "pending", null, null]
          : ["done", o.result.status, o.result.info, null]
        : [
            "failed",
            o.next === "retry" ? "pending" : o.next,
            null,
            (o.error instanceof Error ? o.error.message : String(o.error)).slice(0, 500),
          ];
    const retrySeconds = retryDelayMs(o.row.attempts) / 1000;
    return sql`(${o.row.id}::int, ${o.row.claimToken}::text, ${kind}::text, ${status}::text, ${info}::text, ${error}::text, ${retrySeconds}::float8)`;
  });
  // held: back to the queue untouched, its attempt given back (its broadcast is paused);
  // done: sent, suppressed or cancelled; failed: retried later, or failed or interrupted for good.
  const updated = rowsOf<{ id: number }>(
    await db().execute(sql`
      update outbox o set
        status = v.status,
        sent_info = case when v.outcome = 'done' then v.info else o.sent_info end,
        sent_at = case when v.outcome = 'done' then now() else o.sent_at end,
        last_error = case v.outcome when 'done' then null when 'failed' then v.error else o.last_error end,
        attempts = case when v.outcome = 'held' then greatest(o.attempts - 1, 0) else o.attempts end,
        send_started_at = case when v.outcome = 'done' then o.send_started_at end,
        next_attempt_at = case when v.outcome = 'failed' then now() + make_interval(secs => v.retry_seconds) else o.next_attempt_at end,
        locked_until = null,
        claim_token = null
      from (values ${sql.join(values, sql`, `)}) as v(id, token, outcome, status, info, error, retry_seconds)
      where o.id = v.id and o.claim_token = v.token and o.status = 'pending'
      returning o.id
    `),
  );
  return new Set(updated.map((r) => Number(r.id)));
}

/** The mail server refused for good (an SMTP 5xx, e.g. no such mailbox): retrying cannot help. */
export function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/**
 * A send cut off by our own timeout. Its connection is closed (the transport gets the abort), so
 * it cannot finish later; but the mail server may already have taken the whole message and only
 * not answered yet, and may deliver it. So its outcome is unknown, and it is never sent again by
 * itself: a list message is recorded interrupted (the broadcast's figures count it), any other
 * failed, this message its last error, on the owner's e-mail page with its Retry button.
 */
class SendTimeout extends Error {
  constructor(ms: number) {
    super(
      `cut off after ${ms / 1000} s without the mail server's answer, its connection closed: ` +
        "the message may or may not have arrived, so it is not sent again automatically (retry by hand if it did not arrive)",
    );
  }
}

/** What a failed attempt becomes: retried, failed for good, or (a list message cut off by our own timeout) interrupted. */
function afterFailure(row: ClaimedRow, error: unknown, listMail: boolean): "retry" | "failed" | "interrupted" {
  // Cut off by our own timeout, it may still have been accepted: at most once, never retried (a
  // receipt twice after a slow server is not better than one the owner re-sends by hand).
  if (error instanceof SendTimeout) return listMail ? "interrupted" : "failed";
  // A day from when the message was due: a review request written a week earlier still gets its day.
  const giveUp = isPermanent(error) || Date.now() - row.dueAt.getTime() + retryDelayMs(row.attempts) > GIVE_UP_AFTER_MS;
  return giveUp ? "failed" : "retry";
}

/**
 * Claimed rows this worker will not send after all (it is stopping): free them at once for the
 * other servers' workers instead of leaving them locked for CLAIM_SECONDS; the claim's attempt
 * is given back.
 */
async function release(rows: ClaimedRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db().execute(sql`
    update outbox o set locked_until = null, claim_token = null, attempts = greatest(o.attempts - 1, 0)
    from (values ${claimValues(rows)}) as v(id, token)
    where o.id = v.id and o.claim_token = v.token and o.status = 'pending'
  `);
}

/** A permanent refusal: the address is suppressed as a hard bounce (no list mail, no receipts). */
export type OnPermanentFailure = (row: OutboxRow, error: unknown) => Promise<void>;

/**
 * One send, cut off after `ms`: the send is told through its signal (the transport closes its
 * connection), and the outcome is SendTimeout whatever the send does afterwards.
 */
function withTimeout<T>(send: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new SendTimeout(ms);
      reject(error);
      controller.abort(error);
    }, ms);
  });
  return Promise.race([send(controller.signal), timeout]).finally(() => clearTimeout(timer));
}

export type ProcessOptions = ListMailOptions & {
  stopping?: () => boolean;
  /** Told how long until the shared send rate lets more list rows go, when it held some back. */
  onThrottle?: (waitMs: number) => void;
  /** How many messages are sent at the same time (one per pooled SMTP connection). */
  concurrency?: number;
  onPermanentFailure?: OnPermanentFailure;
};

/** Sent, or why not: what the log says about a failed attempt. */
function logFailure(row: ClaimedRow, error: unknown, next: "retry" | "failed" | "interrupted" | "lost"): void {
  log.error(
    `E-mail ${row.id} (${row.kind}) not sent, attempt ${row.attempts}: ${(error as Error).message ?? error}` +
      (next === "lost"
        ? "; another worker holds it now"
        : next === "interrupted" || error instanceof SendTimeout
          ? "; it may have arrived, so it is not sent again"
          : next === "failed"
            ? isPermanent(error)
              ? "; the mail server refused it for good"
              : "; giving up after a day of retries"
            : `; retrying in ${retryDelayMs(row.attempts) / 1000} s`),
  );
}

/**
 * What a claimed batch is sent with: `forRows` looks up the send-time facts of all its rows in a
 * few statements at once (20 rows: three statements, not three per group of 3-5), before any of
 * them is marked "send started"; or the error that lookup met, for every row of the batch.
 */
type BatchSender = { send: SendOne } | { error: unknown };

async function senderForBatch(rows: ClaimedRow[], deliver: Deliver): Promise<BatchSender> {
  try {
    return { send: deliver.forRows ? await deliver.forRows(rows) : deliver };
  } catch (error) {
    return { error };
  }
}

/**
 * Send rows together (as many as there are SMTP connections): their leases renewed and their
 * outcomes recorded in one statement each for all of them. Only these rows are ever marked
 * "send started" at once, so a crash interrupts at most this many.
 */
async function sendTogether(rows: ClaimedRow[], sender: BatchSender, options: ProcessOptions): Promise<void> {
  const listKinds = options.listKinds ?? [];
  const failed = (row: ClaimedRow, error: unknown): Outcome => ({
    row,
    error,
    next: afterFailure(row, error, listKinds.includes(row.kind)),
  });
  let outcomes: Outcome[];
  if ("error" in sender) {
    // Before the rows are marked "send started": a failure here leaves them to be sent later.
    outcomes = rows.map((row) => failed(row, sender.error));
  } else {
    try {
      const held = await renewClaims(rows, listKinds, options.leaseSeconds);
      outcomes = await Promise.all(
        held.map(async (row): Promise<Outcome> => {
          try {
            return { row, result: await withTimeout((signal) => sender.send(row, signal), sendTimeoutMs(options.leaseSeconds)) };
          } catch (error) {
            return failed(row, error);
          }
        }),
      );
    } catch (error) {
      outcomes = rows.map((row) => failed(row, error));
    }
  }
  const recorded = await recordOutcomes(outcomes);
  for (const outcome of outcomes) {
    const mine = recorded.has(outcome.row.id);
    if ("result" in outcome) {
      if (!mine) log.error(`E-mail ${outcome.row.id} (${outcome.row.kind}): its claim ran out while sending`);
      continue;
    }
    logFailure(outcome.row, outcome.error, mine ? outcome.next : "lost");
    if (mine && outcome.next === "failed" && isPermanent(outcome.error)) await options.onPermanentFailure?.(outcome.row, outcome.error);
  }
}

/**
 * One pass: claim what is due, look up what sending them needs, deliver them `concurrency` at a
 * time, record the outcomes. Returns how many were claimed. `stopping` is asked before each
 * group: once it says yes, the rest of the batch is released.
 */
export async function processOutbox(deliver: Deliver, options: ProcessOptions | (() => boolean) = {}): Promise<number> {
  const opts: ProcessOptions = typeof options === "function" ? { stopping: options } : options;
  const stopping = opts.stopping ?? (() => false);
  if (opts.listKinds?.length) await recordInterrupted();
  const rows = await claimDue(CLAIM_BATCH, opts);
  if (rows.throttledMs !== undefined) opts.onThrottle?.(rows.throttledMs);
  if (rows.length === 0) return 0;
  const sender = await senderForBatch(rows, deliver);
  const together = Math.max(1, opts.concurrency ?? 1);
  for (let i = 0; i < rows.length; i += together) {
    if (stopping()) {
      await release(rows.slice(i));
      break;
    }
    await sendTogether(rows.slice(i, i + together), sender, opts);
  }
  return rows.length;
}

export type OutboxWorker = { stop(): Promise<void> };

/**
 * Run the outbox in this process: a pass every `intervalMs` and whenever something is queued
 * here. stop() waits for the message being sent to finish; the rest of its batch goes back to
 * the queue for the other servers (or the next start).
 */
export function startOutboxWorker(
  deliver: Deliver,
  {
    intervalMs = 5_000,
    concurrency = 1,
    onPermanentFailure,
    beforePass,
    listKinds,
    ratePerMinute,
    leaseSeconds,
  }: ListMailOptions & {
    intervalMs?: number;
    concurrency?: number;
    onPermanentFailure?: OnPermanentFailure;
    /** Runs before each pass (the welcome sequence queues its due steps here). */
    beforePass?: () => Promise<unknown>;
  } = {},
): OutboxWorker {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const pass = async () => {
    do {
      again = false;
      try {
        await beforePass?.();
        // Keep going while full batches come back (a backlog after an outage), and while list
        // rows wait only for the shared send rate (a broadcast at MAIL_RATE_PER_MINUTE).
        while (!stopped) {
          let throttledMs: number | undefined;
          const claimed = await processOutbox(deliver, {
            stopping: () => stopped,
            concurrency,
            onPermanentFailure,
            listKinds,
            ratePerMinute,
            leaseSeconds,
            onThrottle: (ms) => (throttledMs = ms),
          });
          if (claimed >= CLAIM_BATCH) continue;
          if (throttledMs === undefined) break;
          await new Promise((r) => setTimeout(r, Math.min(Math.max(throttledMs!, 20), 1000)));
        }
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
