import Stripe from "stripe";
import { count, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { orders, processedEvents } from "../../db/schema";
import { action as checkoutAction } from "~/routes/checkout";
import { action as payTestAction, loader as payTestLoader } from "~/routes/pay-test";
import { db } from "~/server/db.server";
import { mailTransportKind, parseEnv } from "~/server/env.server";
import { STAND_IN_PARTNER_LINKS } from "../../scripts/lib/server-process";
import { getShippedArticles } from "~/content/shipped-articles.server";
import { createPaymentFromRequest } from "~/server/payments/checkout.server";
import { orderView } from "~/server/delivery/order-view.server";
import { createPayments } from "~/server/payments/payments.server";
import { paymentsConfigFromEnv, type Payments, type PaymentsConfig } from "~/server/payments/provider.server";
import { STRIPE_API_VERSION } from "~/server/payments/stripe.server";
import { handleStripeWebhook } from "~/server/payments/stripe-webhook.server";
import { startFakeStripe, type FakeStripe } from "../helpers/fake-stripe";
import { useTestSite } from "../helpers/context";
import { useTestDatabase } from "../helpers/db";
import { log as logger } from "~/server/log.server";
import { loggedText } from "../helpers/log";
import { expectLog } from "../helpers/console-errors";

const ORIGIN = "https://shop.example";
const WEBHOOK_SECRET = "whsec_test_secret_for_integration";
const GENERIC = "Failed to create checkout session. Please try again.";

let fake: FakeStripe;
const testDb = useTestDatabase();
const site = useTestSite();

function stripeConfig(extra: Partial<NonNullable<PaymentsConfig["stripe"]>> = {}): PaymentsConfig {
  return {
    provider: "stripe",
    publicOrigin: ORIGIN,
    stripe: { secretKey: "sk_test_integration", webhookSecret: WEBHOOK_SECRET, apiBase: fake.url, ...extra },
  };
}

function jsonRequest(body: unknown, contentType = "application/json"): Request {
  return new Request("http://localhost/api/create-payment", {
    method: "POST",
    headers: { "Content-Type": contentType },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

function formRequest(url: string, fields: Record<string, string>): Request {
  return new Request(url, { method: "POST", body: new URLSearchParams(fields) });
}

async function allOrders() {
  return db().select().from(orders).orderBy(orders.id);
}

async function eventCount() {
  const [row] = await db().select({ n: count() }).from(processedEvents);
  return row!.n;
}

let payments: Payments;
const routeArgs = (request: Request) => ({ request, params: {}, context: { config: { owner: null, payments }, ...site() } }) as never;

beforeAll(async () => {
  fake = await startFakeStripe();
});

afterAll(async () => {
  await fake.close();
});

beforeEach(() => {
  fake.requests.length = 0;
  fake.sessions.clear();
  fake.setMode({ kind: "ok" });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("POST /api/create-payment with Stripe (real SDK, fake Stripe server)", () => {
  beforeEach(() => {
    payments = createPayments(stripeConfig());
  });

  it("sends exactly the toolkit line, URLs, mode and an idempotency key, and records a pending order", async () => {
    const result = await createPaymentFromRequest(payments, site(), jsonRequest({ includeBump: false }));
    expect(result.status).toBe(200);
    const [session] = [...fake.sessions.values()];
    expect(result.body).toEqual({ url: session!.url });
    expect(session!.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);

    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0]!;
    expect(req.method).toBe("POST");
    expect(req.path).toBe("/v1/checkout/sessions");
    expect(req.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(req.headers.authorization).toBe("Bearer sk_test_integration");
    expect(req.headers["stripe-version"]).toBe(STRIPE_API_VERSION);
    expect(req.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    const rows = await allOrders();
    expect(req.form).toEqual([
      ["mode", "payment"],
      ["line_items[0][quantity]", "1"],
      ["line_items[0][price_data][currency]", "usd"],
      ["line_items[0][price_data][unit_amount]", "700"],
      ["line_items[0][price_data][product_data][name]", "Credit Repair Toolkit"],
      ["success_url", `${ORIGIN}/checkout-success?session_id={CHECKOUT_SESSION_ID}`],
      // Cancel comes back to the checkout as it was, saying nothing was charged.
      ["cancel_url", `${ORIGIN}/checkout?cancelled=1`],
      ["client_reference_id", String(rows[0]!.id)],
      ["metadata[order_id]", String(rows[0]!.id)],
      ["metadata[include_bump]", "false"],
    ]);

    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: "stripe",
      providerSessionId: session!.id,
      amountTotal: 700,
      currency: "usd",
      status: "pending",
      customerEmail: null,
      lines: [{ id: "toolkit", name: "Credit Repair Toolkit", unitAmountCents: 700, quantity: 1 }],
    });
  });

  it("sends Cancel back to the checkout with the article the buyer came from", async () => {
    const from = getShippedArticles()[0]!.slug;
    expect((await createPaymentFromRequest(payments, site(), jsonRequest({ includeBump: false, from }))).status).toBe(200);
    expect(fake.requests[0]!.form).toContainEqual(["cancel_url", `${ORIGIN}/checkout?from=${from}&cancelled=1`]);
  });

  it("adds the Power Pack as a second line when the bump is ticked", async () => {
    const result = await createPaymentFromRequest(payments, site(), jsonRequest({ includeBump: true }));
    expect(result.status).toBe(200);
    const rows = await allOrders();
    expect(fake.requests[0]!.form).toEqual([
      ["mode", "payment"],
      ["line_items[0][quantity]", "1"],
      ["line_items[0][price_data][currency]", "usd"],
      ["line_items[0][price_data][unit_amount]", "700"],
      ["line_items[0][price_data][product_data][name]", "Credit Repair Toolkit"],
      ["line_items[1][quantity]", "1"],
      ["line_items[1][price_data][currency]", "usd"],
      ["line_items[1][price_data][unit_amount]", "1499"],
      ["line_items[1][price_data][product_data][name]", "Dispute Letter Power Pack"],
      ["success_url", `${ORIGIN}/checkout-success?session_id={CHECKOUT_SESSION_ID}`],
      ["cancel_url", `${ORIGIN}/checkout?bump=1&cancelled=1`],
      ["client_reference_id", String(rows[0]!.id)],
      ["metadata[order_id]", String(rows[0]!.id)],
      ["metadata[include_bump]", "true"],
    ]);
    const [row] = await allOrders();
    expect(row!.amountTotal).toBe(2199);
    expect(row!.lines.map((l) => [l.name, l.unitAmountCents])).toEqual([
      ["Credit Repair Toolkit", 700],
      ["Dispute Letter Power Pack", 1499],
    ]);
  });

  it("uses a new idempotency key per purchase", async () => {
    await createPaymentFromRequest(payments, site(), jsonRequest({ includeBump: false }));
    await createPaymentFromRequest(payments, site(), jsonRequest({ includeBump: false }));
    const keys = fake.requests.map((r) => r.headers["idempotency-key"]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
    expect(await allOrders()).toHaveLength(2);
  });

  it.each([
    ["an empty object", {}, /includeBump/],
    ["a string for includeBump", { includeBump: "true" }, /includeBump/],
    ["an extra field (a price)", { includeBump: true, amount: 1 }, /amount/],
    ["an array", [true], /expected object/],
    ["null", null, /expected object/],
  ])("refuses %s with 400 and a clear message, calling nobody", async (_name, body, pattern) => {
    const result = await createPaymentFromRequest(payments, site(), jsonRequest(body));
    expect(result.status).toBe(400);
    const error = (result.body as { error: string }).error;
    expect(error).toMatch(pattern);
    expect(error).toContain('{"includeBump": true|false}');
    expect(fake.requests).toHaveLength(0);
    expect(await allOrders()).toHaveLength(0);
  });

  it("refuses a body that is not JSON, or not sent as JSON", async () => {
    const broken = await createPaymentFromRequest(payments, site(), jsonRequest("{includeBump: true"));
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ error: expect.stringMatching(/not valid JSON/) });
    const form = await createPaymentFromRequest(payments, site(), jsonRequest("includeBump=true", "application/x-www-form-urlencoded"));
    expect(form.status).toBe(400);
    expect(form.body).toEqual({ error: expect.stringMatching(/Content-Type must be application\/json/) });
    expect(fake.requests).toHaveLength(0);
    expect(await allOrders()).toHaveLength(0);
  });

  it("answers 502 with a generic message when Stripe refuses, logging the detail", async () => {
    const log = vi.spyOn(logger, "error").mockImplementation(() => {});
    fake.setMode({ kind: "error", status: 400, type: "invalid_request_error", message: "Secret detail: bad api key sk_test_xyz" });
    const result = await createPaymentFromRequest(payments, site(), jsonRequest({ includeBump: true }));
    expect(result).toEqual({ status: 502, body: { error: GENERIC } });
    expect(JSON.stringify(result.body)).not.toContain("Secret detail");
    expect(loggedText(log)).toContain("Secret detail");
    expect(await allOrders()).toHaveLength(0);
  });

  it("retries a Stripe 500 with the same idempotency key, then answers 503", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => {});
    payments = createPayments(stripeConfig({ maxNetworkRetries: 1 }));
    fake.setMode({ kind: "error", status: 500, type: "api_error", message: "Stripe is having a bad day" });
    const result = await createPaymentFromRequest(payments, site(), jsonRequest({ includeBump: false }));
    expect(result).toEqual({ status: 503, body: { error: GENERIC } });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.headers["idempotency-key"]).toBe(fake.requests[0]!.headers["idempotency-key"]);
    expect(await allOrders()).toHaveLength(0);
  });

  it("gives up on a Stripe that never answers within the timeout", async () => {
    const log = vi.spyOn(logger, "error").mockImplementation(() => {});
    payments = createPayments(stripeConfig({ timeoutMs: 300, maxNetworkRetries: 1 }));
    fake.setMode({ kind: "hang" });
    const started = Date.now();
    const result = await createPaymentFromRequest(payments, site(), jsonRequest({ includeBump: false }));
    const elapsed = Date.now() - started;
    expect(result).toEqual({ status: 503, body: { error: GENERIC } });
    expect(elapsed).toBeLessThan(3_000);
    expect(fake.requests).toHaveLength(2); // the first try and one retry
    expect(loggedText(log)).toMatch(/timeout/i);
    expect(await allOrders()).toHaveLength(0);
  });
});

describe("the no-JavaScript checkout form (POST /checkout)", () => {
  beforeEach(() => {
    payments = createPayments(stripeConfig());
  });

  it("creates the session and redirects (303) to the hosted page", async () => {
    const response = (await checkoutAction(routeArgs(formRequest("http://localhost/checkout", { includeBump: "1" })))) as Response;
    expect(response.status).toBe(303);
    const [session] = [...fake.sessions.values()];
    expect(response.headers.get("Location")).toBe(session!.url);
    expect(session!.amount_total).toBe(2199);
    const [row] = await allOrders();
    expect(row).toMatchObject({ providerSessionId: session!.id, amountTotal: 2199, status: "pending" });
  });

  it("without JavaScript too, gives the browser its buyer cookie, and a second checkout keeps the same key", async () => {
    const first = (await checkoutAction(routeArgs(formRequest("http://localhost/checkout", {})))) as Response;
    const setCookie = first.headers.get("Set-Cookie")!;
    // The configured origin is https, so the cookie is Secure even though this request came over http.
    expect(setCookie).toMatch(/^fsm_buyer=[^;]+; Max-Age=2592000; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    const again = new Request("http://localhost/checkout", {
      method: "POST",
      body: new URLSearchParams({ includeBump: "1" }),
      headers: { Cookie: setCookie.split(";")[0]! },
    });
    await checkoutAction(routeArgs(again));
    const rows = await allOrders();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.buyerKeyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[1]!.buyerKeyHash).toBe(rows[0]!.buyerKeyHash);
  });

  it("without the box ticked buys the toolkit alone", async () => {
    const response = (await checkoutAction(routeArgs(formRequest("http://localhost/checkout", {})))) as Response;
    expect(response.status).toBe(303);
    expect((await allOrders())[0]!.amountTotal).toBe(700);
  });

  it("shows the failure message when Stripe fails, creating nothing", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => {});
    fake.setMode({ kind: "error", status: 500, type: "api_error" });
    payments = createPayments(stripeConfig({ maxNetworkRetries: 0 }));
    const result = (await checkoutAction(routeArgs(formRequest("http://localhost/checkout", {})))) as unknown as {
      data: { description: string };
      init: { status: number };
    };
    expect(result.init.status).toBe(503);
    expect(result.data.description).toBe(GENERIC);
    expect(await allOrders()).toHaveLength(0);
  });

  it.each<Record<string, string>>([{ includeBump: "yes" }, { website: "https://spam.example" }])(
    "refuses a choice no form sends (%o) with the one message, and a filled-in website field is no bot pass",
    async (body) => {
      const result = (await checkoutAction(routeArgs(formRequest("http://localhost/checkout", body)))) as unknown as {
        data: { description: string };
        init: { status: number };
      };
      expect(result.init.status).toBe(400);
      expect(result.data.description).toBe("The order bump choice was not understood. Please tick or untick the box and try again.");
      expect(await allOrders()).toHaveLength(0);
    },
  );
});

