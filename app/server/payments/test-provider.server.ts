import { randomBytes } from "node:crypto";
import { TOOLKIT_ID } from "~/lib/catalogue";
import { checkoutHref } from "~/lib/checkout";
import { applyPaymentEvent, type ApplyResult } from "~/server/payments/fulfilment.server";
import { endTestSession, findOrderBySession, setCustomerEmail, type Order } from "~/server/payments/orders.server";
import { CODE_HOLD_MARGIN_MS } from "~/server/payments/promotions.server";
import type { PaymentProvider, SessionCheck } from "~/server/payments/provider.server";
import { applyRefundEvent } from "~/server/payments/refund-events.server";

/**
 * The built-in test provider: its "hosted payment page" is /pay/test on this server, so
 * `npm start` sells end to end with nothing external. No card is ever asked for or charged.
 * Its URLs are paths on this same server, so they work whatever origin the visitor used.
 */
export const TEST_PAY_PATH = "/pay/test";

export function createTestProvider(): PaymentProvider {
  return {
    name: "test",
    displayName: null,
    async createSession() {
      const sessionId = `test_${randomBytes(16).toString("hex")}`;
      return { sessionId, url: `${TEST_PAY_PATH}?session=${sessionId}` };
    },
    async checkSession(sessionId: string): Promise<SessionCheck> {
      const order = await findOrderBySession(sessionId);
      if (!order) return { kind: "missing" };
      return { kind: "found", paid: order.status === "paid", amountTotal: order.amountTotal, customerEmail: order.customerEmail };
    },
    async refund(order, part) {
      const productId = part.kind === "product" ? part.productId : undefined;
      const result = await refundTestOrder(order, productId);
      return result === "applied"
        ? { kind: "refunded", refundId: testRefundEventId(order, productId) }
        : result === "duplicate"
          ? { kind: "already-refunded" }
          : { kind: "failed", reason: "the order did not match its payment" };
    },
    // Its refund is made at once, under an event id per order and product (refundTestOrder): a
    // request whose answer was noted is done; one whose answer was not may be asked again harmlessly.
    async findRefund(_order, request) {
      return request.providerRefundId ? { kind: "found", refundId: request.providerRefundId, status: "refunded" } : { kind: "none" };
    },
  };
}

export function successPath(sessionId: string): string {
  return `/checkout-success?session_id=${encodeURIComponent(sessionId)}`;
}

/** Where Cancel returns: the checkout as the order was started (add-on ticked or not, the same article), saying nothing was charged. */
export function cancelledCheckoutPath(order: Order, products: { byId(id: string): { slug: string } | undefined }): string {
  const [first] = order.lines;
  const product = first && first.id !== TOOLKIT_ID ? (products.byId(first.id)?.slug ?? null) : null;
  return checkoutHref({ bump: order.lines.length > 1, from: order.sourceArticle, cancelled: true, product, code: order.promotionCode });
}

/** Whether the test page still takes payment: like Stripe's, a page with an end (a code's) takes none after it. */
export function testSessionOpen(order: Order, now: Date = new Date()): boolean {
  return order.sessionExpiresAt === null || now.getTime() < order.sessionExpiresAt.getTime();
}

/** Cancel on the test page ends its session: a code's use it held is free again at once. */
export async function cancelTestOrder(order: Order, now: Date = new Date()): Promise<void> {
  if (!order.sessionExpiresAt) return;
  await endTestSession(order.id, new Date(Math.min(now.getTime(), order.sessionExpiresAt.getTime()) - CODE_HOLD_MARGIN_MS));
}

/** The test page's order, only if it belongs to the test provider. */
export async function findTestOrder(sessionId: string): Promise<Order | undefined> {
  if (!/^test_[0-9a-f]{32}$/.test(sessionId)) return undefined;
  const order = await findOrderBySession(sessionId);
  return order?.provider === "test" ? order : undefined;
}

/**
 * 'Pay' on the test page: the e-mail the buyer typed (as Stripe Checkout asks for one), then
 * the same fulfilment a Stripe completion event goes through, with an event id derived from the
 * session so a double click or a resubmitted form changes nothing twice.
 */
export async function payTestOrder(order: Order, typed: string): Promise<void> {
  // A once-per-buyer code was checked for one address: the page takes no other (Stripe's customer_email).
  const email = order.promotionBuyer ?? typed;
  if (!order.customerEmail) await setCustomerEmail(order.id, email);
  await applyPaymentEvent({
    eventId: `test_payment_${order.providerSessionId}`,
    eventType: "test.payment.succeeded",
    provider: "test",
    sessionId: order.providerSessionId,
    outcome: "paid",
    amountCents: order.amountTotal,
    currency: order.currency,
    customerEmail: email,
  });
}

const testRefundEventId = (order: Order, productId?: string) => `test_refund_${order.providerSessionId}${productId ? `_${productId}` : ""}`;

/**
 * A refund of a test order, whole or one product (the dashboard, npm run order:refund): the same
 * path a Stripe refund event takes, with an event id per order and product so a repeat is harmless.
 */
export async function refundTestOrder(order: Order, productId?: string): Promise<ApplyResult> {
  const { result } = await applyRefundEvent({
    eventId: testRefundEventId(order, productId),
    eventType: "test.payment.refunded",
    provider: "test",
    sessionId: order.providerSessionId,
    claim: productId ? { kind: "product", productId } : { kind: "whole" },
  });
  return result;
}
