/**
 * Promotion codes at the checkout (issue 53 item 5): whether a code may be used, for the page
 * (which shows the discount or why not) and, as the authority, when the payment page is made.
 *
 * A use is held by an order: paid (and stays so when refunded or disputed later), or still
 * pending while its payment page may take a payment (`session_expires_at`, CODE_HOLD_MS after it
 * was made, plus CODE_HOLD_MARGIN_MS for the provider's word to arrive; or pending with the
 * buyer's address, a payment that is settling). The checkout counts the held uses with the code's
 * row locked and writes its pending order in the same transaction, so two buyers racing for the
 * last use take turns and the second is told it is used up; a payment page can never outlive the
 * hold (Stripe's expires_at; the test page refuses Pay after it), so a paid session always had
 * its use and is never refused. Once per buyer is checked against the canonical address the
 * buyer gives on the checkout page (the payment page is given that address).
 */
import { and, eq, gt, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { orders, promotionCodes } from "../../../db/schema";
import { formatZonedDateTime } from "~/lib/dates";
import type { PricedOrder, ProductId } from "~/lib/catalogue";
import {
  applyOffer,
  CODE_MAX,
  CODE_PATTERN,
  CODE_REFUSALS,
  MIN_CHARGE_CENTS,
  normalizeCode,
  type DiscountedOrder,
  type Offer,
} from "~/lib/offers";
import type { Executor } from "~/server/db.server";

export type PromotionCode = typeof promotionCodes.$inferSelect;

/** How long a checkout with a code holds its use: its payment page ends then (Stripe's expires_at: 30 minutes to 24 hours). */
export const CODE_HOLD_MS = 60 * 60_000;
/** A payment made just before its page ended may be told a little later: its use is held this much longer. */
export const CODE_HOLD_MARGIN_MS = 10 * 60_000;

/** The orders that hold a use of a code at `now` (see above). */
export function holdsUse(now: Date): SQL {
  return or(
    inArray(orders.status, ["paid", "refunded", "disputed"]),
    and(
      eq(orders.status, "pending"),
      or(gt(orders.sessionExpiresAt, new Date(now.getTime() - CODE_HOLD_MARGIN_MS)), isNotNull(orders.customerEmail)),
    ),
  )!;
}

export type CodeCheck = { ok: true; code: PromotionCode; offer: Offer } | { ok: false; message: string };

export type CodeContext = {
  /** The products the checkout sells or offers (the product and its add-on). */
  productIds: readonly ProductId[];
  name: (id: ProductId) => string;
  now: Date;
  timeZone: string;
  /** The canonical address a once-per-buyer code is checked for; none on the page itself. */
  buyer?: string | null;
  /** Lock the code's row for the rest of the transaction (the checkout's reservation). */
  lock?: boolean;
};

const offerOf = (row: PromotionCode): Offer => ({ code: row.code, kind: row.kind, value: row.value, productId: row.productId });

/** Whether `typed` may be used now on a checkout selling `productIds`: the code and what it takes off, or the buyer's message. */
export async function checkCode(exec: Executor, typed: string, ctx: CodeContext): Promise<CodeCheck> {
  const wanted = normalizeCode(typed);
  const shown = wanted.slice(0, CODE_MAX);
  if (wanted.length > CODE_MAX || !CODE_PATTERN.test(wanted)) return { ok: false, message: CODE_REFUSALS.unknown(shown) };
  const query = exec.select().from(promotionCodes).where(eq(promotionCodes.code, wanted));
  const [row] = ctx.lock ? await query.for("update") : await query;
  if (!row) return { ok: false, message: CODE_REFUSALS.unknown(shown) };
  if (row.disabledAt) return { ok: false, message: CODE_REFUSALS.disabled(row.code) };
  if (row.endsAt && row.endsAt.getTime() <= ctx.now.getTime()) {
    return { ok: false, message: CODE_REFUSALS.expired(row.code, formatZonedDateTime(row.endsAt, ctx.timeZone)) };
  }
  if (row.productId && !ctx.productIds.includes(row.productId)) {
    return { ok: false, message: CODE_REFUSALS.otherProduct(row.code, ctx.name(row.productId)) };
  }
  const holding = and(eq(orders.promotionCodeId, row.id), holdsUse(ctx.now));
  if (row.maxUses !== null) {
    const [held] = await exec
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(holding);
    if ((held?.n ?? 0) >= row.maxUses) return { ok: false, message: CODE_REFUSALS.usedUp(row.code) };
  }
  if (row.oncePerBuyer && ctx.buyer) {
    const mine = await exec
      .select({ status: orders.status, expires: orders.sessionExpiresAt, email: orders.customerEmail })
      .from(orders)
      .where(and(holding, or(eq(orders.promotionBuyer, ctx.buyer), eq(orders.customerEmail, ctx.buyer))));
    // Paid, or a payment settling (the provider has the buyer's address): used. Else a payment page still open.
    if (mine.some((o) => o.status !== "pending" || o.email || !o.expires))
      return { ok: false, message: CODE_REFUSALS.usedByBuyer(row.code) };
    const open = mine.map((o) => o.expires!.getTime()).sort((a, b) => b - a)[0];
    if (open !== undefined) {
      const until = new Date(open + CODE_HOLD_MARGIN_MS);
      return { ok: false, message: CODE_REFUSALS.openByBuyer(row.code, formatZonedDateTime(until, ctx.timeZone)) };
    }
  }
  return { ok: true, code: row, offer: offerOf(row) };
}

/** The lines a code leaves to pay, or why it cannot be used on them (it covers none of them, or leaves less than the least charge). */
export function discounted(priced: PricedOrder, offer: Offer, name: (id: ProductId) => string): DiscountedOrder | { refused: string } {
  const after = applyOffer(priced, offer);
  if (!after) return { refused: CODE_REFUSALS.otherProduct(offer.code, name(offer.productId ?? "")) };
  if (after.totalCents < MIN_CHARGE_CENTS) return { refused: CODE_REFUSALS.tooLow(offer.code) };
  return after;
}

/** A code as the checkout page shows it: applied (what it takes off, and whether the page must ask the buyer's address), or why not. */
export type PageCode = { code: string; offer: Offer; oncePerBuyer: boolean } | { code: string; problem: string };

/** The page's reading of `?code=` (the offer link, or Apply): checked as the payment will be, but for no buyer yet and without holding a use. */
export async function codeForPage(exec: Executor, typed: string, ctx: Omit<CodeContext, "buyer" | "lock">): Promise<PageCode> {
  const check = await checkCode(exec, typed, ctx);
  const code = normalizeCode(typed).slice(0, CODE_MAX);
  return check.ok ? { code: check.code.code, offer: check.offer, oncePerBuyer: check.code.oncePerBuyer } : { code, problem: check.message };
}
