/** The broadcast editor's form: one schema for the browser's messages and the server's authority. */
import { z } from "zod";
import { fromZonedInput, toZonedInput } from "~/lib/dates";

export const AUDIENCE_FIELDS = { newsletter: "audienceNewsletter", guide: "audienceGuide", buyers: "audienceBuyers" } as const;
export type AudienceKey = keyof typeof AUDIENCE_FIELDS;

/** The longest subject, preview line and body the server keeps (the editor's maxlength too). */
export const BROADCAST_LIMITS = { subject: 150, preview: 200, body: 12_000 } as const;

/** A field's messages, for the server's refusal and the browser's own (the editor's data-* attributes). */
export type FieldMessages = { empty: string; tooLong: string; oneLine?: string };

const lineMessages = (what: string, max: number): Required<FieldMessages> => ({
  empty: `The ${what} is empty.`,
  tooLong: `The ${what} is over ${max} characters.`,
  oneLine: `The ${what} must be one line.`,
});

/** Every message the broadcast editor can show, the same in the browser and from the server. */
export const BROADCAST_MESSAGES = {
  subject: lineMessages("subject", BROADCAST_LIMITS.subject),
  preview: lineMessages("preview text", BROADCAST_LIMITS.preview),
  body: {
    empty: "The body is empty.",
    tooLong: `The body is over ${BROADCAST_LIMITS.body.toLocaleString("en-US")} characters.`,
  } satisfies FieldMessages,
  noAudience: "Tick at least one audience: who should get it?",
  noTime: "Choose when to send it.",
  pastTime: "That time is in the past: choose a time from now on, or send it now.",
  badTime: "The scheduled time is not a date and time.",
} as const;

const oneLine = (messages: Required<FieldMessages>, max: number) =>
  z
    .string()
    .trim()
    .min(1, messages.empty)
    .max(max, messages.tooLong)
    .regex(/^[^\r\n]*$/, messages.oneLine);

const checked = z
  .string()
  .optional()
  .transform((v) => v === "on");

/** Subject, preview line, Markdown body and audiences; `version` is the one the form was loaded with. */
export const BroadcastSchema = z
  .object({
    id: z.coerce.number().int().min(0).default(0),
    version: z.coerce.number().int().min(0).default(0),
    subject: oneLine(BROADCAST_MESSAGES.subject, BROADCAST_LIMITS.subject),
    preview: oneLine(BROADCAST_MESSAGES.preview, BROADCAST_LIMITS.preview),
    body: z.string().trim().min(1, BROADCAST_MESSAGES.body.empty).max(BROADCAST_LIMITS.body, BROADCAST_MESSAGES.body.tooLong),
    audienceNewsletter: checked,
    audienceGuide: checked,
    audienceBuyers: checked,
  })
  .refine((f) => f.audienceNewsletter || f.audienceGuide || f.audienceBuyers, {
    message: BROADCAST_MESSAGES.noAudience,
    path: ["audiences"],
  })
  .transform(({ audienceNewsletter, audienceGuide, audienceBuyers, ...rest }) => ({
    ...rest,
    audiences: [
      ...(audienceNewsletter ? (["newsletter"] as const) : []),
      ...(audienceGuide ? (["guide"] as const) : []),
      ...(audienceBuyers ? (["buyers"] as const) : []),
    ],
  }));
export type BroadcastInput = z.infer<typeof BroadcastSchema>;

/** Send now, or at a time: the editor's datetime-local, read in the business's time zone (the editor names it). */
export function broadcastSendSchema(timeZone: string) {
  return z.object({
    id: z.coerce.number().int().min(1),
    version: z.coerce.number().int().min(1),
    when: z.enum(["now", "later"]).default("now"),
    scheduledAt: z
      .string()
      .trim()
      .max(40)
      .optional()
      .transform((v, ctx) => {
        if (!v) return undefined;
        const at = fromZonedInput(v, timeZone);
        if (!at) {
          ctx.addIssue({ code: "custom", message: BROADCAST_MESSAGES.badTime });
          return z.NEVER;
        }
        return at;
      }),
  });
}
export type BroadcastSendInput = z.infer<ReturnType<typeof broadcastSendSchema>>;

/** The audiences of the recipient count's address (GET /admin/broadcasts/recipients?audience=newsletter&audience=guide). */
export const RecipientCountSchema = z.object({
  audience: z.array(z.enum(Object.keys(AUDIENCE_FIELDS) as [AudienceKey, ...AudienceKey[]])).max(3),
});

/** The first minute a schedule may name, as the editor's datetime-local writes it (in the business's zone, to the minute). */
export function earliestSchedule(timeZone: string, now: Date = new Date()): string {
  return toZonedInput(new Date(Math.floor(now.getTime() / 60_000) * 60_000 + 60_000), timeZone);
}
