/**
 * Every form of /admin/reviews, one schema told apart by the intent: approve, reject or hide a
 * review (a reason from the content rules for the last two), reopen a rejected one, and the
 * page's two settings. The
 * page's forms check with it as the owner types (Conform); the action parses with it.
 */
import { z } from "zod";
import { AUTO_PUBLISH_DAYS_LIMITS, CONTENT_RULES, type ContentRuleId, HIDE_REASONS, type HideReasonId } from "../review-rules";

const reviewId = z.coerce.number().int().min(1).max(2_147_483_647);

export const THRESHOLD_LIMITS = { min: 1, max: 100 } as const;
const THRESHOLD_MESSAGE = `Enter a whole number from ${THRESHOLD_LIMITS.min} to ${THRESHOLD_LIMITS.max}.`;
const DAYS_MESSAGE = `Enter a whole number of days from ${AUTO_PUBLISH_DAYS_LIMITS.min} to ${AUTO_PUBLISH_DAYS_LIMITS.max}.`;

const wholeNumber = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

export const REVIEW_REASON_MESSAGES = { reject: "Choose the rule it breaks.", hide: "Choose why it comes down." } as const;

export const ReviewsActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), id: reviewId }),
  z.object({ intent: z.literal("reopen"), id: reviewId }),
  z.object({
    intent: z.literal("reject"),
    id: reviewId,
    reason: z.enum(CONTENT_RULES.map((r) => r.id) as [ContentRuleId, ...ContentRuleId[]], { error: REVIEW_REASON_MESSAGES.reject }),
  }),
  z.object({
    intent: z.literal("hide"),
    id: reviewId,
    reason: z.enum(HIDE_REASONS.map((r) => r.id) as [HideReasonId, ...HideReasonId[]], { error: REVIEW_REASON_MESSAGES.hide }),
  }),
  z.object({ intent: z.literal("threshold"), threshold: wholeNumber(THRESHOLD_LIMITS.min, THRESHOLD_LIMITS.max, THRESHOLD_MESSAGE) }),
  z.object({
    intent: z.literal("auto-publish"),
    days: wholeNumber(AUTO_PUBLISH_DAYS_LIMITS.min, AUTO_PUBLISH_DAYS_LIMITS.max, DAYS_MESSAGE),
  }),
]);
export type ReviewsPost = z.infer<typeof ReviewsActionSchema>;
