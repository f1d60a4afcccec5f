import { eq, sql } from "drizzle-orm";
import { orders, processedEvents, type OrderStatus, type StoredOrderLine } from "../../db/schema";
import { db } from "~/server/db.server";

export type Order = typeof orders.$inferSelect;
export type PaymentProviderName = "stripe" | "test";

/** A new order, pending until the provider says it is paid. */
export async function createPendingOrder(input: {
  provider: PaymentProviderName;
  sessionId: string;
  lines: StoredOrderLine[];
  amountTotal: number;
  currency: string;
}): Promise<Order> {
  const [row] = await db()
    .insert(orders)
    .values({
      provider: input.provider,
      providerSessionId: input.sessionId,
      lines: input.lines,
      amountTotal: input.amountTotal,
      currency: input.currency,
      status: "pending",
    })
    .returning();
  return row!;
}

export async function findOrderBySession(sessionId: string): Promise<Order | undefined> {
  const [row] = await db().select().from(orders).where(eq(orders.providerSessionId, sessionId)).limit(1);
  return row;
}

export async function findOrderByPaymentId(paymentId: string): Promise<Order | undefined> {
  const [row] = await db().select().from(orders).where(eq(orders.providerPaymentId, paymentId)).limit(1);
  return row;
}

/**
 * One payment event, already verified, translated from the provider's terms. Stripe webhooks
 * and the test provider's 'Pay' button both end here, so both fulfil the same way.
 */
export type Fulfilment = {
  /** The provider's event id: a second delivery of the same id changes nothing. */
  eventId: string;
  eventType: string;
  provider: PaymentProviderName;
  sessionId: string;
  outcome: OrderStatus;
  customerEmail?: string | null;
  paymentId?: string | null;
  /** What the order holds if its row is missing (the upsert creates it from the event). */
  order: { lines: StoredOrderLine[]; amountTotal: number; currency: string };
};

/**
 * Apply a payment event exactly once. The processed_events insert and the order upsert share
 * one transaction: a repeated or concurrent delivery of the same event finds the event id taken
 * (ON CONFLICT DO NOTHING returns no row) and leaves the order alone; a failure rolls both back
 * so the provider's retry can apply it later.
 *
 * Status moves only forward (events may arrive out of order): a refund wins over everything,
 * 'paid' replaces pending or failed, 'failed' replaces only pending, 'pending' changes nothing.
 */
export async function fulfil(event: Fulfilment): Promise<"applied" | "duplicate"> {
  return db().transaction(async (tx) => {
    const claimed = await tx
      .insert(processedEvents)
      .values({ eventId: event.eventId, type: event.eventType })
      .onConflictDoNothing()
      .returning({ eventId: processedEvents.eventId });
    if (claimed.length === 0) return "duplicate";

    const outcome = event.outcome;
    await tx
      .insert(orders)
      .values({
        provider: event.provider,
        providerSessionId: event.sessionId,
        lines: event.order.lines,
        amountTotal: event.order.amountTotal,
        currency: event.order.currency,
        status: outcome,
        customerEmail: event.customerEmail ?? null,
        providerPaymentId: event.paymentId ?? null,
      })
      .onConflictDoUpdate({
        target: orders.providerSessionId,
        set: {
          status: sql`case
            when ${outcome}::text = 'refunded' then 'refunded'
            when ${outcome}::text = 'paid' and ${orders.status} in ('pending', 'failed') then 'paid'
            when ${outcome}::text = 'failed' and ${orders.status} = 'pending' then 'failed'
            else ${orders.status} end`,
          customerEmail: sql`coalesce(excluded.customer_email, ${orders.customerEmail})`,
          providerPaymentId: sql`coalesce(excluded.provider_payment_id, ${orders.providerPaymentId})`,
          updatedAt: sql`now()`,
        },
      });
    return "applied";
  });
}

/** Record an event that was verified but needs no change (e.g. a partial refund), so retries stop. */
export async function recordIgnoredEvent(eventId: string, eventType: string): Promise<"applied" | "duplicate"> {
  const claimed = await db()
    .insert(processedEvents)
    .values({ eventId, type: eventType })
    .onConflictDoNothing()
    .returning({ eventId: processedEvents.eventId });
  return claimed.length ? "applied" : "duplicate";
}
