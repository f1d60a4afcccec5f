/**
 * Delivery end to end on the server side: paying grants the products and sends one receipt;
 * the order page and file route check the link, the entitlement and the order's state; refunds
 * end access; every e-mail goes through a real SMTP server in this process and a real parser,
 * and an SMTP outage loses nothing and sends nothing twice.
 */
import Stripe from "stripe";
import { count, eq, sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import yauzl from "yauzl";
import { consents, contacts, downloads, entitlements, newsletterSubscribers, orderAccessTokens, orders, outbox } from "../../db/schema";
import { productFiles } from "~/lib/product-files";
import { action as lookupAction } from "~/routes/orders-lookup";
import { loader as orderLoader } from "~/routes/order";
import { loader as purchasesLoader } from "~/routes/orders-all";
import { loader as fileLoader } from "~/routes/order-file";
import { loader as zipLoader } from "~/routes/order-zip";
import { loader as successLoader } from "~/routes/checkout-success";
import { action as confirmAction, loader as confirmLoader } from "~/routes/newsletter-confirm";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/unsubscribe";
import { createPaymentFromRequest, startCheckout } from "~/server/payments/checkout.server";
import { buyerKey } from "~/server/delivery/buyer-key.server";
import { storeContactMessage } from "~/server/forms/contact.server";
import { db } from "~/server/db.server";
import { env } from "~/server/env.server";
import { storeLead } from "~/server/forms/leads.server";
import { storeSubscriber } from "~/server/forms/newsletter.server";
import { DOWNLOAD_SOFT_LIMIT } from "~/server/delivery/order-access.server";
import { orderView } from "~/server/delivery/order-view.server";
import { findOrderBySession } from "~/server/payments/orders.server";
import { createPayments } from "~/server/payments/payments.server";
import type { Payments } from "~/server/payments/provider.server";
import { STRIPE_API_VERSION } from "~/server/payments/stripe.server";
import { handleStripeWebhook } from "~/server/payments/stripe-webhook.server";
import { findTestOrder, payTestOrder, refundTestOrder } from "~/server/payments/test-provider.server";
import { action as contactAction } from "~/routes/contact";
import { useTestSite } from "../helpers/context";
import { useTestDatabase } from "../helpers/db";
import { startFakeStripe, type FakeStripe } from "../helpers/fake-stripe";
import { rawHeader, type TestSmtp, useOutboxMail } from "../helpers/smtp";
import { log as logger } from "~/server/log.server";

const ORIGIN = "https://shop.example";
const WEBHOOK_SECRET = "whsec_delivery_tests";

useTestDatabase();
const site = useTestSite();
const testMail = useOutboxMail(ORIGIN);
let smtp: TestSmtp;
let fake: FakeStripe;

beforeAll(async () => {
  smtp = testMail.smtp();
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  smtp.messages.length = 0;
  await smtp.start();
  payments = createPayments({ provider: "test", publicOrigin: ORIGIN });
});
afterEach(() => vi.restoreAllMocks());

let payments: Payments;
const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: { config: { owner: null, payments }, ...site() } }) as never;
const get = (path: string, cookie?: string) => new Request(`${ORIGIN}${path}`, cookie ? { headers: { Cookie: cookie } } : {});
const post = (path: string, fields: Record<string, string> = {}) =>
  new Request(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields) });

/** Everything due in the outbox, sent now. */
const flush = testMail.flush;

async function paidTestOrder(includeBump: boolean, email = "buyer@example.com") {
  const { sessionId } = await startCheckout(payments, site(), { includeBump });
  const order = (await findTestOrder(sessionId))!;
  await payTestOrder(order, email);
  return (await findOrderBySession(sessionId))!;
}

/** The first link in the text part that starts with this path. */
function linkIn(mail: ParsedMail, path: string): string {
  const url = (mail.text ?? "")
    .split(/\s+/)
    .map((word) => word.replace(/[).,]+$/, ""))
    .find((word) => word.startsWith(`${ORIGIN}${path}`));
  if (!url) throw new Error(`no ${path} link in: ${mail.text}`);
  return url.slice(ORIGIN.length);
}

async function outboxRows() {
  return db().select().from(outbox).orderBy(outbox.id);
}

