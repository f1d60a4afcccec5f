/**
 * POST /api/webhooks/stripe: verify the signature on the raw body, route the allow-listed event
 * types to fulfilment, and answer so that Stripe retries only what failed on our side.
 */
import Stripe from "stripe";
import { applyPaymentEvent, recordIgnoredEvent, type ApplyResult } from "~/server/payments/fulfilment.server";
import { findOrderByPaymentId, findOrderBySession } from "~/server/payments/orders.server";
import type { Payments } from "~/server/payments/provider.server";
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

/** A full refund or a dispute ends access; a partial refund is recorded and changes nothing. */
async function handleAccessEnding(event: Stripe.Event, stripe: Stripe | undefined): Promise<ApplyResult> {
  const object = event.data.object as Stripe.Charge | Stripe.Refund | Stripe.Dispute;
  let paymentId: string | null;
  let full: boolean;
  let amountCents: number | null = null;
  if (event.type === "charge.refunded") {
    const charge = object as Stripe.Charge;
    paymentId = idOf(charge.payment_intent);
    full = charge.refunded;
    amountCents = charge.amount;
  } else if (event.type === "charge.dispute.created") {
    paymentId = idOf((object as Stripe.Dispute).payment_intent);
    full = true;
  } else {
    const refund = object as Stripe.Refund;
    paymentId = idOf(refund.payment_intent);
    full = refund.status === "succeeded";
    amountCents = refund.amount;
  }
  if (!full) return recordIgnoredEvent(event.id, event.type);
  if (!paymentId) {
    log.warn(`Stripe event ${event.id} (${event.type}) names no payment intent; ignored`);
    return recordIgnoredEvent(event.id, event.type);
  }
  const sessionId = await sessionForPayment(paymentId, stripe);
  if (!sessionId) {
    // Throwing makes Stripe retry: the order may appear once the completion event is applied.
    throw new Error(`no order for payment ${paymentId}`);
  }
  const result = await applyPaymentEvent({
    eventId: event.id,
    eventType: event.type,
    provider: "stripe",
    sessionId,
    outcome: event.type === "charge.dispute.created" ? "disputed" : "refunded",
    // A refund of less than the order (one of several partial refunds) does not end access.
    amountCents,
    currency: null,
    paymentId,
  });
  if (result === "ignored" && amountCents !== null) return recordIgnoredEvent(event.id, event.type);
  return result;
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
