/**
 * Payment events, already verified, applied to our orders: status, entitlements and the e-mail
 * each change causes, in one SQL statement (one transaction). Stripe webhooks and the test
 * provider's Pay both end here.
 */
import { sql } from "drizzle-orm";
import { processedEvents, type OrderStatus } from "../../../db/schema";
import { canonicalEmail } from "~/lib/email-address";
import { BUYER_CONSENT } from "~/lib/site";
import { boughtTag } from "~/lib/tags";
import { consentStatements } from "~/server/audience/contacts.server";
import { db } from "~/server/db.server";
import { REVIEW_REQUEST_DELAY_DAYS } from "~/server/content/review-requests.server";
import { INSERT_INTO_OUTBOX, outboxSelect, wakeOutbox } from "~/server/mail/outbox.server";
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
 * Apply a payment event exactly once, only to an order this site created whose amount and
 * currency match. In one statement: claim the event id (a repeat or a concurrent twin finds it
 * taken and changes nothing), move the order's status, and when it becomes paid grant its
 * products, queue the receipt and the review request (due REVIEW_REQUEST_DELAY_DAYS later,
 * checked again when due); when a paid order is disputed, queue the notice.
 * Entitlements and e-mails have unique keys, so even two different events for one order grant
 * once and send once. (One statement rather than BEGIN ... COMMIT: see decision 004.)
 *
 * Status moves only forward (events may arrive out of order): refunded (refund-events.server.ts)
 * wins over everything, disputed over all but refunded, paid replaces pending or failed, failed replaces only pending.
 */
export async function applyPaymentEvent(event: PaymentEvent): Promise<ApplyResult> {
  // Paid without saying how much: a mismatch, never a reason to skip the check.
  if (event.outcome === "paid" && (event.amountCents === null || event.currency === null)) {
    log.warn(`Payment event ${event.eventId} (${event.eventType}) ignored: it says paid but names no amount or currency`);
    return "ignored";
  }
  const { outcome } = event;
  const result = await db().execute(sql`
    with target as (
      select id, status as old_status from orders
      where provider = ${event.provider}
        and (provider_session_id = ${event.sessionId}
             or (${event.orderRef ?? null}::int is not null and id = ${event.orderRef ?? null}::int and provider_session_id like 'pending\\_%'))
        and (${event.amountCents}::int is null or amount_total = ${event.amountCents}::int)
        and (${event.currency}::text is null or currency = lower(${event.currency}::text))
      order by id
      limit 1
      for update
    ), claimed as (
      insert into processed_events (event_id, type)
      select ${event.eventId}, ${event.eventType} where exists (select 1 from target)
      on conflict do nothing
      returning event_id
    ), updated as (
      update orders o set
        status = case
          when ${outcome}::text = 'disputed' and o.status <> 'refunded' then 'disputed'
          when ${outcome}::text = 'paid' and o.status in ('pending', 'failed') then 'paid'
          when ${outcome}::text = 'failed' and o.status = 'pending' then 'failed'
          else o.status end,
        paid_at = case when ${outcome}::text = 'paid' and o.status in ('pending', 'failed') then now() else o.paid_at end,
        provider_session_id = ${event.sessionId},
        customer_email = coalesce(o.customer_email, ${event.customerEmail ? canonicalEmail(event.customerEmail) : null}),
        provider_payment_id = coalesce(${event.paymentId ?? null}, o.provider_payment_id),
        updated_at = now()
      from target t
      where o.id = t.id and exists (select 1 from claimed)
      returning o.id, t.old_status, o.status, o.lines, o.customer_email
    ), granted as (
      insert into entitlements (order_id, product_id)
      select u.id, line->>'id' from updated u, jsonb_array_elements(u.lines) line
      where u.status = 'paid'
      on conflict do nothing
      returning order_id
    ), ${consentStatements(
      // A buyer is a contact of the one audience, with the buyer purpose's consent (the receipt and the
      // one review request the checkout page names) and a tag per product; no list mail comes with buying.
      "buyer",
      {
        each: sql`select u.customer_email as email, null::text as name, 'checkout order ' || u.id as source,
          array(select ${boughtTag("")} || (line->>'id') from jsonb_array_elements(u.lines) line) as tags,
          ${`buyer from the checkout (wording ${BUYER_CONSENT.version}), order `} || u.id as detail
        from updated u where u.status = 'paid' and u.old_status <> 'paid' and u.customer_email is not null`,
      },
      { purpose: "buyer", wordingVersion: BUYER_CONSENT.version },
    )}, mailed as (
      ${INSERT_INTO_OUTBOX}
      ${outboxSelect({ kind: "receipt", dedupeKey: sql`'receipt:' || u.id`, toAddress: sql`u.customer_email`, payload: { orderId: sql`u.id` } })}
      from updated u where u.status = 'paid' and u.old_status <> 'paid' and u.customer_email is not null
      union all
      ${outboxSelect({
        kind: "review-request",
        dedupeKey: sql`'review-request:' || u.id`,
        toAddress: sql`u.customer_email`,
        payload: { orderId: sql`u.id` },
        dueAt: sql`now() + make_interval(days => ${REVIEW_REQUEST_DELAY_DAYS})`,
      })}
      from updated u where u.status = 'paid' and u.old_status <> 'paid' and u.customer_email is not null
      union all
      ${outboxSelect({
        kind: "access-ended",
        dedupeKey: sql`'access-ended:' || u.id`,
        toAddress: sql`u.customer_email`,
        payload: { orderId: sql`u.id`, kind: sql`u.status`, products: sql`'[]'::jsonb` },
      })}
      from updated u where u.status = 'disputed' and u.old_status = 'paid' and u.customer_email is not null
      on conflict (dedupe_key) do nothing
      returning id
    )
    select (select count(*) from target)::int as known,
           (select count(*) from claimed)::int as claimed,
           (select count(*) from mailed)::int as mailed,
           (select string_agg(u.old_status || '>' || u.status, ',') from updated u) as moved
  `);
  const [row] = (result as unknown as { rows: { known: number; claimed: number; mailed: number; moved: string | null }[] }).rows;
  if (!row || row.known === 0) {
    log.warn(
      `Payment event ${event.eventId} (${event.eventType}) ignored: no order of ours for ${event.provider} session ${event.sessionId}` +
        `${event.amountCents !== null ? ` with ${event.amountCents} ${event.currency ?? ""}` : ""}`,
    );
    return "ignored";
  }
  if (row.claimed === 0) return "duplicate";
  if (row.mailed > 0) wakeOutbox();
  if (row.moved?.endsWith(">paid") && !row.moved.startsWith("paid") && row.mailed === 0) {
    log.warn(`Order for session ${event.sessionId} is paid but has no e-mail address: no receipt was queued`);
  }
  return "applied";
}

/** Record an event that was verified but needs no change (e.g. a refund.created that charge.refunded explains), so retries stop. */
export async function recordIgnoredEvent(eventId: string, eventType: string): Promise<ApplyResult> {
  const claimed = await db()
    .insert(processedEvents)
    .values({ eventId, type: eventType })
    .onConflictDoNothing()
    .returning({ eventId: processedEvents.eventId });
  return claimed.length ? "applied" : "duplicate";
}
