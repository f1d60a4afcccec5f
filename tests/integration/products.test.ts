/**
 * Products as data (issue 53): the seed of a first start, the product store following the content
 * version (another server's change within a second), the owner's editor (validation, audit, price
 * history), the checkout charging the products table's prices (the test provider and the fake
 * Stripe are asked for exactly the lines the page showed), a price changed between the page and
 * the payment, a retired product's buyers downloading, product pages (draft 404, old address 301,
 * retired "no longer sold"), and the waitlist's one e-mail per person when a product opens.
 */
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, consents, contacts, orders, outbox, productPrices, products, productWaitlist } from "../../db/schema";
import { productFiles } from "~/lib/product-files";
import { loader as checkoutLoader } from "~/routes/checkout";
import { action as productsAdminAction, loader as productsAdminLoader } from "~/routes/admin/products";
import { action as productEditAction, loader as productEditLoader } from "~/routes/admin/product-edit";
import { action as productAction, loader as productLoader } from "~/routes/product";
import { loader as resourcesLoader } from "~/routes/resources";
import { loader as orderLoader } from "~/routes/order";
import { action as adminOrderAction } from "~/routes/admin/order-detail";
import { loader as fileLoader } from "~/routes/order-file";
import { loader as sitemapLoader } from "~/routes/sitemap";
import { suppress } from "~/server/audience/contacts.server";
import { loadSiteContent } from "~/server/content/site-content.server";
import { db } from "~/server/db.server";
import { mintOrderLink } from "~/server/delivery/order-access.server";
import { createPaymentFromRequest, startCheckout } from "~/server/payments/checkout.server";
import { findOrderBySession } from "~/server/payments/orders.server";
import { createPayments } from "~/server/payments/payments.server";
import type { Payments } from "~/server/payments/provider.server";
import { findTestOrder, payTestOrder } from "~/server/payments/test-provider.server";
import { useTestSite } from "../helpers/context";
import { useTestDatabase } from "../helpers/db";
import { startFakeStripe, type FakeStripe } from "../helpers/fake-stripe";
import { ownerCookie, TEST_OWNER } from "../helpers/owner";
import { call as callRoute, requestsTo } from "../helpers/routes";
import { rawHeader, useOutboxMail } from "../helpers/smtp";
import { expectLog } from "../helpers/console-errors";

const ORIGIN = "https://shop.example";
useTestDatabase();
const site = useTestSite();
const mail = useOutboxMail(ORIGIN);
const payments: Payments = createPayments({ provider: "test", publicOrigin: ORIGIN });
const config = { owner: TEST_OWNER, payments };
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: { config, ...site() } }) as never;
const { get, post } = requestsTo(ORIGIN);
// The tests read loaders' and actions' answers field by field, whatever their route's type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const call = (run: () => unknown) => callRoute<any>(run);

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

/** The editor's fields as the page fills them for a product now, with `changes` typed over them. */
async function editorFields(id: string, changes: Record<string, string> = {}): Promise<Record<string, string>> {
  const [row] = await db().select().from(products).where(eq(products.id, id));
  return {
    intent: "save",
    version: String(row!.version),
    name: row!.name,
    slug: row!.slug,
    price: (row!.priceCents / 100).toFixed(2),
    included: row!.included.map((i) => (i.bonus ? `Bonus: ${i.label}` : i.label)).join("\n"),
    summary: row!.summary,
    body: row!.body,
    imageAlt: row!.imageAlt,
    status: row!.status,
    bumpProductId: row!.bumpProductId ?? "",
    ...changes,
  };
}

async function save(id: string, changes: Record<string, string>, cookie: string) {
  const fields = await editorFields(id, changes);
  return call(() => productEditAction(args(post(`/admin/products/${id}`, fields, cookie), { id })));
}

async function paidOrder(choice: { includeBump: boolean; product?: string }, email = "buyer@example.com") {
  const { sessionId } = await startCheckout(payments, site(), choice);
  await payTestOrder((await findTestOrder(sessionId))!, email);
  return (await findOrderBySession(sessionId))!;
}