describe("a purchase", () => {
  it("grants the toolkit, sends one receipt whose link lists every file, and the files download", async () => {
    const order = await paidTestOrder(false);
    expect(await db().select().from(entitlements).where(eq(entitlements.orderId, order.id))).toEqual([
      expect.objectContaining({ productId: "toolkit" }),
    ]);
    await flush();
    const [receipt] = await smtp.waitFor(1);
    expect(receipt!.to).toMatchObject({ text: "buyer@example.com" });
    expect(receipt!.subject).toMatch(/receipt/i);
    expect(receipt!.text).toContain("$7.00");
    expect(receipt!.html).toContain("$7.00");
    expect(receipt!.text).toContain("PO Box 123, Springfield, IL 62701");
    // The day it was paid in the business's zone (New York, the default), the zone named.
    const paidDay = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "America/New_York" }).format(order.paidAt!);
    expect(receipt!.text).toContain(`Paid on: ${paidDay} (Eastern Time)`);
    expect(rawHeader(receipt!, "list-unsubscribe")).toBeUndefined();

    const orderPath = linkIn(receipt!, "/orders/");
    const token = orderPath.split("/")[2]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const page = (await orderLoader(args(get(orderPath), { token }))) as {
      data: { kind: string; products: { productId: string; groups: { files: { id: string; bytes: number }[] }[] }[] };
    };
    expect(page.data.kind).toBe("open");
    expect(page.data.products.map((p) => p.productId)).toEqual(["toolkit"]);
    const listed = page.data.products[0]!.groups.flatMap((g) => g.files);
    expect(listed.map((f) => f.id)).toEqual(productFiles("toolkit").map((f) => f.id));
    expect(listed.every((f) => f.bytes > 1000)).toBe(true);

    const response = (await fileLoader(args(get(`${orderPath}/files/guide`), { token, fileId: "guide" }))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="credit-repair-guide.pdf"');
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toMatch(/noindex/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await db().select().from(downloads)).toEqual([expect.objectContaining({ orderId: order.id, fileId: "guide", count: 1 })]);

    // The order page itself (a GET, as a mail scanner makes) changed nothing.
    await orderLoader(args(get(orderPath), { token }));
    expect((await db().select().from(downloads))[0]!.count).toBe(1);
  });

  it("with the bump, grants both products; without it, a Power Pack file cannot be fetched", async () => {
    const both = await paidTestOrder(true, "both@example.com");
    await paidTestOrder(false, "alone@example.com");
    expect((await db().select().from(entitlements).where(eq(entitlements.orderId, both.id))).map((e) => e.productId).sort()).toEqual([
      "power-pack",
      "toolkit",
    ]);
    await flush();
    const mails = await smtp.waitFor(2);
    const tokenOf = (to: string) =>
      linkIn(
        mails.find((m) => m.to && "text" in m.to && m.to.text === to)!,
        "/orders/",
      ).split("/")[2]!;
    const ppFile = "power-pack-letters";
    const ok = (await fileLoader(args(get("/"), { token: tokenOf("both@example.com"), fileId: ppFile }))) as Response;
    expect(ok.status).toBe(200);
    const refused = (await fileLoader(args(get("/"), { token: tokenOf("alone@example.com"), fileId: ppFile }))) as Response;
    expect(refused.status).toBe(404);
    expect(await refused.text()).toBe("Not found.");
  });

  it("answers 404 for an unknown or malformed token and 410 for an expired one, revealing nothing", async () => {
    const order = await paidTestOrder(false);
    for (const token of ["nope", "A".repeat(43), "../../etc/passwd"]) {
      const page = (await orderLoader(args(get("/"), { token }))) as { init: { status: number } };
      expect(page.init.status).toBe(404);
      const file = (await fileLoader(args(get("/"), { token, fileId: "guide" }))) as Response;
      expect(file.status).toBe(404);
    }
    await flush();
    const token = linkIn((await smtp.waitFor(1))[0]!, "/orders/").split("/")[2]!;
    await db().execute(sql`update order_access_tokens set expires_at = now() - interval '1 second' where order_id = ${order.id}`);
    expect(((await orderLoader(args(get("/"), { token }))) as { init: { status: number } }).init.status).toBe(410);
    expect(((await fileLoader(args(get("/"), { token, fileId: "guide" }))) as Response).status).toBe(410);
  });

  it("past the soft download limit sends the buyer back to the page, which says to contact support", async () => {
    const order = await paidTestOrder(false);
    await flush();
    const token = linkIn((await smtp.waitFor(1))[0]!, "/orders/").split("/")[2]!;
    await db().insert(downloads).values({ orderId: order.id, fileId: "guide", count: DOWNLOAD_SOFT_LIMIT });
    const response = await fileLoader(args(get("/"), { token, fileId: "guide" })).catch((r: Response) => r);
    expect((response as Response).status).toBe(303);
    expect((response as Response).headers.get("location")).toBe(`/orders/${token}#file-guide`);
    const page = (await orderLoader(args(get("/"), { token }))) as {
      data: { products: { groups: { files: { id: string; overLimit: boolean }[] }[] }[] };
    };
    const guide = page.data.products[0]!.groups.flatMap((g) => g.files).find((f) => f.id === "guide")!;
    expect(guide.overLimit).toBe(true);
  });

  it("shows the downloads on the success page at once, with the order page's address", async () => {
    const { sessionId, cookie } = await paidByBuyer(true);
    const view = await orderView(payments, site().products, sessionId, await buyerKey(get("/", cookie)));
    expect(view).toMatchObject({ found: true, state: "confirmed", buyer: true });
    if (!view.found || !view.access) throw new Error("no access on a paid order");
    // The moment of payment, for the page's "Paid on" (the receipt's words, formatPaidOn).
    expect(view.paidAt).toEqual((await findOrderBySession(sessionId))!.paidAt);
    expect(view.paidAt).toBeInstanceOf(Date);
    expect(view.access.orderPath).toMatch(/^\/orders\/[A-Za-z0-9_-]{43}$/);
    expect(view.access.products.map((p) => p.name)).toEqual(["Credit Repair Toolkit", "Dispute Letter Power Pack"]);
  });
});

