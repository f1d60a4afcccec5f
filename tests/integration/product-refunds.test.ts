/**
 * Refunding one product of an order (issue 42, item 6), end to end on the server side: the owner's
 * dashboard action, through the test provider and through Stripe (the real SDK against the fake,
 * then the charge.refunded event it would send); the refunded product's file and zip answer 410,
 * the other product's 200; one notice naming what was refunded; the dashboard's figures net of it.
 * A refund is asked for once, ever (issue 51): a repeat after Stripe forgot its idempotency key
 * (24 hours, the webhook down meanwhile), or after a crash between Stripe's refund and our noting
 * it, finds the refund and asks for no other.
 */
import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { orderRefunds, orders, outbox, refundRequests } from "../../db/schema";
import { shippedProduct } from "~/server/shop/shipped-products.server";

import { productFiles } from "~/lib/product-files";
import { action as orderAction, loader as adminOrderLoader } from "~/routes/admin/order-detail";
import { loader as ordersLoader } from "~/routes/admin/orders";
import { loader as overviewLoader } from "~/routes/admin/overview";
import { loader as orderPageLoader } from "~/routes/order";
import { loader as fileLoader } from "~/routes/order-file";
import { loader as zipLoader } from "~/routes/order-zip";
import { loader as unavailableLoader } from "~/routes/order-unavailable";
import { db } from "~/server/db.server";
import { mintOrderLink } from "~/server/delivery/order-access.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { findOrder, findOrderBySession } from "~/server/payments/orders.server";
import { createPayments } from "~/server/payments/payments.server";
import { refundOrder } from "~/server/payments/refunds.server";
import type { Payments } from "~/server/payments/provider.server";
import { splitRefund } from "~/server/payments/refund-events.server";
import { STRIPE_API_VERSION } from "~/server/payments/stripe.server";
import { handleStripeWebhook } from "~/server/payments/stripe-webhook.server";
import { findTestOrder, payTestOrder } from "~/server/payments/test-provider.server";
import { log as logger } from "~/server/log.server";
import { useTestSite } from "../helpers/context";
import { useTestDatabase } from "../helpers/db";
import { startFakeStripe, type FakeStripe } from "../helpers/fake-stripe";
import { flashedNotice, ownerCookie, TEST_OWNER } from "../helpers/owner";
import { call, requestsTo } from "../helpers/routes";
import { useOutboxMail } from "../helpers/smtp";

const toolkit = shippedProduct("toolkit");
const powerPack = shippedProduct("power-pack");

const ORIGIN = "https://shop.example";
const WEBHOOK_SECRET = "whsec_product_refunds";

useTestDatabase();
const site = useTestSite();
let fake: FakeStripe;
let payments: Payments;
let cookie: string;

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: { config: { owner: TEST_OWNER, payments }, ...site() } }) as never;
const { get, post } = requestsTo(ORIGIN);

const mail = useOutboxMail(ORIGIN);
const flush = () => mail.flush();
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  mail.smtp().messages.length = 0;
  await mail.smtp().start();
  fake.reset();
  payments = createPayments({ provider: "test", publicOrigin: ORIGIN });
  cookie = await ownerCookie(ORIGIN, { owner: TEST_OWNER, payments });
});

const useStripe = () =>
  (payments = createPayments({
    provider: "stripe",
    publicOrigin: ORIGIN,
    stripe: { secretKey: "sk_test_refunds", webhookSecret: WEBHOOK_SECRET, apiBase: fake.url, maxNetworkRetries: 0 },
  }));

/** A paid order with both products, through whichever provider sells now. */
async function paidOrder(email = "buyer@example.com") {
  const { sessionId } = await startCheckout(payments, site(), { includeBump: true });
  if (payments.provider.name === "test") {
    await payTestOrder((await findTestOrder(sessionId))!, email);
  } else {
    const session = fake.pay(sessionId, { email, paymentIntent: `pi_${sessionId.slice(-8)}` });
    await deliverEvent("checkout.session.completed", session);
  }
  return (await findOrderBySession(sessionId))!;
}

