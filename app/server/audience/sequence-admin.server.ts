/** The owner's side of the welcome sequence: a step's edit saved (its form: ~/lib/forms/sequence.ts), its preview, and a test send to the owner. */
import { sql } from "drizzle-orm";
import type { StepEditInput } from "~/lib/forms/sequence";
import { db, rowsOf } from "~/server/db.server";
import type { GuideId } from "~/lib/guides";
import { findStep, isLastStep, rescheduleWaiting } from "~/server/audience/sequence.server";
import { previewListMessage, sendListMessageTest } from "~/server/mail/mailer.server";
import { composeStep } from "~/server/mail/list-compose.server";

/**
 * Save an edit unless someone saved the step since this form was loaded (two tabs): then nothing
 * changes and the owner is told. A changed delay reschedules everyone waiting for the step.
 */
export async function saveStepEdit(edit: StepEditInput): Promise<"saved" | "stale" | "missing"> {
  const rows = rowsOf<{ guide: GuideId; position: number }>(
    await db().execute(sql`
      update sequence_steps set subject = ${edit.subject}, preview = ${edit.preview}, body = ${edit.body},
        delay_minutes = ${edit.delayMinutes}, updated_at = clock_timestamp()
      where id = ${edit.id} and to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') = ${edit.updatedAt}
      returning guide, position
    `),
  );
  const step = rows[0];
  if (!step) return (await findStep(edit.id)) ? "stale" : "missing";
  await rescheduleWaiting(step, edit.delayMinutes);
  return "saved";
}

/** The version stamp the editor carries (microseconds, UTC), as saveStepEdit compares it. */
export async function stepVersions(): Promise<Map<string, string>> {
  const rows = rowsOf<{ id: string; v: string }>(
    await db().execute(sql`select id, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as v from sequence_steps`),
  );
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
