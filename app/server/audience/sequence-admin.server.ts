/** The owner's side of the welcome sequence: a step's edit checked, its preview, and a test send to the owner. */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { db, rowsOf } from "~/server/db.server";
import type { GuideId } from "~/lib/guides";
import { findStep, isLastStep, rescheduleWaiting } from "~/server/audience/sequence.server";
import { previewListMessage, sendListMessageTest } from "~/server/mail/mailer.server";
import { composeStep } from "~/server/mail/list-compose.server";

const MAX_DELAY_DAYS = 60;

/** The step editor's form: a one-line subject, a preview line, a Markdown body, a delay in days and hours (0 allowed). */
export const StepEditSchema = z
  .object({
    id: z.string().min(1).max(100),
    /** When the step was last saved, as the form was loaded: a save over a newer edit is refused. */
    updatedAt: z.string().min(1).max(40),
    subject: z
      .string()
      .trim()
      .min(1, "The subject is empty.")
      .max(150, "The subject is over 150 characters.")
      .regex(/^[^\r\n]*$/, "The subject must be one line."),
    preview: z
      .string()
      .trim()
      .min(1, "The preview text is empty.")
      .max(200, "The preview text is over 200 characters.")
      .regex(/^[^\r\n]*$/, "The preview text must be one line."),
    body: z.string().trim().min(1, "The body is empty.").max(20_000, "The body is over 20,000 characters."),
    delayDays: z.coerce
      .number()
      .int("Days must be a whole number.")
      .min(0, "Days cannot be negative.")
      .max(MAX_DELAY_DAYS, `At most ${MAX_DELAY_DAYS} days.`),
    delayHours: z.coerce
      .number()
      .int("Hours must be a whole number.")
      .min(0, "Hours cannot be negative.")
      .max(23, "Hours go up to 23; use days for more."),
  })
  .transform(({ delayDays, delayHours, ...rest }) => ({ ...rest, delayMinutes: delayDays * 1440 + delayHours * 60 }));

export type StepEditInput = z.infer<typeof StepEditSchema>;

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
