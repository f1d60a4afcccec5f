/**
 * The e-mail outbox: rows are written by whatever causes a message (in the same statement), their
 * payloads typed by their messages' definitions (messages/), and a worker in every server process
 * claims due rows (outbox-claims.server.ts), sends them, and records what became of each
 * (outbox-outcomes.server.ts): failures are retried with growing delays for a day before they are
 * marked failed. A send cut off by our own timeout is never retried by itself: it may have arrived.
 */
import { LIST_KINDS, type OutboxKind, type outbox } from "../../../db/schema";
import type { Env } from "~/server/env.server";
import type { OutboxPayloads } from "~/server/mail/messages/registry.server";
import { log } from "~/server/log.server";
import {
  CLAIM_BATCH,
  CLAIM_SECONDS,
  claimDue,
  claimProbe,
  recordInterrupted,
  release,
  renewClaims,
  sendTimeoutMs,
  type ClaimedRow,
  type ListMailOptions,
} from "~/server/mail/outbox-claims.server";
import {
  afterFailure,
  logFailure,
  recordOutcomes,
  SendTimeout,
  type DeliveryResult,
  type Outcome,
} from "~/server/mail/outbox-outcomes.server";
import { classifyRefusal, confirmPendingRefusals, putBackSince, recordReaderRefusals, type Refusal } from "~/server/mail/refusals.server";
import {
  pauseSending,
  probeFailed,
  releaseProbe,
  resumeSending,
  sendingState,
  takeProbe,
  type SendingState,
} from "~/server/mail/sending-state.server";

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
 * What became of rows sent together, for the caller: how many the server took, whether it refused
 * something about us (sending is paused now), and how many readers it refused at RCPT TO.
 */
type GroupResult = { sent: number; notSent: number; readersRefused: number; sendingProblem?: string; firstError?: string };

/**
 * Send rows together (as many as there are SMTP connections): their leases renewed and their
 * outcomes recorded in one statement each for all of them. Only these rows are ever marked
 * "send started" at once, so a crash interrupts at most this many. A refusal about us pauses
 * sending (the rows wait); a reader's own refusal is recorded, and suppresses that reader once
 * the server takes a message to someone else (refusals.server.ts).
 */
/**
 * What one pass knows of the readers' refusals: whether every pending one was confirmed since
 * this pass last recorded one. A pass confirms them once, at its first message taken, not once per
 * group (a statement per three messages of a broadcast).
 */
type PassState = { refusalsConfirmed: boolean };

async function sendTogether(rows: ClaimedRow[], sender: BatchSender, options: ProcessOptions, pass: PassState): Promise<GroupResult> {
  const listKinds = options.listKinds ?? [];
  const refusals = new Map<number, Refusal>();
  const failed = (row: ClaimedRow, error: unknown): Outcome => {
    const refusal = classifyRefusal(error, row.toAddress);
    if (refusal) refusals.set(row.id, refusal);
    const next = refusal ? (refusal.about === "sending" ? "paused" : "failed") : afterFailure(row, error, listKinds.includes(row.kind));
    return { row, error, next };
  };
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
  const result: GroupResult = { sent: 0, notSent: 0, readersRefused: 0 };
  const readers: { outboxId: number; refusal: Extract<Refusal, { about: "reader" }> }[] = [];
  let sendingRefusal: Extract<Refusal, { about: "sending" }> | undefined;
  const othersTaken = outcomes.some((o) => "result" in o && o.result.status === "sent");
  // The server takes messages: the readers it refused before were refused for themselves.
  if (othersTaken && !pass.refusalsConfirmed) {
    await confirmPendingRefusals();
    pass.refusalsConfirmed = true;
  }
  for (const outcome of outcomes) {
    const mine = recorded.has(outcome.row.id);
    if ("result" in outcome) {
      if (!mine) log.error(`E-mail ${outcome.row.id} (${outcome.row.kind}): its claim ran out while sending`);
      if (outcome.result.status === "sent") result.sent++;
      else result.notSent++;
      continue;
    }
    logFailure(outcome.row, outcome.error, mine ? outcome.next : "lost");
    result.firstError ??= outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
    const refusal = refusals.get(outcome.row.id);
    if (refusal?.about === "sending") {
      sendingRefusal ??= refusal;
    } else if (refusal?.about === "reader" && mine) {
      result.readersRefused++;
      readers.push({ outboxId: outcome.row.id, refusal });
    }
  }
  // One pause for the group, however many of its sends met the refusal.
  if (sendingRefusal) {
    result.sendingProblem = sendingRefusal.words;
    await pauseSending(sendingRefusal.stage, sendingRefusal.words);
  }
  // Pending refusals recorded now wait for the next message taken, in this pass or a later one.
  if (readers.length > 0 && !othersTaken) pass.refusalsConfirmed = false;
  const verdict = await recordReaderRefusals(readers, othersTaken);
  if (verdict.run) {
    result.sendingProblem ??= verdict.words;
    await pauseSending("recipients", verdict.words);
  }
  return result;
}

