/**
 * The dispute tracker's forms (issue 54, decision 074): one schema, discriminated by the button
 * pressed (`intent`), read by the server as the authority (app/server/disputes/tracker-form.server.ts).
 * The pages are plain HTML forms; a browser's own checks (required, type=date, max) say the same.
 * `today` is the buyer's day in their own zone: no dispute is sent or answered in the future.
 */
import { z } from "zod";
import { BUREAUS, isDay, SENT_VIA, type Day } from "~/lib/dispute-dates";
import { isTimeZone } from "~/lib/dates";
import { POWER_PACK_LETTERS, TOOLKIT_LETTERS } from "~/lib/letters";

export const DISPUTE_RECIPIENT_CHOICES = [...BUREAUS, "furnisher"] as const;
export const DISPUTE_OUTCOME_CHOICES = ["deleted", "corrected", "verified", "no-answer"] as const;
export type DisputeOutcomeChoice = (typeof DISPUTE_OUTCOME_CHOICES)[number];

export const RECIPIENT_LABELS: Record<(typeof DISPUTE_RECIPIENT_CHOICES)[number], string> = {
  equifax: "Equifax",
  experian: "Experian",
  transunion: "TransUnion",
  furnisher: "A lender or collector (by name)",
};
export const SENT_VIA_LABELS: Record<(typeof SENT_VIA)[number], string> = { mail: "By mail", online: "Online", phone: "By phone" };
export const OUTCOME_LABELS: Record<DisputeOutcomeChoice, string> = {
  deleted: "Deleted",
  corrected: "Corrected",
  verified: "Verified as accurate",
  "no-answer": "No answer by the due date",
};

export const DISPUTE_LETTERS: Record<string, string> = { ...TOOLKIT_LETTERS, ...POWER_PACK_LETTERS };

export const DISPUTE_LIMITS = { about: 120, furnisherName: 80 } as const;

export const DISPUTE_MESSAGES = {
  accountNumber: "Leave out account numbers: the bureau and the date are enough",
  recipient: "Choose where you sent the dispute.",
  furnisherName: "Enter the lender's or collector's name.",
  furnisherLong: `Keep the name to ${DISPUTE_LIMITS.furnisherName} characters.`,
  about: "Say in a few words what it disputes, for example: late payment, March 2024.",
  aboutLong: `Keep it to ${DISPUTE_LIMITS.about} characters.`,
  letter: "Choose a letter from the list, or “Another letter”.",
  sentVia: "Choose how you sent it.",
  sentOn: "Enter the date you sent it.",
  future: "That date is in the future: enter a day up to today.",
  receivedBeforeSent: "The date it was received can't be before the date you sent it.",
  moreInfoOn: "Enter the date you sent more information.",
  moreInfoBeforeSent: "More information can't have been sent before the dispute.",
  outcome: "Choose what they answered.",
  outcomeOn: "Enter the date of the answer.",
  answerBeforeSent: "The answer can't come before the dispute was sent.",
  timeZone: "Choose a time zone from the list.",
  dispute: "That dispute is not in your tracker (it may have been deleted).",
} as const;

/**
 * What looks like an account or Social Security number: seven digits or more in a row, an SSN's
 * 3-2-4 shape, or three or more groups of 3-4 digits (a card or account number written in
 * groups). Dates ("2024-03-15", "March 2024") and a masked "ending 1234" pass.
 */
const ACCOUNT_NUMBER = /\d{7,}|\b\d{3}[ .-]\d{2}[ .-]\d{4}\b|\b\d{3,4}(?:[ -]\d{3,4}){2,}\b/;
export const looksLikeAccountNumber = (text: string): boolean => ACCOUNT_NUMBER.test(text);

/** Markup or control characters: the page would show them as text; refused so the words stay plain. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNPLAIN = /<\s*[a-z!/?]|[\u0000-\u001F\u007F\u202A-\u202E\u2066-\u2069]/i;

const text = (missing: string, tooLong: string, max: number) =>
  z
    .string({ error: missing })
    .transform((v) => v.trim().replace(/\s+/g, " "))
    .pipe(
      z
        .string()
        .min(1, missing)
        .max(max, tooLong)
        .refine((v) => !looksLikeAccountNumber(v), DISPUTE_MESSAGES.accountNumber)
        .refine((v) => !UNPLAIN.test(v), "Please write plain text."),
    );

const day = (missing: string, today: Day) =>
  z
    .string({ error: missing })
    .trim()
    .refine(isDay, missing)
    .refine((v) => !isDay(v) || v <= today, DISPUTE_MESSAGES.future);

/** An optional date: an empty field is "unknown". */
const optionalDay = (today: Day) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isDay(v), "Enter a date, or leave it empty if you don't know it.")
    .refine((v) => v === null || !isDay(v) || v <= today, DISPUTE_MESSAGES.future);

