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
 * Apply a payment event exactly once. The processed_events insert and the order upsert are one
 * SQL statement, so one transaction: a repeated or concurrent delivery of the same event finds
 * the event id taken (ON CONFLICT DO NOTHING returns no row, so the upsert selects nothing) and
 * leaves the order alone; a failure applies neither, so the provider's retry can apply it later.
 * (One statement rather than BEGIN ... COMMIT on a pooled client: drizzle's pool transaction
 * leaks the client when BEGIN itself fails on a dropped connection, and the process then dies
 * on the client's unhandled error event.)
 *
 * Status moves only forward (events may arrive out of order): a refund wins over everything,
 * 'paid' replaces pending or failed, 'failed' replaces only pending, 'pending' changes nothing.
 */
export async function fulfil(event: Fulfilment): Promise<"applied" | "duplicate"> {
  const { outcome } = event;
  const result = await db().execute(sql`
    with claimed as (
      insert into processed_events (event_id, type)
      values (${event.eventId}, ${event.eventType})
      on conflict do nothing
      returning event_id
    ), upserted as (
      insert into orders as o (provider, provider_session_id, lines, amount_total, currency, status, customer_email, provider_payment_id)
      select ${event.provider}, ${event.sessionId}, ${JSON.stringify(event.order.lines)}::jsonb, ${event.order.amountTotal},
             ${event.order.currency}, ${outcome}, ${event.customerEmail ?? null}, ${event.paymentId ?? null}
      where exists (select 1 from claimed)
      on conflict (provider_session_id) do update set
        status = case
          when ${outcome}::text = 'refunded' then 'refunded'
          when ${outcome}::text = 'paid' and o.status in ('pending', 'failed') then 'paid'
          when ${outcome}::text = 'failed' and o.status = 'pending' then 'failed'
          else o.status end,
        customer_email = coalesce(excluded.customer_email, o.customer_email),
        provider_payment_id = coalesce(excluded.provider_payment_id, o.provider_payment_id),
        updated_at = now()
      returning o.id
    )
    select (select count(*) from claimed)::int as claimed, (select count(*) from upserted)::int as upserted
  `);
  const [row] = (result as unknown as { rows: { claimed: number; upserted: number }[] }).rows;
  return row && row.claimed > 0 ? "applied" : "duplicate";
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
