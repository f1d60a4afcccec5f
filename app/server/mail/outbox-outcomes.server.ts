/**
 * What became of a claimed row, recorded: sent, suppressed, cancelled, held back, or failed and
 * retried with growing delays for a day before it is marked failed. A send cut off by our own
 * timeout is never retried by itself: it may have arrived (see SendTimeout).
 */
import { log } from "~/server/log.server";
import { recordOutboxOutcomes, type OutcomeValues } from "~/server/mail/mail.sql.server";
import type { ClaimedRow } from "~/server/mail/outbox-claims.server";

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
/** Retries stop after this: the row is marked failed for the owner to see. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

/** 30 s, 1 min, 2 min, ... capped at 1 hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/** How a sent (or not sent) row is recorded: its outcome, or the error of its attempt. */
export type Outcome = { row: ClaimedRow; result: DeliveryResult } | { row: ClaimedRow; error: unknown; next: AfterFailure };

/**
 * What a failed attempt becomes: retried later, failed for good, interrupted (a list message that
 * may have arrived), or `paused`: the server refused something about us, so the row waits, its
 * attempt given back, until sending works again (sending-state.server.ts).
 */
export type AfterFailure = "retry" | "failed" | "interrupted" | "paused";

/**
 * Record the outcomes of rows sent together in one statement, each only while this claim holds
 * its row. Returns the ids recorded (a missing one was taken by another worker meanwhile).
 */
export async function recordOutcomes(outcomes: Outcome[]): Promise<Set<number>> {
  if (outcomes.length === 0) return new Set();
  const values = outcomes.map((o): OutcomeValues => {
    const [outcome, status, info, error]: [OutcomeValues["outcome"], string, string | null, string | null] =
      "result" in o
        ? o.result.status === "held"
          ? ["held", "pending", null, null]
          : ["done", o.result.status, o.result.info, null]
        : [
            o.next === "paused" ? "paused" : "failed",
            o.next === "retry" || o.next === "paused" ? "pending" : o.next,
            null,
            (o.error instanceof Error ? o.error.message : String(o.error)).slice(0, 500),
          ];
    return { id: o.row.id, claimToken: o.row.claimToken, outcome, status, info, error, retrySeconds: retryDelayMs(o.row.attempts) / 1000 };
  });
  return new Set(await recordOutboxOutcomes(values));
}

/** The mail server refused for good (an SMTP 5xx): retrying the same message cannot help. */
function isPermanent(error: unknown): boolean {
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
export class SendTimeout extends Error {
  constructor(ms: number) {
    super(
      `cut off after ${ms / 1000} s without the mail server's answer, its connection closed: ` +
        "the message may or may not have arrived, so it is not sent again automatically (retry by hand if it did not arrive)",
    );
  }
}

/**
 * What a failed attempt that is no refusal of ours to classify (classifyRefusal) becomes: retried,
 * failed for good, or (a list message cut off by our own timeout) interrupted.
 */
export function afterFailure(row: ClaimedRow, error: unknown, listMail: boolean): "retry" | "failed" | "interrupted" {
  // Cut off by our own timeout, it may still have been accepted: at most once, never retried (a
  // receipt twice after a slow server is not better than one the owner re-sends by hand).
  if (error instanceof SendTimeout) return listMail ? "interrupted" : "failed";
  // A day from when the message was due: a review request written a week earlier still gets its day.
  const giveUp = isPermanent(error) || Date.now() - row.dueAt.getTime() + retryDelayMs(row.attempts) > GIVE_UP_AFTER_MS;
  return giveUp ? "failed" : "retry";
}

/** Sent, or why not: what the log says about a failed attempt. */
export function logFailure(row: ClaimedRow, error: unknown, next: AfterFailure | "lost"): void {
  log.error(
    `E-mail ${row.id} (${row.kind}) not sent, attempt ${row.attempts}: ${(error as Error).message ?? error}` +
      (next === "lost"
        ? "; another worker holds it now"
        : next === "paused"
          ? "; the refusal is about our sending, not the reader: sending is paused and the e-mail waits"
          : next === "interrupted" || error instanceof SendTimeout
            ? "; it may have arrived, so it is not sent again"
            : next === "failed"
              ? isPermanent(error)
                ? "; the mail server refused this reader's address"
                : "; giving up after a day of retries"
              : `; retrying in ${retryDelayMs(row.attempts) / 1000} s`),
  );
}
