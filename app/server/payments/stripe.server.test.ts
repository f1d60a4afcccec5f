/**
 * How a failed Checkout Session creation is classed, from the Stripe SDK's error types and codes
 * (never its message's wording), against a local fake Stripe: the visitor's answer (503 or 502)
 * and the log follow from the kind.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderLines } from "~/lib/catalogue";
import { PaymentProviderError, type CheckoutOrder } from "~/server/payments/provider.server";
import { createStripeProvider, newStripeClient } from "~/server/payments/stripe.server";
import { startFakeStripe, type FakeStripe } from "../../../tests/helpers/fake-stripe";

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const order: CheckoutOrder = {
  orderId: 1,
  ...orderLines({ id: "toolkit", name: "Credit Repair Toolkit", priceCents: 700 }, null, { includeBump: false }),
  includeBump: false,
};

async function kindOfFailure(apiBase: string): Promise<string> {
  const provider = createStripeProvider(
    newStripeClient({ secretKey: "sk_test_unit", apiBase, timeoutMs: 200, maxNetworkRetries: 0 }),
    "https://shop.example",
  );
  const failure = await provider.createSession(order, "order-1").then(
    () => null,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(PaymentProviderError);
  return (failure as PaymentProviderError).kind;
}

describe("a Checkout Session Stripe could not create", () => {
  it("is a timeout when Stripe never answers within the SDK's timeout", async () => {
    fake.setMode({ kind: "hang" });
    expect(await kindOfFailure(fake.url)).toBe("timeout");
  });

  it("is unavailable when the connection fails, or Stripe answers 500 or 429", async () => {
    expect(await kindOfFailure("http://127.0.0.1:9")).toBe("unavailable");
    fake.setMode({ kind: "error", status: 500, type: "api_error" });
    expect(await kindOfFailure(fake.url)).toBe("unavailable");
    fake.setMode({ kind: "error", status: 429, type: "rate_limit_error" });
    expect(await kindOfFailure(fake.url)).toBe("unavailable");
  });

  it("is rejected when Stripe refuses the request", async () => {
    fake.setMode({ kind: "error", status: 400, type: "invalid_request_error", message: "timed out: words in a message decide nothing" });
    expect(await kindOfFailure(fake.url)).toBe("rejected");
  });
});
