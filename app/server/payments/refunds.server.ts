/**
 * Refunding an order, whole or one product of it, through the provider that took the payment: the
 * dashboard and `npm run order:refund` both call refundOrder(). Each provider refunds in its own
 * way (PaymentProvider.refund): the test provider at once, through the same event path a Stripe
 * refund takes; Stripe through its refund API, whose charge.refunded event ends access and queues
 * the notice, as for a refund made in its dashboard.
 */
import type { Order } from "~/server/payments/orders.server";
import type { Payments, RefundPart, RefundResult } from "~/server/payments/provider.server";
import { refundsOf } from "~/server/payments/refund-events.server";
import { createTestProvider } from "~/server/payments/test-provider.server";

export type { RefundResult } from "~/server/payments/provider.server";

/** `productId`: refund that product alone (the others stay the buyer's); without it, everything not refunded yet. */
export async function refundOrder(payments: Payments, order: Order, productId?: string): Promise<RefundResult> {
  if (order.status === "refunded") return { kind: "already-refunded" };
  if (order.status !== "paid") return { kind: "not-refundable", reason: `the order is ${order.status}, not paid` };
  let part: RefundPart = { kind: "whole" };
  if (productId) {
    const line = order.lines.find((l) => l.id === productId);
    if (!line) return { kind: "not-refundable", reason: "the order did not include that product" };
    if ((await refundsOf(order.id)).products.includes(productId)) return { kind: "already-refunded" };
    part = { kind: "product", productId, amountCents: line.unitAmountCents * line.quantity };
  }
  if (order.provider === payments.provider.name) return payments.provider.refund(order, part);
  // An order the test provider took before Stripe was configured can still be given back.
  if (order.provider === "test") return createTestProvider().refund(order, part);
  return { kind: "failed", reason: "Stripe is not configured (STRIPE_SECRET_KEY)" };
}
