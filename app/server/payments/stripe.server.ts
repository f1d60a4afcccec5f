/** The one Stripe client, and Stripe as a payment provider (hosted Checkout Sessions). */
import Stripe from "stripe";
import { checkoutHref } from "~/lib/checkout";
import { formatCents } from "~/lib/site";
import {
  PaymentProviderError,
  type CheckoutOrder,
  type PaymentProvider,
  type SessionCheck,
  type StripeClient,
  type StripeSettings,
} from "~/server/payments/provider.server";
import { log } from "~/server/log.server";

/** Pinned: the SDK's types describe exactly this version, and Stripe answers in its shape. */
export const STRIPE_API_VERSION = "2026-10-28.endive" as const;

/** Per attempt; the SDK retries connection errors and 5xx answers with the same idempotency key. */
export const STRIPE_TIMEOUT_MS = 10_000;
export const STRIPE_MAX_NETWORK_RETRIES = 2;
/** The whole create-session call, retries included: the visitor hears back within this. */
export const STRIPE_DEADLINE_MS = 12_000;

/** A Stripe client for these settings (one per configuration: app/server/payments/payments.server.ts). */
export function newStripeClient(settings: StripeSettings): StripeClient {
  return { settings, stripe: newClient(settings) };
}

function newClient(settings: StripeSettings): Stripe {
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

export function describeStripeError(error: unknown): string {
  if (error instanceof Stripe.errors.StripeError) {
    return `${error.type}${error.statusCode ? ` ${error.statusCode}` : ""}${error.code ? ` ${error.code}` : ""}: ${error.message}${error.requestId ? ` (request ${error.requestId})` : ""}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * A connection error from the SDK's own per-attempt timeout: the SDK wraps its HTTP client's
 * error, whose `code` is the client's timeout code (a socket's own ETIMEDOUT is the same code).
 */
function timedOut(error: Stripe.errors.StripeConnectionError): boolean {
  const cause = error.detail;
  return cause instanceof Error && "code" in cause && cause.code === Stripe.HttpClient.TIMEOUT_ERROR_CODE;
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
  const code = order.promotionCode ?? null;
  return {
    mode: "payment",
    // Each line at what it charges: a promotion code's share is taken off here by us (the page
    // showed the same lines), and the line says so; no Stripe coupon or catalogue is involved.
    line_items: order.lines.map((line) => ({
      quantity: line.quantity,
      price_data: {
        currency: order.currency,
        unit_amount: line.unitAmountCents,
        product_data: {
          name: line.name,
          ...(code && line.fullUnitCents !== undefined
            ? {
                description: `Code ${code}: ${formatCents(line.fullUnitCents)}, less ${formatCents(line.fullUnitCents - line.unitAmountCents)}`,
              }
            : {}),
        },
      },
    })),
    success_url: `${publicOrigin}/checkout-success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${publicOrigin}${checkoutHref({ bump: order.includeBump, from: order.from, cancelled: true, product: order.productSlug, code })}`,
    // Our order row: events are matched to it, and only to it (never to a session we did not create).
    client_reference_id: String(order.orderId),
    metadata: {
      order_id: String(order.orderId),
      include_bump: order.includeBump ? "true" : "false",
      ...(code ? { promotion_code: code } : {}),
    },
    // A once-per-buyer code was checked for this address: the receipt goes there.
    ...(order.customerEmail ? { customer_email: order.customerEmail } : {}),
    // A code's use is held until then (promotions.server.ts): the page takes no payment after it.
    ...(order.expiresAt ? { expires_at: Math.floor(order.expiresAt.getTime() / 1000) } : {}),
  };
}

export function createStripeProvider(client: StripeClient, publicOrigin: string): PaymentProvider {
  const current = () => {
    if (!client.settings.secretKey) throw new Error("PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY");
    return client.stripe;
  };
  return {
    name: "stripe",
    displayName: "Stripe",
    async createSession(order, idempotencyKey) {
      let session: Stripe.Checkout.Session;
      try {
        session = await withDeadline(
          current().checkout.sessions.create(sessionParams(order, publicOrigin), { idempotencyKey }),
          STRIPE_DEADLINE_MS,
        );
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        const kind =
          error instanceof Stripe.errors.StripeConnectionError
            ? timedOut(error)
              ? "timeout"
              : "unavailable"
            : error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeRateLimitError
              ? "unavailable"
              : "rejected";
        throw new PaymentProviderError(kind, describeStripeError(error));
      }
      if (!session.url) throw new PaymentProviderError("rejected", `session ${session.id} came back without a url`);
      return { sessionId: session.id, url: session.url };
    },
    async checkSession(sessionId: string): Promise<SessionCheck> {
      try {
        const session = await withDeadline(current().checkout.sessions.retrieve(sessionId), 5_000);
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
        log.error(`Could not check Stripe session ${sessionId}: ${describeStripeError(error)}`);
        return { kind: "unknown" };
      }
    },
    async refund(order, part, request) {
      if (!order.providerPaymentId)
        return { kind: "failed", reason: "the order has no Stripe payment id yet: refund it in the Stripe dashboard" };
      const product = part.kind === "product" ? part : null;
      try {
        // One refund per request row (one per order and part): the SDK's retries and a second call
        // within Stripe's 24 hours reuse Stripe's answer by the key; after that, findRefund finds
        // the refund by the request's id in its metadata. A whole refund after a product's gives back what is left.
        const refund = await current().refunds.create(
          {
            payment_intent: order.providerPaymentId,
            ...(product ? { amount: product.amountCents } : {}),
            metadata: {
              order_id: String(order.id),
              ...(product ? { product_id: product.productId } : {}),
              refund_request_id: String(request.id),
            },
          },
          { idempotencyKey: `refund_request_${request.id}_order_${order.id}_${request.part}` },
        );
        return { kind: "requested", refundId: refund.id, status: refund.status ?? undefined };
      } catch (error) {
        log.error(`Refund of order ${order.id}${product ? ` (${product.productId})` : ""} failed: ${describeStripeError(error)}`);
        // The request is recorded: a second try asks Stripe first whether this one reached it.
        return {
          kind: "failed",
          reason: "Stripe refused or could not be reached (see the server log); trying again asks Stripe first, so it cannot refund twice",
        };
      }
    },
    async findRefund(order, request) {
      const ours = (refund: Stripe.Refund) =>
        refund.metadata?.refund_request_id === String(request.id) && refund.metadata?.order_id === String(order.id);
      try {
        const found = await withDeadline(
          (async () => {
            if (request.providerRefundId) return current().refunds.retrieve(request.providerRefundId);
            if (!order.providerPaymentId) return undefined;
            // A payment's refunds are a handful; the SDK pages through them if ever there are more.
            for await (const refund of current().refunds.list({ payment_intent: order.providerPaymentId, limit: 100 })) {
              if (ours(refund)) return refund;
            }
            return undefined;
          })(),
          STRIPE_DEADLINE_MS,
        );
        return found ? { kind: "found", refundId: found.id, status: found.status ?? "unknown" } : { kind: "none" };
      } catch (error) {
        const reason = describeStripeError(error);
        log.error(`Could not look up the refund asked for order ${order.id} (${request.part}, request ${request.id}): ${reason}`);
        return { kind: "unknown", reason };
      }
    },
  };
}
