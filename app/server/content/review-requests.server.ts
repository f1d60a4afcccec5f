/**
 * The e-mail that asks a buyer for a review, some days after the payment. It is queued with the
 * receipt (in the payment's statement, fulfilment.server.ts), but whether it still goes is
 * decided when it is due, because by then the order may have been refunded or disputed, the
 * buyer may have written a review already, or may have unsubscribed. It is treated as a list
 * message: the suppression list applies and it carries an unsubscribe link.
 */
import { findOrder, type Order } from "~/server/payments/orders.server";
import { reviewForOrder } from "~/server/content/reviews.server";
import { isSuppressed } from "~/server/forms/subscriptions.server";

/** Days between the payment and the request: time to open the files and try a letter or two. */
export const REVIEW_REQUEST_DELAY_DAYS = 7;

/** Send the request about this order to this address now, or the reason it is never sent. */
export async function reviewRequestDecision(orderId: number, toAddress: string): Promise<{ send: Order } | { skip: string }> {
  const order = await findOrder(orderId);
  // Refunded, disputed (or missing): only a buyer who kept what they paid for can review it.
  if (!order || order.status !== "paid") return { skip: `order ${orderId} is not paid (${order?.status ?? "missing"})` };
  if (await reviewForOrder(order.id)) return { skip: `order ${orderId} already has a review` };
  if (await isSuppressed(toAddress)) return { skip: "address unsubscribed" };
  return { send: order };
}
