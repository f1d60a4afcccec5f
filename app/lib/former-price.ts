/**
 * "Normally $X" (16 CFR 233.1): a former price may be shown only if it was the price really and
 * openly charged for a reasonably substantial period, recently. The owner records it with its
 * dates; these rules decide whether a record may be shown, on the dashboard and on /checkout.
 */
import { powerPack } from "~/lib/catalogue";

/** Shorter than this, a price was not charged "for a reasonably substantial period". */
export const FORMER_PRICE_MIN_DAYS = 30;
/** Longer ago than this, it is no longer the recent regular price. */
export const FORMER_PRICE_RECENT_DAYS = 90;

/** Only the add-on has an "it was" line; the toolkit's price stands alone. */
export const FORMER_PRICE_PRODUCTS = { [powerPack.id]: { name: powerPack.name, priceCents: powerPack.priceCents } } as const;
export type FormerPriceProduct = keyof typeof FORMER_PRICE_PRODUCTS;

export const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);
export const todayIso = (now: Date = new Date()) => now.toISOString().slice(0, 10);

export type FormerPrice = { productId: string; priceCents: number; chargedFrom: string; chargedUntil: string };

/** Why a recorded price is not shown now, or null when it may be. */
export function formerPriceProblem(record: FormerPrice, now: Date = new Date()): string | null {
  const product = FORMER_PRICE_PRODUCTS[record.productId as FormerPriceProduct];
  if (!product) return "not a product with a former price";
  if (record.priceCents <= product.priceCents) return "not higher than today's price";
  if (dayNumber(record.chargedUntil) - dayNumber(record.chargedFrom) + 1 < FORMER_PRICE_MIN_DAYS)
    return `charged for fewer than ${FORMER_PRICE_MIN_DAYS} days`;
  const sinceEnd = dayNumber(todayIso(now)) - dayNumber(record.chargedUntil);
  if (sinceEnd < 0) return "its last day is still to come";
  if (sinceEnd > FORMER_PRICE_RECENT_DAYS) return `ended more than ${FORMER_PRICE_RECENT_DAYS} days ago`;
  return null;
}