/** A purchase started by a browser, as /api/create-payment starts it: its cookie comes back with the URL. */
async function paidByBuyer(includeBump: boolean, email = "buyer@example.com") {
  const result = await createPaymentFromRequest(
    payments,
    site(),
    new Request(`${ORIGIN}/api/create-payment`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ includeBump }),
    }),
  );
  const sessionId = new URL((result.body as { url: string }).url, ORIGIN).searchParams.get("session")!;
  const order = (await findTestOrder(sessionId))!;
  await payTestOrder(order, email);
  return { sessionId, orderId: order.id, setCookie: result.setCookie!, cookie: result.setCookie!.split(";")[0]! };
}

type SuccessPage = { data: { kind: string; order: { orderNumber: string; receiptTo: string; access: { orderPath: string } | null } } };
const successPage = async (sessionId: string, cookie?: string) =>
  (await successLoader(args(get(`/checkout-success?session_id=${sessionId}`, cookie)))) as SuccessPage;

async function linkCount(orderId: number): Promise<number> {
  const [row] = await db().select({ n: count() }).from(orderAccessTokens).where(eq(orderAccessTokens.orderId, orderId));
  return row!.n;
}

describe("the success page", () => {
  it("gives the starting browser an HttpOnly, SameSite=Lax cookie whose hash is on the order", async () => {
    const { setCookie, cookie, orderId } = await paidByBuyer(false);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Path=\//);
    // The test server's origin is https: the cookie never travels unencrypted.
    expect(setCookie).toMatch(/; Secure/);
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    const key = (await buyerKey(get("/", cookie)))!;
    expect(order!.buyerKeyHash).toBe(createHash("sha256").update(key).digest("hex"));
  });

  it("shows the buyer's browser the order, the receipt address and the link, and reloading adds no link", async () => {
    const { sessionId, cookie, orderId } = await paidByBuyer(false, "kim@example.com");
    const before = await linkCount(orderId);
    const first = await successPage(sessionId, cookie);
    expect(first.data.order.orderNumber).toMatch(/^FSM-\d{6}$/);
    expect(first.data.order.receiptTo).toBe("kim@example.com");
    expect(first.data.order.access!.orderPath).toMatch(/^\/orders\/[A-Za-z0-9_-]{43}$/);
    expect(await linkCount(orderId)).toBe(before + 1);
    for (let i = 0; i < 5; i++) {
      const again = await successPage(sessionId, cookie);
      expect(again.data.order.access!.orderPath).toBe(first.data.order.access!.orderPath);
    }
    expect(await linkCount(orderId)).toBe(before + 1);
  });

  it("shows any other browser no link and no file, makes it none, and offers the lost-link form", async () => {
    const { sessionId, orderId } = await paidByBuyer(true, "kim@example.com");
    const other = await paidByBuyer(false, "someone@example.com");
    const before = await linkCount(orderId);
    for (const cookie of [undefined, other.cookie, "fsm_buyer=bm90LWEta2V5"]) {
      const page = await successPage(sessionId, cookie);
      expect(page.data.kind).toBe("order");
      expect(page.data.order.access).toBeNull();
      expect(page.data.order).toMatchObject({ lookupForm: true, receiptTo: "k•••@example.com" });
      expect(JSON.stringify(page.data)).not.toMatch(/\/orders\/|kim@/);
    }
    expect(await linkCount(orderId)).toBe(before);
  });
});