const MAX_ID = 2_147_483_647;
const disputeId = z.coerce.number({ error: DISPUTE_MESSAGES.dispute }).int().min(1, DISPUTE_MESSAGES.dispute).max(MAX_ID);
const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "yes");

export function disputeFormSchema(today: Day) {
  const add = z
    .object({
      intent: z.literal("add"),
      recipient: z.enum(DISPUTE_RECIPIENT_CHOICES, { error: DISPUTE_MESSAGES.recipient }),
      furnisherName: z.string().optional(),
      about: text(DISPUTE_MESSAGES.about, DISPUTE_MESSAGES.aboutLong, DISPUTE_LIMITS.about),
      letterId: z
        .string({ error: DISPUTE_MESSAGES.letter })
        .refine((v) => v === "other" || v in DISPUTE_LETTERS, DISPUTE_MESSAGES.letter)
        .transform((v) => (v === "other" ? null : v)),
      sentVia: z.enum(SENT_VIA, { error: DISPUTE_MESSAGES.sentVia }),
      sentOn: day(DISPUTE_MESSAGES.sentOn, today),
      receivedOn: optionalDay(today),
      afterAnnualReport: checkbox,
    })
    .superRefine((v, ctx) => {
      if (v.receivedOn && v.receivedOn < v.sentOn) {
        ctx.addIssue({ code: "custom", path: ["receivedOn"], message: DISPUTE_MESSAGES.receivedBeforeSent });
      }
      if (v.recipient !== "furnisher") return;
      const name = text(DISPUTE_MESSAGES.furnisherName, DISPUTE_MESSAGES.furnisherLong, DISPUTE_LIMITS.furnisherName).safeParse(
        v.furnisherName ?? "",
      );
      if (!name.success) ctx.addIssue({ code: "custom", path: ["furnisherName"], message: name.error.issues[0]!.message });
    })
    .transform(({ furnisherName, ...v }) => ({
      ...v,
      furnisherName: v.recipient === "furnisher" ? (furnisherName ?? "").trim().replace(/\s+/g, " ") : null,
    }));
  return z.discriminatedUnion("intent", [
    add,
    z.object({ intent: z.literal("received"), disputeId, receivedOn: day("Enter the date they received it.", today) }),
    z.object({ intent: z.literal("more-info"), disputeId, moreInfoOn: day(DISPUTE_MESSAGES.moreInfoOn, today) }),
    z.object({
      intent: z.literal("outcome"),
      disputeId,
      outcome: z.enum(DISPUTE_OUTCOME_CHOICES, { error: DISPUTE_MESSAGES.outcome }),
      outcomeOn: day(DISPUTE_MESSAGES.outcomeOn, today),
    }),
    z.object({ intent: z.literal("delete"), disputeId }),
    z.object({ intent: z.literal("delete-all") }),
    z.object({
      intent: z.literal("time-zone"),
      timeZone: z.string({ error: DISPUTE_MESSAGES.timeZone }).refine(isTimeZone, DISPUTE_MESSAGES.timeZone),
    }),
  ]);
}
export type DisputeForm = z.infer<ReturnType<typeof disputeFormSchema>>;
export type DisputeIntent = DisputeForm["intent"];
export type AddDisputeInput = Extract<DisputeForm, { intent: "add" }>;

/** Each field's first problem, by field name. */
export function disputeErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The zones the tracker offers: the US's, by the names people know. The business's zone is added if it is not among them. */
export const US_TIME_ZONES: readonly { zone: string; label: string }[] = [
  { zone: "America/New_York", label: "Eastern Time" },
  { zone: "America/Chicago", label: "Central Time" },
  { zone: "America/Denver", label: "Mountain Time" },
  { zone: "America/Phoenix", label: "Mountain Time (Arizona, no daylight saving)" },
  { zone: "America/Los_Angeles", label: "Pacific Time" },
  { zone: "America/Anchorage", label: "Alaska Time" },
  { zone: "Pacific/Honolulu", label: "Hawaii Time" },
  { zone: "America/Puerto_Rico", label: "Atlantic Time (Puerto Rico, U.S. Virgin Islands)" },
  { zone: "Pacific/Guam", label: "Chamorro Time (Guam, Northern Mariana Islands)" },
  { zone: "Pacific/Pago_Pago", label: "Samoa Time (American Samoa)" },
];
