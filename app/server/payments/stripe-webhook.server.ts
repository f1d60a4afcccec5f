/**
 * POST /api/webhooks/stripe: verify the signature on the raw body, route the allow-listed event
 * types to fulfilment, and answer so that Stripe retries only what failed on our side.
 */
import Stripe from "stripe";
import { applyPaymentEvent, recordIgnoredEvent, type ApplyResult } from "~/server/payments/fulfilment.server";
import { findOrderByPaymentId, findOrderBySession } from "~/server/payments/orders.server";
import type { Payments } from "~/server/payments/provider.server";
import { applyRefundEvent, type RefundClaim } from "~/server/payments/refund-events.server";
import { describeStripeError } from "~/server/payments/stripe.server";
import { log } from "~/server/log.server";

/** Webhook signatures older than this (seconds) are refused: a replayed request is stale. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The events this site acts on; every other verified event is acknowledged and ignored. */
export const HANDLED_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "charge.refunded",
  "refund.created",
  "refund.updated",
  "charge.dispute.created",
]);

export type WebhookResult = { status: number; body: Record<string, unknown> };

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

function orderRef(session: Stripe.Checkout.Session): number | null {
  const ref = Number(session.client_reference_id ?? session.metadata?.order_id);
  return Number.isSafeInteger(ref) && ref > 0 ? ref : null;
}

function handleSessionEvent(event: Stripe.Event, session: Stripe.Checkout.Session): Promise<ApplyResult> {
  const outcome =
    event.type === "checkout.session.async_payment_failed"
      ? "failed"
      : event.type === "checkout.session.async_payment_succeeded" ||
          session.payment_status === "paid" ||
          session.payment_status === "no_payment_required"
        ? "paid"
        : // Completed with a delayed payment method: paid only when async_payment_succeeded comes.
          "pending";
  return applyPaymentEvent({
    eventId: event.id,
    eventType: event.type,
    provider: "stripe",
    sessionId: session.id,
    orderRef: orderRef(session),
    outcome,
    amountCents: session.amount_total,
    currency: session.currency,
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    paymentId: idOf(session.payment_intent),
  });
}

/** Our session for a payment: from the order table, else (events come out of order) from Stripe. */
async function sessionForPayment(paymentId: string, stripe: Stripe | undefined): Promise<string | undefined> {
  const row = await findOrderByPaymentId(paymentId);
  if (row) return row.providerSessionId;
  if (!stripe) return undefined;
  const sessions = await stripe.checkout.sessions.list({ payment_intent: paymentId, limit: 1 });
  const session = sessions.data[0];
  if (!session) return undefined;
  return (await findOrderBySession(session.id))?.providerSessionId ?? session.id;
}

/** The order's session for an event naming a payment; throwing makes Stripe retry (the completion may not be applied yet). */
async function sessionOrRetry(paymentId: string, stripe: Stripe | undefined): Promise<string> {
  const sessionId = await sessionForPayment(paymentId, stripe);
  if (!sessionId) throw new Error(`no order for payment ${paymentId}`);
  return sessionId;
}

/**
 * A dispute pauses access. A refund refunds what it explains (refund-events.server.ts): a full
 * charge.refunded the whole order; a partial one the product whose price equals what it adds to the
 * refunds we recorded, or, matching no product, an amount recorded and flagged for the owner.
 * refund.* events act only when one refund is the whole order (charge.refunded follows every refund).
 */
async function handleAccessEnding(event: Stripe.Event, stripe: Stripe | undefined): Promise<ApplyResult> {
  if (event.type === "charge.dispute.created") {
    const paymentId = idOf((event.data.object as Stripe.Dispute).payment_intent);
    if (!paymentId) return noPayment(event);
    const sessionId = await sessionOrRetry(paymentId, stripe);
    return applyPaymentEvent({
      eventId: event.id,
      eventType: event.type,
      provider: "stripe",
      sessionId,
      outcome: "disputed",
      amountCents: null,
      currency: null,
      paymentId,
    });
  }
  let paymentId: string | null;
  let claim: RefundClaim;
  if (event.type === "charge.refunded") {
    const charge = event.data.object as Stripe.Charge;
    paymentId = idOf(charge.payment_intent);
    claim = charge.refunded ? { kind: "whole" } : { kind: "refunded-total", amountCents: charge.amount_refunded };
  } else {
    const refund = event.data.object as Stripe.Refund;
    if (refund.status !== "succeeded") return recordIgnoredEvent(event.id, event.type);
    paymentId = idOf(refund.payment_intent);
    claim = { kind: "whole-if-total", amountCents: refund.amount };
  }
  if (!paymentId) return noPayment(event);
  const sessionId = await sessionOrRetry(paymentId, stripe);
  const { result } = await applyRefundEvent({ eventId: event.id, eventType: event.type, provider: "stripe", sessionId, paymentId, claim });
  return result;
}

function noPayment(event: Stripe.Event): Promise<ApplyResult> {
  log.warn(`Stripe event ${event.id} (${event.type}) names no payment intent; ignored`);
  return recordIgnoredEvent(event.id, event.type);
}

export async function handleStripeWebhook(payments: Payments, rawBody: string, signature: string | null): Promise<WebhookResult> {
  const client = payments.stripe;
  if (!client?.settings.webhookSecret) {
    log.error("Stripe webhook refused: STRIPE_WEBHOOK_SECRET is not set, so no event can be verified");
    return { status: 503, body: { error: "Webhooks are not configured" } };
  }
  if (!signature) return { status: 400, body: { error: "Missing Stripe-Signature header" } };
  let event: Stripe.Event;
  try {
    event = client.stripe.webhooks.constructEvent(rawBody, signature, client.settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    log.warn(`Stripe webhook refused: ${describeStripeError(error)}`);
    return { status: 400, body: { error: "Invalid signature" } };
  }
  if (!HANDLED_EVENTS.has(event.type)) return { status: 200, body: { received: true, ignored: event.type } };
  let result: ApplyResult;
  try {
    result = event.type.startsWith("checkout.session.")
      ? await handleSessionEvent(event, event.data.object as Stripe.Checkout.Session)
      : await handleAccessEnding(event, client.settings.secretKey ? client.stripe : undefined);
  } catch (error) {
    log.error(`Stripe webhook ${event.id} (${event.type}) failed: ${describeStripeError(error)}`);
    return { status: 500, body: { error: "Webhook handler failed" } };
  }
  return {
    status: 200,
    body: {
      received: true,
      ...(result === "duplicate" ? { duplicate: true } : result === "ignored" ? { ignored: "no matching order" } : {}),
    },
  };
}