describe("the seed", () => {
  it("starts a fresh database with today's catalogue: the toolkit and the Power Pack on sale, the three upsells coming soon", async () => {
    const rows = await db().select().from(products).orderBy(asc(products.sortOrder));
    expect(rows.map((p) => [p.id, p.slug, p.priceCents, p.status, p.bumpProductId])).toEqual([
      ["toolkit", "credit-repair-toolkit", 700, "on_sale", "power-pack"],
      ["power-pack", "dispute-letter-power-pack", 1499, "on_sale", null],
      ["credit-rebuild-bootcamp", "credit-rebuild-bootcamp", 2700, "coming_soon", null],
      ["advanced-budget-planner", "advanced-budget-planner", 1500, "coming_soon", null],
      ["debt-freedom-blueprint", "debt-freedom-blueprint", 1200, "coming_soon", null],
    ]);
    expect(rows[0]!.included.filter((i) => i.bonus).map((i) => i.label)).toEqual([
      "30-day action plan",
      "Debt payoff calculator",
      "Credit monitoring checklist",
      "Email support access",
      "A dispute tracker that reminds you when each answer is due",
    ]);
    // One current price for each product on sale, none for one not yet offered.
    const prices = await db().select().from(productPrices).orderBy(asc(productPrices.productId));
    expect(prices.map((p) => [p.productId, p.priceCents, p.validUntil])).toEqual([
      ["power-pack", 1499, null],
      ["toolkit", 700, null],
    ]);
  });

  it("a later start adds nothing over the owner's edits and keeps one current price", async () => {
    const cookie = await ownerCookie(ORIGIN);
    expect((await save("toolkit", { name: "The Credit Repair Toolkit" }, cookie)).status).toBe(303);
    await loadSiteContent();
    const [row] = await db().select().from(products).where(eq(products.id, "toolkit"));
    expect(row!.name).toBe("The Credit Repair Toolkit");
    expect(await db().select().from(productPrices).where(eq(productPrices.productId, "toolkit"))).toHaveLength(1);
  });
});

describe("the product store", () => {
  it("follows a change made on another server within a second of the content version moving", async () => {
    const other = await loadSiteContent();
    const watch = other.content.watch({ intervalMs: 50 });
    try {
      expect(other.products.toolkit().priceCents).toBe(700);
      const cookie = await ownerCookie(ORIGIN);
      expect((await save("toolkit", { price: "9.00" }, cookie)).status).toBe(303);
      // This server read again at once; the other within its next check.
      expect(site().products.toolkit().priceCents).toBe(900);
      await expect.poll(() => other.products.toolkit().priceCents, { timeout: 1000, interval: 25 }).toBe(900);
    } finally {
      watch.stop();
    }
  });

  it("every page names the price: the header (root), home, resources and the checkout", async () => {
    const cookie = await ownerCookie(ORIGIN);
    await save("toolkit", { price: "8.50" }, cookie);
    const resources = await call(() => resourcesLoader(args(get("/resources"))));
    expect(resources.data.toolkit.priceCents).toBe(850);
    expect(resources.data.others.map((p: { id: string }) => p.id)).toEqual([
      "credit-rebuild-bootcamp",
      "advanced-budget-planner",
      "debt-freedom-blueprint",
    ]);
    const checkout = await call(() => checkoutLoader(args(get("/checkout"))));
    expect(checkout.data).toMatchObject({ kind: "sell", product: { id: "toolkit", priceCents: 850 }, bump: { id: "power-pack" } });
  });
});