const sha256 = (bytes: Buffer | undefined) => (bytes ? createHash("sha256").update(bytes).digest("hex") : "missing");

/** The zip's entries: name and bytes, read back with a zip reader. */
async function unzip(response: Response): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(Buffer.from(await response.arrayBuffer()), { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) entries.set(entry.fileName, await buffer(await zip.openReadStreamPromise(entry)));
  return entries;
}

describe("Download all", () => {
  async function zipOf(orderPath: string, productId: string) {
    const token = orderPath.split("/")[2]!;
    return (await zipLoader(args(get(`${orderPath}/zip/${productId}`), { token, productId }))) as Response;
  }

  for (const productId of ["toolkit", "power-pack"] as const) {
    it(`streams the ${productId} as a zip holding each of its files, byte for byte, and counts each file once`, async () => {
      const { sessionId, cookie, orderId } = await paidByBuyer(true);
      const orderPath = (await successPage(sessionId, cookie)).data.order.access!.orderPath;
      const response = await zipOf(orderPath, productId);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/zip");
      const name = productId === "toolkit" ? "credit-repair-toolkit.zip" : "dispute-letter-power-pack.zip";
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${name}"`);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const announced = Number(response.headers.get("content-length"));
      const entries = await unzip(response.clone());
      expect(Buffer.from(await response.arrayBuffer()).length).toBe(announced);

      const folder = productId === "toolkit" ? "Credit Repair Toolkit" : "Dispute Letter Power Pack";
      const files = productFiles(productId);
      expect(entries.size).toBe(files.length);
      for (const file of files) {
        const inside = `${folder}/${file.path.split("/").slice(1).join("/")}`;
        // Compared by digest: a deep equality over megabytes of bytes takes the test runner minutes.
        expect(sha256(entries.get(inside)), inside).toBe(sha256(readFileSync(join("products/files", file.path))));
      }
      const counts = await db().select().from(downloads).where(eq(downloads.orderId, orderId));
      expect(counts.map((d) => [d.fileId, d.count]).sort()).toEqual(files.map((f) => [f.id, 1]).sort());
    });
  }

  it("keeps the folders a buyer expects: the product, then its letters", async () => {
    const { sessionId, cookie } = await paidByBuyer(false);
    const orderPath = (await successPage(sessionId, cookie)).data.order.access!.orderPath;
    const names = [...(await unzip(await zipOf(orderPath, "toolkit"))).keys()];
    expect(names).toContain("Credit Repair Toolkit/credit-repair-guide.pdf");
    expect(names).toContain("Credit Repair Toolkit/letters/01-bureau-inaccurate-item.docx");
  });

  it("refuses a product the order did not buy (404), and answers 410 once the order is refunded", async () => {
    const { sessionId, cookie } = await paidByBuyer(false);
    const orderPath = (await successPage(sessionId, cookie)).data.order.access!.orderPath;
    expect((await zipOf(orderPath, "power-pack")).status).toBe(404);
    expect((await zipOf(orderPath, "nothing")).status).toBe(404);
    expect((await refundTestOrder((await findTestOrder(sessionId))!)).valueOf()).toBe("applied");
    const refused = await zipOf(orderPath, "toolkit");
    expect(refused.status).toBe(410);
    expect(await refused.text()).toBe("This order's downloads are no longer available.");
  });

  it("past the soft limit of one of its files sends the buyer back to the product, counting nothing", async () => {
    const { sessionId, cookie, orderId } = await paidByBuyer(false);
    const orderPath = (await successPage(sessionId, cookie)).data.order.access!.orderPath;
    await db().insert(downloads).values({ orderId, fileId: "budget.pdf", count: DOWNLOAD_SOFT_LIMIT });
    const response = await zipOf(orderPath, "toolkit").catch((r: Response) => r);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${orderPath}#product-toolkit`);
    expect((await db().select().from(downloads)).map((d) => [d.fileId, d.count])).toEqual([["budget.pdf", DOWNLOAD_SOFT_LIMIT]]);
  });
});

/** A signed Stripe webhook delivery. */
function stripeDelivery(type: string, object: object, id = `evt_${type}_${Math.random().toString(36).slice(2)}`) {
  const payload = JSON.stringify({ id, object: "event", type, api_version: STRIPE_API_VERSION, data: { object } });
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}

