/**
 * Verified buyer reviews and the figures drawn from data, on PGlite and (TEST_DB=postgres) on
 * PostgreSQL: a review is written from the order's private page and kept as written; a refunded
 * order may review (labelled "Refunded"), a disputed one cannot; the form refuses empty, too long
 * and scripted input with a message for each; the owner's decisions (content reasons only) change
 * what /checkout shows; a review she leaves undecided publishes itself after her set days; the
 * home badge's figure and the former price come from the database and nowhere else.
 */
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminAuditLog, orders, productPrices, reviews } from "../../db/schema";
import { action as orderAction, loader as orderLoader } from "~/routes/order";
import { loader as checkoutLoader } from "~/routes/checkout";
import { loader as figuresLoader } from "~/routes/api/live-figures";
import { action as reviewsAdminAction, loader as reviewsAdminLoader } from "~/routes/admin/reviews";
import { action as productEditAction, loader as productEditLoader } from "~/routes/admin/product-edit";
import { action as loginAction } from "~/routes/admin/login";
import { likelyBrokenRules, REVIEW_LIMITS, REVIEW_MESSAGES, reviewBadge, reviewPromise } from "~/lib/forms/review";
import { publishOverdueReviews } from "~/server/content/reviews.server";
import { testimonialsToShow } from "~/server/content/testimonials.server";
import { db } from "~/server/db.server";
import { hashOwnerPassword } from "~/server/admin/owner-password.server";
import { ownerConfig, type OwnerConfig } from "~/server/admin/owner-session.server";
import { mintOrderLink } from "~/server/delivery/order-access.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { findOrderBySession } from "~/server/payments/orders.server";
import { createPayments } from "~/server/payments/payments.server";
import type { Payments } from "~/server/payments/provider.server";
import { refundOrder } from "~/server/payments/refunds.server";
import { findTestOrder, payTestOrder } from "~/server/payments/test-provider.server";
import { useTestSite } from "../helpers/context";
import { useTestDatabase } from "../helpers/db";
import { flashedNotice } from "../helpers/owner";
import { call as callRoute, requestsTo } from "../helpers/routes";

const ORIGIN = "https://shop.example";
const PASSWORD = "test-only owner password";
const HASH = hashOwnerPassword(PASSWORD, { ln: 14, r: 8, p: 1 });

const testDb = useTestDatabase();
const site = useTestSite();
const owner: OwnerConfig = ownerConfig({
  passwordHash: HASH,
  sessionSecret: "test-only-session-secret-0123456789abcdef",
  secureCookie: true,
});
const payments: Payments = createPayments({ provider: "test", publicOrigin: ORIGIN });
/** The configuration React Router's context hands the routes (server/app.ts). */
const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: { config: { owner, payments }, ...site() } }) as never;

const { get, post } = requestsTo(ORIGIN);
// The tests read loaders' and actions' answers field by field, whatever their route's type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const call = (run: () => unknown) => callRoute<any>(run);

/** What a dashboard post's redirect says on the page it leads to (the layout shows it once). */
const noticeAfter = (answer: { headers: Headers }) => flashedNotice(answer, ORIGIN, { owner, payments });

async function logIn(): Promise<string> {
  const answer = await call(() => loginAction(args(post("/admin/login", { password: PASSWORD, next: "/admin" }))));
  return answer.headers.get("Set-Cookie")!.split(";")[0]!;
}

/** A paid order and the token of its private page. */
async function paidOrder(email = `buyer.${Math.random().toString(36).slice(2)}@example.com`) {
  const { sessionId } = await startCheckout(payments, site(), { includeBump: false });
  await payTestOrder((await findTestOrder(sessionId))!, email);
  const order = (await findOrderBySession(sessionId))!;
  return { order, token: await mintOrderLink(order.id, "receipt") };
}

/** A product's price history as written (days from now), the site's stores read again (as after a change). */
async function priceHistory(productId: string, spells: { priceCents: number; from: number; until: number | null }[]) {
  const at = (days: number) => new Date(Math.floor(Date.now() / DAY) * DAY + days * DAY);
  await db().delete(productPrices).where(eq(productPrices.productId, productId));
  await db()
    .insert(productPrices)
    .values(
      spells.map((p) => ({
        productId,
        priceCents: p.priceCents,
        validFrom: at(p.from),
        validUntil: p.until === null ? null : at(p.until),
      })),
    );
  await site().content.reload();
}

