/**
 * The refunds we asked a payment provider for (refund_requests), one row per order and part: a
 * product's id, or "whole" (everything not refunded yet). The row is written, and committed, in a
 * statement of its own before the provider is called, so whatever happens after (the owner
 * presses Refund again, the script runs again, the process dies between the provider's answer and
 * our noting it, the webhook is down for days) a repeat finds it and asks the provider what became
 * of that refund instead of asking for another. Stripe's idempotency key alone did this for 24
 * hours only (issue 51). What was actually refunded is still recorded from the provider's event
 * (refund-events.server.ts, order_refunds); this table is only what we asked for.
 */
import { and, eq } from "drizzle-orm";
import { refundRequests } from "../../../db/schema";
import { db } from "~/server/db.server";
import type { PaymentProviderName, RefundPart, RefundRequest } from "~/server/payments/provider.server";

/** The part a request is for, as its row names it. */
export const partKey = (part: RefundPart) => (part.kind === "product" ? part.productId : "whole");

const columns = {
  id: refundRequests.id,
  part: refundRequests.part,
  requestedAt: refundRequests.requestedAt,
  providerRefundId: refundRequests.providerRefundId,
  providerStatus: refundRequests.providerStatus,
};

/** The order's request for this part (product id or "whole"), if one was made. */
export async function findRefundRequest(orderId: number, part: string): Promise<RefundRequest | undefined> {
  const [row] = await db()
    .select(columns)
    .from(refundRequests)
    .where(and(eq(refundRequests.orderId, orderId), eq(refundRequests.part, part)))
    .limit(1);
  return row;
}

/**
 * Record that this refund is being asked for, or find that it was: `created` is true only for the
 * caller whose insert made the row (two presses at once: one makes it, the other finds it).
 */
export async function recordRefundRequest(
  orderId: number,
  part: RefundPart,
  provider: PaymentProviderName,
): Promise<{ request: RefundRequest; created: boolean }> {
  const [made] = await db()
    .insert(refundRequests)
    .values({ orderId, part: partKey(part), amountCents: part.kind === "product" ? part.amountCents : null, provider })
    .onConflictDoNothing()
    .returning(columns);
  if (made) return { request: made, created: true };
  const found = await findRefundRequest(orderId, partKey(part));
  if (!found) throw new Error(`Refund request for order ${orderId} (${partKey(part)}) neither inserted nor found`);
  return { request: found, created: false };
}

/** The provider's refund for a request, and its status, once the provider said them. */
export async function noteProviderRefund(requestId: number, refundId: string, status: string | null): Promise<void> {
  await db().update(refundRequests).set({ providerRefundId: refundId, providerStatus: status }).where(eq(refundRequests.id, requestId));
}
