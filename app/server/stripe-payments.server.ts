import Stripe from "stripe";
import type { StoredOrderLine } from "../../db/schema";
import { orderLines } from "~/lib/catalogue";
import {
  findOrderByPaymentId,
  findOrderBySession,
  fulfil,
  recordIgnoredEvent,
  type Order,
} from "~/server/orders.server";
import {
  PaymentProviderError,
  paymentsConfig,
  type CheckoutOrder,
  type PaymentProvider,
  type PaymentsConfig,
  type SessionCheck,
} from "~/server/payments.server";

/** Pinned: the SDK's types describe exactly this version, and Stripe answers in its shape. */
export const STRIPE_API_VERSION = "2026-10-28.endive" as const;

/** Per attempt; the SDK retries connection errors and 5xx answers with the same idempotency key. */
export const STRIPE_TIMEOUT_MS = 10_000;
export const STRIPE_MAX_NETWORK_RETRIES = 2;
/** The whole create-session call, retries included: the visitor hears back within this. */
export const STRIPE_DEADLINE_MS = 12_000;

/** Webhook signatures older than this (seconds) are refused: a replayed request is stale. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

type StripeSettings = NonNullable<PaymentsConfig["stripe"]>;

export function stripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  return new Stripe(settings.secretKey || "sk_test_webhook_verification_only", {
    apiVersion: STRIPE_API_VERSION,
    timeout: settings.timeoutMs ?? STRIPE_TIMEOUT_MS,
    maxNetworkRetries: settings.maxNetworkRetries ?? STRIPE_MAX_NETWORK_RETRIES,
    appInfo: { name: "fresh-start-money" },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

function describe(error: unknown): string {
  if (error instanceof Stripe.errors.StripeError) {
    return `${error.type}${error.statusCode ? ` ${error.statusCode}` : ""}${error.code ? ` ${error.code}` : ""}: ${error.message}${error.requestId ? ` (request ${error.requestId})` : ""}`;
  }
  return error instanceof Error ? error.message : String(error);
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PaymentProviderError("timeout", `no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** The Checkout Session parameters for an order: the one place lines become Stripe's terms. */
export function sessionParams(order: CheckoutOrder, publicOrigin: string): Stripe.Checkout.SessionCreateParams {
  return {
    mode: "payment",
    line_items: order.lines.map((line) => ({
      quantity: line.quantity,
      price_data: {
        currency: order.currency,
        unit_amount: line.unitAmountCents,
        product_data: { name: line.name },
      },
    })),
    success_url: `${publicOrigin}/checkout-success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${publicOrigin}/checkout`,
    // Lets a webhook rebuild the order's lines if its row were ever missing.
    metadata: { include_bump: order.includeBump ? "true" : "false" },
  };
}

export function createStripeProvider(settings: StripeSettings, publicOrigin: string): PaymentProvider {
  const stripe = stripeClient(settings);
  return {
    name: "stripe",
    displayName: "Stripe",
    async createSession(order, idempotencyKey) {
      let session: Stripe.Checkout.Session;
      try {
        session = await withDeadline(
          stripe.checkout.sessions.create(sessionParams(order, publicOrigin), { idempotencyKey }),
          STRIPE_DEADLINE_MS,
        );
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        const kind =
          error instanceof Stripe.errors.StripeConnectionError
            ? /timeout|timed out/i.test(error.message)
              ? "timeout"
              : "unavailable"
            : error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeRateLimitError
              ? "unavailable"
              : "rejected";
        throw new PaymentProviderError(kind, describe(error));
      }
      if (!session.url) throw new PaymentProviderError("rejected", `session ${session.id} came back without a url`);
      return { sessionId: session.id, url: session.url };
    },
    async checkSession(sessionId: string, _order: Order): Promise<SessionCheck> {
      try {
        const session = await withDeadline(stripe.checkout.sessions.retrieve(sessionId), 5_000);
        return {
          kind: "found",
          paid: session.payment_status === "paid" || session.payment_status === "no_payment_required",
          amountTotal: session.amount_total,
          customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
          return { kind: "missing" };
        }
        console.error(`Could not check Stripe session ${sessionId}: ${describe(error)}`);
        return { kind: "unknown" };
      }
    },
  };
}

/** The events this site acts on; every other verified event is acknowledged and ignored. */
export const HANDLED_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "charge.refunded",
]);

