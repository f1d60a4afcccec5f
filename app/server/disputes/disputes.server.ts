/**
 * The tracker's writes (decision 074), each one transaction: the dispute, the tracker's last
 * change (the two-year deletion counts from it) and the dispute's reminders go together or not
 * at all. Every step names the tracker the dispute must belong to: an id from another mailbox
 * changes nothing.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { disputes, disputeTrackers } from "../../../db/schema";
import type { AddDisputeInput, DisputeOutcomeChoice } from "~/lib/forms/dispute";
import type { Day } from "~/lib/dispute-dates";
import { db, type Tx } from "~/server/db.server";
import { wakeOutbox } from "~/server/mail/outbox.server";
import { dropReminders, scheduleReminders } from "~/server/disputes/reminders.server";
import { disputesOf, findTracker, touchTracker, trackerFor, type Dispute, type Tracker } from "~/server/disputes/trackers.server";

type Change = Partial<Pick<Dispute, "receivedOn" | "moreInfoOn" | "outcome" | "outcomeOn">>;

export async function addDispute(email: string, input: Omit<AddDisputeInput, "intent">, businessZone: string): Promise<Dispute> {
  const added = await db().transaction(async (tx) => {
    const tracker = await trackerFor(tx, email);
    const [dispute] = await tx
      .insert(disputes)
      .values({
        trackerId: tracker.id,
        recipient: input.recipient,
        furnisherName: input.furnisherName,
        about: input.about,
        letterId: input.letterId,
        sentVia: input.sentVia,
        sentOn: input.sentOn,
        receivedOn: input.receivedOn,
        afterAnnualReport: input.afterAnnualReport,
      })
      .returning();
    await scheduleReminders(tx, tracker, dispute!, businessZone);
    return dispute!;
  });
  wakeOutbox();
  return added;
}

async function changeIn(tx: Tx, tracker: Tracker, disputeId: number, change: Change): Promise<Dispute | undefined> {
  const [dispute] = await tx
    .update(disputes)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(disputes.id, disputeId), eq(disputes.trackerId, tracker.id)))
    .returning();
  return dispute;
}

/** A change to one of the mailbox's disputes, its reminders following its new due date; false when it is not theirs. */
export async function changeDispute(email: string, disputeId: number, change: Change, businessZone: string): Promise<boolean> {
  const changed = await db().transaction(async (tx) => {
    // Found, never made: a change names a dispute, and a mailbox without a tracker has none.
    const tracker = await findTracker(email, tx);
    if (!tracker) return false;
    const dispute = await changeIn(tx, tracker, disputeId, change);
    if (!dispute) return false;
    await touchTracker(tx, tracker.id);
    await scheduleReminders(tx, tracker, dispute, businessZone);
    return true;
  });
  if (changed) wakeOutbox();
  return changed;
}

export const recordReceived = (email: string, id: number, receivedOn: Day, zone: string) => changeDispute(email, id, { receivedOn }, zone);
export const recordMoreInfo = (email: string, id: number, moreInfoOn: Day, zone: string) => changeDispute(email, id, { moreInfoOn }, zone);
export const recordOutcome = (email: string, id: number, outcome: DisputeOutcomeChoice, outcomeOn: Day, zone: string) =>
  changeDispute(email, id, { outcome, outcomeOn }, zone);

/** One dispute gone, with its waiting reminders; false when it is not the mailbox's. */
export async function deleteDispute(email: string, disputeId: number): Promise<boolean> {
  return db().transaction(async (tx) => {
    const tracker = await findTracker(email, tx);
    if (!tracker) return false;
    const gone = await tx
      .delete(disputes)
      .where(and(eq(disputes.id, disputeId), eq(disputes.trackerId, tracker.id)))
      .returning({ id: disputes.id });
    if (gone.length === 0) return false;
    await dropReminders(tx, [disputeId]);
    await touchTracker(tx, tracker.id);
    return true;
  });
}

/** Everything the mailbox's tracker holds, deleted in one step: its disputes, its reminders, its zone. Returns how many disputes went. */
export async function deleteTracker(email: string): Promise<number> {
  return db().transaction(async (tx) => {
    const [tracker] = await tx.select().from(disputeTrackers).where(eq(disputeTrackers.email, email)).limit(1);
    if (!tracker) return 0;
    const ids = (await disputesOf(tracker.id, tx)).map((d) => d.id);
    await dropReminders(tx, ids);
    // The disputes go with their tracker (ON DELETE CASCADE).
    await tx.delete(disputeTrackers).where(inArray(disputeTrackers.id, [tracker.id]));
    return ids.length;
  });
}

/** The buyer's zone, chosen once: the reminders still waiting move to 9 AM of their day in it. */
export async function setZone(email: string, timeZone: string, businessZone: string): Promise<void> {
  await db().transaction(async (tx) => {
    const tracker = await trackerFor(tx, email);
    const [rezoned] = await tx
      .update(disputeTrackers)
      .set({ timeZone, updatedAt: sql`now()` })
      .where(eq(disputeTrackers.id, tracker.id))
      .returning();
    const all = await disputesOf(tracker.id, tx);
    await dropReminders(
      tx,
      all.map((d) => d.id),
    );
    for (const dispute of all) await scheduleReminders(tx, rezoned!, dispute, businessZone);
  });
}