describe("the owner's editor", () => {
  it("needs her session", async () => {
    expect((await call(() => productsAdminLoader(args(get("/admin/products"))))).headers.get("Location")).toMatch(/^\/admin\/login/);
    const post_ = await call(() => productEditAction(args(post("/admin/products/toolkit", { intent: "save" }), { id: "toolkit" })));
    expect(post_.status).toBe(303);
    expect(post_.headers.get("Location")).toMatch(/^\/admin\/login/);
  });

  it("refuses bad input with a message beside each field and changes nothing", async () => {
    const cookie = await ownerCookie(ORIGIN);
    const bad = await save("toolkit", { slug: "Credit Repair!", price: "0.10", included: "", summary: "" }, cookie);
    expect(bad.status).toBe(400);
    expect(bad.data.result.error).toMatchObject({
      slug: [expect.stringMatching(/lowercase letters, digits and single hyphens/)],
      price: [expect.stringMatching(/at least \$0\.50/)],
      included: [expect.stringMatching(/at least one thing/)],
      summary: ["Write a short description."],
    });
    const taken = await save("toolkit", { slug: "dispute-letter-power-pack" }, cookie);
    expect(taken.status).toBe(409);
    expect(taken.data.result.error.slug).toEqual([expect.stringMatching(/Another product uses this address/)]);
    const self = await save("toolkit", { bumpProductId: "toolkit" }, cookie);
    expect(self.data.result.error.bumpProductId).toEqual(["A product cannot be its own add-on."]);
    const [row] = await db().select().from(products).where(eq(products.id, "toolkit"));
    expect([row!.slug, row!.priceCents, row!.version, row!.bumpProductId]).toEqual(["credit-repair-toolkit", 700, 1, "power-pack"]);
    // A save made from an older page (another tab) is refused whole.
    await save("toolkit", { name: "Renamed" }, cookie);
    const stale = await save("toolkit", { version: "1", price: "5.00" }, cookie);
    expect(stale.status).toBe(409);
    expect((await db().select().from(products).where(eq(products.id, "toolkit")))[0]!.priceCents).toBe(700);
  });

  it("a price change closes the current price and opens the next in one save, and the audit log says so", async () => {
    const cookie = await ownerCookie(ORIGIN);
    const saved = await save("power-pack", { price: "12.99" }, cookie);
    expect(saved.status).toBe(303);
    const history = await db().select().from(productPrices).where(eq(productPrices.productId, "power-pack")).orderBy(asc(productPrices.id));
    expect(history.map((h) => [h.priceCents, h.validUntil === null])).toEqual([
      [1499, false],
      [1299, true],
    ]);
    expect(history[0]!.validUntil!.getTime()).toBe(history[1]!.validFrom.getTime());
    const audit = await db().select().from(adminAuditLog).where(eq(adminAuditLog.target, "product:power-pack"));
    expect(audit.map((a) => [a.action, a.detail])).toEqual([
      ["product-save", "saved (text only)"],
      ["product-price", "$14.99 -> $12.99"],
    ]);
    // Its page shows the history and why no "normally" line stands beside it.
    const page = await call(() => productEditLoader(args(get("/admin/products/power-pack", cookie), { id: "power-pack" })));
    expect(page.data.formerPrice).toEqual({ problem: "charged for fewer than 30 of the 90 days before the current price started" });
    const list = await call(() => productsAdminLoader(args(get("/admin/products", cookie))));
    expect(list.data.products.find((p: { id: string }) => p.id === "power-pack")).toMatchObject({ priceCents: 1299, status: "on_sale" });
  });

  it("makes a new product as a draft from a name and a price, its id and address from the name, which she finishes and sells", async () => {
    const cookie = await ownerCookie(ORIGIN);
    const create = (fields: Record<string, string>) =>
      call(() => productsAdminAction(args(post("/admin/products", { intent: "create", ...fields }, cookie))));
    const bad = await create({ name: "", price: "abc" });
    expect(bad.status).toBe(400);
    expect(bad.data.result.error).toMatchObject({
      name: ["Enter the product's name."],
      price: ["Enter the price as dollars and cents, for example 14.99."],
    });
    const made = await create({ name: "Credit Rebuild Bootcamp", price: "19.00" });
    expect(made.status).toBe(303);
    // The name's id and address are the Bootcamp's: the new one gets the next free ones.
    expect(made.headers.get("Location")).toBe("/admin/products/credit-rebuild-bootcamp-2");
    const [row] = await db().select().from(products).where(eq(products.id, "credit-rebuild-bootcamp-2"));
    expect(row).toMatchObject({ slug: "credit-rebuild-bootcamp-2", priceCents: 1900, status: "draft" });
    expectLog(/404: \/products\/credit-rebuild-bootcamp-2/);
    expect(
      (await call(() => productLoader(args(get("/products/credit-rebuild-bootcamp-2"), { slug: "credit-rebuild-bootcamp-2" })))).status,
    ).toBe(404);
    const finished = await save(
      "credit-rebuild-bootcamp-2",
      {
        name: "Credit Rebuild Workbook",
        slug: "credit-rebuild-workbook",
        summary: "A workbook.",
        included: "Twelve worksheets",
        status: "on_sale",
      },
      cookie,
    );
    expect(finished.status).toBe(303);
    const order = await paidOrder({ includeBump: false, product: "credit-rebuild-workbook" });
    expect(order.lines).toEqual([{ id: "credit-rebuild-bootcamp-2", name: "Credit Rebuild Workbook", unitAmountCents: 1900, quantity: 1 }]);
    const audit = await db().select().from(adminAuditLog).where(eq(adminAuditLog.target, "product:credit-rebuild-bootcamp-2"));
    expect(audit.map((a) => a.action)).toEqual(["product-create", "product-save"]);
  });

  it("a changed address keeps the old one working (301), and the old one cannot be given to another product", async () => {
    const cookie = await ownerCookie(ORIGIN);
    await save("debt-freedom-blueprint", { slug: "debt-free-plan" }, cookie);
    const moved = await call(() => productLoader(args(get("/products/debt-freedom-blueprint"), { slug: "debt-freedom-blueprint" })));
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/products/debt-free-plan");
    const reuse = await save("advanced-budget-planner", { slug: "debt-freedom-blueprint" }, cookie);
    expect(reuse.data.result.error.slug).toEqual([expect.stringMatching(/Another product uses this address/)]);
  });
});

