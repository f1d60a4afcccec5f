import { randomUUID } from "node:crypto";
import { z } from "zod";
import { orderLines, type OrderLine } from "~/lib/catalogue";
import { CHECKOUT_ERROR } from "~/lib/checkout";
import { env, type Env } from "~/server/env.server";
import { createPendingOrder, findOrderBySession, type Order, type PaymentProviderName } from "~/server/orders.server";
import { createStripeProvider } from "~/server/stripe-payments.server";
import { createTestProvider } from "~/server/test-payments.server";

/** The only body POST /api/create-payment accepts: prices never come from the browser. */
export const CreatePaymentSchema = z.strictObject({ includeBump: z.boolean() });
export type CreatePayment = z.infer<typeof CreatePaymentSchema>;

export type CheckoutOrder = { lines: OrderLine[]; totalCents: number; currency: string; includeBump: boolean };

/** What the provider says about a session when the success page asks. */
export type SessionCheck =
  | { kind: "missing" }
  /** The provider could not be asked (network, outage): show what the order table knows. */
  | { kind: "unknown" }
  | { kind: "found"; paid: boolean; amountTotal: number | null; customerEmail: string | null };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Shown on the checkout page ("Secure payment powered by ..."). */
  readonly displayName: string | null;
  /** Create a hosted payment page for these lines; throws PaymentProviderError on failure. */
  createSession(order: CheckoutOrder, idempotencyKey: string): Promise<{ sessionId: string; url: string }>;
  /** The provider's own word on a session, for the success page (never fulfils). */
  checkSession(sessionId: string, order: Order): Promise<SessionCheck>;
}

/** A provider failure: `detail` is for the log only, never for the browser. */
export class PaymentProviderError extends Error {
  constructor(
    readonly kind: "timeout" | "unavailable" | "rejected",
    readonly detail: string,
  ) {
    super(`Payment provider ${kind}: ${detail}`);
    this.name = "PaymentProviderError";
  }
}

export type PaymentsConfig = {
  provider: PaymentProviderName;
  publicOrigin: string;
  stripe?: {
    secretKey: string;
    webhookSecret?: string;
    /** A local fake Stripe server in tests, e.g. http://127.0.0.1:12111. */
    apiBase?: string;
    /** Per attempt; the whole call is capped a little above (see stripe-payments.server.ts). */
    timeoutMs?: number;
    maxNetworkRetries?: number;
  };
};

/**
 * Which provider sells: PAYMENT_PROVIDER when set, else Stripe when a key is set, else the
 * built-in test provider (env.server.ts refuses that last case in production unless chosen).
 */
export function paymentsConfigFromEnv(e: Env): PaymentsConfig {
  const provider = e.PAYMENT_PROVIDER ?? (e.STRIPE_SECRET_KEY ? "stripe" : "test");
  return {
    provider,
    publicOrigin: e.PUBLIC_ORIGIN,
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE }
      : e.STRIPE_WEBHOOK_SECRET
        ? // Webhooks can be verified without an API key (refund look-ups then rely on the order table).
          { secretKey: "", webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE }
        : undefined,
  };
}

let config: PaymentsConfig | undefined;
let provider: PaymentProvider | undefined;

export function paymentsConfig(): PaymentsConfig {
  config ??= paymentsConfigFromEnv(env());
  return config;
}

/** Replace the configuration (tests); `undefined` goes back to the environment. */
export function configurePayments(next: PaymentsConfig | undefined): void {
  config = next;
  provider = undefined;
}

export function paymentProvider(): PaymentProvider {
  if (!provider) {
    const cfg = paymentsConfig();
    if (cfg.provider === "stripe") {
      if (!cfg.stripe?.secretKey) throw new Error("PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY");
      provider = createStripeProvider(cfg.stripe, cfg.publicOrigin);
    } else {
      provider = createTestProvider();
    }
  }
  return provider;
}

/**
 * Start a purchase: lines from the catalogue, a hosted payment page from the provider, and a
 * pending order for it. Returns the page's URL.
 */
