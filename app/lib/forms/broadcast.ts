/** The broadcast editor's form: one schema for the browser's messages and the server's authority. */
import { z } from "zod";
import { toZonedInput } from "~/lib/dates";
import { TAG_MESSAGE, tagField } from "~/lib/tags";
import { zonedMomentField } from "~/lib/forms/zoned-moment";

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
  tagBoth: "A tag cannot be both included and left out: untick it on one side.",
  noTime: "Choose when to send it.",
  pastTime: "That time is in the past: choose a time from now on, or send it now.",
  badTime: "The scheduled time is not a date and time.",
} as const;

// An empty field arrives as nothing at all (Conform drops empty strings): the same message as spaces only.
const oneLine = (messages: Required<FieldMessages>, max: number) =>
  z
    .string({ error: messages.empty })
    .trim()
    .min(1, messages.empty)
    .max(max, messages.tooLong)
    .regex(/^[^\r\n]*$/, messages.oneLine);

const checked = z
  .string()
  .optional()
  .transform((v) => v === "on");

/** Ticked tag boxes (one name, many values): each a tag, at most 50. */
const tagBoxes = z.preprocess(
  (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(tagField).max(50, "Tick at most 50 tags."),
);

/** A segment's signature, the same for the saved draft (the page) and the ticked boxes (the editor's script). */
export function segmentSignature(s: {
  audiences: readonly string[];
  includeTags: readonly string[];
  excludeTags: readonly string[];
}): string {
  return [...s.audiences.map((a) => `a:${a}`), ...s.includeTags.map((t) => `i:${t}`), ...s.excludeTags.map((t) => `e:${t}`)]
    .sort()
    .join(" ");
}

/** The largest id the tables' integer columns hold: a larger one is refused by the schema, never sent to SQL. */
const MAX_ID = 2_147_483_647;
const broadcastId = z.coerce.number().int().min(1).max(MAX_ID);

/** A list message's words, as a broadcast and a product update (lib/forms/product-update.ts) both take them. */
export const LIST_MESSAGE_FIELDS = {
  subject: oneLine(BROADCAST_MESSAGES.subject, BROADCAST_LIMITS.subject),
  preview: oneLine(BROADCAST_MESSAGES.preview, BROADCAST_LIMITS.preview),
  body: z
    .string({ error: BROADCAST_MESSAGES.body.empty })
    .trim()
    .min(1, BROADCAST_MESSAGES.body.empty)
    .max(BROADCAST_LIMITS.body, BROADCAST_MESSAGES.body.tooLong),
};

/** Subject, preview line, Markdown body, audiences and tags; `version` is the one the form was loaded with. */
export const BroadcastSchema = z
  .object({
    // The editor's one button; a post without an intent is a save too (the discriminated union below).
    intent: z.literal("save").default("save"),
    id: z.coerce.number().int().min(0).max(MAX_ID).default(0),
    version: z.coerce.number().int().min(0).default(0),
    ...LIST_MESSAGE_FIELDS,
    audienceNewsletter: checked,
    audienceGuide: checked,
    audienceBuyers: checked,
    includeTags: tagBoxes,
    excludeTags: tagBoxes,
  })
  .refine((f) => f.audienceNewsletter || f.audienceGuide || f.audienceBuyers, {
    message: BROADCAST_MESSAGES.noAudience,
    path: ["audiences"],
  })
  .refine((f) => !f.includeTags.some((tag) => f.excludeTags.includes(tag)), {
    message: BROADCAST_MESSAGES.tagBoth,
    path: ["excludeTags"],
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

/**
 * Send now, or at a time: the editor's datetime-local, read in the business's time zone (the
 * editor names it). A time is needed for "At", and it must be ahead of `now()` (the browser's
 * clock as the owner presses Send, the server's when it arrives).
 */
export function broadcastSendSchema(timeZone: string, now: () => Date = () => new Date()) {
  return z
    .object({
      intent: z.literal("send"),
      id: broadcastId,
      version: z.coerce.number().int().min(1),
      when: z.enum(["now", "later"]).default("now"),
      scheduledAt: zonedMomentField(timeZone, BROADCAST_MESSAGES.badTime),
    })
    .superRefine((f, ctx) => {
      if (f.when !== "later") return;
      if (!f.scheduledAt) ctx.addIssue({ code: "custom", message: BROADCAST_MESSAGES.noTime, path: ["scheduledAt"] });
      else if (f.scheduledAt.getTime() <= now().getTime())
        ctx.addIssue({ code: "custom", message: BROADCAST_MESSAGES.pastTime, path: ["scheduledAt"] });
    });
}
export type BroadcastSendInput = z.infer<ReturnType<typeof broadcastSendSchema>>;

export const BROADCAST_STATE_CHANGES = ["pause", "resume", "cancel"] as const;

/**
 * Every form of /admin/broadcasts, one schema: the editor (save), the test send, the send form
 * and the pause / resume / cancel buttons, told apart by the button's intent. The page's forms
 * check with it as the owner types (Conform), and the action parses with it.
 */
export function broadcastActionSchema(timeZone: string, now?: () => Date) {
  return z.discriminatedUnion("intent", [
    BroadcastSchema,
    z.object({ intent: z.literal("test"), id: broadcastId }),
    broadcastSendSchema(timeZone, now),
    z.object({ intent: z.enum(BROADCAST_STATE_CHANGES), id: broadcastId }),
  ]);
}
export type BroadcastPost = z.infer<ReturnType<typeof broadcastActionSchema>>;

/**
 * The segment of the recipient count's address
 * (GET /admin/broadcasts/recipients?audience=newsletter&audience=guide&include=topic-budgeting&exclude=bought-toolkit).
 */
export const RecipientCountSchema = z.object({
  audience: z.array(z.enum(Object.keys(AUDIENCE_FIELDS) as [AudienceKey, ...AudienceKey[]])).max(3),
  include: z.array(z.string().refine((t) => tagField.safeParse(t).success, TAG_MESSAGE)).max(50),
  exclude: z.array(z.string().refine((t) => tagField.safeParse(t).success, TAG_MESSAGE)).max(50),
});

/** The first minute a schedule may name, as the editor's datetime-local writes it (in the business's zone, to the minute). */
export function earliestSchedule(timeZone: string, now: Date = new Date()): string {
  return toZonedInput(new Date(Math.floor(now.getTime() / 60_000) * 60_000 + 60_000), timeZone);
}