const review = (token: string, fields: Record<string, string>) =>
  call(() => orderAction(args(post(`/orders/${token}`, fields), { token })));
const DAY = 86_400_000;
const GOOD = { rating: "4", body: "The letters were clear and the bureau answered within the month.", displayName: "Maria S." };

/** A paid order's review waiting for a decision, and the owner logged in to post her decisions on it. */
async function reviewWaiting() {
  const { order, token } = await paidOrder();
  await review(token, GOOD);
  const [row] = await db().select().from(reviews).where(eq(reviews.orderId, order.id));
  const cookie = await logIn();
  const decide = (fields: Record<string, string>) => call(() => reviewsAdminAction(args(post("/admin/reviews", fields, cookie))));
  return { token, id: String(row!.id), cookie, decide };
}

async function writeApproved(rating: number, cookie: string, body = `Review with ${rating} stars: clear steps, plain words.`) {
  const { token } = await paidOrder();
  expect((await review(token, { rating: String(rating), body, displayName: "Sam T." })).status).toBe(200);
  const [row] = await db().select().from(reviews).orderBy(desc(reviews.id)).limit(1);
  const answer = await call(() => reviewsAdminAction(args(post("/admin/reviews", { intent: "approve", id: String(row!.id) }, cookie))));
  expect(answer.status).toBe(303);
  return row!.id;
}

