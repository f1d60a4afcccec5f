/**
 * The buyer's dispute tracker (decision 074): one per mailbox, opened from an order page of the
 * toolkit. A paid order may add and change disputes; a refunded or disputed one keeps the tracker
 * readable, exportable and deletable, and its reminders stop (reminders.server.ts decides that at
 * send time, for the mailbox).
 */
import { asc, eq, sql } from "drizzle-orm";
import { disputes, disputeTrackers } from "../../../db/schema";
import { TOOLKIT_ID } from "~/lib/catalogue";
import type { DisputeFacts } from "~/lib/dispute-dates";
import { canonicalEmail } from "~/lib/email-address";
import { db, type Executor } from "~/server/db.server";
import type { Order } from "~/server/payments/orders.server";

export type Tracker = typeof disputeTrackers.$inferSelect;
export type Dispute = typeof disputes.$inferSelect;

/**
 * Whether this order opens a tracker: one that bought the toolkit and was paid (a refund since
 * leaves it readable, "closed"). Null for an order that never bought it, or was never paid.
 */
export function trackerAccess(order: Order): { email: string; mode: "open" | "closed" } | null {
  if (!order.customerEmail || !order.paidAt) return null;
  if (!order.lines.some((line) => line.id === TOOLKIT_ID)) return null;
  return { email: canonicalEmail(order.customerEmail), mode: order.status === "paid" ? "open" : "closed" };
}

export async function findTracker(email: string, tx: Executor = db()): Promise<Tracker | undefined> {
  const [row] = await tx
    .select()
    .from(disputeTrackers)
    .where(eq(disputeTrackers.email, canonicalEmail(email)))
    .limit(1);
  return row;
}

/** The mailbox's tracker, made on its first write (two at once make one: the address is unique). */
export async function trackerFor(tx: Executor, email: string): Promise<Tracker> {
  const [row] = await tx
    .insert(disputeTrackers)
    .values({ email: canonicalEmail(email) })
    .onConflictDoUpdate({ target: disputeTrackers.email, set: { updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function disputesOf(trackerId: number, tx: Executor = db()): Promise<Dispute[]> {
  return tx.select().from(disputes).where(eq(disputes.trackerId, trackerId)).orderBy(asc(disputes.sentOn), asc(disputes.id));
}

/** The tracker changed: the two-year deletion counts from now. */
export async function touchTracker(tx: Executor, trackerId: number): Promise<void> {
  await tx
    .update(disputeTrackers)
    .set({ updatedAt: sql`now()` })
    .where(eq(disputeTrackers.id, trackerId));
}

/** The zone the tracker reads days in: the buyer's own, once chosen, else the business's. */
export const zoneOf = (tracker: Pick<Tracker, "timeZone"> | undefined, businessZone: string): string => tracker?.timeZone ?? businessZone;

/** What the date rules read of a stored dispute. */
export function factsOf(dispute: Dispute): DisputeFacts {
  return {
    recipient: dispute.recipient === "furnisher" ? "furnisher" : dispute.recipient,
    sentVia: dispute.sentVia,
    sentOn: dispute.sentOn,
    receivedOn: dispute.receivedOn,
    afterAnnualReport: dispute.afterAnnualReport,
    moreInfoOn: dispute.moreInfoOn,
    answered: dispute.outcome !== null,
  };
}

/** The reminders' one-click stop: every reminder of the mailbox's tracker, from now on (a second press changes nothing). */
export async function stopReminders(email: string): Promise<void> {
  await db()
    .update(disputeTrackers)
    .set({ remindersStoppedAt: sql`coalesce(${disputeTrackers.remindersStoppedAt}, now())` })
    .where(eq(disputeTrackers.email, canonicalEmail(email)));
}

export async function remindersStopped(email: string): Promise<boolean> {
  return Boolean((await findTracker(email))?.remindersStoppedAt);
}
