/** The review form's schema (the rules themselves: ../review-rules.ts; the owner's moderation forms: ./review-moderation.ts). */
import { z } from "zod";
export * from "../review-rules";
import { REVIEW_LIMITS } from "../review-rules";

/** The name is shown as typed: a first name, a space, the last name's initial ("Maria S."). */
const DISPLAY_NAME = /^\p{L}[\p{L}'’-]*(?: \p{L}[\p{L}'’-]*)? \p{L}\.?$/u;

/**
 * Markup or script: a tag opener ("<b", "</", "<!", "<?"), a script URL, or an inline handler.
 * The page would show it as text anyway (it is never parsed as HTML); refusing it tells the
 * person their words must be plain and keeps pasted code off the page.
 */
const SCRIPTED = /<\s*[a-z!/?]|javascript\s*:|vbscript\s*:|data\s*:\s*text\/html|\bon[a-z]+\s*=/i;
/** Control characters other than line breaks and tabs (pasted binary, bidi tricks are below). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/;

export const REVIEW_MESSAGES = {
  ratingMissing: "Choose a star rating from 1 to 5.",
  bodyMissing: "Write a few words about the toolkit.",
  bodyShort: `Your review needs at least ${REVIEW_LIMITS.bodyMin} characters.`,
  bodyLong: `Your review can be at most ${REVIEW_LIMITS.body.toLocaleString("en-US")} characters.`,
  nameMissing: "Enter your first name and the initial of your last name.",
  nameLong: `Your name can be at most ${REVIEW_LIMITS.name} characters.`,
  nameShape: "Enter your first name and the initial of your last name, for example Maria S.",
  scripted: "Please write plain text: no HTML tags, code or script links.",
} as const;

const plainText = (value: string) => !SCRIPTED.test(value) && !CONTROL.test(value);

/** Line breaks kept, runs of blank lines and surrounding spaces dropped. */
const tidy = (value: string) =>
  value
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

export const ReviewSchema = z.object({
  rating: z
    .string({ error: REVIEW_MESSAGES.ratingMissing })
    .regex(/^[1-5]$/, REVIEW_MESSAGES.ratingMissing)
    .transform(Number),
  body: z
    .string({ error: REVIEW_MESSAGES.bodyMissing })
    .transform(tidy)
    .pipe(
      z
        .string()
        .min(1, REVIEW_MESSAGES.bodyMissing)
        .min(REVIEW_LIMITS.bodyMin, REVIEW_MESSAGES.bodyShort)
        .max(REVIEW_LIMITS.body, REVIEW_MESSAGES.bodyLong)
        .refine(plainText, REVIEW_MESSAGES.scripted),
    ),
  displayName: z
    .string({ error: REVIEW_MESSAGES.nameMissing })
    .transform((v) => v.trim().replace(/\s+/g, " "))
    .pipe(
      z
        .string()
        .min(1, REVIEW_MESSAGES.nameMissing)
        .max(REVIEW_LIMITS.name, REVIEW_MESSAGES.nameLong)
        .refine(plainText, REVIEW_MESSAGES.scripted)
        .regex(DISPLAY_NAME, REVIEW_MESSAGES.nameShape),
    ),
});
export type ReviewInput = z.infer<typeof ReviewSchema>;
export type ReviewField = keyof ReviewInput;

/** Each field's first problem, in the order the form shows them. */
export function reviewErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Partial<Record<ReviewField, string>> {
  const errors: Partial<Record<ReviewField, string>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as ReviewField;
    if (field in ReviewSchema.shape && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
