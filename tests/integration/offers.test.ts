/**
 * Offers (issue 53 item 5), on the server side: the owner's codes at /admin/offers (made, refused,
 * disabled, each in the audit log), the checkout page's reading of `?code=`, what the payment page
 * is asked to charge (the test provider's page and the fake Stripe's session), once per buyer
 * across spellings of one mailbox, the limit of uses held by open payment pages, an expired
 * code, the order and the receipt naming the code, a refund of one line giving back what it was
 * paid, the owner's uses and revenue per code, and a sale price with its dates in the price history.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, orderRefunds, orders, productPrices, products, promotionCodes } from "../../db/schema";
import { loader as checkoutLoader, action as checkoutAction } from "~/routes/checkout";
import { action as offersAction, loader as offersLoader } from "~/routes/admin/offers";
import { action as productEditAction, loader as productEditLoader } from "~/routes/admin/product-edit";
import { loader as orderDetailLoader } from "~/routes/admin/order-detail";
import { loader as orderPageLoader } from "~/routes/order";
import { loader as payTestLoader, action as payTestAction } from "~/routes/pay-test";
import { loader as productLoader } from "~/routes/product";
import { db } from "~/server/db.server";
import { env } from "~/server/env.server";
import { toZonedInput } from "~/lib/dates";
import { CheckoutRefused, createPaymentFromRequest, startCheckout } from "~/server/payments/checkout.server";
import { findOrderBySession } from "~/server/payments/orders.server";
import { createPayments } from "~/server/payments/payments.server";
import type { Payments } from "~/server/payments/provider.server";
import { refundOrder } from "~/server/payments/refunds.server";
import { findTestOrder, payTestOrder } from "~/server/payments/test-provider.server";
import { useTestSite } from "../helpers/context";
import { useTestDatabase } from "../helpers/db";
import { startFakeStripe, type FakeStripe } from "../helpers/fake-stripe";
import { flashedNotice, ownerCookie, TEST_OWNER } from "../helpers/owner";
import { call as callRoute, requestsTo } from "../helpers/routes";
import { useOutboxMail } from "../helpers/smtp";

const ORIGIN = "https://shop.example";
useTestDatabase();
const site = useTestSite();
const mail = useOutboxMail(ORIGIN);
const payments: Payments = createPayments({ provider: "test", publicOrigin: ORIGIN });
const config = { owner: TEST_OWNER, payments };
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: { config, ...site() } }) as never;
const { get, post } = requestsTo(ORIGIN);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const call = (run: () => unknown) => callRoute<any>(run);

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

/** The owner's "New code" form, with `fields` over an every-product, once-per-buyer 20% code without an end. */
async function createCode(fields: Record<string, string>) {
  const cookie = await ownerCookie(ORIGIN);
  return call(() =>
    offersAction(args(post("/admin/offers", { intent: "create", kind: "percent", value: "20", oncePerBuyer: "on", ...fields }, cookie))),
  );
}

async function codeRow(code: string) {
  const [row] = await db().select().from(promotionCodes).where(eq(promotionCodes.code, code));
  return row!;
}

const refusal = (run: () => Promise<unknown>) =>
  run().then(
    () => null,
    (error: unknown) => (error instanceof CheckoutRefused ? error.refusal.description : Promise.reject(error)),
  );

describe("the owner's codes", () => {
  it("makes a code stored upper-case, refuses the same code in another case and a bad value, and logs each change", async () => {
    const made = await createCode({ code: "spring", value: "20" });
    expect(made.status).toBe(303);
    expect(await flashedNotice(made, ORIGIN)).toMatchObject({
      ok: true,
      message: expect.stringContaining("The code SPRING is ready: 20% off"),
    });
    expect(await codeRow("SPRING")).toMatchObject({ kind: "percent", value: 20, productId: null, oncePerBuyer: true, maxUses: null });

    const again = await createCode({ code: "Spring" });
    expect(again.status).toBe(409);
    expect(again.data.result.error.code).toEqual([expect.stringContaining("Another code is already spelled this way")]);
    const bad = await createCode({ code: "HALF", value: "150" });
    expect(bad.status).toBe(400);
    expect(bad.data.result.error.value).toEqual(["Enter a whole percentage from 1 to 99."]);
    const spaces = await createCode({ code: "TWO WORDS" });
    expect(spaces.data.result.error.code).toEqual(["Use letters, digits and single dashes, for example SPRING or WELCOME-10."]);
    expect(await db().select({ code: promotionCodes.code }).from(promotionCodes)).toEqual([{ code: "SPRING" }]);

    const cookie = await ownerCookie(ORIGIN);
    const { id } = await codeRow("SPRING");
    expect((await call(() => offersAction(args(post("/admin/offers", { intent: "disable", id: String(id) }, cookie))))).status).toBe(303);
    expect((await codeRow("SPRING")).disabledAt).not.toBeNull();
    const audit = await db().select().from(adminAuditLog).orderBy(asc(adminAuditLog.id));
    expect(audit.map((a) => [a.action, a.target])).toEqual([
      ["promotion-create", "promotion:SPRING"],
      ["promotion-disable", "promotion:SPRING"],
    ]);
  });
});

