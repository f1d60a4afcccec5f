/**
 * E-mail health for the dashboard: outbox rows not sent yet or given up on, and a retry. Messages
 * scheduled for later (review requests, due days after a payment) are counted apart: they are
 * not late, and a retry must not send them early. So is list mail (broadcasts, welcome-sequence
 * steps) waiting its turn at the shared send rate: a broadcast to 10,000 readers is 10,000 rows
 * that go out over minutes or hours, not 10,000 stuck receipts (decision 035). The alarm, mail
 * that has waited too long, is about the rest only: the mail sent as it comes.
 */
import { and, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import { broadcasts, LIST_KINDS, outbox } from "../../../db/schema";
import { recordAudit } from "~/server/audit.server";
import { db } from "~/server/db.server";
import { wakeOutbox } from "~/server/mail/outbox.server";
import { outboxStatusCounts } from "~/server/tallies.server";

/** Pending, never tried, and not due yet. */
const scheduled = sql<boolean>`(${outbox.status} = 'pending' and ${outbox.attempts} = 0 and ${outbox.dueAt} > now())`;

/** Mail held to the shared per-minute rate and sent after everything else (LIST_KINDS). */
const listMail = sql<boolean>`(${outbox.kind} in (${sql.join(
  LIST_KINDS.map((kind) => sql`${kind}`),
  sql`, `,
)}))`;

/** Mail sent as it comes that has been due this long and is still waiting is late: something is wrong. */
const LATE_MINUTES = 15;

/** List mail waiting: a broadcast's rows (its id, subject and status), or the welcome sequence's (id null). */
export type ListMailWaiting = { broadcastId: number | null; subject: string | null; status: string | null; waiting: number };

export async function mailHealth() {
  const rows = await db()
    .select({
      id: outbox.id,
      kind: outbox.kind,
      toAddress: outbox.toAddress,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
      nextAttemptAt: outbox.nextAttemptAt,
    })
    .from(outbox)
    // Failed mail of every kind; of the waiting, only what is sent as it comes (list mail is summed up below).
    .where(or(eq(outbox.status, "failed"), and(eq(outbox.status, "pending"), sql`not ${scheduled}`, sql`not ${listMail}`)))
    .orderBy(desc(outbox.id))
    .limit(200);
  // Every status but pending from the outbox's running counts (1.5 million rows after a year of
  // broadcasts, issue 44); the pending rows, few but for a broadcast under way, read by their index.
  const pending = await db()
    .select({
      status: sql<string>`case when ${scheduled} then 'scheduled' when ${listMail} then 'list-waiting' else 'pending' end`,
      n: count(),
    })
    .from(outbox)
    .where(eq(outbox.status, "pending"))
    .groupBy(sql`1`);
  const byStatus: Partial<Record<string, number>> = Object.fromEntries(await outboxStatusCounts());
  delete byStatus.pending;
  for (const t of pending) byStatus[t.status] = Number(t.n);
  const [late] = await db()
    .select({ n: count(), oldest: sql`min(${outbox.dueAt})`.mapWith(outbox.dueAt) })
    .from(outbox)
    .where(and(eq(outbox.status, "pending"), sql`not ${listMail}`, sql`${outbox.dueAt} < now() - make_interval(mins => ${LATE_MINUTES})`));
  const listWaitingBy: ListMailWaiting[] = await db()
    .select({ broadcastId: broadcasts.id, subject: broadcasts.subject, status: broadcasts.status, waiting: count() })
    .from(outbox)
    .leftJoin(broadcasts, sql`${outbox.kind} = 'broadcast' and ${broadcasts.id} = (${outbox.payload}->>'broadcastId')::int`)
    .where(and(eq(outbox.status, "pending"), listMail, sql`not ${scheduled}`))
    .groupBy(broadcasts.id, broadcasts.subject, broadcasts.status)
    .orderBy(sql`${broadcasts.id} nulls last`);
  return {
    rows,
    sent: byStatus.sent ?? 0,
    /** Sent as it comes (receipts, the guide, links, messages, review requests), due and not sent yet. */
    queued: byStatus.pending ?? 0,
    /** List mail due and waiting its turn at the send rate (or for a paused broadcast to resume). */
    listWaiting: byStatus["list-waiting"] ?? 0,
    listWaitingBy,
    scheduled: byStatus.scheduled ?? 0,
    failed: byStatus.failed ?? 0,
    suppressed: byStatus.suppressed ?? 0,
    /** Mail sent as it comes that has waited over LATE_MINUTES since it was due (never list mail). */
    late: { count: late?.n ?? 0, oldestDueAt: late?.oldest ?? null, minutes: LATE_MINUTES },
  };
}

/** Send a failed (or waiting) e-mail again now; the worker picks it up at once. Never one not due yet. */
export async function retryEmail(id: number): Promise<boolean> {
  const updated = await db()
    .update(outbox)
    .set({ status: "pending", nextAttemptAt: new Date(), lockedUntil: null })
    .where(and(eq(outbox.id, id), inArray(outbox.status, ["pending", "failed"]), sql`${outbox.dueAt} <= now()`))
    .returning({ kind: outbox.kind, toAddress: outbox.toAddress });
  if (updated.length === 0) return false;
  await recordAudit("retry-email", `outbox:${id}`, `${updated[0]!.kind} to ${updated[0]!.toAddress} queued again`);
  wakeOutbox();
  return true;
}
