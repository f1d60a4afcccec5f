/**
 * What the success page shows for a session: the order's lines, its state (asking the provider
 * only while the order is pending, cached and rate-limited by payments.sessionChecks), and, once
 * paid, the downloads.
 */
import type { Payments } from "~/server/payments/provider.server";
import { TOOLKIT_ID } from "~/lib/catalogue";
import { orderPagePath, type ProductView } from "~/lib/order-files";
import { purchaseRows } from "~/lib/offers";
import { isBuyer } from "~/server/delivery/buyer-key.server";
import { orderFiles, successPageLink, type ProductNames } from "~/server/delivery/order-access.server";
import { findOrderBySession, orderNumber } from "~/server/payments/orders.server";
import { log } from "~/server/log.server";

/** Stripe's ids are `cs_test_...`/`cs_live_...`; the test provider's `test_<hex>`. */
const SESSION_ID = /^[A-Za-z0-9_]{8,255}$/;

export type OrderState = "confirmed" | "processing" | "failed" | "refunded" | "disputed";

export type OrderView =
  | { found: false }
  | {
      found: true;
      orderNumber: string;
      /** Each line at its price before a promotion code, and the code's line (the total is what was charged). */
      lines: { name: string; amountCents: number }[];
      discount: { code: string; amountCents: number } | null;
      /** The order bought the toolkit: its pages say where to start (the guide, the 30-day plan); another product's do not. */
      toolkit: boolean;
      totalCents: number;
      /** When the payment was taken (null until then); pages write it with formatPaidOn (dates.server.ts), as the receipt does. */
      paidAt: Date | null;
      state: OrderState;
      customerEmail: string | null;
      /** The browser asking is the one that started this checkout (its key matches the order's). */
      buyer: boolean;
      /** Paid orders seen from the buyer's browser: the private order page and every file. */
      access: { orderPath: string; products: ProductView[] } | null;
      /** The provider says paid, but its event has not reached us yet: the files follow in moments. */
      awaitingFulfilment: boolean;
    };

/**
 * Reads the order; never fulfils (the webhook or the test provider's Pay does). `buyerKey` is the
 * asking browser's key (buyer-key.server.ts): without the order's own, no link and no files.
 */
export async function orderView(payments: Payments, names: ProductNames, sessionId: string, buyerKey?: string): Promise<OrderView> {
  if (!SESSION_ID.test(sessionId)) return { found: false };
  const order = await findOrderBySession(sessionId);
  if (!order) return { found: false };

  let customerEmail = order.customerEmail;
  let providerSaysPaid = false;
  if (order.provider === "stripe" && order.status === "pending") {
    const check = await payments.sessionChecks.check(sessionId);
    if (check.kind === "missing") return { found: false };
    if (check.kind === "found") {
      if (check.amountTotal !== null && check.amountTotal !== order.amountTotal) {
        log.error(
          `Order ${order.id}: Stripe session ${sessionId} total ${check.amountTotal} differs from the order's ${order.amountTotal}`,
        );
      } else {
        providerSaysPaid = check.paid;
      }
      customerEmail ??= check.customerEmail;
    }
  }
  const state: OrderState =
    order.status === "paid"
      ? "confirmed"
      : order.status === "refunded" || order.status === "disputed" || order.status === "failed"
        ? order.status
        : // Paid at Stripe but the webhook has not landed yet: confirmed, files in a moment.
          providerSaysPaid
          ? "confirmed"
          : "processing";
  const buyer = isBuyer(order, buyerKey);
  const access =
    buyer && buyerKey && order.status === "paid"
      ? { orderPath: orderPagePath(await successPageLink(order.id, buyerKey)), products: await orderFiles(order.id, names) }
      : null;
  return {
    found: true,
    orderNumber: orderNumber(order.id),
    ...purchaseRows(order),
    toolkit: order.lines.some((line) => line.id === TOOLKIT_ID),
    totalCents: order.amountTotal,
    paidAt: order.paidAt,
    state,
    customerEmail,
    buyer,
    access,
    awaitingFulfilment: order.status === "pending" && providerSaysPaid,
  };
}

/** "k•••@example.com": enough for the buyer to recognise, too little to learn from a borrowed screen. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return at > 0 ? `${email[0]}•••${email.slice(at)}` : "•••";
}