describe("Stripe deliveries", () => {
  beforeEach(() => {
    payments = createPayments({
      provider: "stripe",
      publicOrigin: ORIGIN,
      stripe: { secretKey: "sk_test_delivery", webhookSecret: WEBHOOK_SECRET, apiBase: fake.url },
    });
  });

  it("duplicate and concurrent deliveries, and both completion events, grant once and send one receipt", async () => {
    const { sessionId } = await startCheckout(payments, site(), { includeBump: true });
    const session = fake.pay(sessionId, { email: "stripe@example.com", paymentIntent: "pi_once" });
    const completed = stripeDelivery("checkout.session.completed", session, "evt_completed_once");
    const succeeded = stripeDelivery("checkout.session.async_payment_succeeded", session, "evt_async_once");
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => handleStripeWebhook(payments, completed.payload, completed.header)),
      ...Array.from({ length: 3 }, () => handleStripeWebhook(payments, succeeded.payload, succeeded.header)),
    ]);
    expect(results.every((r) => r.status === 200)).toBe(true);
    const [order] = await db().select().from(orders);
    expect(order!.status).toBe("paid");
    expect(await db().select({ n: count() }).from(entitlements)).toEqual([{ n: 2 }]);
    // One receipt, one review request for a week later, and one sale e-mail to the owner (decision 069).
    expect((await outboxRows()).map((r) => r.kind)).toEqual(["receipt", "review-request", "owner-sale"]);
    await flush();
    await flush();
    expect(await smtp.waitFor(2)).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.messages).toHaveLength(2);
    expect(testMail.received("stripe@example.com")).toHaveLength(1);
  });

  it("finds our order by client_reference_id when its session id was never saved, and only then", async () => {
    vi.spyOn(logger, "warn").mockImplementation(() => {});
    const { sessionId } = await startCheckout(payments, site(), { includeBump: false });
    const [order] = await db().select().from(orders);
    // As if the database had failed between creating the Stripe session and saving its id.
    await db().update(orders).set({ providerSessionId: "pending_lost" }).where(eq(orders.id, order!.id));
    const session = { ...fake.pay(sessionId, { email: "ref@example.com" }), client_reference_id: String(order!.id) };
    const delivery = stripeDelivery("checkout.session.completed", session);
    expect((await handleStripeWebhook(payments, delivery.payload, delivery.header)).body).toEqual({ received: true });
    expect((await db().select().from(orders))[0]).toMatchObject({ status: "paid", providerSessionId: sessionId });

    // Another session naming the same order id is not ours: the order already has its session.
    const { sessionId: other } = await startCheckout(payments, site(), { includeBump: false });
    const foreign = { ...fake.pay(other), id: "cs_test_someone_else", client_reference_id: String(order!.id) };
    const forged = stripeDelivery("checkout.session.completed", foreign);
    expect((await handleStripeWebhook(payments, forged.payload, forged.header)).body).toMatchObject({ ignored: "no matching order" });
    expect(await db().select({ n: count() }).from(entitlements)).toEqual([{ n: 1 }]);
  });

  it("a full refund ends access: files answer 410, the page says refunded, one refund e-mail", async () => {
    const { sessionId } = await startCheckout(payments, site(), { includeBump: false });
    const session = fake.pay(sessionId, { email: "refund@example.com", paymentIntent: "pi_refunded" });
    const completed = stripeDelivery("checkout.session.completed", session);
    await handleStripeWebhook(payments, completed.payload, completed.header);
    await flush();
    await smtp.waitFor(2);
    const token = linkIn(testMail.received("refund@example.com")[0]!, "/orders/").split("/")[2]!;

    const charge = { id: "ch_r", object: "charge", payment_intent: "pi_refunded", refunded: true, amount: 700, amount_refunded: 700 };
    const refund = { id: "re_1", object: "refund", payment_intent: "pi_refunded", amount: 700, status: "succeeded" };
    for (const delivery of [
      stripeDelivery("charge.refunded", charge),
      stripeDelivery("refund.created", refund),
      stripeDelivery("charge.refunded", charge),
    ]) {
      expect((await handleStripeWebhook(payments, delivery.payload, delivery.header)).status).toBe(200);
    }
    expect((await db().select().from(orders))[0]!.status).toBe("refunded");
    const file = (await fileLoader(args(get("/"), { token, fileId: "guide" }))) as Response;
    expect(file.status).toBe(410);
    const page = (await orderLoader(args(get("/"), { token }))) as { data: { kind: string; status: string } };
    expect(page.data).toMatchObject({ kind: "closed", status: "refunded" });
    await flush();
    await smtp.waitFor(3);
    await new Promise((r) => setTimeout(r, 100));
    // The buyer's two (the third is the owner's sale e-mail, decision 069).
    const mails = testMail.received("refund@example.com");
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(/refund/i);
    expect(mails[1]!.text).toContain("$7.00");
  });

  it("a dispute pauses access and says so", async () => {
    const { sessionId } = await startCheckout(payments, site(), { includeBump: false });
    const session = fake.pay(sessionId, { email: "dispute@example.com", paymentIntent: "pi_disputed" });
    const completed = stripeDelivery("checkout.session.completed", session);
    await handleStripeWebhook(payments, completed.payload, completed.header);
    await flush();
    const dispute = { id: "dp_1", object: "dispute", payment_intent: "pi_disputed", charge: "ch_d", amount: 700 };
    const delivery = stripeDelivery("charge.dispute.created", dispute);
    expect((await handleStripeWebhook(payments, delivery.payload, delivery.header)).status).toBe(200);
    expect((await db().select().from(orders))[0]!.status).toBe("disputed");
    await flush();
    const mails = await smtp.waitFor(3);
    expect(mails.map((m) => m.subject).join(" | ")).toMatch(/dispute|paused/i);
  });
});

