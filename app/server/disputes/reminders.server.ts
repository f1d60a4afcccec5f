/**
 * A dispute's two reminders (decision 074): on its due date, and 5 business days later if no
 * answer was recorded, each at 9 AM in the buyer's zone. Queued in the transaction that adds or
 * changes the dispute, keyed by the dispute, the step and the day (the outbox's unique key: once
 * each, ever); a change of due date removes the reminders still waiting for the old one. Whether
 * one still goes is decided when it is due (reminderDecision): never for an answered or deleted
 * dispute, a stopped tracker, or a mailbox with no paid toolkit left (a refund); a suppressed
 * address or a withdrawn buyer consent is the mailer's check (policy "buyer").
 */
import { and, eq, notInArray, sql } from "drizzle-orm";
import { disputes, disputeTrackers, outbox } from "../../../db/schema";
import { fromZonedInput, zonedDay } from "~/lib/dates";
import { reminderDays, type Day } from "~/lib/dispute-dates";
import { TOOLKIT_ID } from "~/lib/catalogue";
import { db, type Executor } from "~/server/db.server";
import { newestOrderOpening } from "~/server/delivery/order-access.server";
import { queueMail } from "~/server/mail/outbox-queue.server";
import { factsOf, type Dispute, type Tracker } from "~/server/disputes/trackers.server";

export const REMINDER_STEPS = ["due", "follow-up"] as const;
export type ReminderStep = (typeof REMINDER_STEPS)[number];

/** The hour of the buyer's day a reminder goes at. */
export const REMINDER_HOUR = "09:00";

export const reminderKey = (disputeId: number, step: ReminderStep, day: Day) => `dispute:${disputeId}:${step}:${day}`;

const ofDispute = (disputeId: number) =>
  and(eq(outbox.kind, "dispute-reminder"), eq(outbox.status, "pending"), sql`(${outbox.payload}->>'disputeId')::int = ${disputeId}`);

/**
 * The dispute's reminders for its due date as it stands, and none waiting for an older one. An
 * answered dispute keeps none waiting, and a day already past in the buyer's zone gets none (a
 * dispute entered late: the page says it is overdue; an e-mail saying "due today" would not be true).
 */
export async function scheduleReminders(
  tx: Executor,
  tracker: Tracker,
  dispute: Dispute,
  businessZone: string,
  now = new Date(),
): Promise<void> {
  if (dispute.outcome) {
    await tx.delete(outbox).where(ofDispute(dispute.id));
    return;
  }
  const zone = tracker.timeZone ?? businessZone;
  const days = reminderDays(factsOf(dispute));
  const today = zonedDay(now, zone);
  const wanted = REMINDER_STEPS.map((step) => ({ step, day: days[step === "due" ? "due" : "followUp"] })).filter((w) => w.day >= today);
  const keys = wanted.map((w) => reminderKey(dispute.id, w.step, w.day));
  await tx.delete(outbox).where(and(ofDispute(dispute.id), notInArray(outbox.dedupeKey, keys)));
  for (const { step, day } of wanted) {
    await queueMail(
      tx,
      "dispute-reminder",
      { disputeId: dispute.id, step, day },
      {
        dedupeKey: reminderKey(dispute.id, step, day),
        to: tracker.email,
        dueAt: fromZonedInput(`${day}T${REMINDER_HOUR}`, zone) ?? new Date(`${day}T12:00:00Z`),
      },
    );
  }
}

/** Every reminder still waiting for these disputes goes with them (a delete, a delete of all). */
export async function dropReminders(tx: Executor, disputeIds: readonly number[]): Promise<void> {
  for (const id of disputeIds) await tx.delete(outbox).where(ofDispute(id));
}

export type ReminderDecision = { skip: string } | { send: { tracker: Tracker; dispute: Dispute; orderId: number } };

/** Whether this reminder goes now: decided when it is due, from what the tracker holds then. */
export async function reminderDecision(disputeId: number, step: ReminderStep, day: Day): Promise<ReminderDecision> {
  const [row] = await db()
    .select({ dispute: disputes, tracker: disputeTrackers })
    .from(disputes)
    .innerJoin(disputeTrackers, eq(disputeTrackers.id, disputes.trackerId))
    .where(eq(disputes.id, disputeId))
    .limit(1);
  if (!row) return { skip: "the dispute was deleted" };
  const { dispute, tracker } = row;
  if (dispute.outcome) return { skip: "an answer was recorded" };
  if (tracker.remindersStoppedAt) return { skip: "the buyer stopped the tracker's reminders" };
  const days = reminderDays(factsOf(dispute));
  if ((step === "due" ? days.due : days.followUp) !== day) return { skip: "the due date changed since it was queued" };
  const orderId = await newestOrderOpening(tracker.email, TOOLKIT_ID);
  if (orderId === undefined) return { skip: "no paid toolkit order left (refunded or disputed)" };
  return { send: { tracker, dispute, orderId } };
}
