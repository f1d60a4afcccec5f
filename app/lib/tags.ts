/**
 * Tags on contacts (issue 40): what a person asked for, read about, bought or was imported with,
 * and the owner's own. A tag is one short word or hyphenated phrase, stored in one spelling
 * (lowercase, hyphens for spaces), so "VIP Buyers" typed twice is one tag. The database's CHECK
 * on contacts.tags holds the same rule.
 */
import { z } from "zod";

export const TAG_MAX = 40;
const TAG_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;

export const TAG_MESSAGE = `A tag is 1 to ${TAG_MAX} letters, digits and hyphens, starting with a letter or digit (for example “vip-buyers”).`;

/** The stored spelling of what the owner typed: trimmed, lowercased, runs of spaces or underscores made one hyphen. */
export function tagSpelling(typed: string): string {
  return typed
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");
}

export function isTag(value: string): boolean {
  return TAG_PATTERN.test(value);
}

/** A typed tag, in its stored spelling, or the message saying what a tag may be. */
export const tagField = z.string({ error: TAG_MESSAGE }).transform(tagSpelling).refine(isTag, { message: TAG_MESSAGE });

/** The tags the site gives by itself; the owner's are any others. */
export const LEAD_FORM_TAG = "lead-form";
export const NEWSLETTER_FORM_TAG = "newsletter-form";
export const IMPORTED_TAG = "imported";

/** The topic of the article a reader signed up on: "Credit Repair" is topic-credit-repair. */
export function topicTag(category: string): string {
  return `topic-${tagSpelling(category).replace(/[^a-z0-9-]/g, "")}`.slice(0, TAG_MAX);
}

/** A product bought (catalogue id): bought-toolkit, bought-power-pack. */
export function boughtTag(productId: string): string {
  return `bought-${productId}`.slice(0, TAG_MAX);
}

/** On a product's waitlist (catalogue id): waitlist-credit-rebuild-bootcamp. */
export function waitlistTag(productId: string): string {
  return `waitlist-${productId}`.slice(0, TAG_MAX);
}

/** A comma-separated list of tags (the import's tags column), each spelled as stored, or the first bad one. */
export function tagList(text: string): { tags: string[] } | { bad: string } {
  const tags: string[] = [];
  for (const piece of text.split(/[,;]/)) {
    if (!piece.trim()) continue;
    const tag = tagSpelling(piece);
    if (!isTag(tag)) return { bad: piece.trim().slice(0, 60) };
    if (!tags.includes(tag)) tags.push(tag);
  }
  return { tags };
}
