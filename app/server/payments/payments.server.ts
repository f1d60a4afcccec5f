/** The payments of one configuration: which provider sells, and Stripe's one client when configured. */
import type { Payments, PaymentsConfig } from "~/server/payments/provider.server";
import { createStripeProvider, newStripeClient } from "~/server/payments/stripe.server";
import { createTestProvider } from "~/server/payments/test-provider.server";

export function createPayments(config: PaymentsConfig): Payments {
  const stripe = config.stripe ? newStripeClient(config.stripe) : undefined;
  if (config.provider === "stripe") {
    if (!stripe?.settings.secretKey) throw new Error("PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY");
    return { config, stripe, provider: createStripeProvider(stripe, config.publicOrigin) };
  }
  return { config, stripe, provider: createTestProvider() };
}