describe("a buyer's review", () => {
  it("is written from the order page, can be changed until it is approved, and is kept as written after", async () => {
    const { order, token } = await paidOrder();
    const page = await call(() => orderLoader(args(get(`/orders/${token}`), { token })));
    expect(page.data).toMatchObject({ kind: "open", review: null });

    expect(await review(token, GOOD)).toMatchObject({ status: 200, data: { kind: "saved", created: true } });
    const rewritten = { ...GOOD, rating: "2", body: "Second thoughts: the guide is long, but the letters did work for me." };
    expect(await review(token, rewritten)).toMatchObject({ status: 200, data: { kind: "saved", created: false } });
    const rows = await db().select().from(reviews);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ orderId: order.id, rating: 2, body: rewritten.body, displayName: "Maria S.", status: "pending" });

    const cookie = await logIn();
    await call(() => reviewsAdminAction(args(post("/admin/reviews", { intent: "approve", id: String(rows[0]!.id) }, cookie))));
    const late = await review(token, { ...GOOD, rating: "5", body: "Trying to change it after it was published." });
    expect(late.status).toBe(409);
    expect(late.data.message).toMatch(/can no longer be changed/);
    expect((await db().select().from(reviews))[0]).toMatchObject({ rating: 2, body: rewritten.body, status: "approved" });
    const after = await call(() => orderLoader(args(get(`/orders/${token}`), { token })));
    expect(after.data.review).toMatchObject({ status: "approved", rating: 2 });
  });

  it("a refunded buyer may review (shown as “Refunded”), a disputed order may not", async () => {
    const { order, token } = await paidOrder();
    expect(await refundOrder(payments, order)).toEqual({ kind: "refunded", refundId: `test_refund_${order.providerSessionId}` });
    const page = await call(() => orderLoader(args(get(`/orders/${token}`), { token })));
    // The files are closed, the review form is not.
    expect(page.data).toMatchObject({ kind: "closed", status: "refunded", reviewOpen: true, refunded: true, review: null });
    const body = "I asked for a refund: my reports had no errors, so I did not need the letters.";
    expect(await review(token, { ...GOOD, rating: "2", body })).toMatchObject({ status: 200, data: { kind: "saved", created: true } });
    const [row] = await db().select().from(reviews);
    expect(row).toMatchObject({ orderId: order.id, rating: 2, body, status: "pending" });

    const cookie = await logIn();
    await call(() => reviewsAdminAction(args(post("/admin/reviews", { intent: "threshold", threshold: "1" }, cookie))));
    const owner = await call(() => reviewsAdminLoader(args(get("/admin/reviews", cookie))));
    expect(owner.data.rows[0]).toMatchObject({ orderStatus: "refunded", flags: [] });
    await call(() => reviewsAdminAction(args(post("/admin/reviews", { intent: "approve", id: String(row!.id) }, cookie))));
    const shown = (await call(() => checkoutLoader(args(get("/checkout"))))).data.reviews;
    expect(shown.reviews).toEqual([expect.objectContaining({ body, refunded: true })]);
    expect(shown.summary).toEqual({ count: 1, average: 2 });

    const disputed = await paidOrder();
    await db().update(orders).set({ status: "disputed" }).where(eq(orders.id, disputed.order.id));
    const refused = await review(disputed.token, GOOD);
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ kind: "refused", message: expect.stringMatching(/disputed or not paid/) });
    const closed = await call(() => orderLoader(args(get(`/orders/${disputed.token}`), { token: disputed.token })));
    expect(closed.data).toMatchObject({ kind: "closed", status: "disputed", reviewOpen: false });
    expect(await db().select().from(reviews)).toHaveLength(1);
  });

  it("refuses empty, too long and scripted input, each with a clear message, and stores nothing", async () => {
    const { token } = await paidOrder();
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{}, { rating: REVIEW_MESSAGES.ratingMissing, body: REVIEW_MESSAGES.bodyMissing, displayName: REVIEW_MESSAGES.nameMissing }],
      [
        { rating: "", body: "   \n  ", displayName: " " },
        { rating: REVIEW_MESSAGES.ratingMissing, body: REVIEW_MESSAGES.bodyMissing },
      ],
      [{ ...GOOD, rating: "6" }, { rating: REVIEW_MESSAGES.ratingMissing }],
      [{ ...GOOD, body: "x".repeat(REVIEW_LIMITS.body + 1) }, { body: "Your review can be at most 2,000 characters." }],
      [{ ...GOOD, displayName: "Maria Smith-Jones of the Valley Farm Road" }, { displayName: REVIEW_MESSAGES.nameLong }],
      [{ ...GOOD, body: "Great <script>alert(document.cookie)</script> toolkit" }, { body: REVIEW_MESSAGES.scripted }],
      [{ ...GOOD, body: "Nice <img src=x onerror=alert(1)> letters here" }, { body: REVIEW_MESSAGES.scripted }],
      [{ ...GOOD, body: "Click javascript:alert(1) for more of the same" }, { body: REVIEW_MESSAGES.scripted }],
      [{ ...GOOD, displayName: "<b>Maria</b> S." }, { displayName: REVIEW_MESSAGES.scripted }],
      [{ ...GOOD, displayName: "Maria" }, { displayName: REVIEW_MESSAGES.nameShape }],
      [{ ...GOOD, body: "Too short" }, { body: REVIEW_MESSAGES.bodyShort }],
    ];
    for (const [fields, errors] of cases) {
      const answer = await review(token, fields);
      expect({ fields, status: answer.status }).toEqual({ fields, status: 400 });
      expect(answer.data.kind).toBe("invalid");
      expect(answer.data.errors).toMatchObject(errors);
    }
    expect(REVIEW_MESSAGES.bodyLong).toBe("Your review can be at most 2,000 characters.");
    expect(await db().select().from(reviews)).toEqual([]);
  });

  it("keeps line breaks and stores text as typed (an ampersand or a less-than sign followed by a digit is fine)", async () => {
    const { token } = await paidOrder();
    const body = "Paid off 2 cards & disputed 1 error.\r\n\r\n\r\nScore went from <600 to 640, results vary!";
    expect((await review(token, { ...GOOD, body, displayName: "  José   d'Arc  M. " })).status).toBe(200);
    const [row] = await db().select().from(reviews);
    expect(row!.body).toBe("Paid off 2 cards & disputed 1 error.\n\nScore went from <600 to 640, results vary!");
    expect(row!.displayName).toBe("José d'Arc M.");
  });
});