let events = 0;
async function deliverEvent(type: string, object: object) {
  const payload = JSON.stringify({
    id: `evt_refunds_${++events}`,
    object: "event",
    type,
    api_version: STRIPE_API_VERSION,
    data: { object },
  });
  const answer = await handleStripeWebhook(
    payments,
    payload,
    Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
  );
  expect(answer.status).toBe(200);
  return { payload, answer };
}

/**
 * The owner confirms "Refund ... only" on the order's page: what it did is said once on the page
 * its redirect leads to (the notice the layout shows), what it refused on the form (409, 400).
 */
async function refundFromPage(orderId: number, product: string) {
  const answer = await call<{ result: { error?: Record<string, string[]> } }>(() =>
    orderAction(args(post(`/admin/orders/${orderId}`, { intent: "refund", product, confirmed: "yes" }, cookie), { id: String(orderId) })),
  );
  if (answer.status !== 303) return { status: answer.status, refused: answer.data.result.error?.[""]?.join(" ") };
  expect(answer.headers.get("Location")).toBe(`/admin/orders/${orderId}`);
  return { status: answer.status, notice: await flashedNotice(answer, ORIGIN, { owner: TEST_OWNER, payments }) };
}

async function download(token: string) {
  const status = async (run: () => Promise<unknown>) => ((await run()) as Response).status;
  const file = (fileId: string) => status(() => fileLoader(args(get(`/orders/${token}/files/${fileId}`), { token, fileId })));
  const zip = (productId: string) => status(() => zipLoader(args(get(`/orders/${token}/zip/${productId}`), { token, productId })));
  return {
    powerPackFile: await file(productFiles("power-pack")[0]!.id),
    powerPackZip: await zip("power-pack"),
    toolkitFile: await file(productFiles("toolkit")[0]!.id),
    toolkitZip: await zip("toolkit"),
  };
}

const refundRows = async () =>
  (await db().select().from(orderRefunds).orderBy(orderRefunds.id)).map((r) => ({ productId: r.productId, amountCents: r.amountCents }));

/** What we recorded asking the provider for. */
const requestRows = async () =>
  (await db().select().from(refundRequests).orderBy(refundRequests.id)).map((r) => ({
    part: r.part,
    amountCents: r.amountCents,
    provider: r.provider,
    providerRefundId: r.providerRefundId,
    providerStatus: r.providerStatus,
  }));

/** The owner's words when a refund was asked for before: the date and time it was, in the business's zone, and Stripe's status. */
const alreadyRequested = (status: string) =>
  new RegExp(
    `^This refund was already requested on [A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2} [AP]M E[SD]T; Stripe has it as ${status}\\.$`,
  );

const refundPosts = () => fake.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");

describe("splitRefund: what a refund explains", () => {
  const lines = [
    { id: toolkit.id, name: toolkit.name, unitAmountCents: toolkit.priceCents, quantity: 1 },
    { id: powerPack.id, name: powerPack.name, unitAmountCents: powerPack.priceCents, quantity: 1 },
  ];
  const pp = { productId: powerPack.id, amountCents: powerPack.priceCents };
  const tk = { productId: toolkit.id, amountCents: toolkit.priceCents };

  it("names the product whose price the running total adds, then the rest, and never one twice", () => {
    expect(splitRefund(lines, [], { kind: "refunded-total", amountCents: powerPack.priceCents })).toEqual({
      products: [pp],
      unmatchedCents: 0,
    });
    expect(splitRefund(lines, [pp], { kind: "refunded-total", amountCents: powerPack.priceCents })).toEqual({
      products: [],
      unmatchedCents: 0,
    });
    expect(splitRefund(lines, [pp], { kind: "refunded-total", amountCents: powerPack.priceCents + toolkit.priceCents })).toEqual({
      products: [tk],
      unmatchedCents: 0,
    });
    expect(splitRefund(lines, [pp], { kind: "whole" })).toEqual({ products: [tk], unmatchedCents: 0 });
    expect(splitRefund(lines, [pp], { kind: "product", productId: powerPack.id })).toEqual({ products: [], unmatchedCents: 0 });
  });

  it("keeps an amount that matches no product as unmatched, and refund.* acts only on the whole order", () => {
    expect(splitRefund(lines, [], { kind: "refunded-total", amountCents: 500 })).toEqual({ products: [], unmatchedCents: 500 });
    expect(
      splitRefund(lines, [{ productId: null, amountCents: 500 }], { kind: "refunded-total", amountCents: 500 + powerPack.priceCents }),
    ).toEqual({ products: [pp], unmatchedCents: 0 });
    expect(splitRefund(lines, [], { kind: "whole-if-total", amountCents: powerPack.priceCents })).toEqual({
      products: [],
      unmatchedCents: 0,
    });
    expect(splitRefund(lines, [], { kind: "whole-if-total", amountCents: 2199 })).toEqual({ products: [tk, pp], unmatchedCents: 0 });
  });
});

