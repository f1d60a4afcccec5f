/**
 * Offers (issue 53 item 5), the pure rules: what a promotion code takes off a checkout's lines,
 * and what a product's sale charges at a moment. Browser-safe: the checkout page shows the
 * discount with the same function the server charges it with (app/server/shop/promotions.server.ts),
 * and the server never takes an amount from the browser.
 */
import type { OrderLine, PricedOrder, ProductId } from "~/lib/catalogue";
import type { PromotionKind } from "../../db/schema";
import type { FormerPrice, PriceSpell } from "~/lib/former-price";
import { formatCents } from "~/lib/site";

export type { PromotionKind };

/** The least a payment may be (Stripe's smallest charge in US dollars; the products' CHECK too): a code never leaves less. */
export const MIN_CHARGE_CENTS = 50;

/** The most a percentage code takes off: a whole order free would need no payment page, and none is sold that way. */
export const PERCENT_MAX = 99;

/** A code as typed or linked: letters, digits and single dashes, compared upper-case. */
export const CODE_PATTERN = /^[A-Z0-9]+(-[A-Z0-9]+)*$/;
export const CODE_MAX = 40;

/** A code as the site compares and stores it: trimmed, upper-case. */
export const normalizeCode = (typed: string) => typed.trim().toUpperCase();

/** What a code is worth, as the checkout reads it. */
export type Offer = { code: string; kind: PromotionKind; value: number; productId: ProductId | null };

/** A line as charged: `fullUnitCents` when the code reduced it (the price shown before the code). */
export type DiscountedLine = OrderLine & { fullUnitCents?: number };

export type DiscountedOrder = Omit<PricedOrder, "lines"> & { lines: DiscountedLine[]; discountCents: number };

/** "$5 off" / "20% off". */
export function offerLabel(offer: Pick<Offer, "kind" | "value">): string {
  return offer.kind === "percent" ? `${offer.value}% off` : `${formatCents(offer.value, { trimCents: true })} off`;
}

/**
 * The lines after the code: a percentage of each line it covers, or an amount off what it covers
 * (one product's line, or every line); the discount is split across the lines it covers in
 * proportion to their prices, in whole cents, the remainder on the last line that has room, and
 * no line below $0. `null` when the code covers none of the lines.
 */
export function applyOffer(priced: PricedOrder, offer: Pick<Offer, "kind" | "value" | "productId">): DiscountedOrder | null {
  const covered = priced.lines.map((line) => offer.productId === null || line.id === offer.productId);
  const base = priced.lines.reduce((sum, line, i) => sum + (covered[i] ? line.unitAmountCents * line.quantity : 0), 0);
  if (!covered.some(Boolean)) return null;
  const wanted = offer.kind === "percent" ? Math.round((base * Math.min(offer.value, 100)) / 100) : offer.value;
  const discount = Math.max(0, Math.min(wanted, base));
  const amounts = priced.lines.map((line) => line.unitAmountCents * line.quantity);
  const shares = amounts.map((amount, i) => (covered[i] && base > 0 ? Math.floor((discount * amount) / base) : 0));
  let left = discount - shares.reduce((a, b) => a + b, 0);
  for (let i = shares.length - 1; i >= 0 && left > 0; i--) {
    if (!covered[i]) continue;
    const room = amounts[i]! - shares[i]!;
    const take = Math.min(room, left);
    shares[i]! += take;
    left -= take;
  }
  const lines = priced.lines.map((line, i): DiscountedLine => {
    const off = shares[i]!;
    return off > 0 ? { ...line, unitAmountCents: line.unitAmountCents - off, fullUnitCents: line.unitAmountCents } : { ...line };
  });
  return {
    lines,
    totalCents: lines.reduce((sum, line) => sum + line.unitAmountCents * line.quantity, 0),
    currency: priced.currency,
    discountCents: discount,
  };
}

/** A product's sale as saved: its price from `startsAt` until `endsAt` (null: no end set). */
export type Sale = { priceCents: number; startsAt: Date; endsAt: Date | null };

