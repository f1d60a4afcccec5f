/**
 * Payment events, already verified, applied to our orders: status, entitlements and the e-mail
 * each change causes, in one transaction composed of the steps below. Stripe webhooks and the test
 * provider's Pay both end here.
 */
import { and, asc, eq, like, or, sql } from "drizzle-orm";
import { entitlements, orders, processedEvents, type OrderStatus } from "../../../db/schema";
import { canonicalEmail } from "~/lib/email-address";
import { BUYER_CONSENT } from "~/lib/site";
import { boughtTag } from "~/lib/tags";
import { recordConsent } from "~/server/audience/contacts.server";
import { db, type Executor, type Tx } from "~/server/db.server";
import { REVIEW_REQUEST_DELAY_DAYS } from "~/server/content/review-requests.server";
import { wakeOutbox } from "~/server/mail/outbox.server";
import { saleEmailsOn } from "~/server/business.server";
import { env } from "~/server/env.server";
import { queueMail } from "~/server/mail/outbox-queue.server";
import type { Order } from "~/server/payments/orders.server";
import type { PaymentProviderName } from "~/server/payments/provider.server";
import { log } from "~/server/log.server";

export type PaymentEvent = {
  /** The provider's event id: a second delivery of the same id changes nothing. */
  eventId: string;
  eventType: string;
  provider: PaymentProviderName;
  /** The provider's session, as stored on our order. */
  sessionId: string;
  /** Our order id as the session carries it (client_reference_id), for an order whose session id was not saved yet. */
  orderRef?: number | null;
  /** Refunds take their own path, product by product (refund-events.server.ts). */
  outcome: Exclude<OrderStatus, "refunded">;
  /** The amount and currency the provider says were charged : must match the order's. Null skips the check, except for a payment (refused). */
  amountCents: number | null;
  currency: string | null;
  customerEmail?: string | null;
  paymentId?: string | null;
};

export type ApplyResult = "applied" | "duplicate" | "ignored";

/**
 * Claim a provider's event id (processed_events' primary key), in the caller's transaction: true
 * for the one caller whose insert made the row. A repeat, or a concurrent twin once the first
 * commits, finds it taken: the unique key decides, not a read.
 */
export async function claimEvent(tx: Executor, eventId: string, eventType: string): Promise<boolean> {
  const claimed = await tx
    .insert(processedEvents)
    .values({ eventId, type: eventType })
    .onConflictDoNothing()
    .returning({ eventId: processedEvents.eventId });
  return claimed.length > 0;
}

/**
 * The order's products given to its buyer, in the caller's transaction (entitlements, one row per
 * order and product: granting again, or from a second event for the same order, adds nothing).
 * Returns the products granted now.
 */
export async function grantEntitlements(tx: Executor, order: Pick<Order, "id" | "lines">): Promise<string[]> {
  if (order.lines.length === 0) return [];
  const granted = await tx
    .insert(entitlements)
    .values(order.lines.map((line) => ({ orderId: order.id, productId: line.id })))
    .onConflictDoNothing()
    .returning({ productId: entitlements.productId });
  return granted.map((g) => g.productId);
}

/**
 * Status moves only forward (events may arrive out of order): refunded (refund-events.server.ts)
 * wins over everything, disputed over all but refunded, paid replaces pending or failed, failed
 * replaces only pending.
 */
export function nextStatus(current: OrderStatus, outcome: PaymentEvent["outcome"]): OrderStatus {
  if (outcome === "disputed" && current !== "refunded") return "disputed";
  if (outcome === "paid" && (current === "pending" || current === "failed")) return "paid";
  if (outcome === "failed" && current === "pending") return "failed";
  return current;
}

/**
 * The order an event is about, locked for the rest of the transaction (a second event for it waits
 * here until the first commits, then sees what the first wrote): the provider's, by its session, or
 * by our id while its session id was not saved yet; and only when the amount and currency match.
 */
async function lockEventOrder(tx: Tx, event: PaymentEvent): Promise<Order | undefined> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.provider, event.provider),
        event.orderRef == null
          ? eq(orders.providerSessionId, event.sessionId)
          : or(
              eq(orders.providerSessionId, event.sessionId),
              and(eq(orders.id, event.orderRef), like(orders.providerSessionId, "pending\\_%")),
            ),
        event.amountCents === null ? undefined : eq(orders.amountTotal, event.amountCents),
        event.currency === null ? undefined : eq(orders.currency, event.currency.toLowerCase()),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(1)
    .for("update");
  return order;
}

type Applied = { result: ApplyResult; mailed: number; becamePaid: boolean; email: string | null };