/**
 * While sending is paused: one real message, the oldest waiting (after a run of refused readers,
 * someone else's first), sent when the probe is due and no other worker is sending one. The
 * server takes it: sending resumes, and true is returned. A row that does not go after all
 * (suppressed, held) proves nothing: the next one is tried, a few at most.
 */
async function probe(deliver: Deliver, options: ProcessOptions, state: Extract<SendingState, { paused: true }>): Promise<boolean> {
  if (!(await takeProbe(options.leaseSeconds ?? CLAIM_SECONDS))) return false;
  for (let tries = 0; tries < 10; tries++) {
    const [row] = await claimProbe(state.stage === "recipients" ? putBackSince(state.since) : undefined, options);
    if (!row) break;
    const result = await sendTogether([row], await senderForBatch([row], deliver), options, { refusalsConfirmed: false });
    if (result.sent > 0) {
      await resumeSending("a message went through");
      return true;
    }
    // Refused at RCPT TO after a pause about the connection, login, sender or message: those steps work now.
    if (result.readersRefused > 0 && !result.sendingProblem && state.stage !== "recipients") {
      await resumeSending("the server got as far as the recipient");
      return true;
    }
    if (result.notSent > 0) continue;
    await probeFailed(result.sendingProblem ?? result.firstError ?? "the message was not taken", state.probes + 1);
    return false;
  }
  await releaseProbe();
  return false;
}

/**
 * One pass: claim what is due, look up what sending them needs, deliver them `concurrency` at a
 * time, record the outcomes. Returns how many were claimed. `stopping` is asked before each
 * group: once it says yes, the rest of the batch is released, as it is when the server refuses
 * something about us (sending pauses; while it is paused a pass sends only the probe).
 */
export async function processOutbox(deliver: Deliver, options: ProcessOptions | (() => boolean) = {}): Promise<number> {
  const opts: ProcessOptions = typeof options === "function" ? { stopping: options } : options;
  const stopping = opts.stopping ?? (() => false);
  if (opts.listKinds?.length) await recordInterrupted();
  const state = await sendingState();
  if (state.paused && !(await probe(deliver, opts, state))) return 0;
  const rows = await claimDue(CLAIM_BATCH, opts);
  if (rows.throttledMs !== undefined) opts.onThrottle?.(rows.throttledMs);
  if (rows.length === 0) return 0;
  const sender = await senderForBatch(rows, deliver);
  const together = Math.max(1, opts.concurrency ?? 1);
  const pass: PassState = { refusalsConfirmed: false };
  for (let i = 0; i < rows.length; i += together) {
    if (stopping()) {
      await release(rows.slice(i));
      break;
    }
    const result = await sendTogether(rows.slice(i, i + together), sender, opts, pass);
    if (result.sendingProblem) {
      await release(rows.slice(i + together));
      return 0;
    }
  }
  return rows.length;
}

export type OutboxWorker = { stop(): Promise<void> };

/** How a worker claims and sends, every option said: what the server runs with and what the tests run. */
export type MailWorkerOptions = Required<ListMailOptions> & { concurrency: number };

/**
 * The one place a mail worker's options are made from the environment: server/app.ts startMail
 * runs with them, and the tests' outbox passes (tests/helpers/smtp.ts workerOptions) take them
 * from here too, changing only what a test must (its own send rate, fewer connections), so a
 * production wiring that left an option out would be the tests' wiring as well. List mail
 * (LIST_KINDS: the shared rate, claimed after the rest, sent at most once) is always said.
 */
export function mailWorkerOptions(
  e: Pick<Env, "SMTP_POOL_CONNECTIONS" | "MAIL_RATE_PER_MINUTE" | "OUTBOX_LEASE_SECONDS">,
  transport: "smtp" | "file",
): MailWorkerOptions {
  return {
    // One send at a time into the file outbox (a development machine); one per pooled SMTP connection.
    concurrency: transport === "smtp" ? e.SMTP_POOL_CONNECTIONS : 1,
    listKinds: LIST_KINDS,
    ratePerMinute: e.MAIL_RATE_PER_MINUTE,
    leaseSeconds: e.OUTBOX_LEASE_SECONDS,
  };
}

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
    beforePass,
    listKinds,
    ratePerMinute,
    leaseSeconds,
  }: ListMailOptions & {
    intervalMs?: number;
    concurrency?: number;
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
