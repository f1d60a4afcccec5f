/** The broadcast editor's form: one schema for the browser's messages and the server's authority. */
import { z } from "zod";

export const AUDIENCE_FIELDS = { newsletter: "audienceNewsletter", guide: "audienceGuide", buyers: "audienceBuyers" } as const;
export type AudienceKey = keyof typeof AUDIENCE_FIELDS;

const oneLine = (what: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `The ${what} is empty.`)
    .max(max, `The ${what} is over ${max} characters.`)
    .regex(/^[^\r\n]*$/, `The ${what} must be one line.`);

const checked = z
  .string()
  .optional()
  .transform((v) => v === "on");

/** Subject, preview line, Markdown body and audiences; `version` is the one the form was loaded with. */
export const BroadcastSchema = z
  .object({
    id: z.coerce.number().int().min(0).default(0),
    version: z.coerce.number().int().min(0).default(0),
    subject: oneLine("subject", 150),
    preview: oneLine("preview text", 200),
    body: z.string().trim().min(1, "The body is empty.").max(12_000, "The body is over 12,000 characters."),
    audienceNewsletter: checked,
    audienceGuide: checked,
    audienceBuyers: checked,
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

/** Send now, or at a time (the editor's datetime-local, read as UTC). */
export const BroadcastSendSchema = z.object({
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
      const at = new Date(/[zZ]|[+-]\d\d:\d\d$/.test(v) ? v : `${v}Z`);
      if (Number.isNaN(at.getTime())) {
        ctx.addIssue({ code: "custom", message: "The scheduled time is not a date and time." });
        return z.NEVER;
      }
      return at;
    }),
});
export type BroadcastSendInput = z.infer<typeof BroadcastSendSchema>;