/** A signed webhook delivery, as Stripe would send it. */
function signed(event: object, { secret = WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
  return { payload, header };
}

let eventCounter = 0;
function stripeEvent(type: string, object: object) {
  return { id: `evt_test_${++eventCounter}_${Date.now()}`, object: "event", type, api_version: STRIPE_API_VERSION, data: { object } };
}

async function pendingStripeOrder(includeBump = false) {
  const result = await createPaymentFromRequest(payments, site(), jsonRequest({ includeBump }));
  expect(result.status).toBe(200);
  return [...fake.sessions.values()].at(-1)!;
}

describe("POST /api/webhooks/stripe", () => {
  beforeEach(() => {
    payments = createPayments(stripeConfig());
  });

  it("refuses a missing, wrong, stale or tampered signature with 400 and changes nothing", async () => {
    vi.spyOn(logger, "warn").mockImplementation(() => {});
    const session = fake.pay((await pendingStripeOrder()).id);
    const event = stripeEvent("checkout.session.completed", session);

    const missing = await handleStripeWebhook(payments, JSON.stringify(event), null);
    const wrongSecret = signed(event, { secret: "whsec_someone_else" });
    const wrong = await handleStripeWebhook(payments, wrongSecret.payload, wrongSecret.header);
    const stale = signed(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    const staleResult = await handleStripeWebhook(payments, stale.payload, stale.header);
    const good = signed(event);
    const tampered = await handleStripeWebhook(payments, good.payload.replace('"paid"', '"unpaid"'), good.header);

    for (const result of [missing, wrong, staleResult, tampered]) expect(result.status).toBe(400);
    expect(missing.body).toEqual({ error: "Missing Stripe-Signature header" });
    expect(wrong.body).toEqual({ error: "Invalid signature" });
    const [row] = await allOrders();
    expect(row!.status).toBe("pending");
    expect(row!.customerEmail).toBeNull();
    expect(await eventCount()).toBe(0);
  });

  it("accepts a signature within the 300 s tolerance", async () => {
    const session = fake.pay((await pendingStripeOrder()).id);
    const { payload, header } = signed(stripeEvent("checkout.session.completed", session), {
      timestamp: Math.floor(Date.now() / 1000) - 240,
    });
    expect((await handleStripeWebhook(payments, payload, header)).status).toBe(200);
    expect((await allOrders())[0]!.status).toBe("paid");
  });

  it("answers 503 and logs why when STRIPE_WEBHOOK_SECRET is not set", async () => {
    const log = vi.spyOn(logger, "error").mockImplementation(() => {});
    payments = createPayments(stripeConfig({ webhookSecret: undefined }));
    const session = fake.pay((await pendingStripeOrder()).id);
    const { payload, header } = signed(stripeEvent("checkout.session.completed", session));
    const result = await handleStripeWebhook(payments, payload, header);
    expect(result.status).toBe(503);
    expect(loggedText(log)).toContain("STRIPE_WEBHOOK_SECRET");
    expect((await allOrders())[0]!.status).toBe("pending");
  });

  it("marks the order paid on checkout.session.completed, with the buyer's e-mail and payment id", async () => {
    const session = fake.pay((await pendingStripeOrder(true)).id, { email: "ana@example.com", paymentIntent: "pi_123" });
    const { payload, header } = signed(stripeEvent("checkout.session.completed", session));
    const result = await handleStripeWebhook(payments, payload, header);
    expect(result).toEqual({ status: 200, body: { received: true } });
    const rows = await allOrders();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: "paid",
      customerEmail: "ana@example.com",
      providerPaymentId: "pi_123",
      amountTotal: 2199,
    });
    expect(await eventCount()).toBe(1);
  });

  it("applies the same event delivered five times in parallel exactly once", async () => {
    const session = fake.pay((await pendingStripeOrder()).id);
    const { payload, header } = signed(stripeEvent("checkout.session.completed", session));
    const results = await Promise.all(Array.from({ length: 5 }, () => handleStripeWebhook(payments, payload, header)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.body.duplicate === true)).toHaveLength(4);
    const rows = await allOrders();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe("paid");
    expect(await eventCount()).toBe(1);

    // Later redeliveries touch nothing at all, not even the order's updated_at.
    await new Promise((r) => setTimeout(r, 20));
    const later = await Promise.all(Array.from({ length: 5 }, () => handleStripeWebhook(payments, payload, header)));
    expect(later.every((r) => r.status === 200 && r.body.duplicate === true)).toBe(true);
    const [after] = await allOrders();
    expect(after!.updatedAt.getTime()).toBe(rows[0]!.updatedAt.getTime());
  });

  it("ignores (and logs) a paid session this site did not create: no order, no grant", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => {});
    const session = fake.pay((await pendingStripeOrder(true)).id);
    await testDb.truncate();
    const { payload, header } = signed(stripeEvent("checkout.session.completed", session));
    expect(await handleStripeWebhook(payments, payload, header)).toEqual({
      status: 200,
      body: { received: true, ignored: "no matching order" },
    });
    expect(await allOrders()).toHaveLength(0);
    expect(await eventCount()).toBe(0);
    expect(loggedText(warn)).toContain(session.id);
  });

  it("ignores an event for one of our sessions whose amount or currency differs from the order, or is missing", async () => {
    vi.spyOn(logger, "warn").mockImplementation(() => {});
    const session = fake.pay((await pendingStripeOrder(false)).id);
    for (const changed of [{ amount_total: 9900 }, { currency: "eur" }, { amount_total: null }, { currency: null }]) {
      const { payload, header } = signed(stripeEvent("checkout.session.completed", { ...session, ...changed }));
      expect((await handleStripeWebhook(payments, payload, header)).body).toMatchObject({ ignored: "no matching order" });
    }
    expect((await allOrders())[0]!.status).toBe("pending");
  });

  it("marks a paid order refunded on a full charge.refunded, and a late completion does not undo it", async () => {
    const session = fake.pay((await pendingStripeOrder()).id, { paymentIntent: "pi_refund_me" });
    const completed = signed(stripeEvent("checkout.session.completed", session));
    expect((await handleStripeWebhook(payments, completed.payload, completed.header)).status).toBe(200);

    const charge = { id: "ch_1", object: "charge", payment_intent: "pi_refund_me", refunded: true, amount: 700, amount_refunded: 700 };
    const refund = signed(stripeEvent("charge.refunded", charge));
    expect((await handleStripeWebhook(payments, refund.payload, refund.header)).status).toBe(200);
    expect((await allOrders())[0]!.status).toBe("refunded");

    const late = signed(stripeEvent("checkout.session.async_payment_succeeded", session));
    expect((await handleStripeWebhook(payments, late.payload, late.header)).status).toBe(200);
    expect((await allOrders())[0]!.status).toBe("refunded");
  });

  it("finds the order through Stripe when the refund arrives before the completion", async () => {
    fake.pay((await pendingStripeOrder()).id, { paymentIntent: "pi_early_refund" });
    const charge = { id: "ch_2", object: "charge", payment_intent: "pi_early_refund", refunded: true, amount: 700, amount_refunded: 700 };
    const refund = signed(stripeEvent("charge.refunded", charge));
    expect((await handleStripeWebhook(payments, refund.payload, refund.header)).status).toBe(200);
    const [row] = await allOrders();
    expect(row).toMatchObject({ status: "refunded", providerPaymentId: "pi_early_refund" });
    expect(fake.requests.some((r) => r.method === "GET" && r.query.get("payment_intent") === "pi_early_refund")).toBe(true);
  });

  it("leaves the order paid on a partial refund", async () => {
    vi.spyOn(logger, "warn").mockImplementation(() => {});
    const session = fake.pay((await pendingStripeOrder(true)).id, { paymentIntent: "pi_partial" });
    const completed = signed(stripeEvent("checkout.session.completed", session));
    await handleStripeWebhook(payments, completed.payload, completed.header);
    const charge = { id: "ch_3", object: "charge", payment_intent: "pi_partial", refunded: false, amount: 2199, amount_refunded: 1499 };
    const refund = signed(stripeEvent("charge.refunded", charge));
    expect((await handleStripeWebhook(payments, refund.payload, refund.header)).status).toBe(200);
    expect((await allOrders())[0]!.status).toBe("paid");
  });

  it("answers 500 (so Stripe retries) when the handler cannot apply an event, recording nothing", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => {});
    const charge = { id: "ch_4", object: "charge", payment_intent: "pi_unknown", refunded: true, amount: 700, amount_refunded: 700 };
    const refund = signed(stripeEvent("charge.refunded", charge));
    const result = await handleStripeWebhook(payments, refund.payload, refund.header);
    expect(result).toEqual({ status: 500, body: { error: "Webhook handler failed" } });
    expect(await eventCount()).toBe(0);
  });

  it("follows a delayed payment: completed unpaid stays pending, then async success marks it paid", async () => {
    // The fake session carries no e-mail address: the order is paid, and says why no receipt went.
    expectLog(/is paid but has no e-mail address: no receipt was queued/);
    const created = await pendingStripeOrder();
    const unpaid = { ...fake.sessions.get(created.id)!, status: "complete", payment_intent: "pi_ach" };
    const completed = signed(stripeEvent("checkout.session.completed", unpaid));
    expect((await handleStripeWebhook(payments, completed.payload, completed.header)).status).toBe(200);
    expect((await allOrders())[0]!.status).toBe("pending");
    const succeeded = signed(stripeEvent("checkout.session.async_payment_succeeded", { ...unpaid, payment_status: "paid" }));
    expect((await handleStripeWebhook(payments, succeeded.payload, succeeded.header)).status).toBe(200);
    expect((await allOrders())[0]!.status).toBe("paid");
  });

  it("marks the order failed on checkout.session.async_payment_failed", async () => {
    const created = await pendingStripeOrder();
    const failed = signed(stripeEvent("checkout.session.async_payment_failed", { ...fake.sessions.get(created.id)! }));
    expect((await handleStripeWebhook(payments, failed.payload, failed.header)).status).toBe(200);
    expect((await allOrders())[0]!.status).toBe("failed");
  });

  it("acknowledges an event of another type with 200 and ignores it", async () => {
    const session = fake.pay((await pendingStripeOrder()).id);
    const { payload, header } = signed(stripeEvent("checkout.session.expired", session));
    const result = await handleStripeWebhook(payments, payload, header);
    expect(result).toEqual({ status: 200, body: { received: true, ignored: "checkout.session.expired" } });
    expect((await allOrders())[0]!.status).toBe("pending");
    expect(await eventCount()).toBe(0);
  });
});