describe("a code at the checkout", () => {
  it("the offer link applies the code on the page; a bad, disabled or expired one says why and the full price stays", async () => {
    await createCode({ code: "SPRING", oncePerBuyer: "" });
    const page = await call(() => checkoutLoader(args(get("/checkout?code=spring&bump=1"))));
    expect(page.data.code).toEqual({
      code: "SPRING",
      offer: { code: "SPRING", kind: "percent", value: 20, productId: null },
      oncePerBuyer: false,
    });

    expect((await call(() => checkoutLoader(args(get("/checkout?code=NOPE"))))).data.code).toEqual({
      code: "NOPE",
      problem: "There is no code “NOPE”. Check its spelling; the full price stays.",
    });
    await db()
      .update(promotionCodes)
      .set({ endsAt: new Date(Date.now() - 60_000) });
    expect((await call(() => checkoutLoader(args(get("/checkout?code=SPRING"))))).data.code.problem).toMatch(
      /^The code SPRING expired on .+; the full price stays\.$/,
    );
    await db().update(promotionCodes).set({ endsAt: null, disabledAt: new Date() });
    expect((await call(() => checkoutLoader(args(get("/checkout?code=SPRING"))))).data.code.problem).toBe(
      "The code SPRING is no longer offered; the full price stays.",
    );
    // Refused at payment too: nothing stored.
    expect(await refusal(() => startCheckout(payments, site(), { includeBump: false, code: "SPRING", shown: "700-1499:SPRING" }))).toBe(
      "The code SPRING is no longer offered; the full price stays.",
    );
    expect(await db().select().from(orders)).toEqual([]);
  });

  it("Apply without JavaScript posts the form's choice and answers with the page at the code's address", async () => {
    const answer = await call(() =>
      checkoutAction(args(post("/checkout", { intent: "apply", code: " spring ", includeBump: "1", shown: "700-1499" }))),
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/checkout?bump=1&code=SPRING");
  });

  it("charges the discounted lines on the test provider's page; the order, the receipt and the dashboard name the code", async () => {
    await createCode({ code: "SPRING", oncePerBuyer: "" });
    const { sessionId } = await startCheckout(payments, site(), { includeBump: true, code: "spring", shown: "700-1499:SPRING" });
    const pending = (await findOrderBySession(sessionId))!;
    expect(pending).toMatchObject({ amountTotal: 1759, discountCents: 440, promotionCode: "SPRING" });
    expect(pending.lines.map((l) => [l.id, l.unitAmountCents, l.fullUnitCents])).toEqual([
      ["toolkit", 560, 700],
      ["power-pack", 1199, 1499],
    ]);
    const payPage = await call(() => payTestLoader(args(get(`/pay/test?session=${sessionId}`))));
    expect(payPage.data.order).toMatchObject({
      totalCents: 1759,
      discount: { code: "SPRING", amountCents: 440 },
      lines: [
        { name: "Credit Repair Toolkit", amountCents: 700 },
        { name: "Dispute Letter Power Pack", amountCents: 1499 },
      ],
    });

    await payTestOrder((await findTestOrder(sessionId))!, "ana@example.com");
    await mail.flush();
    const [receipt] = mail.received("ana@example.com");
    expect(receipt!.text).toMatch(/Code SPRING:\s+−\$4\.40/);
    expect(receipt!.text).toMatch(/Total:\s+\$17\.59/);
    // The buyer's private order page, from the receipt's link: the lines, the code's line, what was paid.
    const token = /\/orders\/([A-Za-z0-9_-]+)/.exec(receipt!.text ?? "")![1]!;
    const orderPage = await call(() => orderPageLoader(args(get(`/orders/${token}`), { token })));
    expect(orderPage.data).toMatchObject({
      lines: [
        { name: "Credit Repair Toolkit", amountCents: 700 },
        { name: "Dispute Letter Power Pack", amountCents: 1499 },
      ],
      discount: { code: "SPRING", amountCents: 440 },
      totalCents: 1759,
    });
    // The owner's sale e-mail names the code too.
    const [sale] = mail.received(env().OWNER_EMAIL);
    expect(sale!.text).toMatch(/Code SPRING:\s+−\$4\.40/);
    const cookie = await ownerCookie(ORIGIN);
    const detail = await call(() => orderDetailLoader(args(get(`/admin/orders/${pending.id}`, cookie), { id: String(pending.id) })));
    expect(detail.data.order).toMatchObject({ promotionCode: "SPRING", discountCents: 440, amountCents: 1759 });

    // A refund of one line gives back what that line was paid.
    expect(await refundOrder(payments, (await findOrderBySession(sessionId))!, "power-pack")).toMatchObject({ kind: "refunded" });
    expect(await db().select({ productId: orderRefunds.productId, cents: orderRefunds.amountCents }).from(orderRefunds)).toEqual([
      { productId: "power-pack", cents: 1199 },
    ]);
    const listed = await call(() => offersLoader(args(get("/admin/offers", cookie))));
    expect(listed.data.codes[0]).toMatchObject({ code: "SPRING", uses: 1, open: 0, revenueCents: 560, refundedCents: 1199 });
    expect(listed.data.origin).toBe(ORIGIN);
  });

  it("once per buyer: the address is checked in its canonical spelling, so another spelling of one mailbox is refused", async () => {
    await createCode({ code: "ONCE", kind: "amount", value: "2" });
    expect(await refusal(() => startCheckout(payments, site(), { includeBump: false, code: "ONCE", shown: "700-1499:ONCE" }))).toBe(
      "The code ONCE can be used once per person: enter the e-mail address for your receipt.",
    );
    const { sessionId } = await startCheckout(payments, site(), {
      includeBump: false,
      code: "ONCE",
      shown: "700-1499:ONCE",
      email: "jane.doe@gmail.com",
    });
    const order = (await findTestOrder(sessionId))!;
    expect(order).toMatchObject({ amountTotal: 500, promotionBuyer: "janedoe@gmail.com" });
    // The test page takes the checked address, whatever is typed there (as Stripe's page is given customer_email).
    await payTestOrder(order, "someone.else@example.com");
    expect((await findOrderBySession(sessionId))!).toMatchObject({ status: "paid", customerEmail: "janedoe@gmail.com" });

    const again = () =>
      createPaymentFromRequest(
        payments,
        site(),
        new Request(`${ORIGIN}/api/create-payment`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ includeBump: false, code: "once", shown: "700-1499:ONCE", email: "Jane.Doe+spring@Gmail.com" }),
        }),
      );
    expect(await again()).toEqual({
      status: 400,
      body: { error: "The code ONCE can be used once per person, and this e-mail address has used it; the full price stays." },
    });
    expect(await db().select({ id: orders.id }).from(orders)).toHaveLength(1);
  });

  it("the limit of uses counts open payment pages; Cancel frees the use; a page past its end takes no payment", async () => {
    await createCode({ code: "LAST", maxUses: "1", oncePerBuyer: "" });
    const first = await startCheckout(payments, site(), { includeBump: false, code: "LAST", shown: "700-1499:LAST" });
    expect(await refusal(() => startCheckout(payments, site(), { includeBump: false, code: "LAST", shown: "700-1499:LAST" }))).toBe(
      "The code LAST has been used as many times as it can be; the full price stays.",
    );
    const cancelled = await call(() => payTestAction(args(post("/pay/test", { intent: "cancel", session: first.sessionId }))));
    expect(cancelled.headers.get("Location")).toBe("/checkout?code=LAST&cancelled=1");
    const paid = await call(() =>
      payTestAction(args(post("/pay/test", { intent: "pay", session: first.sessionId, email: "a@example.com" }))),
    );
    expect(paid).toMatchObject({ status: 410, data: { error: expect.stringContaining("This test payment page has expired") } });
    expect((await findOrderBySession(first.sessionId))!.status).toBe("pending");

    const second = await startCheckout(payments, site(), { includeBump: false, code: "LAST", shown: "700-1499:LAST" });
    await payTestOrder((await findTestOrder(second.sessionId))!, "b@example.com");
    expect((await findOrderBySession(second.sessionId))!).toMatchObject({ status: "paid", amountTotal: 560 });
    expect(await refusal(() => startCheckout(payments, site(), { includeBump: false, code: "LAST", shown: "700-1499:LAST" }))).toMatch(
      /used as many times/,
    );
  });

  it("refuses a code the page never applied, one for a product not in the order, and one that leaves less than $0.50", async () => {
    await createCode({ code: "PACK", kind: "percent", value: "50", productId: "power-pack", oncePerBuyer: "" });
    await createCode({ code: "BIG", kind: "amount", value: "6.75", productId: "toolkit", oncePerBuyer: "" });
    expect(await refusal(() => startCheckout(payments, site(), { includeBump: false, code: "PACK", shown: "700-1499" }))).toBe(
      "Press Apply to see your price with the code PACK first. Nothing was charged.",
    );
    expect(await refusal(() => startCheckout(payments, site(), { includeBump: false, code: "PACK", shown: "700-1499:PACK" }))).toBe(
      "The code PACK is for the Dispute Letter Power Pack only; the full price stays.",
    );
    expect(await refusal(() => startCheckout(payments, site(), { includeBump: false, code: "BIG", shown: "700-1499:BIG" }))).toBe(
      "The code BIG would leave less than $0.50 to pay, the least a card payment can be; the full price stays.",
    );
    const { sessionId } = await startCheckout(payments, site(), { includeBump: true, code: "PACK", shown: "700-1499:PACK" });
    expect((await findOrderBySession(sessionId))!.lines.map((l) => l.unitAmountCents)).toEqual([700, 749]);
  });

  it("asks Stripe for the discounted lines, each saying the code, the buyer's checked address and an end to the page", async () => {
    await createCode({ code: "SPRING" });
    const stripe = createPayments({ provider: "stripe", publicOrigin: ORIGIN, stripe: { secretKey: "sk_test_offers", apiBase: fake.url } });
    fake.requests.length = 0;
    const before = Math.floor(Date.now() / 1000);
    await startCheckout(stripe, site(), { includeBump: true, code: "SPRING", shown: "700-1499:SPRING", email: "Ana@Example.com" });
    const form = new Map(fake.requests[0]!.form);
    expect([form.get("line_items[0][price_data][unit_amount]"), form.get("line_items[1][price_data][unit_amount]")]).toEqual([
      "560",
      "1199",
    ]);
    expect(form.get("line_items[0][price_data][product_data][description]")).toBe("Code SPRING: $7.00, less $1.40");
    expect(form.get("customer_email")).toBe("ana@example.com");
    expect(form.get("metadata[promotion_code]")).toBe("SPRING");
    expect(Number(form.get("expires_at"))).toBeGreaterThanOrEqual(before + 3600);
    expect(form.get("cancel_url")).toBe(`${ORIGIN}/checkout?bump=1&code=SPRING&cancelled=1`);
  });
});

