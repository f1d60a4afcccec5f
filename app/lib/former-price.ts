/**
 * "Normally $X" (16 CFR 233.1): a former price may be shown only when it was the price at which
 * the product was openly offered, in good faith, for a reasonably substantial period in the
 * recent, regular course of business. The owner no longer types one (issue 53 item 4): it is
 * decided from the product's price history (product_prices, written by every price change) by
 * one rule, the test below (decision 070):
 *
 * 1. the current price started no more than FORMER_PRICE_RECENT_DAYS (90) days ago: a "sale" that
 *    has lasted longer is the regular price now;
 * 2. the price it replaced was higher;
 * 3. the product was charged that higher price on at least FORMER_PRICE_MIN_DAYS (30) of the 90
 *    days before the current price started: a price raised for a week to make a "discount" is
 *    not the former price.
 *
 * Shown, it names its dates ("it was $27 from … to …"). Browser-safe and pure: the checkout,
 * the product store and the dashboard read the same answer.
 */

/** Fewer days than this at the price, it was not charged "for a reasonably substantial period". */
export const FORMER_PRICE_MIN_DAYS = 30;
/** The window the period is counted in, and the longest a lower price may call the old one "normal". */
export const FORMER_PRICE_RECENT_DAYS = 90;

const DAY_MS = 86_400_000;

export const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
export const todayIso = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** One row of a product's price history: charged from `from` until `until` (null: still). */
export type PriceSpell = { priceCents: number; from: Date; until: Date | null };

/** A former price as /checkout shows it, with the (UTC) days it was charged. */
export type FormerPrice = { productId: string; priceCents: number; chargedFrom: string; chargedUntil: string };

export type FormerPriceVerdict = { shown: FormerPrice } | { problem: string };

/**
 * The history as it stands at `now`: a sale saved ahead writes its spells ahead (the sale, then
 * the price after it), so what starts later is not yet history, and the spell running at `now` is
 * the current price even when its end is already known.
 */
export function historyAsOf(history: readonly PriceSpell[], now: Date): PriceSpell[] {
  const at = now.getTime();
  return history
    .filter((spell) => spell.from.getTime() <= at)
    .map((spell) => (spell.until !== null && spell.until.getTime() > at ? { ...spell, until: null } : spell));
}

/** The rule, with why a comparison may not be shown (the dashboard says so). */
export function formerPriceVerdict(productId: string, saved: readonly PriceSpell[], now: Date = new Date()): FormerPriceVerdict {
  const history = historyAsOf(saved, now);
  const current = history.find((spell) => spell.until === null);
  if (!current) return { problem: "no current price" };
  const earlier = history
    .filter((spell) => spell.until !== null && spell.until.getTime() <= current.from.getTime())
    .sort((a, b) => b.until!.getTime() - a.until!.getTime());
  const previous = earlier[0];
  if (!previous) return { problem: "the product has only ever had its current price" };
  if (previous.priceCents <= current.priceCents) return { problem: "the price before the current one was not higher" };
  const started = current.from.getTime();
  if (now.getTime() - started > FORMER_PRICE_RECENT_DAYS * DAY_MS) {
    return { problem: `the current price started more than ${FORMER_PRICE_RECENT_DAYS} days ago: it is the regular price now` };
  }
  const windowStart = started - FORMER_PRICE_RECENT_DAYS * DAY_MS;
  const chargedMs = earlier
    .filter((spell) => spell.priceCents === previous.priceCents)
    .reduce((sum, spell) => sum + Math.max(0, Math.min(spell.until!.getTime(), started) - Math.max(spell.from.getTime(), windowStart)), 0);
  if (chargedMs < FORMER_PRICE_MIN_DAYS * DAY_MS) {
    return {
      problem: `charged for fewer than ${FORMER_PRICE_MIN_DAYS} of the ${FORMER_PRICE_RECENT_DAYS} days before the current price started`,
    };
  }
  return {
    shown: {
      productId,
      priceCents: previous.priceCents,
      chargedFrom: todayIso(previous.from),
      // The last day it was charged: the day before it ended (an end at midnight UTC), or the day it ended.
      chargedUntil: todayIso(new Date(previous.until!.getTime() - 1)),
    },
  };
}

/** The former price that may stand beside a product now, or null (then its price stands alone). */
export function formerPriceFromHistory(productId: string, history: readonly PriceSpell[], now: Date = new Date()): FormerPrice | null {
  const verdict = formerPriceVerdict(productId, history, now);
  return "shown" in verdict ? verdict.shown : null;
}
