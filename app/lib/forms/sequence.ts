/**
 * Every form of /admin/sequence, one schema told apart by the intent: which guide each category
 * offers, pause or resume the welcome e-mails, and a step's editor (save, or send the saved step
 * as a test). The page's forms check with it as the owner types (Conform); the action parses
 * with it.
 */
import { z } from "zod";
import { CATEGORIES, type Category } from "~/lib/article-meta";
import { GUIDE_IDS, guideField, type GuideId } from "~/lib/guides";

/** The longest subject, preview line and body a step keeps (the editor's maxlength too). */
export const STEP_LIMITS = { subject: 150, preview: 200, body: 20_000 } as const;
const MAX_DELAY_DAYS = 60;
export const STEP_DELAY_LIMITS = { days: MAX_DELAY_DAYS, hours: 23 } as const;

/** Every category must name a guide from the list (one select per category, named guideField(category)). */
const guideShape: Record<string, z.ZodType<GuideId>> = Object.fromEntries(
  CATEGORIES.map((c) => [guideField(c), z.enum(GUIDE_IDS, { error: `Choose a guide for ${c}.` })]),
);
const byCategory = (fields: Record<string, GuideId>) =>
  Object.fromEntries(CATEGORIES.map((c) => [c, fields[guideField(c)] as GuideId])) as Record<Category, GuideId>;

export const GuideChoiceSchema = z.object(guideShape).transform(byCategory);

// An empty field arrives as nothing at all (Conform drops empty strings): the same message as spaces only.
const oneLine = (what: string, max: number) =>
  z
    .string({ error: `The ${what} is empty.` })
    .trim()
    .min(1, `The ${what} is empty.`)
    .max(max, `The ${what} is over ${max} characters.`)
    .regex(/^[^\r\n]*$/, `The ${what} must be one line.`);

const stepId = z.string().min(1).max(100);

/** The step editor's form: a one-line subject, a preview line, a Markdown body, a delay in days and hours (0 allowed). */
export const StepEditSchema = z
  .object({
    intent: z.literal("save"),
    id: stepId,
    /** When the step was last saved, as the form was loaded: a save over a newer edit is refused. */
    updatedAt: z.string().min(1).max(40),
    subject: oneLine("subject", STEP_LIMITS.subject),
    preview: oneLine("preview text", STEP_LIMITS.preview),
    body: z
      .string({ error: "The body is empty." })
      .trim()
      .min(1, "The body is empty.")
      .max(STEP_LIMITS.body, `The body is over ${STEP_LIMITS.body.toLocaleString("en-US")} characters.`),
    delayDays: z.coerce
      .number({ error: "Days must be a whole number." })
      .int("Days must be a whole number.")
      .min(0, "Days cannot be negative.")
      .max(MAX_DELAY_DAYS, `At most ${MAX_DELAY_DAYS} days.`),
    delayHours: z.coerce
      .number({ error: "Hours must be a whole number." })
      .int("Hours must be a whole number.")
      .min(0, "Hours cannot be negative.")
      .max(STEP_DELAY_LIMITS.hours, "Hours go up to 23; use days for more."),
  })
  .transform(({ delayDays, delayHours, ...rest }) => ({ ...rest, delayMinutes: delayDays * 1440 + delayHours * 60 }));
export type StepEditInput = z.infer<typeof StepEditSchema>;

export const SequenceActionSchema = z.discriminatedUnion("intent", [
  z
    .object({ intent: z.literal("guides"), ...guideShape })
    .transform(({ intent, ...fields }) => ({ intent, choices: byCategory(fields as Record<string, GuideId>) })),
  z.object({ intent: z.enum(["pause", "resume"]) }),
  StepEditSchema,
  z.object({ intent: z.literal("test"), id: stepId }),
]);
export type SequencePost = z.infer<typeof SequenceActionSchema>;