describe("refunding the Power Pack alone with the test provider", () => {
  it("closes its files and zip (410), keeps the toolkit's (200), shows both on the buyer's page and sends one notice", async () => {
    const order = await paidOrder("ana@example.com");
    const token = await mintOrderLink(order.id, "receipt");
    await flush();

    const confirm = await call(() =>
      adminOrderLoader(args(get(`/admin/orders/${order.id}?confirm=refund&product=power-pack`, cookie), { id: String(order.id) })),
    );
    expect(confirm.data).toMatchObject({ confirm: "refund", product: "power-pack" });

    const first = await refundFromPage(order.id, "power-pack");
    expect(first).toEqual({
      status: 303,
      notice: { ok: true, message: expect.stringMatching(/^Refunded the Dispute Letter Power Pack/) },
    });
    const again = await refundFromPage(order.id, "power-pack");
    expect(again).toEqual({ status: 409, refused: "The Dispute Letter Power Pack was already refunded." });

    expect(await refundRows()).toEqual([{ productId: "power-pack", amountCents: 1499 }]);
    // Recorded as asked for, as a Stripe refund is, with the test provider's refund (its event) noted.
    expect(await requestRows()).toEqual([
      {
        part: "power-pack",
        amountCents: 1499,
        provider: "test",
        providerRefundId: `test_refund_${order.providerSessionId}_power-pack`,
        providerStatus: "refunded",
      },
    ]);
    expect((await findOrder(order.id))!.status).toBe("paid");
    expect(await download(token)).toEqual({ powerPackFile: 410, powerPackZip: 410, toolkitFile: 200, toolkitZip: 200 });

    // The refused file's page (plain text here: no document renderer in route tests) and its own page say why.
    const refused = await call(() => unavailableLoader(args(get(`/orders/${token}/unavailable?product=power-pack`), { token })));
    expect(refused).toMatchObject({ status: 410, data: { kind: "product-refunded", name: "Dispute Letter Power Pack" } });

    const page = await call(() => orderPageLoader(args(get(`/orders/${token}`), { token })));
    expect(page.data).toMatchObject({
      kind: "open",
      products: [expect.objectContaining({ productId: "toolkit" })],
      refundedProducts: [{ productId: "power-pack", name: "Dispute Letter Power Pack", amountCents: 1499 }],
    });
    expect((page.data as { products: unknown[] }).products).toHaveLength(1);

    await flush();
    // The receipt and the notice, and the owner's sale e-mail (decision 069).
    await mail.smtp().waitFor(3);
    await new Promise((r) => setTimeout(r, 100));
    expect(mail.smtp().messages).toHaveLength(3);
    const mails = mail.received("ana@example.com");
    expect(mails).toHaveLength(2);
    const notice = mails[1]!;
    expect(notice.subject).toBe("Your refund for the Dispute Letter Power Pack (order FSM-000001)");
    expect(notice.text).toContain("We refunded $14.99 for the Dispute Letter Power Pack (order FSM-000001)");
    expect(notice.text).toContain("Your Credit Repair Toolkit stays yours");
    expect(notice.text).not.toContain("Download access for this order has ended");
    expect(await db().select({ key: outbox.dedupeKey }).from(outbox).where(eq(outbox.kind, "access-ended"))).toEqual([
      { key: `refund:${order.id}:power-pack` },
    ]);
  });

  it("refuses a product that is not a choice, or one the order did not buy, changing nothing", async () => {
    const order = await paidOrder();
    const bogus = await refundFromPage(order.id, "Everything, please!");
    expect(bogus).toEqual({ status: 400, refused: "Choose an action and confirm it." });
    // Any product's id is a choice (issue 53): one this order never bought is refused by the refund itself.
    expect(await refundFromPage(order.id, "everything-please")).toEqual({
      status: 409,
      refused: "Not refunded: the order did not include that product.",
    });
    const { sessionId } = await startCheckout(payments, site(), { includeBump: false });
    await payTestOrder((await findTestOrder(sessionId))!, "solo@example.com");
    const solo = (await findOrderBySession(sessionId))!;
    const missing = await refundFromPage(solo.id, "power-pack");
    expect(missing).toEqual({ status: 409, refused: "Not refunded: the order did not include that product." });
    expect(await refundRows()).toEqual([]);
  });
});