describe("the owner's decisions", () => {
  it("need a session, and a rejection or a hide needs a content reason, which the audit log records", async () => {
    const { token } = await paidOrder();
    await review(token, GOOD);
    const [row] = await db().select().from(reviews);
    for (const run of [
      () => reviewsAdminLoader(args(get("/admin/reviews"))),
      () => reviewsAdminAction(args(post("/admin/reviews", { intent: "approve", id: String(row!.id) }))),
      () => productEditLoader(args(get("/admin/products/power-pack"), { id: "power-pack" })),
      () =>
        productEditAction(args(post("/admin/products/power-pack", { intent: "save", version: "1", price: "9.99" }), { id: "power-pack" })),
    ]) {
      const answer = await call(run);
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toMatch(/^\/admin\/login\?next=/);
    }
    expect((await db().select().from(reviews))[0]!.status).toBe("pending");

    const cookie = await logIn();
    const noReason = await call(() => reviewsAdminAction(args(post("/admin/reviews", { intent: "reject", id: String(row!.id) }, cookie))));
    expect(noReason).toMatchObject({
      status: 400,
      data: { form: `reject-${row!.id}`, result: { error: { reason: ["Choose the rule it breaks."] } } },
    });
    const starsAsReason = await call(() =>
      reviewsAdminAction(args(post("/admin/reviews", { intent: "reject", id: String(row!.id), reason: "low-rating" }, cookie))),
    );
    expect(starsAsReason.status).toBe(400);
    const hidePending = await call(() =>
      reviewsAdminAction(args(post("/admin/reviews", { intent: "hide", id: String(row!.id), reason: "abuse" }, cookie))),
    );
    // Only an approved review can be hidden: refused on the form that posted, nothing changed.
    expect(hidePending).toMatchObject({
      status: 409,
      data: { form: `hide-${row!.id}`, result: { error: { "": ["That review was already decided."] } } },
    });
    const rejected = await call(() =>
      reviewsAdminAction(args(post("/admin/reviews", { intent: "reject", id: String(row!.id), reason: "personal-data" }, cookie))),
    );
    // A redirect back to the list (a reload posts nothing), saying once what was done.
    expect(rejected.status).toBe(303);
    expect(rejected.headers.get("Location")).toBe("/admin/reviews");
    expect(await noticeAfter(rejected)).toEqual({ ok: true, message: "Rejected: it will not be shown." });
    expect((await db().select().from(reviews))[0]).toMatchObject({ status: "rejected", moderationReason: "personal-data" });
    const audit = await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.target, `review:${row!.id}`));
    expect(audit.map((a) => [a.action, a.detail])).toEqual([["review-reject", expect.stringMatching(/rejected \(Personal data\)$/)]]);
  });

  it("a rejected review stays rejected: the buyer cannot send it again, the same words or others, and it never publishes itself", async () => {
    const { token, id, decide } = await reviewWaiting();
    await decide({ intent: "reject", id, reason: "spam" });
    const rejected = (await db().select().from(reviews))[0]!;
    expect(rejected).toMatchObject({ status: "rejected", moderationReason: "spam" });

    for (const fields of [GOOD, { ...GOOD, body: "Rewritten: the letters were clear and the bureau answered." }]) {
      const again = await review(token, fields);
      expect(again.status).toBe(409);
      expect(again.data).toEqual({
        kind: "refused",
        message:
          "Your review was not published: it breaks one of our content rules, so it can't be sent again from this page. If you'd like to rewrite it, e-mail us and we can reopen it for you.",
      });
    }
    // Nothing changed: not its words, its state, its reason, nor the time the owner decided.
    expect((await db().select().from(reviews))[0]).toEqual(rejected);
    // The order page shows it as not published, with no form to send it again.
    const page = await call(() => orderLoader(args(get(`/orders/${token}`), { token })));
    expect(page.data.review).toEqual({ rating: 4, body: GOOD.body, displayName: "Maria S.", status: "rejected" });
    // However long it waits, it is not published by the site.
    expect(await publishOverdueReviews(site().content, new Date(Date.now() + 60 * DAY))).toBe(0);
    expect((await db().select().from(reviews))[0]!.status).toBe("rejected");
  });

  it("the owner can reopen a rejected review: it waits for her again (the days counted from then), and the buyer may change it", async () => {
    const { token, id, cookie, decide } = await reviewWaiting();
    const reopen = () => decide({ intent: "reopen", id });
    // Only a rejected review can be reopened.
    expect(await reopen()).toMatchObject({
      status: 409,
      data: { form: `reopen-${id}`, result: { error: { "": ["That review was already decided."] } } },
    });
    // Written ten days ago, rejected since.
    await db()
      .update(reviews)
      .set({ writtenAt: new Date(Date.now() - 10 * DAY) });
    await decide({ intent: "reject", id, reason: "off-topic" });

    const reopened = await reopen();
    expect(reopened.status).toBe(303);
    expect(reopened.headers.get("Location")).toBe("/admin/reviews");
    expect(await noticeAfter(reopened)).toEqual({
      ok: true,
      message: "Reopened: it waits for your decision again, and the buyer can change it from the order page.",
    });
    expect((await db().select().from(reviews))[0]).toMatchObject({ status: "pending", moderationReason: null, autoPublished: false });
    const audit = await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.target, `review:${id}`))
      .orderBy(adminAuditLog.id);
    expect(audit.map((a) => [a.action, a.detail])).toEqual([
      ["review-reject", expect.stringMatching(/rejected \(Off topic\)$/)],
      ["review-reopen", expect.stringMatching(/^review of FSM-\d{6} reopened: pending again$/)],
    ]);
    expect((await reopen()).status).toBe(409);
    const owner = await call(() => reviewsAdminLoader(args(get("/admin/reviews", cookie))));
    expect(owner.data.counts).toMatchObject({ pending: 1, rejected: 0 });

    // Written ten days ago, but waiting only since she reopened it: not published before her days from then.
    expect(await publishOverdueReviews(site().content, new Date(Date.now() + 6 * DAY))).toBe(0);
    expect((await db().select().from(reviews))[0]!.status).toBe("pending");

    // The buyer may now change it; the rewrite waits for a decision.
    const body = "Rewritten after the owner reopened it: the letters helped.";
    expect(await review(token, { ...GOOD, body })).toMatchObject({ status: 200, data: { kind: "saved", created: false } });
    expect((await db().select().from(reviews))[0]).toMatchObject({ status: "pending", body, moderatedAt: null });
    expect(await publishOverdueReviews(site().content, new Date(Date.now() + 6 * DAY))).toBe(0);
    expect(await publishOverdueReviews(site().content, new Date(Date.now() + 7 * DAY + 60_000))).toBe(1);
  });

  it("a reopened review nobody rewrites publishes itself her days after she reopened it", async () => {
    const { id, decide } = await reviewWaiting();
    await db()
      .update(reviews)
      .set({ writtenAt: new Date(Date.now() - 10 * DAY) });
    await decide({ intent: "reject", id, reason: "abuse" });
    await decide({ intent: "reopen", id });
    expect(await publishOverdueReviews(site().content, new Date(Date.now() + 6 * DAY))).toBe(0);
    expect(await publishOverdueReviews(site().content, new Date(Date.now() + 7 * DAY + 60_000))).toBe(1);
    expect((await db().select().from(reviews))[0]).toMatchObject({ status: "approved", autoPublished: true, body: GOOD.body });
  });

  it("approve and hide change what /checkout shows: testimonials until the threshold, then every approved review's real average and count", async () => {
    const cookie = await logIn();
    const checkout = async () => (await call(() => checkoutLoader(args(get("/checkout"))))).data;
    expect((await checkout()).reviews).toBeNull();
    expect((await checkout()).testimonials.length).toBeGreaterThan(0);

    const threshold = await call(() => reviewsAdminAction(args(post("/admin/reviews", { intent: "threshold", threshold: "2" }, cookie))));
    expect(await noticeAfter(threshold)).toEqual({ ok: true, message: "Saved: /checkout shows reviews once 2 are approved." });
    const low = await writeApproved(1, cookie, "It did not help me: my report had no errors to dispute.");
    expect((await checkout()).reviews).toBeNull();
    await writeApproved(5, cookie, "Clear letters, and the bureau fixed a wrong balance.");

    const shown = await checkout();
    expect(shown.testimonials).toEqual([]);
    expect(shown.reviews.summary).toEqual({ count: 2, average: 3 });
    expect(shown.reviews.reviews.map((r: { body: string }) => r.body).sort()).toEqual(
      ["Clear letters, and the bureau fixed a wrong balance.", "It did not help me: my report had no errors to dispute."].sort(),
    );

    const hidden = await call(() =>
      reviewsAdminAction(args(post("/admin/reviews", { intent: "hide", id: String(low), reason: "reviewer-asked" }, cookie))),
    );
    expect(await noticeAfter(hidden)).toEqual({ ok: true, message: "Hidden: it no longer shows." });
    const after = await checkout();
    expect(after.reviews).toBeNull();
    expect(after.testimonials.length).toBeGreaterThan(0);
  });
  it("/checkout reads its reviews and former price once per change and per UTC day, not on every request", async () => {
    const cookie = await logIn();
    const checkout = async () => (await call(() => checkoutLoader(args(get("/checkout"))))).data;
    await call(() => reviewsAdminAction(args(post("/admin/reviews", { intent: "threshold", threshold: "1" }, cookie))));
    await writeApproved(5, cookie, "Clear letters, and the bureau fixed a wrong balance.");
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    // $27 for 95 days, then today's $14.99 from 5 days ago: the history the rule reads (app/lib/former-price.ts).
    await priceHistory("power-pack", [
      { priceCents: 2700, from: -100, until: -5 },
      { priceCents: 1499, from: -5, until: null },
    ]);
    const shown = await checkout();
    expect(shown.reviews.summary).toEqual({ count: 1, average: 5 });
    expect(shown.formerPrice).toMatchObject({ priceCents: 2700, chargedUntil: day(-6) });

    // 90 days after the lower price started, $27 is no longer the recent regular price.
    expect(site().products.formerPrice("power-pack", new Date(Date.now() + 84 * 86_400_000))).toMatchObject({ priceCents: 2700 });
    expect(site().products.formerPrice("power-pack", new Date(Date.now() + 86 * 86_400_000))).toBeNull();

    // Between changes the page does not go back to the database: it answers the same with the database gone.
    await checkout();
    await testDb.outage();
    try {
      const during = await checkout();
      expect(during.reviews.summary).toEqual({ count: 1, average: 5 });
      expect(during.reviews.reviews.map((r: { body: string }) => r.body)).toEqual(["Clear letters, and the bureau fixed a wrong balance."]);
      expect(during.formerPrice).toMatchObject({ priceCents: 2700 });
      // ...while the database really is out of reach.
      await expect((async () => db().select().from(reviews))()).rejects.toThrow();
    } finally {
      await testDb.restore();
    }
  });
});

