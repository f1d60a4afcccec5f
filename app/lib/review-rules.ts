/**
 * Verified buyer reviews: limits, the content rules the owner moderates by, and the figures drawn
 * from approved reviews. No schema library here: the home page and /checkout load this module.
 */

export const REVIEW_LIMITS = { body: 2_000, bodyMin: 10, name: 40 } as const;

/**
 * The owner decides on these and nothing else: not the stars, not whether it praises us. They
 * are shown to the owner beside every decision and to the buyer on the form.
 */
export const CONTENT_RULES = [
  { id: "personal-data", label: "Personal data", rule: "No one's contact details, account numbers or other private information." },
  { id: "abuse", label: "Profanity or abuse", rule: "No profanity, slurs, threats or attacks on a person." },
  { id: "off-topic", label: "Off topic", rule: "About the toolkit or the letters, not about something else." },
  { id: "spam", label: "Advertising or links", rule: "No advertising and no links to other sites." },
] as const;

/** Why an approved review may be taken down later: a content rule, or the reviewer asked. */
export const HIDE_REASONS = [
  ...CONTENT_RULES,
  { id: "reviewer-asked", label: "The reviewer asked", rule: "The buyer asked us to remove it." },
] as const;

export type ContentRuleId = (typeof CONTENT_RULES)[number]["id"];
export type HideReasonId = (typeof HIDE_REASONS)[number]["id"];

export const DEFAULT_CHECKOUT_REVIEWS_THRESHOLD = 3;

/** Below this many success stories the home badge says something else that is true. */
export const SUCCESS_STORIES_THRESHOLD = 10;
/** A "success story" is an approved review that rates the toolkit this many stars or more. */
export const SUCCESS_STORY_MIN_RATING = 4;

/**
 * "N+" never overstates: the count rounded down to a round number (tens under 100, fifties
 * under 1,000, hundreds after), or null below the threshold.
 */
export function successStoriesFigure(count: number): number | null {
  if (!Number.isSafeInteger(count) || count < SUCCESS_STORIES_THRESHOLD) return null;
  const step = count < 100 ? 10 : count < 1_000 ? 50 : 100;
  return Math.floor(count / step) * step;
}

/** "4.3": the average to one decimal, rounded half down so it never reads higher than it is. */
export function formatAverage(average: number): string {
  return (Math.floor(average * 10 + 1e-9) / 10).toFixed(1);
}