describe("refunds of test-provider orders (npm run order:refund)", () => {
  it("end access the same way", async () => {
    const order = await paidTestOrder(false);
    expect(await refundTestOrder(order)).toBe("applied");
    expect(await refundTestOrder(order)).toBe("duplicate");
    expect((await outboxRows()).map((r) => r.kind)).toEqual(["receipt", "review-request", "owner-sale", "access-ended"]);
  });
});

describe("e-mails from the forms", () => {
  it("a lead gets the guide with one-click unsubscribe; a duplicate lead gets nothing new", async () => {
    expect(await storeLead({ name: "Ana <b>", email: "ana@example.com", sourcePage: "emergency-fund-guide" })).toBe("created");
    expect(await storeLead({ name: "Ana", email: "ana@example.com", sourcePage: "emergency-fund-guide" })).toBe("duplicate");
    await flush();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toMatchObject({ text: "ana@example.com" });
    // The guide link goes through the site (it proves the address), then to the PDF.
    expect(mail!.html).toMatch(new RegExp(`href="${ORIGIN}/guide/[A-Za-z0-9_-]{43}\\?guide=credit-repair"`));
    expect(mail!.html).not.toContain("<b>");
    const unsubscribe = rawHeader(mail!, "list-unsubscribe");
    expect(unsubscribe).toMatch(
      new RegExp(`^<${ORIGIN}/unsubscribe/[A-Za-z0-9_-]{43}>, <mailto:support@freshstartmoney\\.com\\?subject=unsubscribe>$`),
    );
    expect(rawHeader(mail!, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.messages).toHaveLength(1);

    // GET shows a button and changes nothing; the one-click POST unsubscribes.
    const path = linkIn(mail!, "/unsubscribe/");
    const token = path.split("/")[2]!;
    expect(await unsubscribeLoader(args(get(path), { token }))).toEqual({ state: "ask", email: "ana@example.com" });
    expect((await db().select().from(contacts)).map((c) => c.suppression)).toEqual([null]);
    const oneClick = new Request(`${ORIGIN}${path}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(await unsubscribeAction(args(oneClick, { token }))).toEqual({ state: "done", email: "ana@example.com" });
    expect(await db().select().from(contacts)).toEqual([
      expect.objectContaining({ email: "ana@example.com", suppression: "unsubscribed" }),
    ]);
    // The link opened after the one click says so: no second button.
    expect(await unsubscribeLoader(args(get(path), { token }))).toEqual({ state: "done", email: "ana@example.com" });

    // A suppressed address asking again is answered as anyone, and no e-mail is even queued (issue 51).
    await db().execute(sql`delete from leads`);
    expect(await storeLead({ name: "Ana", email: "ana@example.com", sourcePage: "emergency-fund-guide" })).toBe("created");
    await flush();
    expect((await outboxRows()).map((r) => r.status)).toEqual(["sent"]);
    expect(smtp.messages).toHaveLength(1);
  });

  it("a contact message reaches the owner with Reply-To set to the sender; the sender gets a fixed acknowledgement, at most one an hour", async () => {
    const typed = {
      name: "www.sam-spam.example",
      subject: "Question\r\nBcc: x@evil.example",
      message: "Line one\nLine two https://spam.example/x",
    };
    await storeContactMessage({ ...typed, email: "sam@example.com" }, "owner@example.com");
    await flush();
    const mails = await smtp.waitFor(2);
    const owner = mails.find((m) => (m.to as { text: string }).text === "owner@example.com")!;
    expect(owner.replyTo).toMatchObject({ text: "sam@example.com" });
    expect(owner.subject).toBe("Contact form: Question Bcc: x@evil.example");
    expect(owner.bcc).toBeUndefined();
    expect(owner.text).toContain("Line one\nLine two");

    const ack = mails.find((m) => (m.to as { text: string }).text === "sam@example.com")!;
    expect(ack.subject).toBe("We received your message");
    expect(ack.text).toContain("We aim to reply within one business day.");
    // Nothing the sender typed: anyone can type a stranger's address into the form.
    for (const part of [ack.text ?? "", String(ack.html), ack.subject ?? ""]) {
      expect(part).not.toMatch(/sam-spam|Question|Bcc|Line one|spam\.example/);
    }

    // A second and third message within the hour reach the owner; the sender hears once.
    await storeContactMessage({ ...typed, email: "sam@example.com" }, "owner@example.com");
    await storeContactMessage({ ...typed, email: "sam@example.com" }, "owner@example.com");
    await flush();
    await smtp.waitFor(4);
    const sent = (await outboxRows()).map((r) => `${r.kind} ${r.toAddress} ${r.status}`);
    expect(sent.filter((r) => r.startsWith("contact-owner"))).toHaveLength(3);
    expect(sent.filter((r) => r.startsWith("contact-ack"))).toEqual(["contact-ack sam@example.com sent"]);
    expect(smtp.messages).toHaveLength(4);
  });

  it("a contact post caught by the honeypot stores nothing and sends nothing, not even the acknowledgement", async () => {
    const trap = (await contactAction(
      args(
        post("/contact", {
          name: "Bot",
          email: "victim@example.com",
          subject: "Hi",
          message: "Hello there",
          website: "https://spam.example",
        }),
      ),
    )) as { data: { status: string } };
    expect(trap.data.status).toBe("success");
    await flush();
    expect(await outboxRows()).toEqual([]);
    expect(smtp.messages).toHaveLength(0);
  });

  it("the newsletter asks to confirm; the link's GET confirms nothing, its button does, and consent is recorded", async () => {
    expect(await storeSubscriber("nia@example.com", "/blog")).toBe("created");
    expect(await storeSubscriber("nia@example.com", "/blog")).toBe("duplicate");
    const [pending] = await db().select().from(newsletterSubscribers);
    expect(pending).toMatchObject({ status: "pending", consentPage: "/blog", consentVersion: expect.any(String) });
    await flush();
    const [mail] = await smtp.waitFor(1);
    expect(rawHeader(mail!, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const path = linkIn(mail!, "/newsletter/confirm/");
    const token = path.split("/")[3]!;
    expect(await confirmLoader(args(get(path), { token }))).toEqual({ state: "ask", email: "nia@example.com" });
    expect((await db().select().from(newsletterSubscribers))[0]!.status).toBe("pending");
    expect(await confirmAction(args(post(path), { token }))).toEqual({ state: "confirmed", email: "nia@example.com" });
    expect((await db().select().from(newsletterSubscribers))[0]).toMatchObject({ status: "confirmed", confirmedAt: expect.any(Date) });
    // Used again: already confirmed; a second press records no second consent.
    expect(await confirmLoader(args(get(path), { token }))).toEqual({ state: "already", email: "nia@example.com" });
    const consentsBefore = await db().$count(consents);
    expect(await confirmAction(args(post(path), { token }))).toEqual({ state: "already", email: "nia@example.com" });
    expect(await db().$count(consents)).toBe(consentsBefore);
    const bad = (await confirmLoader(args(get("/"), { token: "x".repeat(43) }))) as { init: { status: number } };
    expect(bad.init.status).toBe(410);
  });
});

describe("the lost-link page", () => {
  it("answers the same for any address, e-mails one working link only to buyers, once per 10 minutes", async () => {
    await paidTestOrder(false, "lost@example.com");
    await paidTestOrder(true, "lost@example.com");
    await flush();
    await smtp.waitFor(2);
    smtp.messages.length = 0;

    const known = (await lookupAction(args(post("/orders/lookup", { email: " Lost@Example.com " })))) as { data: unknown };
    const unknown = (await lookupAction(args(post("/orders/lookup", { email: "nobody@example.com" })))) as { data: unknown };
    expect(known.data).toMatchObject({ form: "orderLookup", status: "success", title: "Check your inbox" });
    expect(unknown.data).toEqual(known.data);
    await lookupAction(args(post("/orders/lookup", { email: "lost@example.com" })));
    const invalid = (await lookupAction(args(post("/orders/lookup", { email: "not-an-email" })))) as {
      data: { status: string; title: string };
      init: { status: number };
    };
    expect(invalid.init.status).toBe(400);
    expect(invalid.data).toMatchObject({ status: "invalid", title: "Invalid Email", values: { email: "not-an-email" } });

    await flush();
    const [mail] = await smtp.waitFor(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.messages).toHaveLength(1);
    expect(mail!.to).toMatchObject({ text: "lost@example.com" });
    // One link (decision 071): the page of every order of the address, each order's own page linked from there.
    const links = (mail!.text ?? "").split(/\s+/).filter((w) => w.startsWith(`${ORIGIN}/orders/`) && !w.includes("lookup"));
    expect(links).toHaveLength(1);
    const token = links[0]!.replace(/[).,]+$/, "").split("/orders/all/")[1]!;
    const page = (await purchasesLoader(args(get("/"), { token }))) as { data: { kind: string; orders: { orderPath: string }[] } };
    expect(page.data.orders).toHaveLength(2);
    for (const { orderPath } of page.data.orders) {
      const orderToken = orderPath.split("/").pop()!;
      expect(((await orderLoader(args(get("/"), { token: orderToken }))) as { data: { kind: string } }).data.kind).toBe("open");
    }
  });
});

describe("the lost-link page and a bot", () => {
  it("answers a bot (the hidden field filled in) as anyone, and queues it nothing", async () => {
    await paidTestOrder(false, "lost@example.com");
    const lostLinks = () => db().$count(outbox, eq(outbox.kind, "lost-link"));
    const bot = (await lookupAction(args(post("/orders/lookup", { email: "lost@example.com", website: "https://spam.example" })))) as {
      data: unknown;
    };
    expect(bot.data).toMatchObject({ status: "success", title: "Check your inbox" });
    expect(await lostLinks()).toBe(0);
    await lookupAction(args(post("/orders/lookup", { email: "lost@example.com" })));
    expect(await lostLinks()).toBe(1);
  });
});

describe("when the mail server is down", () => {
  it("a lead and a purchase still succeed, and each e-mail arrives once when it is back", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => {});
    await smtp.stop();
    expect(await storeLead({ name: "Out", email: "out@example.com", sourcePage: "dispute-credit-errors" })).toBe("created");
    const order = await paidTestOrder(true, "outage@example.com");
    expect(order.status).toBe("paid");
    await flush();
    let rows = await outboxRows();
    expect(rows.map((r) => [r.kind, r.status, r.attempts])).toEqual([
      ["guide", "pending", 1],
      ["receipt", "pending", 1],
      // Not due for a week: not tried, so the outage did not touch it.
      ["review-request", "pending", 0],
      ["owner-sale", "pending", 1],
    ]);
    expect(rows.every((r) => (r.kind === "review-request" ? !r.lastError : r.lastError) && r.nextAttemptAt.getTime() > Date.now())).toBe(
      true,
    );

    await smtp.start();
    await flush(); // not due yet: nothing is sent early
    expect(smtp.messages).toHaveLength(0);
    // The retries' time comes (the review request's week has not).
    await db().execute(sql`update outbox set next_attempt_at = now() where attempts > 0`);
    await flush();
    await flush();
    const mails = await smtp.waitFor(3);
    await new Promise((r) => setTimeout(r, 100));
    expect(mails.map((m) => (m.to as { text: string }).text).sort()).toEqual(
      ["out@example.com", "outage@example.com", env().OWNER_EMAIL].sort(),
    );
    rows = await outboxRows();
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent", "pending", "sent"]);
  });

  it("gives up after a day of retries and marks the e-mail failed", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => {});
    await smtp.stop();
    await storeLead({ name: "Late", email: "late@example.com", sourcePage: "dispute-credit-errors" });
    await db().execute(sql`update outbox set created_at = now() - interval '25 hours', due_at = now() - interval '25 hours'`);
    await flush();
    expect((await outboxRows()).map((r) => r.status)).toEqual(["failed"]);
  });

  it("marks an address the mail server refuses for good (550) failed at once, without a day of retries", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => {});
    await storeLead({ name: "Nobody", email: "nobody@bounce.example", sourcePage: "dispute-credit-errors" });
    await flush();
    expect((await outboxRows()).map((r) => [r.status, r.attempts, r.lastError?.includes("No such mailbox")])).toEqual([
      ["failed", 1, true],
    ]);
  });

  it("two workers at once send each e-mail once", async () => {
    for (let i = 0; i < 12; i++) await storeLead({ name: `P${i}`, email: `p${i}@example.com`, sourcePage: "dispute-credit-errors" });
    await Promise.all([flush(), flush(), flush()]);
    const mails = await smtp.waitFor(12);
    await new Promise((r) => setTimeout(r, 150));
    expect(mails).toHaveLength(12);
    expect(new Set(mails.map((m) => (m.to as { text: string }).text)).size).toBe(12);
  });
});