describe("when the database is down", () => {
  beforeEach(() => {
    payments = createPayments(stripeConfig());
  });
  afterEach(() => testDb.restore());

  it("create-payment answers 503 with the generic message", async () => {
    const log = vi.spyOn(logger, "error").mockImplementation(() => {});
    await testDb.outage();
    const result = await createPaymentFromRequest(payments, site(), jsonRequest({ includeBump: false }));
    expect(result).toEqual({ status: 503, body: { error: GENERIC } });
    expect(log).toHaveBeenCalled();
  });

  it("a webhook answers 500 so Stripe retries, and the retry applies it once the database is back", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => {});
    const session = fake.pay((await pendingStripeOrder(true)).id);
    const { payload, header } = signed(stripeEvent("checkout.session.completed", session));
    const [order] = await allOrders();
    await testDb.outage();
    expect((await handleStripeWebhook(payments, payload, header)).status).toBe(500);
    await testDb.restore();
    // An embedded database comes back empty (in memory): put the order back as the real one would have kept it.
    if (testDb.kind === "pglite") await db().insert(orders).values(order!);
    expect((await handleStripeWebhook(payments, payload, header)).status).toBe(200);
    const rows = await allOrders();
    expect(rows.filter((r) => r.providerSessionId === session.id)).toEqual([
      expect.objectContaining({ status: "paid", amountTotal: 2199 }),
    ]);
    expect(await eventCount()).toBe(1);
  });
});

