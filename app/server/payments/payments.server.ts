/** The payments of one configuration: which provider sells, and Stripe's one client when configured. */
import type { Payments, PaymentsConfig } from "~/server/payments/provider.server";
import { createStripeProvider, newStripeClient } from "~/server/payments/stripe.server";
import { createTestProvider } from "~/server/payments/test-provider.server";
import { createSessionChecks } from "~/server/payments/session-checks.server";

const withSessionChecks = (payments: Omit<Payments, "sessionChecks">): Payments => ({
  ...payments,
  sessionChecks: createSessionChecks(payments.provider),
});

export function createPayments(config: PaymentsConfig): Payments {
  const stripe = config.stripe ? newStripeClient(config.stripe) : undefined;
  if (config.provider === "stripe") {
    if (!stripe?.settings.secretKey) throw new Error("PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY");
    return withSessionChecks({ config, stripe, provider: createStripeProvider(stripe, config.publicOrigin) });
  }
  return withSessionChecks({ config, stripe, provider: createTestProvider() });
}
