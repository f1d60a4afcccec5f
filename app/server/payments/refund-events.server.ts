/**
 * Refunds applied to our orders, product by product, exactly once. The test provider's refund and
 * Stripe's refund events both end here: the products a refund explains get a row in order_refunds
 * (unique per order and product), an order whose every product is refunded becomes `refunded`, and
 * the buyer's notice naming what was refunded is queued in the same transaction.
 */
import { and, eq, isNull } from "drizzle-orm";
import { orderRefunds, orders, type StoredOrderLine } from "../../../db/schema";
import { db } from "~/server/db.server";
import { wakeOutbox } from "~/server/mail/outbox.server";
import { queueMail } from "~/server/mail/outbox-queue.server";
import { claimEvent, type ApplyResult } from "~/server/payments/fulfilment.server";
import type { PaymentProviderName } from "~/server/payments/provider.server";
import { log } from "~/server/log.server";

/** What the provider says was refunded. */
export type RefundClaim =
  /** Everything still paid for (a full refund). */
  | { kind: "whole" }
  /** One product, named by our own refund (the test provider). */
  | { kind: "product"; productId: string }
  /**
   * Stripe's charge.refunded for part of a charge: the charge's refunded total so far. What it adds
   * to what we recorded is a product when it equals one product's price, else an unmatched amount.
   */
  | { kind: "refunded-total"; amountCents: number }
  /** Stripe's refund.* events: one refund's amount, acted on only when it is the whole order (as before). */
  | { kind: "whole-if-total"; amountCents: number };

export type RefundEvent = {
  eventId: string;
  eventType: string;
  provider: PaymentProviderName;
  sessionId: string;
  paymentId?: string | null;
  claim: RefundClaim;
};

type Recorded = { productId: string | null; amountCents: number };
export type RefundSplit = { products: { productId: string; amountCents: number }[]; unmatchedCents: number };

const lineCents = (line: StoredOrderLine) => line.unitAmountCents * line.quantity;

/**
 * Which of the order's products a claim refunds now, given the refunds already recorded: never one
 * twice, never one the order did not buy. Pure, so every case is tested without a provider.
 */
export function splitRefund(lines: readonly StoredOrderLine[], recorded: readonly Recorded[], claim: RefundClaim): RefundSplit {
  const done = new Set(recorded.map((r) => r.productId));
  const remaining = lines.filter((l) => !done.has(l.id)).map((l) => ({ productId: l.id, amountCents: lineCents(l) }));
  const none: RefundSplit = { products: [], unmatchedCents: 0 };
  switch (claim.kind) {
    case "whole":
      return { products: remaining, unmatchedCents: 0 };
    case "product":
      return { products: remaining.filter((p) => p.productId === claim.productId), unmatchedCents: 0 };
    case "whole-if-total":
      return claim.amountCents === lines.reduce((n, l) => n + lineCents(l), 0) ? { products: remaining, unmatchedCents: 0 } : none;
    case "refunded-total": {
      // Stripe repeats the charge's running total: only what it adds to our record is new.
      const added = claim.amountCents - recorded.reduce((n, r) => n + r.amountCents, 0);
      if (added <= 0) return none;
      const matches = remaining.filter((p) => p.amountCents === added);
      if (matches.length === 1) return { products: matches, unmatchedCents: 0 };
      if (added === remaining.reduce((n, p) => n + p.amountCents, 0)) return { products: remaining, unmatchedCents: 0 };
      return { products: [], unmatchedCents: added };
    }
  }
}

export type RefundApplied = { result: ApplyResult; refunded: string[]; unmatchedCents: number };

/**
 * Apply a refund event once (its id is claimed in processed_events), to the provider's order for the
 * session, in one transaction with the order row locked so two events for one order take turns.
 * The notice goes to the buyer only when a product was refunded now and the order had been paid:
 * `access-ended:<order>` when the order is refunded whole (the key a full refund always had),
 * `refund:<order>:<product>` for one product while the others stay.
 */
export async function applyRefundEvent(event: RefundEvent): Promise<RefundApplied> {
  const outcome = await db().transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.provider, event.provider), eq(orders.providerSessionId, event.sessionId)))
      .limit(1)
      .for("update");
    if (!order) return { result: "ignored" as const, refunded: [], unmatchedCents: 0, mailed: false };
    if (!(await claimEvent(tx, event.eventId, event.eventType)))
      return { result: "duplicate" as const, refunded: [], unmatchedCents: 0, mailed: false };

    const recorded = await tx
      .select({ productId: orderRefunds.productId, amountCents: orderRefunds.amountCents })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id));
    const split = splitRefund(order.lines, recorded, event.claim);
    const rows = [
      ...split.products.map((p) => ({ orderId: order.id, productId: p.productId, amountCents: p.amountCents, eventId: event.eventId })),
      ...(split.unmatchedCents > 0
        ? [{ orderId: order.id, productId: null, amountCents: split.unmatchedCents, eventId: event.eventId }]
        : []),
    ];
    const inserted = rows.length
      ? await tx.insert(orderRefunds).values(rows).onConflictDoNothing().returning({ productId: orderRefunds.productId })
      : [];
    const refunded = inserted.flatMap((r) => (r.productId ? [r.productId] : []));
    const refundedNow = new Set([...recorded, ...inserted].map((r) => r.productId));
    const whole = order.lines.every((l) => refundedNow.has(l.id));
    // Every product given back explains the whole charge: an amount that matched none is no longer a question.
    if (whole) await tx.delete(orderRefunds).where(and(eq(orderRefunds.orderId, order.id), isNull(orderRefunds.productId)));
    await tx
      .update(orders)
      .set({
        ...(whole ? { status: "refunded" as const } : {}),
        providerPaymentId: order.providerPaymentId ?? event.paymentId ?? null,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id));

    const notify = refunded.length > 0 && order.customerEmail && (order.status === "paid" || order.status === "disputed");
    if (notify) {
      await queueMail(
        tx,
        "access-ended",
        { orderId: order.id, kind: "refunded", products: refunded },
        { dedupeKey: whole ? `access-ended:${order.id}` : `refund:${order.id}:${refunded.join("+")}`, to: order.customerEmail! },
      );
    }
    if (split.unmatchedCents > 0) {
      log.warn(
        `Order ${order.id}: ${event.eventType} ${event.eventId} refunded ${split.unmatchedCents} cents that match no product; recorded for the owner`,
      );
    }
    return { result: "applied" as const, refunded, unmatchedCents: split.unmatchedCents, mailed: Boolean(notify) };
  });
  if (outcome.result === "ignored") {
    log.warn(
      `Refund event ${event.eventId} (${event.eventType}) ignored: no order of ours for ${event.provider} session ${event.sessionId}`,
    );
  }
  if (outcome.mailed) wakeOutbox();
  const { mailed: _mailed, ...applied } = outcome;
  return applied;
}

/** An order's refunds so far: the products refunded, and any amount that matched none. */
export async function refundsOf(orderId: number): Promise<{ products: string[]; refundedCents: number; unmatchedCents: number }> {
  const rows = await db()
    .select({ productId: orderRefunds.productId, amountCents: orderRefunds.amountCents })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId));
  return {
    products: rows.flatMap((r) => (r.productId ? [r.productId] : [])),
    refundedCents: rows.reduce((n, r) => n + r.amountCents, 0),
    unmatchedCents: rows.reduce((n, r) => n + (r.productId ? 0 : r.amountCents), 0),
  };
}