describe("the success page's view of an order (Stripe)", () => {
  beforeEach(() => {
    payments = createPayments(stripeConfig());
  });

  it("shows the lines and 'processing' until Stripe says paid, then 'confirmed' (without fulfilling)", async () => {
    const session = await pendingStripeOrder(true);
    expect(await orderView(payments, site().products, session.id)).toEqual({
      found: true,
      orderNumber: expect.stringMatching(/^FSM-\d{6}$/),
      lines: [
        { name: "Credit Repair Toolkit", amountCents: 700 },
        { name: "Dispute Letter Power Pack", amountCents: 1499 },
      ],
      // No promotion code: no code's line.
      discount: null,
      // The toolkit was bought: the page says where to start.
      toolkit: true,
      totalCents: 2199,
      paidAt: null,
      state: "processing",
      customerEmail: null,
      buyer: false,
      access: null,
      awaitingFulfilment: false,
    });
    fake.pay(session.id, { email: "kim@example.com" });
    // A page asking after the kept answer's 10 s: the provider is asked again.
    payments = createPayments(payments.config);
    expect(await orderView(payments, site().products, session.id)).toMatchObject({
      found: true,
      state: "confirmed",
      customerEmail: "kim@example.com",
      access: null,
      awaitingFulfilment: true,
    });
    expect((await allOrders())[0]!.status).toBe("pending"); // reading never fulfils
  });

  it("says not found for a forged or unknown id, without asking Stripe for malformed ones", async () => {
    expect(await orderView(payments, site().products, "cs_test_doesnotexist")).toEqual({ found: false });
    expect(await orderView(payments, site().products, "../../etc/passwd")).toEqual({ found: false });
    expect(await orderView(payments, site().products, "")).toEqual({ found: false });
    expect(fake.requests).toHaveLength(0);
  });

  it("says not found when Stripe does not know a session the table has", async () => {
    const session = await pendingStripeOrder();
    fake.sessions.delete(session.id);
    expect(await orderView(payments, site().products, session.id)).toEqual({ found: false });
  });

  it("falls back to the order table when Stripe cannot be reached", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => {});
    const session = await pendingStripeOrder();
    fake.setMode({ kind: "error", status: 500, type: "api_error", message: "down" });
    payments = createPayments(stripeConfig({ maxNetworkRetries: 0 }));
    expect(await orderView(payments, site().products, session.id)).toMatchObject({ found: true, state: "processing", totalCents: 700 });
  });
});