export type WebhookResult = { status: number; body: Record<string, unknown> };

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/** The order a session stands for, if its row were missing: lines from the catalogue via metadata. */
function orderFromSession(session: Stripe.Checkout.Session): { lines: StoredOrderLine[]; amountTotal: number; currency: string } {
  const fromCatalogue = orderLines({ includeBump: session.metadata?.include_bump === "true" });
  return {
    lines: fromCatalogue.lines,
    amountTotal: session.amount_total ?? fromCatalogue.totalCents,
    currency: session.currency ?? fromCatalogue.currency,
  };
}

function orderFromRow(order: Order) {
  return { lines: order.lines, amountTotal: order.amountTotal, currency: order.currency };
}

async function handleSessionEvent(event: Stripe.Event, session: Stripe.Checkout.Session): Promise<"applied" | "duplicate"> {
  const outcome =
    event.type === "checkout.session.async_payment_failed"
      ? "failed"
      : event.type === "checkout.session.async_payment_succeeded" ||
          session.payment_status === "paid" ||
          session.payment_status === "no_payment_required"
        ? "paid"
        : // Completed with a delayed payment method: paid only when async_payment_succeeded comes.
          "pending";
  return fulfil({
    eventId: event.id,
    eventType: event.type,
    provider: "stripe",
    sessionId: session.id,
    outcome,
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    paymentId: idOf(session.payment_intent),
    order: orderFromSession(session),
  });
}

async function handleRefund(
  event: Stripe.Event,
  charge: Stripe.Charge,
  stripe: Stripe,
  canAsk: boolean,
): Promise<"applied" | "duplicate"> {
  if (!charge.refunded) {
    // A partial refund: the order stays paid; the event is recorded so Stripe stops resending.
    console.warn(`Partial refund on charge ${charge.id} (${charge.amount_refunded} of ${charge.amount}): order unchanged`);
    return recordIgnoredEvent(event.id, event.type);
  }
  const paymentId = idOf(charge.payment_intent);
  if (!paymentId) {
    console.warn(`Refund event ${event.id}: charge ${charge.id} has no payment intent; ignored`);
    return recordIgnoredEvent(event.id, event.type);
  }
  let sessionId: string | undefined;
  let order: ReturnType<typeof orderFromRow> | undefined;
  const row = await findOrderByPaymentId(paymentId);
  if (row) {
    sessionId = row.providerSessionId;
    order = orderFromRow(row);
  } else if (canAsk) {
    // The completion event has not been applied yet (events may come out of order): ask Stripe.
    const sessions = await stripe.checkout.sessions.list({ payment_intent: paymentId, limit: 1 });
    const session = sessions.data[0];
    if (session) {
      sessionId = session.id;
      const existing = await findOrderBySession(session.id);
      order = existing ? orderFromRow(existing) : orderFromSession(session);
    }
  }
  if (!sessionId || !order) {
    // Throwing makes Stripe retry: the order may appear once the completion event is applied.
    throw new Error(`Refund event ${event.id}: no order for payment ${paymentId}`);
  }
  return fulfil({
    eventId: event.id,
    eventType: event.type,
    provider: "stripe",
    sessionId,
    outcome: "refunded",
    paymentId,
    order,
  });
}

/**
 * POST /api/webhooks/stripe: verify the signature on the raw body, act on the allow-listed
 * event types, and answer so that Stripe retries only what failed on our side.
 */
export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<WebhookResult> {
  const settings = paymentsConfig().stripe;
  if (!settings?.webhookSecret) {
    console.error("Stripe webhook refused: STRIPE_WEBHOOK_SECRET is not set, so no event can be verified");
    return { status: 503, body: { error: "Webhooks are not configured" } };
  }
  if (!signature) return { status: 400, body: { error: "Missing Stripe-Signature header" } };
  const stripe = stripeClient(settings);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    console.warn(`Stripe webhook refused: ${describe(error)}`);
    return { status: 400, body: { error: "Invalid signature" } };
  }
  if (!HANDLED_EVENTS.has(event.type)) return { status: 200, body: { received: true, ignored: event.type } };
  let result: "applied" | "duplicate";
  try {
    result =
      event.type === "charge.refunded"
        ? await handleRefund(event, event.data.object as Stripe.Charge, stripe, Boolean(settings.secretKey))
        : await handleSessionEvent(event, event.data.object as Stripe.Checkout.Session);
  } catch (error) {
    console.error(`Stripe webhook ${event.id} (${event.type}) failed: ${describe(error)}`);
    return { status: 500, body: { error: "Webhook handler failed" } };
  }
  return { status: 200, body: { received: true, ...(result === "duplicate" ? { duplicate: true } : {}) } };
}