describe("checkout for any product on sale", () => {
  it("an owner's price change reaches the checkout's total and the payment session (test provider and Stripe)", async () => {
    const cookie = await ownerCookie(ORIGIN);
    await save("toolkit", { price: "9.00" }, cookie);
    const order = await paidOrder({ includeBump: true });
    expect(order.lines.map((l) => [l.id, l.unitAmountCents])).toEqual([
      ["toolkit", 900],
      ["power-pack", 1499],
    ]);
    expect(order.amountTotal).toBe(2399);

    fake.requests.length = 0;
    const stripe = createPayments({
      provider: "stripe",
      publicOrigin: ORIGIN,
      stripe: { secretKey: "sk_test_products", apiBase: fake.url },
    });
    const started = await createPaymentFromRequest(
      stripe,
      site(),
      new Request(`${ORIGIN}/api/create-payment`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ includeBump: false }),
      }),
    );
    expect(started.status).toBe(200);
    expect(fake.requests[0]!.form).toEqual(
      expect.arrayContaining([
        ["line_items[0][price_data][unit_amount]", "900"],
        ["line_items[0][price_data][product_data][name]", "Credit Repair Toolkit"],
      ]),
    );
  });

  it("a price changed while the buyer is on the payment page charges what the page showed, never a mix", async () => {
    const { sessionId } = await startCheckout(payments, site(), { includeBump: true, shown: "700-1499" });
    const cookie = await ownerCookie(ORIGIN);
    await save("toolkit", { price: "10.00" }, cookie);
    await save("power-pack", { price: "19.99" }, cookie);
    await payTestOrder((await findTestOrder(sessionId))!, "late@example.com");
    const order = (await findOrderBySession(sessionId))!;
    expect(order.status).toBe("paid");
    expect(order.amountTotal).toBe(2199);
    expect(order.lines.map((l) => l.unitAmountCents)).toEqual([700, 1499]);
  });

  it("a page opened before a price change is refused with the new price, and nothing is stored", async () => {
    const cookie = await ownerCookie(ORIGIN);
    await save("toolkit", { price: "10.00" }, cookie);
    const answer = await createPaymentFromRequest(
      payments,
      site(),
      new Request(`${ORIGIN}/api/create-payment`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ includeBump: false, shown: "700-1499" }),
      }),
    );
    expect(answer).toMatchObject({ status: 400, body: { error: expect.stringContaining("it is now Credit Repair Toolkit $10.00") } });
    expect(await db().select().from(orders)).toEqual([]);
  });

  it("/checkout?product=<slug> sells another product with its own bump; one not on sale cannot be bought", async () => {
    const cookie = await ownerCookie(ORIGIN);
    expect((await save("debt-freedom-blueprint", { status: "on_sale", bumpProductId: "advanced-budget-planner" }, cookie)).status).toBe(
      303,
    );
    // The planner is coming soon: offered as nobody's add-on until it is on sale.
    const page = await call(() => checkoutLoader(args(get("/checkout?product=debt-freedom-blueprint"))));
    expect(page.data).toMatchObject({ kind: "sell", product: { id: "debt-freedom-blueprint", priceCents: 1200 }, bump: null });
    await save("advanced-budget-planner", { status: "on_sale" }, cookie);
    const withBump = await call(() => checkoutLoader(args(get("/checkout?product=debt-freedom-blueprint"))));
    expect(withBump.data.bump).toMatchObject({ id: "advanced-budget-planner", priceCents: 1500 });
    const order = await paidOrder({ includeBump: true, product: "debt-freedom-blueprint" });
    expect(order.lines.map((l) => [l.id, l.unitAmountCents])).toEqual([
      ["debt-freedom-blueprint", 1200],
      ["advanced-budget-planner", 1500],
    ]);
    expect(order.amountTotal).toBe(2700);
    // Its entitlements are the products actually in the order.
    const token = await mintOrderLink(order.id, "receipt");
    const view = await call(() => orderLoader(args(get(`/orders/${token}`), { token })));
    expect(view.data.products.map((p: { productId: string; name: string }) => [p.productId, p.name])).toEqual([
      ["advanced-budget-planner", "Advanced Budget Planner"],
      ["debt-freedom-blueprint", "Debt Freedom Blueprint"],
    ]);
    // One product of it refunded alone from the owner's order page: the other stays the buyer's.
    const refunded = await call(() =>
      adminOrderAction(
        args(post(`/admin/orders/${order.id}`, { intent: "refund", product: "advanced-budget-planner", confirmed: "yes" }, cookie), {
          id: String(order.id),
        }),
      ),
    );
    expect(refunded.status).toBe(303);
    const after = await call(() => orderLoader(args(get(`/orders/${token}`), { token })));
    expect(after.data.products.map((p: { productId: string }) => p.productId)).toEqual(["debt-freedom-blueprint"]);
    expect(after.data.refundedProducts).toEqual([
      { productId: "advanced-budget-planner", name: "Advanced Budget Planner", amountCents: 1500 },
    ]);

    // Coming soon: the checkout says so, and a post for it is refused with the same words.
    const closed = await call(() => checkoutLoader(args(get("/checkout?product=credit-rebuild-bootcamp"))));
    expect(closed.data).toEqual({
      kind: "closed",
      product: { name: "Credit Rebuild Bootcamp", slug: "credit-rebuild-bootcamp", status: "coming_soon" },
    });
    const refused = await createPaymentFromRequest(
      payments,
      site(),
      new Request(`${ORIGIN}/api/create-payment`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ includeBump: false, product: "credit-rebuild-bootcamp" }),
      }),
    );
    expect(refused).toMatchObject({ status: 400, body: { error: "The Credit Rebuild Bootcamp is not on sale, so it cannot be bought." } });
    expect((await call(() => checkoutLoader(args(get("/checkout?product=no-such-thing"))))).status).toBe(404);
  });
});