describe("the built-in test provider", () => {
  beforeEach(() => {
    payments = createPayments({ provider: "test", publicOrigin: ORIGIN });
  });

  async function startTestCheckout(includeBump: boolean) {
    const result = await createPaymentFromRequest(payments, site(), jsonRequest({ includeBump }));
    expect(result.status).toBe(200);
    const url = (result.body as { url: string }).url;
    expect(url).toMatch(/^\/pay\/test\?session=test_[0-9a-f]{32}$/);
    return new URL(url, "http://localhost").searchParams.get("session")!;
  }

  it("creates a pending order and pays it through the shared fulfilment, once", async () => {
    const sessionId = await startTestCheckout(true);
    expect(fake.requests).toHaveLength(0);
    expect((await allOrders())[0]).toMatchObject({ provider: "test", status: "pending", amountTotal: 2199 });

    const page = (await payTestLoader(routeArgs(new Request(`http://localhost/pay/test?session=${sessionId}`)))) as {
      order: { totalCents: number; lines: { name: string }[] };
    };
    expect(page.order.totalCents).toBe(2199);
    expect(page.order.lines.map((l) => l.name)).toEqual(["Credit Repair Toolkit", "Dispute Letter Power Pack"]);

    const pay = () =>
      payTestAction(
        routeArgs(formRequest("http://localhost/pay/test", { session: sessionId, intent: "pay", email: "buyer@example.com" })),
      ) as Promise<Response>;
    const first = await pay();
    expect(first.status).toBe(303);
    expect(first.headers.get("Location")).toBe(`/checkout-success?session_id=${sessionId}`);
    const again = await Promise.all([pay(), pay()]);
    expect(again.map((r) => r.status)).toEqual([303, 303]);

    const rows = await allOrders();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe("paid");
    expect(await eventCount()).toBe(1);
    expect(await orderView(payments, site().products, sessionId)).toMatchObject({ found: true, state: "confirmed", totalCents: 2199 });
  });

  it("Cancel goes back to /checkout and leaves the order unpaid", async () => {
    const sessionId = await startTestCheckout(false);
    const response = (await payTestAction(
      routeArgs(formRequest("http://localhost/pay/test", { session: sessionId, intent: "cancel" })),
    )) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/checkout?cancelled=1");
    expect((await allOrders())[0]!.status).toBe("pending");
    expect(await orderView(payments, site().products, sessionId)).toMatchObject({ state: "processing", totalCents: 700 });
  });

  it("Cancel returns to the checkout with the add-on and the source article as they were", async () => {
    const from = getShippedArticles()[0]!.slug;
    const result = await createPaymentFromRequest(payments, site(), jsonRequest({ includeBump: true, from }));
    const sessionId = new URL((result.body as { url: string }).url, "http://localhost").searchParams.get("session")!;
    const response = (await payTestAction(
      routeArgs(formRequest("http://localhost/pay/test", { session: sessionId, intent: "cancel" })),
    )) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/checkout?bump=1&from=${from}&cancelled=1`);
  });

  it("refuses to pay an unknown session", async () => {
    const result = (await payTestAction(
      routeArgs(
        formRequest("http://localhost/pay/test", {
          session: "test_00000000000000000000000000000000",
          intent: "pay",
          email: "buyer@example.com",
        }),
      ),
    )) as unknown as { init: { status: number } };
    expect(result.init.status).toBe(404);
    expect(await eventCount()).toBe(0);
  });

  it("does not exist while Stripe is the provider, so test orders cannot be marked paid", async () => {
    const sessionId = await startTestCheckout(false);
    payments = createPayments(stripeConfig());
    await expect(
      payTestAction(routeArgs(formRequest("http://localhost/pay/test", { session: sessionId, intent: "pay", email: "buyer@example.com" }))),
    ).rejects.toMatchObject({ init: { status: 404 } });
    expect((await allOrders())[0]!.status).toBe("pending");
  });
});

describe("choosing the provider from the environment", () => {
  it("refuses the test provider in production unless PAYMENT_PROVIDER=test", () => {
    expect(() => parseEnv({ NODE_ENV: "production", MAIL_TRANSPORT: "file" })).toThrow(/PAYMENT_PROVIDER: .*PAYMENT_PROVIDER=test/);
    const explicit = parseEnv({ NODE_ENV: "production", PAYMENT_PROVIDER: "test", MAIL_TRANSPORT: "file", ...STAND_IN_PARTNER_LINKS });
    expect(paymentsConfigFromEnv(explicit).provider).toBe("test");
  });

  it("refuses production without a way to send e-mail, unless files are chosen explicitly", () => {
    const production = { NODE_ENV: "production", PAYMENT_PROVIDER: "test", ...STAND_IN_PARTNER_LINKS };
    expect(() => parseEnv(production)).toThrow(/SMTP_URL: is not set: in production e-mail must go out through SMTP/);
    expect(mailTransportKind(parseEnv({ ...production, MAIL_TRANSPORT: "file" }))).toBe("file");
  });

  it("uses Stripe when a key is set, and needs the webhook secret with it in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production", STRIPE_SECRET_KEY: "sk_live_abc", MAIL_TRANSPORT: "file" })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    const prod = parseEnv({
      NODE_ENV: "production",
      STRIPE_SECRET_KEY: "sk_live_abc",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
      MAIL_TRANSPORT: "file",
      ...STAND_IN_PARTNER_LINKS,
    });
    expect(paymentsConfigFromEnv(prod)).toMatchObject({
      provider: "stripe",
      stripe: { secretKey: "sk_live_abc", webhookSecret: "whsec_abc" },
    });
  });

  it("uses the test provider in development without a key, and honours an explicit choice", () => {
    expect(paymentsConfigFromEnv(parseEnv({})).provider).toBe("test");
    expect(paymentsConfigFromEnv(parseEnv({ STRIPE_SECRET_KEY: "sk_test_abc", PAYMENT_PROVIDER: "test" })).provider).toBe("test");
    expect(() => parseEnv({ PAYMENT_PROVIDER: "stripe" })).toThrow(/STRIPE_SECRET_KEY/);
  });
});

describe("orders table invariants", () => {
  it("holds one order per provider session", async () => {
    payments = createPayments({ provider: "test", publicOrigin: ORIGIN });
    await createPaymentFromRequest(payments, site(), jsonRequest({ includeBump: false }));
    const [row] = await allOrders();
    await expect(
      db()
        .insert(orders)
        .values({ provider: "test", providerSessionId: row!.providerSessionId, lines: [], amountTotal: 700, currency: "usd" }),
    ).rejects.toThrow();
    expect(await db().select().from(orders).where(eq(orders.providerSessionId, row!.providerSessionId))).toHaveLength(1);
  });
});