describe("figures drawn from data", () => {
  it("the badge says what the figure is: the average and count of every approved review, from 10", () => {
    expect(reviewBadge(9, 5)).toBeNull();
    expect(reviewBadge(10, 4.66)).toEqual({ value: "4.6 of 5", label: "10 buyer reviews" });
    expect(reviewBadge(1234, 3)).toEqual({ value: "3.0 of 5", label: "1,234 buyer reviews" });
    // Never before /checkout shows the reviews it links to.
    expect(reviewBadge(12, 5, 20)).toBeNull();
    expect(reviewBadge(20, 5, 20)).toEqual({ value: "5.0 of 5", label: "20 buyer reviews" });
  });

  it("the home badge counts every approved review whatever its stars, refunded buyers' too, only once there are 10", async () => {
    const cookie = await logIn();
    const figures = () => call(() => figuresLoader());
    const fresh = await figures();
    expect(fresh.data).toEqual({ reviews: null });
    expect(fresh.headers.get("Cache-Control")).toMatch(/max-age=0/);
    for (let i = 0; i < 8; i++) await writeApproved(5, cookie);
    await writeApproved(1, cookie);
    const { token } = await paidOrder();
    await review(token, { ...GOOD, rating: "5" }); // waiting for approval: not counted
    expect((await figures()).data).toEqual({ reviews: null });
    // The tenth: a refunded buyer's two stars.
    const refunded = await paidOrder();
    await refundOrder(payments, refunded.order);
    await review(refunded.token, { ...GOOD, rating: "2" });
    const [row] = await db().select().from(reviews).where(eq(reviews.orderId, refunded.order.id));
    await call(() => reviewsAdminAction(args(post("/admin/reviews", { intent: "approve", id: String(row!.id) }, cookie))));
    // (8 × 5 + 1 + 2) / 10 = 4.3
    expect((await figures()).data).toEqual({ reviews: { value: "4.3 of 5", label: "10 buyer reviews" } });
    // With /checkout showing reviews only from 11, the badge waits too: it links to them.
    await call(() => reviewsAdminAction(args(post("/admin/reviews", { intent: "threshold", threshold: "11" }, cookie))));
    expect((await figures()).data).toEqual({ reviews: null });
  });
  it("the former price shows only when the price history makes it the recent regular price (16 CFR 233.1)", async () => {
    const shown = async () => (await call(() => checkoutLoader(args(get("/checkout"))))).data.formerPrice;
    // As seeded: the add-on has only ever been $14.99.
    expect(await shown()).toBeNull();
    // Charged $27 for 20 days only before today's price: not a "reasonably substantial period".
    await priceHistory("power-pack", [
      { priceCents: 2700, from: -30, until: -10 },
      { priceCents: 1499, from: -10, until: null },
    ]);
    expect(await shown()).toBeNull();
    // $27 for 60 days, but the lower price started 120 days ago: it is the regular price now.
    await priceHistory("power-pack", [
      { priceCents: 2700, from: -180, until: -120 },
      { priceCents: 1499, from: -120, until: null },
    ]);
    expect(await shown()).toBeNull();
    // $27 for 40 of the 90 days before a lower price that started 10 days ago: shown, with its dates.
    await priceHistory("power-pack", [
      { priceCents: 2700, from: -50, until: -10 },
      { priceCents: 1499, from: -10, until: null },
    ]);
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    expect(await shown()).toEqual({ productId: "power-pack", priceCents: 2700, chargedFrom: day(-50), chargedUntil: day(-11) });
    // The owner's page says the same, from the same rule.
    const cookie = await logIn();
    const page = await call(() => productEditLoader(args(get("/admin/products/power-pack", cookie), { id: "power-pack" })));
    expect(page.data.formerPrice).toEqual({ shown: expect.objectContaining({ priceCents: 2700 }) });
  });
});

