/** The owner's side of the welcome sequence: a step's edit saved (its form: ~/lib/forms/sequence.ts), its preview, and a test send to the owner. */
import { and, eq, sql } from "drizzle-orm";
import { sequenceSteps } from "../../../db/schema";
import type { StepEditInput } from "~/lib/forms/sequence";
import { db } from "~/server/db.server";
import { findStep, isLastStep, rescheduleWaiting } from "~/server/audience/sequence.server";
import { previewListMessage, sendListMessageTest } from "~/server/mail/mailer.server";
import { composeStep } from "~/server/mail/list-compose.server";

/** A step's version stamp: its last save to the microsecond, UTC (a Date would keep milliseconds). */
const VERSION_STAMP = sql<string>`to_char(${sequenceSteps.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`.mapWith(String);

/**
 * Save an edit unless someone saved the step since this form was loaded (two tabs): then nothing
 * changes and the owner is told. A changed delay reschedules everyone waiting for the step.
 */
export async function saveStepEdit(edit: StepEditInput): Promise<"saved" | "stale" | "missing"> {
  const rows = await db()
    .update(sequenceSteps)
    .set({
      subject: edit.subject,
      preview: edit.preview,
      body: edit.body,
      delayMinutes: edit.delayMinutes,
      updatedAt: sql`clock_timestamp()`,
    })
    .where(and(eq(sequenceSteps.id, edit.id), eq(VERSION_STAMP, edit.updatedAt)))
    .returning({ guide: sequenceSteps.guide, position: sequenceSteps.position });
  const step = rows[0];
  if (!step) return (await findStep(edit.id)) ? "stale" : "missing";
  await rescheduleWaiting(step, edit.delayMinutes);
  return "saved";
}

/** The version stamp the editor carries (microseconds, UTC), as saveStepEdit compares it. */
export async function stepVersions(): Promise<Map<string, string>> {
  const rows = await db().select({ id: sequenceSteps.id, v: VERSION_STAMP }).from(sequenceSteps);
  return new Map(rows.map((r) => [r.id, r.v]));
}

export async function previewStep(id: string) {
  const step = await findStep(id);
  return step && previewListMessage({ ...step, last: await isLastStep(step) }, composeStep);
}

/** A test send of the saved step to OWNER_EMAIL, outside the outbox (no contact, no count). */
export async function sendStepTest(id: string): Promise<string | undefined> {
  const step = await findStep(id);
  return step && sendListMessageTest({ ...step, last: await isLastStep(step) }, composeStep, "sequence-step", id);
}