describe("a retired product", () => {
  it("keeps its buyers' files, cannot be bought, and its page says it is no longer sold", async () => {
    const order = await paidOrder({ includeBump: true });
    const cookie = await ownerCookie(ORIGIN);
    expect((await save("power-pack", { status: "retired" }, cookie)).status).toBe(303);
    const token = await mintOrderLink(order.id, "receipt");
    const fileId = productFiles("power-pack")[0]!.id;
    const file = (await fileLoader(args(get(`/orders/${token}/files/${fileId}`), { token, fileId }))) as Response;
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    await file.body?.cancel();
    // The toolkit's checkout no longer offers it; nobody can buy it alone.
    const checkout = await call(() => checkoutLoader(args(get("/checkout"))));
    expect(checkout.data.bump).toBeNull();
    const again = await paidOrder({ includeBump: true }, "next@example.com");
    expect(again.lines.map((l) => l.id)).toEqual(["toolkit"]);
    const page = await call(() => productLoader(args(get("/products/dispute-letter-power-pack"), { slug: "dispute-letter-power-pack" })));
    expect(page.data.product.status).toBe("retired");
    const sitemap = (await sitemapLoader(args(get("/sitemap.xml")))) as Response;
    const xml = await sitemap.text();
    expect(xml).not.toContain("/products/dispute-letter-power-pack");
    expect(xml).toMatch(/\/products\/credit-rebuild-bootcamp<\/loc>/);
    expect(xml).toMatch(/\/products\/credit-repair-toolkit<\/loc>/);
  });

  it("a draft is not found by the public", async () => {
    const cookie = await ownerCookie(ORIGIN);
    await save("advanced-budget-planner", { status: "draft" }, cookie);
    expectLog(/404: \/products\/advanced-budget-planner/);
    const page = await call(() => productLoader(args(get("/products/advanced-budget-planner"), { slug: "advanced-budget-planner" })));
    expect(page.status).toBe(404);
  });
});