/** A sale running now, as a page says it: the price it really was (only when its history meets 16 CFR 233.1), and its end, written in the business's zone (only when it has one). */
export type SaleNote = { formerPrice: FormerPrice | null; ends: string | null };

/** Whether the sale runs at `now`: started, and not ended. */
export function saleRuns(sale: Sale | null, now: Date): sale is Sale {
  return sale !== null && sale.startsAt.getTime() <= now.getTime() && (sale.endsAt === null || now.getTime() < sale.endsAt.getTime());
}

/** What the product charges at `now`: the sale's price while it runs, else its own. */
export function priceAt(priceCents: number, sale: Sale | null, now: Date): number {
  return saleRuns(sale, now) ? sale.priceCents : priceCents;
}

/** The moments a sale changes what is charged (its start and end), for the pages kept until then. */
export function saleMoments(sale: Sale | null): number[] {
  if (!sale) return [];
  return sale.endsAt ? [sale.startsAt.getTime(), sale.endsAt.getTime()] : [sale.startsAt.getTime()];
}

/**
 * What a product on sale will charge from `at` on, as price-history spells: its price, and a sale
 * saved ahead or running now (its price until its end, then its own price again). Off sale: none.
 */
export function spellsFrom(
  { onSale, priceCents, sale }: { onSale: boolean; priceCents: number; sale: Sale | null },
  at: Date,
): PriceSpell[] {
  if (!onSale) return [];
  if (!sale || (sale.endsAt !== null && sale.endsAt.getTime() <= at.getTime())) return [{ priceCents, from: at, until: null }];
  const spells: PriceSpell[] = [];
  if (sale.startsAt.getTime() > at.getTime()) spells.push({ priceCents, from: at, until: sale.startsAt });
  const from = sale.startsAt.getTime() > at.getTime() ? sale.startsAt : at;
  spells.push({ priceCents: sale.priceCents, from, until: sale.endsAt });
  if (sale.endsAt) spells.push({ priceCents, from: sale.endsAt, until: null });
  return spells;
}

/**
 * What a buyer reads when a code cannot be used: each says why, and that the full price stays.
 * `ends`, `until`: moments already written in the business's time zone.
 */
export const CODE_REFUSALS = {
  unknown: (code: string) => `There is no code “${code}”. Check its spelling; the full price stays.`,
  disabled: (code: string) => `The code ${code} is no longer offered; the full price stays.`,
  expired: (code: string, ends: string) => `The code ${code} expired on ${ends}; the full price stays.`,
  usedUp: (code: string) => `The code ${code} has been used as many times as it can be; the full price stays.`,
  usedByBuyer: (code: string) => `The code ${code} can be used once per person, and this e-mail address has used it; the full price stays.`,
  openByBuyer: (code: string, until: string) =>
    `This e-mail address already has a payment page open with the code ${code}. Finish that payment, or try again after ${until}.`,
  otherProduct: (code: string, product: string) => `The code ${code} is for the ${product} only; the full price stays.`,
  tooLow: (code: string) =>
    `The code ${code} would leave less than ${formatCents(MIN_CHARGE_CENTS)} to pay, the least a card payment can be; the full price stays.`,
  notApplied: (code: string) => `Press Apply to see your price with the code ${code} first. Nothing was charged.`,
  needsEmail: (code: string) => `The code ${code} can be used once per person: enter the e-mail address for your receipt.`,
} as const;

/** A purchase's lines as a receipt shows them: each at its price before the code, then the code's line (the total is what was charged). */
export function purchaseRows(order: {
  lines: readonly { name: string; unitAmountCents: number; quantity: number; fullUnitCents?: number }[];
  promotionCode: string | null;
  discountCents: number;
}): { lines: { name: string; amountCents: number }[]; discount: { code: string; amountCents: number } | null } {
  return {
    lines: order.lines.map((line) => ({ name: line.name, amountCents: (line.fullUnitCents ?? line.unitAmountCents) * line.quantity })),
    discount: order.promotionCode && order.discountCents > 0 ? { code: order.promotionCode, amountCents: order.discountCents } : null,
  };
}
