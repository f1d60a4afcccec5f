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

/** Below this many approved reviews the home badge shows the number of free articles instead. */
export const REVIEW_BADGE_THRESHOLD = 10;

/** A review the owner has not decided on is published by itself after this many days (16 CFR 465.7). */
export const DEFAULT_AUTO_PUBLISH_DAYS = 7;
export const AUTO_PUBLISH_DAYS_LIMITS = { min: 1, max: 30 } as const;
/** A review likelyBrokenRules flags waits this many times the days: the owner sees it first, but it never waits for ever. */
export const FLAGGED_WAIT_FACTOR = 2;

/**
 * The content rules a machine can see broken: a link or a domain (advertising), an e-mail
 * address or a long run of digits (someone's contact details or an account number). A review
 * they flag waits longer before it publishes itself (FLAGGED_WAIT_FACTOR), so the owner can decide
 * by the rules first (the flag may be wrong: "AnnualCreditReport.com" or a list of scores is fine).
 */
const LINK = /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+\.(?:com|net|org|io|co|us|info|biz|ly|me|app)\b/i;
const EMAIL = /[^\s@]+@[^\s@]+\.[a-z]{2,}/i;
const LONG_NUMBER = /\d(?:[\s().-]*\d){6,}/;

/**
 * The text as the patterns above read it: NFKC folds what looks like ASCII into ASCII (the
 * full-width "ｅｘａｍｐｌｅ．ｃｏｍ", "＠", "ｈｔｔｐｓ：／／", digits "５５５" and "①"), and the ideographic
 * full stop, which NFKC keeps, becomes a dot as browsers and IDNA read it in a host name
 * ("example。com" opens example.com). A flag only decides who looks first: the text is stored and
 * shown as the buyer wrote it.
 */
const asPatternsRead = (text: string) => text.normalize("NFKC").replace(/\u3002/g, ".");

export function likelyBrokenRules(text: string): ContentRuleId[] {
  const folded = asPatternsRead(text);
  const broken: ContentRuleId[] = [];
  if (EMAIL.test(folded) || LONG_NUMBER.test(folded)) broken.push("personal-data");
  if (LINK.test(folded)) broken.push("spam");
  return broken;
}

/**
 * What /checkout and the review form promise, and what the code does: every review the owner does
 * not reject for a content rule is published, at the latest after her set days (publishOverdueReviews),
 * from paid and refunded orders alike (reviews.server.ts, REVIEWABLE).
 */
export function reviewPromise(autoPublishDays: number): string {
  return `Every review that follows our content rules is published ${publishedWithin(autoPublishDays)}, whatever its stars, including reviews from buyers who asked for a refund (marked “Refunded”). Reviewers get nothing for writing one.`;
}

/** "within 7 days (14 if it seems to hold a link, …)": the wait publishOverdueReviews keeps to. */
export function publishedWithin(autoPublishDays: number): string {
  return `within ${dayCount(autoPublishDays)} (${dayCount(FLAGGED_WAIT_FACTOR * autoPublishDays)} if it seems to hold a link, an e-mail address or a long number, which we check first)`;
}

/** "1 day", "7 days". */
export const dayCount = (days: number) => `${days} day${days === 1 ? "" : "s"}`;

/**
 * The home badge's words: "12 buyer reviews" under "4.6 of 5" (the figure is every approved
 * review), or null below REVIEW_BADGE_THRESHOLD or below the count at which /checkout shows the
 * reviews (`shownFrom`): the badge links to them, so it never counts reviews no page shows.
 */
export function reviewBadge(count: number, average: number, shownFrom = 1): { value: string; label: string } | null {
  if (!Number.isSafeInteger(count) || count < Math.max(REVIEW_BADGE_THRESHOLD, shownFrom)) return null;
  return { value: `${formatAverage(average)} of 5`, label: `${count.toLocaleString("en-US")} buyer reviews` };
}

/** "4.3": the average to one decimal, rounded half down so it never reads higher than it is. */
export function formatAverage(average: number): string {
  return (Math.floor(average * 10 + 1e-9) / 10).toFixed(1);
}
