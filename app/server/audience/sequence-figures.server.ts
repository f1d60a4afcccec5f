/**
 * The welcome sequences' figures for the owner (/admin/sequence): per step, what was sent, who is
 * waiting and what it sold; per free guide, what became of its requests.
 */
import { and, count, eq } from "drizzle-orm";
import { sequenceEnrollments } from "../../../db/schema";
import type { GuideId } from "~/lib/guides";
import { guideRequestCounts, stepSales } from "~/server/audience/audience.sql.server";
import { listSteps } from "~/server/audience/sequence.server";
import type { SequenceStep } from "~/server/audience/sequence-content.server";
import { db } from "~/server/db.server";

export type StepFigures = SequenceStep & { sent: number; waiting: number; orders: number; revenueCents: number };

/**
 * One guide's steps, each with how many received it, how many wait for it, and the orders (and
 * their revenue) paid by its recipients after it was sent to them, before the sequence's next step
 * reached them.
 */
export async function stepFigures(guide: GuideId): Promise<StepFigures[]> {
  const steps = await listSteps(guide);
  const figures = await stepSales(guide);
  const waiting = await db()
    .select({ position: sequenceEnrollments.nextPosition, waiting: count() })
    .from(sequenceEnrollments)
    .where(and(eq(sequenceEnrollments.status, "active"), eq(sequenceEnrollments.guide, guide)))
    .groupBy(sequenceEnrollments.nextPosition);
  return steps.map((step) => {
    const f = figures.find((x) => x.stepId === step.id);
    return {
      ...step,
      sent: f?.sent ?? 0,
      orders: f?.orders ?? 0,
      revenueCents: f?.revenueCents ?? 0,
      waiting: waiting.find((w) => w.position === step.position)?.waiting ?? 0,
    };
  });
}

/** What became of one free guide's requests: the owner's line of figures per guide (issue 40, item 7). */
export type GuideFigures = {
  /** Asked on an article's form. */
  asked: number;
  /** Used the e-mail's button: the address is theirs (the sequence starts here). */
  opened: number;
  /** Waiting for a next step now. */
  inSequence: number;
  /** Got every step. */
  finished: number;
  /** Unsubscribed, bounced or complained since. */
  unsubscribed: number;
  /** Paid for an order, at any time after asking. */
  bought: number;
  /** Joined the newsletter with the last step's button. */
  joinedNewsletter: number;
};

export async function guideFigures(guide: GuideId): Promise<GuideFigures> {
  return guideRequestCounts(guide);
}