export async function startCheckout({ includeBump }: CreatePayment): Promise<{ url: string; sessionId: string }> {
  const chosen = paymentProvider();
  const order = { ...orderLines({ includeBump }), includeBump };
  const session = await chosen.createSession(order, randomUUID());
  await createPendingOrder({
    provider: chosen.name,
    sessionId: session.sessionId,
    lines: order.lines,
    amountTotal: order.totalCents,
    currency: order.currency,
  });
  return session;
}

export type CreatePaymentResult = { status: number; body: { url: string } | { error: string } };

const BODY_SHAPE = 'expected a JSON body {"includeBump": true|false} and nothing else';

/** POST /api/create-payment: strict JSON in, the hosted page's URL out; failures never leak detail. */
export async function createPaymentFromRequest(request: Request): Promise<CreatePaymentResult> {
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get("content-type") ?? "")) {
    return { status: 400, body: { error: `Content-Type must be application/json: ${BODY_SHAPE}` } };
  }
  let json: unknown;
  try {
    json = JSON.parse(await request.text());
  } catch {
    return { status: 400, body: { error: `The body is not valid JSON: ${BODY_SHAPE}` } };
  }
  const parsed = CreatePaymentSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message));
    return { status: 400, body: { error: `Invalid request (${problems.join("; ")}): ${BODY_SHAPE}` } };
  }
  try {
    const { url } = await startCheckout(parsed.data);
    return { status: 200, body: { url } };
  } catch (error) {
    return { status: checkoutFailureStatus(error), body: { error: CHECKOUT_ERROR.description } };
  }
}

/** Log a failed checkout in full; answer 502 when the provider refused, 503 when it (or we) could not. */
export function checkoutFailureStatus(error: unknown): 502 | 503 {
  if (error instanceof PaymentProviderError) {
    console.error(`Checkout failed: ${error.message}`);
    return error.kind === "rejected" ? 502 : 503;
  }
  console.error("Checkout failed:", error);
  return 503;
}

/** Stripe's ids are `cs_test_...`/`cs_live_...`; the test provider's `test_<hex>`. */
const SESSION_ID = /^[A-Za-z0-9_]{8,255}$/;

export type OrderView =
  | { found: false }
  | {
      found: true;
      lines: { name: string; amountCents: number }[];
      totalCents: number;
      state: "confirmed" | "processing" | "failed" | "refunded";
      customerEmail: string | null;
    };

/**
 * What the success page shows for a session id: the order table's lines, and the payment's
 * state from the provider (Stripe) or the order table (test provider). Reads only.
 */
export async function orderView(sessionId: string): Promise<OrderView> {
  if (!SESSION_ID.test(sessionId)) return { found: false };
  const order = await findOrderBySession(sessionId);
  if (!order) return { found: false };

  let paid = order.status === "paid";
  let customerEmail = order.customerEmail;
  if (order.provider === "stripe" && order.status === "pending") {
    const cfg = paymentsConfig();
    const check: SessionCheck = cfg.stripe?.secretKey
      ? await createStripeProvider(cfg.stripe, cfg.publicOrigin).checkSession(sessionId, order)
      : { kind: "unknown" };
    if (check.kind === "missing") return { found: false };
    if (check.kind === "found") {
      if (check.amountTotal !== null && check.amountTotal !== order.amountTotal) {
        console.error(
          `Order ${order.id}: Stripe session ${sessionId} total ${check.amountTotal} differs from the order's ${order.amountTotal}`,
        );
      } else {
        paid = check.paid;
      }
      customerEmail ??= check.customerEmail;
    }
  }
  return {
    found: true,
    lines: order.lines.map((line) => ({ name: line.name, amountCents: line.unitAmountCents * line.quantity })),
    totalCents: order.amountTotal,
    state:
      order.status === "refunded" ? "refunded" : order.status === "failed" ? "failed" : paid ? "confirmed" : "processing",
    customerEmail,
  };
}