describe("refunding the Power Pack alone through Stripe", () => {
  beforeEach(useStripe);

  it("asks Stripe for $14.99 once however often it is pressed, refunds it when charge.refunded says so, and the rest later", async () => {
    const order = await paidOrder("bo@example.com");
    const token = await mintOrderLink(order.id, "receipt");
    const pi = order.providerPaymentId!;
    await flush();

    const first = await refundFromPage(order.id, "power-pack");
    expect(first.notice).toEqual({
      ok: true,
      message: expect.stringMatching(/^Stripe accepted the refund of the Dispute Letter Power Pack/),
    });
    // Pressed again: the request is found and Stripe is asked how it stands, not for another refund.
    const again = await refundFromPage(order.id, "power-pack");
    expect(again).toEqual({ status: 409, refused: expect.stringMatching(alreadyRequested("succeeded")) });
    const calls = refundPosts();
    expect(calls).toHaveLength(1);
    expect(Object.fromEntries(calls[0]!.form)).toEqual({
      payment_intent: pi,
      amount: "1499",
      "metadata[order_id]": String(order.id),
      "metadata[product_id]": "power-pack",
      "metadata[refund_request_id]": "1",
    });
    expect(calls[0]!.headers["idempotency-key"]).toBe(`refund_request_1_order_${order.id}_power-pack`);
    expect(fake.refunds.map((r) => r.amount)).toEqual([1499]);
    expect(await requestRows()).toEqual([
      { part: "power-pack", amountCents: 1499, provider: "stripe", providerRefundId: fake.refunds[0]!.id, providerStatus: "succeeded" },
    ]);
    // Nothing is refunded on our side until Stripe's event says so.
    expect(await refundRows()).toEqual([]);

    const partial = fake.charge(pi);
    expect(partial).toMatchObject({ amount: 2199, amount_refunded: 1499, refunded: false });
    const { payload } = await deliverEvent("charge.refunded", partial);
    await deliverEvent("refund.created", { ...fake.refunds[0]!, object: "refund" });
    // The same event delivered twice changes nothing twice.
    const repeat = await handleStripeWebhook(
      payments,
      payload,
      Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect(repeat.body).toMatchObject({ duplicate: true });
    expect(await refundRows()).toEqual([{ productId: "power-pack", amountCents: 1499 }]);
    expect((await findOrder(order.id))!.status).toBe("paid");
    expect(await download(token)).toEqual({ powerPackFile: 410, powerPackZip: 410, toolkitFile: 200, toolkitZip: 200 });

    // The rest, from the page: Stripe gives back what is left and says the charge is refunded.
    const rest = await refundFromPage(order.id, "all");
    expect(rest.notice).toMatchObject({ ok: true });
    expect(fake.refunds.map((r) => r.amount)).toEqual([1499, 700]);
    await deliverEvent("charge.refunded", fake.charge(pi));
    expect((await findOrder(order.id))!.status).toBe("refunded");
    expect(await refundRows()).toEqual([
      { productId: "power-pack", amountCents: 1499 },
      { productId: "toolkit", amountCents: 700 },
    ]);

    await flush();
    await mail.smtp().waitFor(4);
    await new Promise((r) => setTimeout(r, 100));
    // The buyer's mail (the owner's sale e-mail went too, decision 069).
    const mails = mail.received("bo@example.com");
    expect(mails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/receipt/i),
      "Your refund for the Dispute Letter Power Pack (order FSM-000001)",
      "Your refund for the Credit Repair Toolkit (order FSM-000001)",
    ]);
    expect(mails[2]!.text).toContain("We refunded $7.00 for the Credit Repair Toolkit");
    expect(mails[2]!.text).toContain("Download access for this order has ended");
  });

  it("marks nothing refunded when Stripe answers an error, and says so", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => {});
    const order = await paidOrder();
    fake.setMode({ kind: "error", status: 400, type: "invalid_request_error", message: "No such payment_intent" });
    const answer = await refundFromPage(order.id, "power-pack");
    expect(answer).toEqual({
      status: 409,
      refused:
        "Not refunded: Stripe refused or could not be reached (see the server log); trying again asks Stripe first, so it cannot refund twice.",
    });
    expect(await refundRows()).toEqual([]);
    expect((await findOrder(order.id))!.status).toBe("paid");
    expect(fake.refunds).toEqual([]);

    // Tried again once Stripe answers: it has no refund of the request, so the same request is asked for, once.
    fake.setMode({ kind: "ok" });
    const retry = await refundFromPage(order.id, "power-pack");
    expect(retry.notice).toEqual({
      ok: true,
      message: expect.stringMatching(/^Stripe accepted the refund of the Dispute Letter Power Pack/),
    });
    expect(fake.requests.filter((r) => r.method === "GET" && r.path === "/v1/refunds")).toHaveLength(1);
    expect(refundPosts().map((r) => r.headers["idempotency-key"])).toEqual([
      `refund_request_1_order_${order.id}_power-pack`,
      `refund_request_1_order_${order.id}_power-pack`,
    ]);
    expect(fake.refunds.map((r) => r.amount)).toEqual([1499]);
  });

  it("with the webhook down for more than a day, a second press after Stripe forgot the key refunds nothing twice", async () => {
    const order = await paidOrder("late@example.com");
    const first = await refundFromPage(order.id, "toolkit");
    expect(first.notice).toMatchObject({
      ok: true,
      message: expect.stringMatching(/^Stripe accepted the refund of the Credit Repair Toolkit/),
    });
    // No charge.refunded arrives; a day passes and Stripe keeps no idempotency key that long.
    fake.forgetIdempotencyKeys();
    const second = await refundFromPage(order.id, "toolkit");
    expect(second).toEqual({ status: 409, refused: expect.stringMatching(alreadyRequested("succeeded")) });
    // The script's way (npm run order:refund) is the same function: the same answer, nothing asked.
    expect(await refundOrder(payments, (await findOrder(order.id))!, "toolkit")).toMatchObject({
      kind: "already-requested",
      provider: "stripe",
      status: "succeeded",
    });
    // A whole refund asked for covers each product: pressing a product's after it asks nothing either.
    const whole = await refundFromPage(order.id, "all");
    expect(whole.notice).toMatchObject({ ok: true });
    fake.forgetIdempotencyKeys();
    expect(await refundFromPage(order.id, "power-pack")).toEqual({
      status: 409,
      refused: expect.stringMatching(alreadyRequested("succeeded")),
    });
    expect(await refundFromPage(order.id, "all")).toEqual({ status: 409, refused: expect.stringMatching(alreadyRequested("succeeded")) });

    expect(fake.refunds.map((r) => r.amount)).toEqual([700, 1499]);
    expect(refundPosts()).toHaveLength(2);
    expect(await refundRows()).toEqual([]);
    // When the events do arrive, the refunds are recorded once, and the page says so.
    await deliverEvent("charge.refunded", fake.charge(order.providerPaymentId!));
    expect((await findOrder(order.id))!.status).toBe("refunded");
    expect(await refundFromPage(order.id, "toolkit")).toEqual({ status: 409, refused: "The Credit Repair Toolkit was already refunded." });
    expect(refundPosts()).toHaveLength(2);
  });

  it("after a crash between Stripe's refund and our noting it, the repeat finds the refund by its metadata and asks for none", async () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => {});
    const order = await paidOrder();
    // Stripe makes the refund, and the answer never reaches us (the process died, the connection dropped).
    fake.setMode({ kind: "lose-answer" });
    const lost = await refundFromPage(order.id, "toolkit");
    expect(lost).toMatchObject({ status: 409, refused: expect.stringMatching(/^Not refunded: Stripe refused or could not be reached/) });
    expect(fake.refunds.map((r) => r.amount)).toEqual([700]);
    // The SDK sends a POST whose connection closed once more, under the same key: still one refund.
    const lostPosts = refundPosts();
    expect(new Set(lostPosts.map((r) => r.headers["idempotency-key"]))).toEqual(new Set([`refund_request_1_order_${order.id}_toolkit`]));
    expect(await requestRows()).toEqual([
      { part: "toolkit", amountCents: 700, provider: "stripe", providerRefundId: null, providerStatus: null },
    ]);

    // While Stripe cannot be asked what became of it, nothing is asked again.
    fake.setMode({ kind: "error", status: 500 });
    const unclear = await refundFromPage(order.id, "toolkit");
    expect(unclear.refused).toMatch(
      /^Not refunded: this refund was already asked for on .+, and Stripe could not be asked what became of it: nothing was asked again; try again in a few minutes\.$/,
    );
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/^Could not look up the refund asked for order 1 \(toolkit, request 1\)/));

    fake.setMode({ kind: "ok" });
    fake.forgetIdempotencyKeys();
    const found = await refundFromPage(order.id, "toolkit");
    expect(found).toEqual({ status: 409, refused: expect.stringMatching(alreadyRequested("succeeded")) });
    expect(
      fake.requests
        .filter((r) => r.method === "GET" && r.path === "/v1/refunds")
        .at(-1)!
        .query.get("payment_intent"),
    ).toBe(order.providerPaymentId);
    expect(refundPosts()).toHaveLength(lostPosts.length);
    expect(fake.refunds.map((r) => r.amount)).toEqual([700]);
    expect(await requestRows()).toEqual([
      { part: "toolkit", amountCents: 700, provider: "stripe", providerRefundId: fake.refunds[0]!.id, providerStatus: "succeeded" },
    ]);
  });

  it("records a refund made in Stripe's dashboard that matches no product, flags it for the owner and changes no access", async () => {
    vi.spyOn(logger, "warn").mockImplementation(() => {});
    const order = await paidOrder();
    const token = await mintOrderLink(order.id, "receipt");
    await deliverEvent("charge.refunded", { ...fake.charge(order.providerPaymentId!), amount_refunded: 500 });
    expect(await refundRows()).toEqual([{ productId: null, amountCents: 500 }]);
    expect(await download(token)).toEqual({ powerPackFile: 200, powerPackZip: 200, toolkitFile: 200, toolkitZip: 200 });
    const page = await call(() => adminOrderLoader(args(get(`/admin/orders/${order.id}`, cookie), { id: String(order.id) })));
    expect(page.data).toMatchObject({ order: { unmatchedCents: 500, refundedCents: 500, netCents: 1699, statusLabel: "partly refunded" } });
    expect(await db().select().from(outbox).where(eq(outbox.kind, "access-ended"))).toEqual([]);
  });
});

