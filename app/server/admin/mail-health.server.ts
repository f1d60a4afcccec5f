/** E-mail health for the dashboard: outbox rows not sent yet or given up on, and a retry. */
import { and, count, desc, eq, inArray } from "drizzle-orm";
import { outbox } from "../../../db/schema";
import { recordAudit } from "~/server/admin/audit.server";
import { db } from "~/server/db.server";
import { wakeOutbox } from "~/server/mail/outbox.server";

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
    .where(inArray(outbox.status, ["pending", "failed"]))
    .orderBy(desc(outbox.id))
    .limit(200);
  const totals = await db().select({ status: outbox.status, n: count() }).from(outbox).groupBy(outbox.status);
  const byStatus = Object.fromEntries(totals.map((t) => [t.status, t.n])) as Partial<Record<string, number>>;
  return {
    rows,
    sent: byStatus.sent ?? 0,
    queued: byStatus.pending ?? 0,
    failed: byStatus.failed ?? 0,
    suppressed: byStatus.suppressed ?? 0,
  };
}

/** Send a failed (or waiting) e-mail again now; the worker picks it up at once. */
export async function retryEmail(id: number): Promise<boolean> {
  const updated = await db()
    .update(outbox)
    .set({ status: "pending", nextAttemptAt: new Date(), lockedUntil: null })
    .where(and(eq(outbox.id, id), inArray(outbox.status, ["pending", "failed"])))
    .returning({ kind: outbox.kind, toAddress: outbox.toAddress });
  if (updated.length === 0) return false;
  await recordAudit("retry-email", `outbox:${id}`, `${updated[0]!.kind} to ${updated[0]!.toAddress} queued again`);
  wakeOutbox();
  return true;
}
