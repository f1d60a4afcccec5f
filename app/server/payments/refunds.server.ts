/**
 * Refunding an order through the provider that took the payment: the dashboard and
 * `npm run order:refund` both call refundOrder(). The test provider refunds at once (the same
 * event path a Stripe refund takes); Stripe is asked through its refund API, and its
 * charge.refunded event ends access and queues the notice, as for a refund made in its dashboard.
 */
import type { Order } from "~/server/payments/orders.server";
import { describeStripeError, stripeClient } from "~/server/payments/stripe.server";
import { refundTestOrder } from "~/server/payments/test-provider.server";

export type RefundResult =
  /** Refunded now: access ended and the refund notice is queued. */
  | { kind: "refunded" }
  /** The provider accepted the refund; its event will end access in moments. */
  | { kind: "requested"; refundId: string }
  | { kind: "already-refunded" }
  | { kind: "not-refundable"; reason: string }
  | { kind: "failed"; reason: string };

export async function refundOrder(order: Order): Promise<RefundResult> {
  if (order.status === "refunded") return { kind: "already-refunded" };
  if (order.status !== "paid") return { kind: "not-refundable", reason: `the order is ${order.status}, not paid` };
  if (order.provider === "test") {
    const result = await refundTestOrder(order);
    return result === "applied"
      ? { kind: "refunded" }
      : result === "duplicate"
        ? { kind: "already-refunded" }
        : { kind: "failed", reason: "the order did not match its payment" };
  }
  const client = stripeClient();
  if (!client?.settings.secretKey) return { kind: "failed", reason: "Stripe is not configured (STRIPE_SECRET_KEY)" };
  if (!order.providerPaymentId)
    return { kind: "failed", reason: "the order has no Stripe payment id yet: refund it in the Stripe dashboard" };
  try {
    // One refund per order whatever happens: a double click or a retry reuses Stripe's answer.
    const refund = await client.stripe.refunds.create(
      { payment_intent: order.providerPaymentId, metadata: { order_id: String(order.id) } },
      { idempotencyKey: `refund_order_${order.id}` },
    );
    return { kind: "requested", refundId: refund.id };
  } catch (error) {
    const reason = describeStripeError(error);
    console.error(`Refund of order ${order.id} failed: ${reason}`);
    return { kind: "failed", reason: "Stripe refused or could not be reached (see the server log)" };
  }
}
