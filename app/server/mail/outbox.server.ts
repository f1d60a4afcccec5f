/**
 * The e-mail outbox: rows are written by whatever causes a message (in the same statement), their
 * payloads typed by their messages' definitions (messages/), and a worker in every server process
 * claims due rows (outbox-claims.server.ts), sends them, and records what became of each
 * (outbox-outcomes.server.ts): failures are retried with growing delays for a day before they are
 * marked failed. A send cut off by our own timeout is never retried by itself: it may have arrived.
 */
import { sql, type SQL } from "drizzle-orm";
import type { OutboxKind, outbox } from "../../../db/schema";
import type { OutboxPayloads } from "~/server/mail/messages/registry.server";
import { log } from "~/server/log.server";
import {
  CLAIM_BATCH,
  claimDue,
  recordInterrupted,
  release,
  renewClaims,
  sendTimeoutMs,
  type ClaimedRow,
  type ListMailOptions,
} from "~/server/mail/outbox-claims.server";
import {
  afterFailure,
  isPermanent,
  logFailure,
  recordOutcomes,
  SendTimeout,
  type DeliveryResult,
  type Outcome,
} from "~/server/mail/outbox-outcomes.server";

export type { OutboxPayloads };

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

let wake: (() => void) | undefined;

/** Something was queued: the worker of this process looks now instead of at its next tick. */
export function wakeOutbox(): void {
  wake?.();
}

/** `signal` aborts when the outbox cuts the send off: the transport closes the connection carrying it. */
export type SendOne = (row: OutboxRow, signal?: AbortSignal) => Promise<DeliveryResult>;
/**
 * Sends one row. `forRows`, when there, looks up what a group of rows about to be sent needs
 * (suppressions, the broadcast's status, unsubscribe links) in a few statements for all of them
 * instead of a few each, and returns the function that sends each of those rows.
 */
export type Deliver = SendOne & { forRows?: (rows: OutboxRow[]) => Promise<SendOne> };

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