describe("the waitlist", () => {
  const join = (email: string, slug = "credit-rebuild-bootcamp") =>
    call(() => productAction(args(post(`/products/${slug}`, { email }), { slug })));

  it("takes an address with its own consent purpose and tag; the owner sees the count; opening sends one e-mail to each, never to a suppressed address", async () => {
    expect((await join("ann@example.com")).data).toMatchObject({ status: "success", title: "You're on the list" });
    expect((await join("ANN@example.com")).data).toMatchObject({ status: "duplicate" });
    expect((await join("ben@example.com")).data.status).toBe("success");
    expect((await join("not an address")).data).toMatchObject({ status: "invalid", title: "Invalid Email" });
    expect((await join("cat@example.com")).data.status).toBe("success");
    await suppress("cat@example.com", "unsubscribed", "test");
    // A product on sale takes no waitlist.
    expect((await join("dan@example.com", "credit-repair-toolkit")).status).toBe(404);

    const [ann] = await db().select().from(contacts).where(eq(contacts.email, "ann@example.com"));
    expect(ann!.tags).toContain("waitlist-credit-rebuild-bootcamp");
    expect(
      await db().select({ purpose: consents.purpose, source: consents.source }).from(consents).where(eq(consents.contactId, ann!.id)),
    ).toEqual([{ purpose: "waitlist", source: "waitlist form /products/credit-rebuild-bootcamp" }]);
    const cookie = await ownerCookie(ORIGIN);
    const list = await call(() => productsAdminLoader(args(get("/admin/products", cookie))));
    expect(list.data.products.find((p: { id: string }) => p.id === "credit-rebuild-bootcamp").waiting).toBe(3);

    const opened = await save("credit-rebuild-bootcamp", { status: "on_sale" }, cookie);
    expect(opened.status).toBe(303);
    const rows = await db().select().from(outbox).where(eq(outbox.kind, "product-open")).orderBy(asc(outbox.toAddress));
    expect(rows.map((r) => r.toAddress)).toEqual(["ann@example.com", "ben@example.com", "cat@example.com"]);
    // Closed and opened again: nobody is told twice.
    await save("credit-rebuild-bootcamp", { status: "coming_soon" }, cookie);
    await save("credit-rebuild-bootcamp", { status: "on_sale" }, cookie);
    expect(await db().select().from(outbox).where(eq(outbox.kind, "product-open"))).toHaveLength(3);
    expect(
      await db()
        .select()
        .from(productWaitlist)
        .where(and(eq(productWaitlist.productId, "credit-rebuild-bootcamp"))),
    ).toHaveLength(3);

    await mail.flush();
    const ann_ = mail.received("ann@example.com");
    expect(ann_).toHaveLength(1);
    expect(ann_[0]!.subject).toBe("The Credit Rebuild Bootcamp is open");
    expect(ann_[0]!.text).toContain("$27");
    expect(ann_[0]!.text).toContain(`${ORIGIN}/products/credit-rebuild-bootcamp`);
    expect(rawHeader(ann_[0]!, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(mail.received("ben@example.com")).toHaveLength(1);
    // Unsubscribed after joining: never sent.
    expect(mail.received("cat@example.com")).toHaveLength(0);
    const [cat] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "product-open"), eq(outbox.toAddress, "cat@example.com")));
    expect(cat!.status).toBe("suppressed");
  });
});
