/**
 * A test file about what follows a purchase (the buyers' e-mails, their orders' pages): its own
 * database, the site's content, a real SMTP server and the outbox's sender (emptied before each
 * test), the test payment provider, route arguments, and orders as buyers make them: a checkout
 * paid by the same event a Stripe completion is (fulfilment.server.ts), with the address spelled
 * as the buyer typed it on the payment page (the order keeps its canonical spelling), and a
 * dispute opened by the buyer's bank.
 *
 *   const shop = usePurchasesTest("https://shop.example");   // at the file's top level
 *   const order = await shop.bought("Jane.Doe@Gmail.com", { bump: true });
 */
import { beforeEach } from "vitest";
import { startCheckout } from "~/server/payments/checkout.server";
import { applyPaymentEvent } from "~/server/payments/fulfilment.server";
import { findOrderBySession, type Order } from "~/server/payments/orders.server";
import { createPayments } from "~/server/payments/payments.server";
import type { Payments } from "~/server/payments/provider.server";
import { findTestOrder } from "~/server/payments/test-provider.server";
import { useTestSite } from "./context";
import { useTestDatabase } from "./db";
import { useOutboxMail } from "./smtp";

export function usePurchasesTest(origin: string, mailOptions: Parameters<typeof useOutboxMail>[1] = {}) {
  useTestDatabase();
  const site = useTestSite();
  const mail = useOutboxMail(origin, mailOptions);
  let payments: Payments;
  beforeEach(() => {
    mail.smtp().messages.length = 0;
    payments = createPayments({ provider: "test", publicOrigin: origin });
  });

  /** A loader's or action's arguments, as React Router gives them. */
  const args = (request: Request, params: Record<string, string> = {}) =>
    ({ request, params, context: { config: { owner: null, payments }, ...site() } }) as never;

  /** A paid order of the toolkit (and the Power Pack with `bump`) by this address as typed. */
  async function bought(email: string, { bump = false } = {}): Promise<Order> {
    const { sessionId } = await startCheckout(payments, site(), { includeBump: bump });
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

  /** A checkout started and never paid. */
  const abandoned = () => startCheckout(payments, site(), { includeBump: false });

  return { mail, args, bought, disputed, abandoned, payments: () => payments };
}
