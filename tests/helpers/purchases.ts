/**
 * Orders as buyers make them, for tests of what follows a purchase: a checkout on the test
 * provider paid by the same event a Stripe completion is (fulfilment.server.ts), with the address
 * spelled as the buyer typed it on the payment page (the order keeps its canonical spelling), and
 * a dispute opened by the buyer's bank.
 */
import type { SiteContent } from "~/server/content/site-content.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { applyPaymentEvent } from "~/server/payments/fulfilment.server";
import { findOrderBySession, type Order } from "~/server/payments/orders.server";
import type { Payments } from "~/server/payments/provider.server";
import { findTestOrder } from "~/server/payments/test-provider.server";

export function testPurchases(payments: () => Payments, site: () => SiteContent) {
  /** A paid order of the toolkit (and the Power Pack with `bump`) by this address as typed. */
  async function bought(email: string, { bump = false } = {}): Promise<Order> {
    const { sessionId } = await startCheckout(payments(), site().content, { includeBump: bump });
    const order = (await findTestOrder(sessionId))!;
    await applyPaymentEvent({
      eventId: `paid_${sessionId}`,
      eventType: "test.payment.succeeded",
      provider: "test",
      sessionId,
      outcome: "paid",
      amountCents: order.amountTotal,
      currency: order.currency,
      customerEmail: email,
    });
    return (await findOrderBySession(sessionId))!;
  }

  /** The buyer's bank disputes the payment: access pauses. */
  async function disputed(order: Order): Promise<void> {
    await applyPaymentEvent({
      eventId: `dispute_${order.providerSessionId}`,
      eventType: "test.dispute",
      provider: "test",
      sessionId: order.providerSessionId,
      outcome: "disputed",
      amountCents: null,
      currency: null,
    });
  }

  return { bought, disputed };
}
