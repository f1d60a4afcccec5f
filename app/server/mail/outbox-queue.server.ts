/**
 * Queueing one e-mail, in the caller's transaction: the row that causes a message and the message
 * are stored together or not at all. The worker is woken by the caller after its transaction
 * commits (`wakeOutbox`), not here: woken before, it would look before the row is there.
 */
import { outbox, type OutboxKind } from "../../../db/schema";
import type { Executor } from "~/server/db.server";
import { outboxValues, type OutboxPayloads } from "~/server/mail/outbox.server";

export type QueueOptions = {
  /** One message per key, ever (the outbox's unique dedupe key): a repeat queues nothing. */
  dedupeKey: string;
  to: string;
  /** Not before this (default: now); the first attempt, and its day of retries, wait for it. */
  dueAt?: Date;
};

/**
 * Queue a message of this kind, its payload checked against the kind's schema type. Returns
 * whether it was queued: false when a message with this dedupe key already exists (a form sent
 * twice, a webhook delivered again, two presses at once: the unique key decides, not a read).
 */
export async function queueMail<K extends OutboxKind>(
  tx: Executor,
  kind: K,
  payload: OutboxPayloads[K],
  { dedupeKey, to, dueAt }: QueueOptions,
): Promise<boolean> {
  const queued = await tx
    .insert(outbox)
    .values(outboxValues({ kind, payload, dedupeKey, toAddress: to, dueAt }))
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return queued.length > 0;
}
