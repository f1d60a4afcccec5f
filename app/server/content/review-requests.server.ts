/**
 * The e-mail that asks a buyer for a review, some days after the payment. It is queued with the
 * receipt (in the payment's statement, fulfilment.server.ts), but whether it still goes is
 * decided when it is due, because by then the order may have been refunded or disputed, the
 * buyer may have written a review already, or may have unsubscribed. It is treated as a list
 * message: it carries an unsubscribe link, and the mailer's send policy ("list",
 * mailer.server.ts) skips it for any suppression of the address, an unsubscribe too.
 */
import { findOrder, type Order } from "~/server/payments/orders.server";
import { reviewForOrder } from "~/server/content/reviews.server";

/** Days between the payment and the request: time to open the files and try a letter or two. */
export const REVIEW_REQUEST_DELAY_DAYS = 7;

/** Send the request about this order now, or the reason it is never sent (the address's suppressions are the mailer's). */
export async function reviewRequestDecision(orderId: number): Promise<{ send: Order } | { skip: string }> {
  const order = await findOrder(orderId);
  // Refunded, disputed (or missing): only a buyer who kept what they paid for can review it.
  if (!order || order.status !== "paid") return { skip: `order ${orderId} is not paid (${order?.status ?? "missing"})` };
  if (await reviewForOrder(order.id)) return { skip: `order ${orderId} already has a review` };
  return { send: order };
}