describe("a review the owner leaves undecided", () => {
  it("publishes itself after her set days, marked as published by the site; a flagged one waits twice as long for her", async () => {
    const cookie = await logIn();
    const plain = await paidOrder();
    await review(plain.token, GOOD);
    const flagged = await paidOrder();
    await review(flagged.token, { ...GOOD, body: "Great letters! Call me at 555-123-4567 or see www.example.com for more." });
    expect(likelyBrokenRules("Call me at 555-123-4567 or see www.example.com")).toEqual(["personal-data", "spam"]);
    expect(likelyBrokenRules("The bureau answered in 30 days; my score is 640 now.")).toEqual([]);

    // The default is 7 days: on day 6 nothing moves, on day 7 the plain one is published.
    expect(await publishOverdueReviews(site().content, new Date(Date.now() + 6 * DAY))).toBe(0);
    expect(await publishOverdueReviews(site().content, new Date(Date.now() + 7 * DAY + 60_000))).toBe(1);
    const rows = await db().select().from(reviews).orderBy(reviews.id);
    expect(rows.map((r) => [r.status, r.autoPublished])).toEqual([
      ["approved", true],
      ["pending", false],
    ]);
    const audit = await db().select().from(adminAuditLog).where(eq(adminAuditLog.action, "review-auto-publish"));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatch(/published: no decision within the set days/);
    // A second server's run at the same moment publishes nothing more.
    expect(await publishOverdueReviews(site().content, new Date(Date.now() + 7 * DAY + 60_000))).toBe(0);

    // The owner sees which one waits for her, and why.
    const owner = await call(() => reviewsAdminLoader(args(get("/admin/reviews", cookie))));
    const waiting = owner.data.rows.find((r: { status: string }) => r.status === "pending");
    expect(waiting.flags).toEqual(["personal-data", "spam"]);

    // Undecided, even the flagged one is published: after twice the days (16 CFR 465.7: none waits for ever).
    expect(await publishOverdueReviews(site().content, new Date(Date.now() + 13 * DAY))).toBe(0);
    expect(await publishOverdueReviews(site().content, new Date(Date.now() + 14 * DAY + 60_000))).toBe(1);
    expect((await db().select().from(reviews)).map((r) => r.status)).toEqual(["approved", "approved"]);
  });

  it("is flagged for a link or an address written with characters NFKC folds (a full-width dot, at sign, digits), and waits twice as long", async () => {
    for (const [text, flags] of [
      ["Great letters, see example．com for more.", ["spam"]], // full-width full stop (U+FF0E)
      ["Great letters, see example。com for more.", ["spam"]], // ideographic full stop: browsers open it as example.com
      ["Great letters, see example｡com for more.", ["spam"]], // half-width ideographic full stop
      ["Great letters, see ｅｘａｍｐｌｅ．ｃｏｍ for more.", ["spam"]], // full-width letters too
      ["Great letters, go to ｈｔｔｐｓ：／／x.test now.", ["spam"]],
      ["Great letters, see ｗｗｗ．cheap-pills for more.", ["spam"]],
      ["Write to me: ann＠mail．org any time.", ["personal-data", "spam"]],
      ["Call me on ５５５ １２３ ４５６７ for tips.", ["personal-data"]], // full-width digits
      ["My account ①②③④⑤⑥⑦ was fixed.", ["personal-data"]], // circled digits
      ["The bureau answered in ３０ days; my score is 640 now.", []],
    ] as const) {
      expect(likelyBrokenRules(text), text).toEqual(flags);
    }

    const cookie = await logIn();
    const { token } = await paidOrder();
    await review(token, { ...GOOD, body: "The letters worked! More tips at cheap-pills．com every week." });
    const owner = await call(() => reviewsAdminLoader(args(get("/admin/reviews", cookie))));
    expect(owner.data.rows[0].flags).toEqual(["spam"]);
    // The owner's days pass: a flagged review waits for her, then publishes after twice the days.
    expect(await publishOverdueReviews(site().content, new Date(Date.now() + 7 * DAY + 60_000))).toBe(0);
    expect(await publishOverdueReviews(site().content, new Date(Date.now() + 14 * DAY + 60_000))).toBe(1);
  });

  it("the owner sets the days (1 to 30): a bad value changes nothing, and /checkout's promise states the days the code uses", async () => {
    const cookie = await logIn();
    const set = (days: string) => call(() => reviewsAdminAction(args(post("/admin/reviews", { intent: "auto-publish", days }, cookie))));
    const bad = await set("0");
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ form: "auto-publish", result: { error: { days: ["Enter a whole number of days from 1 to 30."] } } });
    expect(await noticeAfter(await set("3"))).toEqual({
      ok: true,
      message: "Saved: a review you have not decided on is published after 3 days.",
    });

    const { token } = await paidOrder();
    await review(token, GOOD);
    expect(await publishOverdueReviews(site().content, new Date(Date.now() + 2 * DAY))).toBe(0);
    expect(await publishOverdueReviews(site().content, new Date(Date.now() + 3 * DAY + 60_000))).toBe(1);

    await call(() => reviewsAdminAction(args(post("/admin/reviews", { intent: "threshold", threshold: "1" }, cookie))));
    const shown = (await call(() => checkoutLoader(args(get("/checkout"))))).data.reviews;
    expect(shown.autoPublishDays).toBe(3);
    expect(reviewPromise(shown.autoPublishDays)).toBe(
      "Every review that follows our content rules is published within 3 days (6 days if it seems to hold a link, an e-mail address or a long number, which we check first), whatever its stars, including reviews from buyers who asked for a refund (marked “Refunded”). Reviewers get nothing for writing one.",
    );
    const page = await call(() => orderLoader(args(get(`/orders/${token}`), { token })));
    expect(page.data.autoPublishDays).toBe(3);
  });

  it("a buyer's rewrite starts the wait again", async () => {
    const { token } = await paidOrder();
    await review(token, GOOD);
    await db()
      .update(reviews)
      .set({ writtenAt: new Date(Date.now() - 6 * DAY) });
    await review(token, { ...GOOD, body: "Rewritten: the letters were clear, the guide a little long." });
    expect(await publishOverdueReviews(site().content, new Date(Date.now() + 2 * DAY))).toBe(0);
    expect((await db().select().from(reviews))[0]).toMatchObject({ status: "pending", autoPublished: false });
  });
});

describe("owner-added testimonials", () => {
  it("one tied to an order shows only when that order is found paid or refunded", async () => {
    const { order } = await paidOrder();
    const quote = "The letters saved me an evening of guessing what to write.";
    const byOrder = (number: string) => ({ quote, name: "Ann L.", sample: false, order: number });
    const number = `FSM-${String(order.id).padStart(6, "0")}`;
    expect(await testimonialsToShow("production", [byOrder(number)])).toEqual([byOrder(number)]);
    expect(await testimonialsToShow("production", [byOrder("FSM-999999")])).toEqual([]);
    await db().update(orders).set({ status: "disputed" }).where(eq(orders.id, order.id));
    expect(await testimonialsToShow("production", [byOrder(number)])).toEqual([]);
    await db().update(orders).set({ status: "refunded" }).where(eq(orders.id, order.id));
    expect(await testimonialsToShow("production", [byOrder(number)])).toEqual([{ ...byOrder(number), refunded: true }]);
  });
});