/**
 * Apply a payment event exactly once, only to an order this site created whose amount and
 * currency match. In one transaction, with the order's row locked: claim the event id (a repeat or
 * a concurrent twin finds it taken and changes nothing), move the order's status (nextStatus),
 * and when it becomes paid grant its products, record the buyer's consent, and queue the receipt
 * and the review request (due REVIEW_REQUEST_DELAY_DAYS later, checked again when due); when a
 * paid order is disputed, queue the notice. Entitlements and e-mails have unique keys, so even two
 * different events for one order grant once and send once; any step failing undoes them all.
 */
export async function applyPaymentEvent(event: PaymentEvent): Promise<ApplyResult> {
  // Paid without saying how much: a mismatch, never a reason to skip the check.
  if (event.outcome === "paid" && (event.amountCents === null || event.currency === null)) {
    log.warn(`Payment event ${event.eventId} (${event.eventType}) ignored: it says paid but names no amount or currency`);
    return "ignored";
  }
  const applied = await db().transaction(async (tx): Promise<Applied> => {
    const order = await lockEventOrder(tx, event);
    if (!order) return { result: "ignored", mailed: 0, becamePaid: false, email: null };
    if (!(await claimEvent(tx, event.eventId, event.eventType))) return { result: "duplicate", mailed: 0, becamePaid: false, email: null };

    const status = nextStatus(order.status, event.outcome);
    const becamePaid = status === "paid" && order.status !== "paid";
    // A once-per-buyer code was checked for one address, which the payment page was given: the receipt goes there.
    const email = order.customerEmail ?? order.promotionBuyer ?? (event.customerEmail ? canonicalEmail(event.customerEmail) : null);
    const [moved] = await tx
      .update(orders)
      .set({
        status,
        ...(becamePaid ? { paidAt: sql`now()` } : {}),
        providerSessionId: event.sessionId,
        customerEmail: email,
        providerPaymentId: event.paymentId ?? order.providerPaymentId,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id))
      .returning({ paidAt: orders.paidAt });
    if (status === "paid") await grantEntitlements(tx, order);

    let mailed = 0;
    if (becamePaid && email) {
      // A buyer is a contact of the one audience, with the buyer purpose's consent (the receipt and the
      // one review request the checkout page names) and a tag per product; no list mail comes with buying.
      await recordConsent(
        tx,
        {
          email,
          source: `checkout order ${order.id}`,
          tags: order.lines.map((line) => boughtTag(line.id)),
          detail: `buyer from the checkout (wording ${BUYER_CONSENT.version}), order ${order.id}`,
        },
        { purpose: "buyer", wordingVersion: BUYER_CONSENT.version },
      );
      const payload = { orderId: order.id };
      if (await queueMail(tx, "receipt", payload, { dedupeKey: `receipt:${order.id}`, to: email })) mailed++;
      // Counted from the payment as recorded (the database's clock), as the request's own check is.
      const dueAt = new Date(moved!.paidAt!.getTime() + REVIEW_REQUEST_DELAY_DAYS * 86_400_000);
      if (await queueMail(tx, "review-request", payload, { dedupeKey: `review-request:${order.id}`, to: email, dueAt })) mailed++;
    }
    // The owner hears of each sale once (its key), unless she turned it off (/admin/settings), as saved at this moment.
    if (becamePaid && (await saleEmailsOn(tx))) {
      const to = env().OWNER_EMAIL;
      if (await queueMail(tx, "owner-sale", { orderId: order.id }, { dedupeKey: `owner-sale:${order.id}`, to })) mailed++;
    }
    if (status === "disputed" && order.status === "paid" && email) {
      const payload = { orderId: order.id, kind: "disputed" as const, products: [] };
      if (await queueMail(tx, "access-ended", payload, { dedupeKey: `access-ended:${order.id}`, to: email })) mailed++;
    }
    return { result: "applied", mailed, becamePaid, email };
  });

  if (applied.result === "ignored") {
    log.warn(
      `Payment event ${event.eventId} (${event.eventType}) ignored: no order of ours for ${event.provider} session ${event.sessionId}` +
        `${event.amountCents !== null ? ` with ${event.amountCents} ${event.currency ?? ""}` : ""}`,
    );
  }
  if (applied.mailed > 0) wakeOutbox();
  if (applied.becamePaid && !applied.email) {
    log.warn(`Order for session ${event.sessionId} is paid but has no e-mail address: no receipt was queued`);
  }
  return applied.result;
}

/** Record an event that was verified but needs no change (e.g. a refund.created that charge.refunded explains), so retries stop. */
export async function recordIgnoredEvent(eventId: string, eventType: string): Promise<ApplyResult> {
  return (await claimEvent(db(), eventId, eventType)) ? "applied" : "duplicate";
}
