/**
 * E-mail health for the dashboard: outbox rows not sent yet or given up on, and a retry. Messages
 * scheduled for later (review requests, due days after a payment) are counted apart: they are
 * not late, and a retry must not send them early.
 */
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { outbox } from "../../../db/schema";
import { recordAudit } from "~/server/admin/audit.server";
import { db } from "~/server/db.server";
import { wakeOutbox } from "~/server/mail/outbox.server";

/** Pending, never tried, and not due yet. */
const scheduled = sql<boolean>`(${outbox.status} = 'pending' and ${outbox.attempts} = 0 and ${outbox.dueAt} > now())`;

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
    .where(and(inArray(outbox.status, ["pending", "failed"]), sql`not ${scheduled}`))
    .orderBy(desc(outbox.id))
    .limit(200);
  const totals = await db()
    .select({ status: sql<string>`case when ${scheduled} then 'scheduled' else ${outbox.status} end`, n: count() })
    .from(outbox)
    .groupBy(sql`1`);
  const byStatus = Object.fromEntries(totals.map((t) => [t.status, Number(t.n)])) as Partial<Record<string, number>>;
  return {
    rows,
    sent: byStatus.sent ?? 0,
    queued: byStatus.pending ?? 0,
    scheduled: byStatus.scheduled ?? 0,
    failed: byStatus.failed ?? 0,
    suppressed: byStatus.suppressed ?? 0,
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