describe("a sale price", () => {
  async function saleForm(fields: Record<string, string>) {
    const cookie = await ownerCookie(ORIGIN);
    const [row] = await db().select().from(products).where(eq(products.id, "toolkit"));
    return call(() =>
      productEditAction(
        args(post("/admin/products/toolkit", { intent: "sale", version: String(row!.version), ...fields }, cookie), { id: "toolkit" }),
      ),
    );
  }

  async function endSale() {
    const cookie = await ownerCookie(ORIGIN);
    const [row] = await db().select().from(products).where(eq(products.id, "toolkit"));
    return call(() =>
      productEditAction(
        args(post("/admin/products/toolkit", { intent: "sale-end", version: String(row!.version) }, cookie), { id: "toolkit" }),
      ),
    );
  }

  it("charges the sale price while it runs, says when it ends only when it has an end, and records it in the price history", async () => {
    // The toolkit at $7 for 60 days before the sale: its "it was" is honest.
    await db()
      .update(productPrices)
      .set({ validFrom: new Date(Date.now() - 60 * 86_400_000) });
    expect((await saleForm({ salePrice: "7.00" })).data.result.error.salePrice).toEqual([
      "A sale price is below the product's price ($7.00).",
    ]);
    const saved = await saleForm({ salePrice: "5.00", saleEndsAt: "2099-01-31T23:59" });
    expect(saved.status).toBe(303);
    const page = await call(() => checkoutLoader(args(get("/checkout"))));
    expect(page.data.product.priceCents).toBe(500);
    expect(page.data.sale).toEqual({
      formerPrice: expect.objectContaining({ priceCents: 700 }),
      ends: expect.stringMatching(/^Jan 31, 2099, 11:59 PM /),
    });
    const { sessionId } = await startCheckout(payments, site(), { includeBump: false, shown: "500-1499" });
    expect((await findOrderBySession(sessionId))!.amountTotal).toBe(500);
    const history = await db()
      .select({ cents: productPrices.priceCents, until: productPrices.validUntil })
      .from(productPrices)
      .where(eq(productPrices.productId, "toolkit"))
      .orderBy(asc(productPrices.validFrom));
    expect(history).toEqual([
      { cents: 700, until: expect.any(Date) },
      { cents: 500, until: new Date("2099-02-01T04:59:00.000Z") },
      { cents: 700, until: null },
    ]);

    // A sale's price changed while it runs: the price just before is the lower sale price, so no "it was".
    await saleForm({ salePrice: "6.00", saleEndsAt: "2099-01-31T23:59" });
    expect((await call(() => checkoutLoader(args(get("/checkout"))))).data.sale.formerPrice).toBeNull();

    // Ended, then a sale with no end set: the page names no end, and $7 (60 days of it) is the price it was.
    await endSale();
    expect((await call(() => checkoutLoader(args(get("/checkout"))))).data).toMatchObject({
      product: { priceCents: 700, sale: null },
      sale: null,
    });
    await saleForm({ salePrice: "6.00" });
    const product = await call(() => productLoader(args(get("/products/credit-repair-toolkit"), { slug: "credit-repair-toolkit" })));
    expect(product.data.product.priceCents).toBe(600);
    expect(product.data.sale).toEqual({ formerPrice: expect.objectContaining({ priceCents: 700 }), ends: null });
    const owner = await ownerCookie(ORIGIN);
    const editor = await call(() => productEditLoader(args(get("/admin/products/toolkit", owner), { id: "toolkit" })));
    expect(editor.data.sale.sale).toMatchObject({ priceCents: 600, endsAt: null });
    expect((await db().select().from(adminAuditLog)).map((a) => a.detail)).toEqual([
      expect.stringMatching(/^sale \$5\.00 from .+ until Jan 31, 2099, 11:59 PM EST$/),
      expect.stringMatching(/^sale \$6\.00 from .+ until Jan 31, 2099/),
      "sale ended",
      expect.stringMatching(/^sale \$6\.00 from .+ with no end set$/),
    ]);
  });

  it("a sale saved ahead starts by the clock: before it the price stands, and the cached pages' key moves when it starts and ends", async () => {
    const zone = "America/New_York";
    const start = new Date(Math.ceil((Date.now() + 3_600_000) / 60_000) * 60_000);
    const end = new Date(start.getTime() + 86_400_000);
    expect(
      (await saleForm({ salePrice: "5.00", saleStartsAt: toZonedInput(start, zone), saleEndsAt: toZonedInput(end, zone) })).status,
    ).toBe(303);
    expect((await call(() => checkoutLoader(args(get("/checkout"))))).data).toMatchObject({ product: { priceCents: 700 }, sale: null });
    const { content, products: store } = site();
    const keys = [Date.now(), start.getTime() - 1, start.getTime(), end.getTime()].map((at) =>
      content.key(at).split(":").slice(0, 3).join(":"),
    );
    expect(keys[0]).toBe(keys[1]);
    expect(new Set(keys).size).toBe(3);
    expect(store.moments()).toEqual([start.getTime(), end.getTime()]);
  });

  it("a sale whose history does not make the old price normal shows no former price", async () => {
    // The toolkit's $7 started now: a sale today cannot call it the normal price.
    await saleForm({ salePrice: "5.00" });
    expect((await call(() => checkoutLoader(args(get("/checkout"))))).data.sale).toEqual({ formerPrice: null, ends: null });
  });
});
