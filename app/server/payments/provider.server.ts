/**
 * What every payment provider offers the site, and which one sells. No implementation here:
 * stripe.server.ts and test-provider.server.ts implement it; payments.server.ts picks one.
 */
import type { DiscountedLine } from "~/lib/offers";
import type { Order } from "~/server/payments/orders.server";
import type { Env } from "~/server/env.server";
import type { SessionChecks } from "~/server/payments/session-checks.server";

export type PaymentProviderName = "stripe" | "test";

export type CheckoutOrder = {
  orderId: number;
  /** What each line charges (after a promotion code: `fullUnitCents` is the price before it). */
  lines: DiscountedLine[];
  totalCents: number;
  currency: string;
  includeBump: boolean;
  /** The article the checkout came from: a cancelled payment returns to the checkout as it was. */
  from?: string | null;
  /** The product's address when it is not the toolkit's /checkout (a cancelled payment returns there). */
  productSlug?: string | null;
  /** The promotion code applied, if any (named on the payment page's lines). */
  promotionCode?: string | null;
  /** The receipt's address, when the checkout asked it (a once-per-buyer code): the payment page takes no other. */
  customerEmail?: string | null;
  /** When the payment page must stop taking payment (a code's use is held until then); none: the provider's default. */
  expiresAt?: Date | null;
};

/** What the provider says about a session when the success page asks. */
export type SessionCheck =
  | { kind: "missing" }
  /** The provider could not be asked (network, outage, our own rate limit): show what the order table knows. */
  | { kind: "unknown" }
  | { kind: "found"; paid: boolean; amountTotal: number | null; customerEmail: string | null };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Shown on the checkout page ("Secure payment powered by ..."). */
  readonly displayName: string | null;
  /** Create a hosted payment page for these lines; throws PaymentProviderError on failure. */
  createSession(order: CheckoutOrder, idempotencyKey: string): Promise<{ sessionId: string; url: string }>;
  /** The provider's own word on a session, for the success page (never fulfils). */
  checkSession(sessionId: string): Promise<SessionCheck>;
  /**
   * Give a paid order's money back, whole or one product, through this provider, under our record
   * of the request (app/server/payments/refunds.server.ts checks the order and records it first):
   * the request's id names the refund to the provider (Stripe: metadata and idempotency key).
   */
  refund(order: Order, part: RefundPart, request: RefundRequest): Promise<RefundResult>;
  /**
   * What became of a refund asked for before: by the provider's refund id when we noted it, else
   * found among the payment's refunds by our request's id. `unknown` when the provider cannot be
   * asked now (then nothing may be asked again: the refund may exist).
   */
  findRefund(order: Order, request: RefundRequest): Promise<FoundRefund>;
}

/** Our record of a refund asked of the provider (refund_requests). */
export type RefundRequest = {
  id: number;
  /** The product refunded alone, or "whole". */
  part: string;
  requestedAt: Date;
  providerRefundId: string | null;
  providerStatus: string | null;
};

export type FoundRefund =
  | { kind: "found"; refundId: string; status: string }
  /** The provider has no refund of this request: the earlier call never reached it, or was refused. */
  | { kind: "none" }
  | { kind: "unknown"; reason: string };

/** What to refund: everything still paid for, or one product of the order at the amount its line charged. */
export type RefundPart = { kind: "whole" } | { kind: "product"; productId: string; amountCents: number };

export type RefundResult =
  /** Refunded now: access ended and the refund notice is queued (`refundId`: the provider's name for it). */
  | { kind: "refunded"; refundId: string }
  /** The provider accepted the refund; its event will end access in moments. */
  | { kind: "requested"; refundId: string; status?: string }
  | { kind: "already-refunded" }
  /**
   * This refund was asked for before (refund_requests) and the provider has it, `status` its
   * word on it now (or when last asked, if it cannot be asked now): nothing was asked again.
   */
  | { kind: "already-requested"; provider: PaymentProviderName; requestedAt: Date; status: string }
  | { kind: "not-refundable"; reason: string }
  | { kind: "failed"; reason: string };

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

export type StripeSettings = {
  secretKey: string;
  webhookSecret?: string;
  /** A local fake Stripe server in tests, e.g. http://127.0.0.1:12111. */
  apiBase?: string;
  /** Per attempt; the whole call is capped a little above (see stripe.server.ts). */
  timeoutMs?: number;
  maxNetworkRetries?: number;
};

export type PaymentsConfig = { provider: PaymentProviderName; publicOrigin: string; stripe?: StripeSettings };

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

/**
 * The payments of one configuration, built once (app/server/payments/payments.server.ts) and
 * handed to routes through React Router's context (app/server/config.server.ts): the provider
 * that sells and, when Stripe is configured, its one client.
 */
export type Payments = {
  readonly config: PaymentsConfig;
  readonly provider: PaymentProvider;
  readonly stripe: StripeClient | undefined;
  /** The success page's questions to the provider, cached and rate-limited (session-checks.server.ts). */
  readonly sessionChecks: SessionChecks;
};

/** The Stripe SDK client with the settings it was made from. */
export type StripeClient = { stripe: import("stripe").Stripe; settings: StripeSettings };