describe("the dashboard's figures, net of refunds", () => {
  it("counts an order whose Power Pack was refunded as paid without the Power Pack, and a refunded order as not paid", async () => {
    const partly = await paidOrder("one@example.com");
    const whole = await paidOrder("two@example.com");
    await paidOrder("three@example.com");
    await refundFromPage(partly.id, "power-pack");
    await refundFromPage(whole.id, "all");

    const overview = await call(() => overviewLoader(args(get("/admin?days=7", cookie))));
    expect(overview.data).toMatchObject({
      grossCents: 3 * 2199,
      refundedCents: 1499 + 2199,
      netCents: 3 * 2199 - 1499 - 2199,
      paidOrders: 2,
      bumpOrders: 1,
      refundedOrders: 2,
    });
    const daily = (overview.data as { daily: { revenueCents: number }[] }).daily;
    expect(daily.reduce((n, d) => n + d.revenueCents, 0)).toBe(3 * 2199 - 1499 - 2199);

    const list = await call(() => ordersLoader(args(get("/admin/orders", cookie))));
    const rows = (list.data as { rows: { id: number; statusLabel: string; netCents: number }[] }).rows;
    expect(rows.map((r) => [r.id, r.statusLabel, r.netCents])).toEqual([
      [3, "paid", 2199],
      [whole.id, "refunded", 0],
      [partly.id, "partly refunded", 700],
    ]);
    expect((await db().select().from(orders)).map((o) => o.status).sort()).toEqual(["paid", "paid", "refunded"]);
  });
});
