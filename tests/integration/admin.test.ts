/**
 * The owner dashboard on the server side, on PGlite and (TEST_DB=postgres) on PostgreSQL: no
 * page or action works without a valid session (none, forged, expired); a good password gives
 * a strict cookie, wrong ones are throttled; a refund from the dashboard ends access and sends
 * the refund e-mail; the overview's numbers equal what the database holds after a scripted
 * series of visits, leads and purchases.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@react-router/node";
import { count, eq, sql } from "drizzle-orm";
import express from "express";
import { createCookieSessionStorage } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { readFile } from "node:fs/promises";
import { adminAuditLog, contactMessages, downloads, leads, orders, outbox, ownerSessions, pageViews } from "../../db/schema";
import { loader as articlesLoader } from "~/routes/admin/articles";
import { action as emailAction, loader as emailLoader } from "~/routes/admin/email";
import { loader as exportLoader } from "~/routes/admin/export";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { loader as contactsLoader } from "~/routes/admin/contacts";
import { storeSubscriber } from "~/server/forms/newsletter.server";
import { confirmSubscription, mintEmailLink } from "~/server/audience/email-links.server";
import { loader as leadsLoader } from "~/routes/admin/leads";
import { action as loginAction, loader as loginLoader } from "~/routes/admin/login";
import { action as logoutAction } from "~/routes/admin/logout";
import { action as messagesAction, loader as messagesLoader } from "~/routes/admin/messages";
import { action as orderAction, loader as orderLoader } from "~/routes/admin/order-detail";
import { loader as ordersLoader } from "~/routes/admin/orders";
import { loader as overviewLoader } from "~/routes/admin/overview";
import { loader as subscribersLoader } from "~/routes/admin/subscribers";
import { loader as orderPageLoader } from "~/routes/order";
import { createPaymentFromRequest, startCheckout } from "~/server/payments/checkout.server";
import { storeContactMessage } from "~/server/forms/contact.server";
import { db } from "~/server/db.server";
import { parseEnv } from "~/server/env.server";
import { rateLimitStore } from "~/server/rate-limit-store.server";
import { STAND_IN_PARTNER_LINKS } from "../../scripts/lib/server-process";
import { exportCsv } from "~/server/admin/export.server";
import { storeLead } from "~/server/forms/leads.server";
import { mintOrderLink } from "~/server/delivery/order-access.server";
import { findOrderBySession } from "~/server/payments/orders.server";
import { hashOwnerPassword, PASSWORD_CHECKS_QUEUED_MAX } from "~/server/admin/owner-password.server";
import { OWNER_COOKIE, ownerConfig, type OwnerConfig } from "~/server/admin/owner-session.server";
import { createPageViewCounter, type PageViewCounter } from "~/server/admin/page-views.server";
import { createPayments } from "~/server/payments/payments.server";
import type { Payments } from "~/server/payments/provider.server";
import { findTestOrder, payTestOrder } from "~/server/payments/test-provider.server";
import { LOGIN_FAILURES_ALLOWED } from "~/server/admin/login-throttle.server";
import { protections } from "../../server/protections";
import { useTestSite } from "../helpers/context";
import { rowsOf, useTestDatabase } from "../helpers/db";
import { flashedNotice } from "../helpers/owner";
import { call, requestsTo } from "../helpers/routes";
import { startFakeStripe, type FakeStripe } from "../helpers/fake-stripe";
import { useOutboxMail } from "../helpers/smtp";

const ORIGIN = "https://shop.example";
const PASSWORD = "test-only owner password";
const SECRET = "test-only-session-secret-0123456789abcdef";
// The cheapest parameters the format accepts: these tests hash on every login.
const HASH = hashOwnerPassword(PASSWORD, { ln: 14, r: 8, p: 1 });
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

useTestDatabase();
const site = useTestSite();
let fake: FakeStripe;

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
  owner = ownerConfig({ passwordHash: HASH, sessionSecret: SECRET, secureCookie: true });
  payments = createPayments({ provider: "test", publicOrigin: ORIGIN });
  pageViewCounter = createPageViewCounter();
});
afterEach(() => vi.restoreAllMocks());

/** What this test's server was configured with, as React Router's context hands it to routes. */
let owner: OwnerConfig | null;
let payments: Payments;
/** The server's page-view counter, as server/app.ts hands it to the dashboard. */
let pageViewCounter: PageViewCounter;
const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: { config: { owner, payments }, pageViews: pageViewCounter, ...site() } }) as never;
const { get, post } = requestsTo(ORIGIN);

/** What a dashboard post's redirect says on the page it leads to (the layout's notice). */
const noticeAfter = (answer: { headers: Headers }) => flashedNotice(answer, ORIGIN, { owner, payments });

async function logIn(): Promise<string> {
  const answer = await call(() => loginAction(args(post("/admin/login", { password: PASSWORD, next: "/admin" }))));
  expect(answer.status).toBe(303);
  return answer.headers.get("Set-Cookie")!.split(";")[0]!;
}

async function paidOrder(email: string, { bump = false, from }: { bump?: boolean; from?: string } = {}) {
  const { sessionId } = await startCheckout(payments, site(), { includeBump: bump, from });
  await payTestOrder((await findTestOrder(sessionId))!, email);
  return (await findOrderBySession(sessionId))!;
}

/** Every dashboard page and action, as a request with the given cookie. */
function everyEndpoint(orderId: number, messageId: number, outboxId: number) {
  return [
    { name: "layout", run: (c?: string) => layoutLoader(args(get("/admin", c))) },
    { name: "overview", run: (c?: string) => overviewLoader(args(get("/admin?days=7", c))) },
    { name: "articles", run: (c?: string) => articlesLoader(args(get("/admin/articles", c))) },
    { name: "orders", run: (c?: string) => ordersLoader(args(get("/admin/orders?email=a", c))) },
    { name: "order", run: (c?: string) => orderLoader(args(get(`/admin/orders/${orderId}`, c), { id: String(orderId) })) },
    { name: "leads", run: (c?: string) => leadsLoader(args(get("/admin/leads", c))) },
    { name: "subscribers", run: (c?: string) => subscribersLoader(args(get("/admin/subscribers", c))) },
    { name: "messages", run: (c?: string) => messagesLoader(args(get("/admin/messages", c))) },
    { name: "email", run: (c?: string) => emailLoader(args(get("/admin/email", c))) },
    { name: "export", run: (c?: string) => exportLoader(args(get("/admin/export/leads", c), { name: "leads" })) },
    ...(["refund", "resend", "reset"] as const).map((intent) => ({
      name: `order ${intent}`,
      run: (c?: string) => orderAction(args(post(`/admin/orders/${orderId}`, { intent, confirmed: "yes" }, c), { id: String(orderId) })),
    })),
    {
      name: "mark handled",
      run: (c?: string) => messagesAction(args(post("/admin/messages", { intent: "handled", id: String(messageId) }, c))),
    },
    { name: "retry e-mail", run: (c?: string) => emailAction(args(post("/admin/email", { intent: "retry", id: String(outboxId) }, c))) },
  ];
}

describe("without a valid session", () => {
  it("every page and action sends the visitor to the login page and changes nothing (no cookie, forged, expired)", async () => {
    const order = await paidOrder("buyer@example.com");
    await db().insert(downloads).values({ orderId: order.id, fileId: "guide", count: 3 });
    await storeContactMessage(
      { name: "Ann", email: "ann@example.com", subject: "Hello there", message: "A question about the toolkit." },
      "owner@example.com",
    );
    const [message] = await db().select().from(contactMessages);
    const [mail] = await db().select().from(outbox).where(eq(outbox.kind, "receipt"));
    await db().update(outbox).set({ status: "failed", lastError: "550 no" }).where(eq(outbox.id, mail!.id));
    const before = await snapshot();

    const forger = createCookieSessionStorage({ cookie: { name: OWNER_COOKIE, secrets: ["not-the-secret-but-just-as-long-0123456789"] } });
    const forgedSession = await forger.getSession();
    forgedSession.set("loggedInAt", Date.now());
    const forged = (await forger.commitSession(forgedSession)).split(";")[0]!;
    // A cookie signed with the real secret 12 hours and a minute ago.
    const realNow = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(realNow - (12 * 60 + 1) * 60_000);
    const expired = await logIn();
    vi.restoreAllMocks();
    const tampered = expired.replace(
      /^(fsm_owner=)[^.]+/,
      `$1${Buffer.from(JSON.stringify({ loggedInAt: Date.now() })).toString("base64")}`,
    );

    const cookies: Record<string, string | undefined> = { none: undefined, forged, expired, tampered, other: "session=abc" };
    for (const endpoint of everyEndpoint(order.id, message!.id, mail!.id)) {
      for (const [kind, cookie] of Object.entries(cookies)) {
        const answer = await call(() => endpoint.run(cookie));
        expect({ endpoint: endpoint.name, kind, status: answer.status }).toEqual({ endpoint: endpoint.name, kind, status: 303 });
        expect(answer.headers.get("Location")).toMatch(/^\/admin\/login\?next=%2Fadmin/);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("with the dashboard off (no OWNER_PASSWORD_HASH or SESSION_SECRET) no password works and the login page says how to turn it on", async () => {
    owner = null;
    const page = await call(() => loginLoader(args(get("/admin/login"))));
    expect(page).toMatchObject({ status: 503, data: { off: true } });
    const attempt = await call(() => loginAction(args(post("/admin/login", { password: PASSWORD }))));
    expect(attempt.status).toBe(503);
    expect(attempt.headers.get("Set-Cookie")).toBeNull();
  });
});

/** What the actions could change: order statuses, downloads, handled messages, the outbox, the audit log. */
async function snapshot() {
  return {
    orders: await db().select({ id: orders.id, status: orders.status }).from(orders).orderBy(orders.id),
    downloads: await db().select().from(downloads),
    messages: await db().select({ id: contactMessages.id, handledAt: contactMessages.handledAt }).from(contactMessages),
    outbox: await db().select({ id: outbox.id, status: outbox.status }).from(outbox).orderBy(outbox.id),
    audit: await db().select({ n: count() }).from(adminAuditLog),
  };
}

describe("logging in", () => {
  it("a right password gives a 12-hour HttpOnly, SameSite=Strict, Secure cookie and goes where the owner was going", async () => {
    const answer = await call(() => loginAction(args(post("/admin/login", { password: PASSWORD, next: "/admin/orders?email=x" }))));
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/admin/orders?email=x");
    const cookie = answer.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^fsm_owner=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/Max-Age=43200/);
    const page = await call(() => overviewLoader(args(get("/admin", cookie.split(";")[0]))));
    expect(page.status).toBe(200);
  });

  it("a `next` holding CR or LF on the login page is a safe redirect, not a 500", async () => {
    const cookie = await logIn();
    const answer = await call(() =>
      loginLoader(args(get(`/admin/login?next=${encodeURIComponent("/admin/x\r\nSet-Cookie: a=b")}`, cookie))),
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/admin");
  });

  it("never follows `next` off the dashboard", async () => {
    for (const next of [
      "https://evil.example/admin",
      "//evil.example",
      "/\\evil.example",
      "/blog",
      "/admin@evil",
      "/admin/x\r\nSet-Cookie: a=b",
      "/admin\n",
    ]) {
      const answer = await call(() => loginAction(args(post("/admin/login", { password: PASSWORD, next }))));
      expect(answer.headers.get("Location")).toBe("/admin");
    }
  });

  it("a wrong password answers 401 with no cookie; after five in 15 minutes a client gets 429 with Retry-After, even with the right one", async () => {
    const server = await startProtectedLogin();
    try {
      const attempt = (password: string) =>
        fetch(`${server.url}/admin/login`, {
          method: "POST",
          body: new URLSearchParams({ password }),
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          redirect: "manual",
        });
      const good = await attempt(PASSWORD);
      expect(good.status).toBe(303);
      for (let i = 0; i < LOGIN_FAILURES_ALLOWED; i++) {
        const wrong = await attempt(`wrong ${i}`);
        expect(wrong.status).toBe(401);
        expect(wrong.headers.get("set-cookie")).toBeNull();
      }
      const throttled = await attempt(PASSWORD);
      expect(throttled.status).toBe(429);
      expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(800);
      expect(throttled.headers.get("set-cookie")).toBeNull();
    } finally {
      await server.close();
    }
  });
});

describe("the login throttle lives in the login action itself", () => {
  const from = (client: string, password: string) =>
    call(() =>
      loginAction({
        request: post("/admin/login", { password }),
        params: {},
        context: { clientAddress: client, config: { owner, payments }, ...site() },
      } as never),
    );

  it("whatever address reached it, five wrong passwords from a client and the sixth attempt waits, even with the right password; another client is not held up", async () => {
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED; i++) expect((await from("203.0.113.5", `wrong ${i}`)).status).toBe(401);
    const throttled = await from("203.0.113.5", PASSWORD);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("Retry-After"))).toBeGreaterThan(800);
    expect(throttled.headers.get("Set-Cookie")).toBeNull();
    expect(throttled.data).toEqual({
      heading: "Too Many Attempts",
      error: "Too many wrong passwords from this connection. Try again in 15 minutes.",
    });
    expect((await from("203.0.113.6", PASSWORD)).status).toBe(303);
  });

  it("a burst of 20 wrong passwords at once gets at most five checked", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => from("198.51.100.9", `wrong ${i}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LOGIN_FAILURES_ALLOWED);
    expect(statuses.every((s) => s === 401 || s === 429 || s === 503)).toBe(true);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20 - LOGIN_FAILURES_ALLOWED - PASSWORD_CHECKS_QUEUED_MAX - 1);
  });

  it("password checks take one thread at a time: a storm of logins from many clients leaves a file read fast", async () => {
    // The production parameters (0.25 s or more each), as the real dashboard hashes.
    owner = ownerConfig({ passwordHash: hashOwnerPassword(PASSWORD), sessionSecret: SECRET, secureCookie: true });
    const storm = Promise.all(Array.from({ length: 16 }, (_, i) => from(`192.0.2.${i}`, `wrong ${i}`)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await readFile("products/files/toolkit/credit-repair-guide.pdf");
    const readMs = performance.now() - started;
    const statuses = (await storm).map((a) => a.status);
    // Unbounded, 16 checks on libuv's 4 threads kept the read waiting for about a second.
    expect(readMs).toBeLessThan(200);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 401 || s === 503)).toBe(true);
  });
});

describe("logging out", () => {
  it("ends the session on the server: a copy of the cookie no longer opens the dashboard", async () => {
    const cookie = await logIn();
    const copy = cookie;
    expect((await call(() => overviewLoader(args(get("/admin", copy))))).status).toBe(200);
    const sessionsBefore = (await db().select().from(ownerSessions)).length;
    const out = await call(() => logoutAction(args(post("/admin/logout", {}, cookie))));
    expect(out.status).toBe(303);
    expect(out.headers.get("Set-Cookie")).toMatch(/^fsm_owner=;/);
    const after = await call(() => overviewLoader(args(get("/admin", copy))));
    expect(after.status).toBe(303);
    expect(after.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect((await db().select().from(ownerSessions)).length).toBe(sessionsBefore - 1);
  });
});

/** The protections of server/main.ts in front of the real login action, over real HTTP. */
async function startProtectedLogin(perMinute = 1000) {
  const app = express();
  app.use(protections({ publicOrigin: ORIGIN, trustProxy: false, perMinute, store: rateLimitStore }));
  app.use(async (req, res) => {
    const request = new Request(`http://${req.get("host")}${req.originalUrl}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: createReadableStreamFromReadable(req),
      duplex: "half",
    } as RequestInit);
    const answer = await call(() => loginAction(args(request)));
    answer.headers.forEach((value, name) => res.setHeader(name, value));
    res.status(answer.status).end();
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("the per-form rate limit", () => {
  it("leaves the dashboard's actions to the session check, but not its login or the public forms", async () => {
    const server = await startProtectedLogin(2);
    try {
      const statuses = async (path: string, n: number) => {
        const seen: number[] = [];
        for (let i = 0; i < n; i++) {
          const answer = await fetch(`${server.url}${path}`, {
            method: "POST",
            body: new URLSearchParams({ password: PASSWORD }),
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            redirect: "manual",
          });
          seen.push(answer.status);
        }
        return seen;
      };
      // Behind the limiter the test server answers every path with the login action.
      expect(await statuses("/admin/messages", 4)).toEqual([303, 303, 303, 303]);
      expect(await statuses("/admin/login", 3)).toEqual([303, 303, 429]);
      expect(await statuses("/contact", 3)).toEqual([303, 303, 429]);
    } finally {
      await server.close();
    }
  });
});

describe("the configuration", () => {
  it("checks the hash's format and the secret's length, and in production refuses one without the other, naming it", () => {
    expect(() => parseEnv({ OWNER_PASSWORD_HASH: "hunter2", SESSION_SECRET: SECRET })).toThrow(
      /OWNER_PASSWORD_HASH: must be the output of `npm run owner:hash`/,
    );
    expect(() => parseEnv({ OWNER_PASSWORD_HASH: HASH, SESSION_SECRET: "short" })).toThrow(
      /SESSION_SECRET: must be at least 32 characters/,
    );
    expect(() => parseEnv({ OWNER_PASSWORD_HASH: HASH.replace("ln=14", "ln=30"), SESSION_SECRET: SECRET })).toThrow(/out of range/);
    const production = { NODE_ENV: "production", PAYMENT_PROVIDER: "test", MAIL_TRANSPORT: "file", ...STAND_IN_PARTNER_LINKS } as const;
    expect(() => parseEnv({ ...production, OWNER_PASSWORD_HASH: HASH })).toThrow(/SESSION_SECRET: is required with OWNER_PASSWORD_HASH/);
    expect(() => parseEnv({ ...production, SESSION_SECRET: SECRET })).toThrow(/OWNER_PASSWORD_HASH: is required with SESSION_SECRET/);
    expect(parseEnv({ ...production, OWNER_PASSWORD_HASH: HASH, SESSION_SECRET: SECRET }).OWNER_PASSWORD_HASH).toBe(HASH);
    expect(parseEnv({ ...production }).OWNER_PASSWORD_HASH).toBeUndefined();
  });
});

describe("orders", () => {
  it("a refund from the dashboard ends access to the files, sends the refund e-mail and is logged", async () => {
    const cookie = await logIn();
    const order = await paidOrder("refund.me@example.com", { bump: true });
    const token = await mintOrderLink(order.id, "receipt");
    await flush();
    // The owner's sale e-mail goes too (decision 069); the buyer's own mail is what this test reads.
    expect(mail.received("refund.me@example.com").map((m) => m.subject)).toEqual([expect.stringMatching(/receipt/i)]);

    // The confirmation comes first: the page offers it, the action needs confirmed=yes.
    const confirm = await call(() => orderLoader(args(get(`/admin/orders/${order.id}?confirm=refund`, cookie), { id: String(order.id) })));
    expect(confirm.data).toMatchObject({ confirm: "refund", order: { status: "paid", email: "refund.me@example.com" } });
    const unconfirmed = await call(() =>
      orderAction(args(post(`/admin/orders/${order.id}`, { intent: "refund" }, cookie), { id: String(order.id) })),
    );
    expect(unconfirmed).toMatchObject({ status: 400, data: { result: { error: { "": ["Choose an action and confirm it."] } } } });
    expect((await db().select().from(orders))[0]!.status).toBe("paid");

    const refunded = await call(() =>
      orderAction(
        args(post(`/admin/orders/${order.id}`, { intent: "refund", product: "all", confirmed: "yes" }, cookie), { id: String(order.id) }),
      ),
    );
    // A redirect to the order without the question (a reload posts nothing), saying once what was done.
    expect(refunded.status).toBe(303);
    expect(refunded.headers.get("Location")).toBe(`/admin/orders/${order.id}`);
    expect(await noticeAfter(refunded)).toEqual({ ok: true, message: expect.stringMatching(/^Refunded/) });
    expect((await db().select().from(orders))[0]!.status).toBe("refunded");
    const page = (await orderPageLoader(args(get(`/orders/${token}`), { token }))) as { data: { kind: string; status: string } };
    expect(page.data).toMatchObject({ kind: "closed", status: "refunded" });
    await flush();
    await mail.smtp().waitFor(3);
    const mails = mail.received("refund.me@example.com");
    expect(mails[1]!.subject).toMatch(/refund/i);
    expect(mails[1]!.text).toContain("$21.99");
    expect((mails[1]!.to as { text: string }).text).toBe("refund.me@example.com");

    const again = await call(() =>
      orderAction(
        args(post(`/admin/orders/${order.id}`, { intent: "refund", product: "all", confirmed: "yes" }, cookie), { id: String(order.id) }),
      ),
    );
    expect(again).toMatchObject({ status: 409, data: { result: { error: { "": ["This order was already refunded."] } } } });
    expect((await db().select().from(adminAuditLog)).map((a) => [a.action, a.target, a.detail])).toEqual([
      ["refund", `order:${order.id}`, "refunded"],
      ["refund", `order:${order.id}`, "already-refunded"],
    ]);
  });

  it("a Stripe order is refunded through Stripe's refund API, once per order", async () => {
    payments = createPayments({ provider: "stripe", publicOrigin: ORIGIN, stripe: { secretKey: "sk_test_admin", apiBase: fake.url } });
    const cookie = await logIn();
    const { sessionId } = await startCheckout(payments, site(), { includeBump: false });
    fake.pay(sessionId, { email: "stripe.buyer@example.com", paymentIntent: "pi_admin_1" });
    await db()
      .update(orders)
      .set({ status: "paid", paidAt: new Date(), providerPaymentId: "pi_admin_1", customerEmail: "stripe.buyer@example.com" });
    const [order] = await db().select().from(orders);
    const answer = await call(() =>
      orderAction(
        args(post(`/admin/orders/${order!.id}`, { intent: "refund", product: "all", confirmed: "yes" }, cookie), { id: String(order!.id) }),
      ),
    );
    expect(answer.status).toBe(303);
    expect(await noticeAfter(answer)).toMatchObject({ ok: true, message: expect.stringMatching(/Stripe accepted the refund/) });
    const refundCall = fake.requests.find((r) => r.path === "/v1/refunds")!;
    expect(Object.fromEntries(refundCall.form)).toMatchObject({ payment_intent: "pi_admin_1" });
    // Keyed by our record of the request (refund_requests), the whole order its part.
    expect(refundCall.headers["idempotency-key"]).toBe(`refund_request_1_order_${order!.id}_whole`);
  });

  it("resends the receipt with a new link and resets the download counts, each logged", async () => {
    const cookie = await logIn();
    const order = await paidOrder("again@example.com");
    await flush();
    await db().insert(downloads).values({ orderId: order.id, fileId: "guide", count: 20 });
    const act = (intent: string) =>
      call(() => orderAction(args(post(`/admin/orders/${order.id}`, { intent, confirmed: "yes" }, cookie), { id: String(order.id) })));
    const resent = await act("resend");
    expect(resent.status).toBe(303);
    expect(await noticeAfter(resent)).toEqual({ ok: true, message: "A new receipt is on its way to again@example.com." });
    await flush();
    // Two receipts, and the owner's one sale e-mail (decision 069).
    await mail.smtp().waitFor(3);
    const mails = mail.received("again@example.com");
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/receipt/i), expect.stringMatching(/receipt/i)]);
    expect(await noticeAfter(await act("reset"))).toEqual({ ok: true, message: "Download counts reset (20 downloads cleared)." });
    expect(await db().select().from(downloads)).toEqual([]);
    expect((await db().select().from(adminAuditLog)).map((a) => a.action)).toEqual(["resend-receipt", "reset-downloads"]);
    const search = await call(() => ordersLoader(args(get("/admin/orders?email=AGAIN@", cookie))));
    expect(search.data).toMatchObject({
      rows: [{ id: order.id, email: "again@example.com", status: "paid", items: ["Credit Repair Toolkit"] }],
    });
  });
});

describe("leads, messages and e-mail", () => {
  it("lists newest first, marks a message handled once, retries a failed e-mail and downloads the same CSV as npm run export", async () => {
    const cookie = await logIn();
    for (const n of [1, 2, 3]) await storeLead({ name: `Lead ${n}`, email: `lead${n}@example.com`, sourcePage: "emergency-fund-guide" });
    const list = await call(() => contactsLoader(args(get("/admin/contacts?source=guide", cookie))));
    expect((list.data as { rows: { email: string }[] }).rows.map((r) => r.email)).toEqual([
      "lead3@example.com",
      "lead2@example.com",
      "lead1@example.com",
    ]);

    await storeContactMessage(
      { name: "Bo", email: "bo@example.com", subject: "Refund question", message: "How do refunds work here?" },
      "owner@example.com",
    );
    const [message] = await db().select().from(contactMessages);
    const markHandled = (fields: Record<string, string>, path = "/admin/messages") =>
      call(() => messagesAction(args(post(path, { intent: "handled", ...fields }, cookie))));
    // Not an id: Conform's reply for the row's form, nothing changed.
    const notAnId = await markHandled({ id: "0" });
    expect(notAnId).toMatchObject({ status: 400, data: { form: "handled-0", result: { error: { id: expect.any(Array) } } } });
    expect((await db().select().from(contactMessages))[0]!.handledAt).toBeNull();
    // A redirect back to the page of messages the owner was on (a reload posts nothing), saying what was done once.
    const handled = await markHandled({ id: String(message!.id) }, "/admin/messages?page=2");
    expect(handled.status).toBe(303);
    expect(handled.headers.get("Location")).toBe("/admin/messages?page=2");
    expect(await noticeAfter(handled)).toEqual({ ok: true, message: "Marked handled." });
    expect((await db().select().from(contactMessages))[0]!.handledAt).toBeInstanceOf(Date);
    const twice = await markHandled({ id: String(message!.id) });
    expect(twice.headers.get("Location")).toBe("/admin/messages");
    expect(await noticeAfter(twice)).toEqual({ ok: true, message: "That message was already handled." });

    await db().update(outbox).set({ status: "failed", lastError: "550 mailbox unavailable" });
    const health = await call(() => emailLoader(args(get("/admin/email", cookie))));
    // Every e-mail queued above: the three guides, the message to the owner and its sender's acknowledgement.
    expect(await db().select().from(outbox)).toHaveLength(5);
    expect(health.data).toMatchObject({
      failed: 5,
      rows: expect.arrayContaining([expect.objectContaining({ lastError: "550 mailbox unavailable" })]),
    });
    const [failed] = await db().select().from(outbox).where(eq(outbox.kind, "contact-owner"));
    const retry = () => call(() => emailAction(args(post("/admin/email", { intent: "retry", id: String(failed!.id) }, cookie))));
    const retried = await retry();
    expect(retried.status).toBe(303);
    expect(retried.headers.get("Location")).toBe("/admin/email");
    expect(await noticeAfter(retried)).toEqual({ ok: true, message: "Queued again: it goes out within seconds." });
    await flush();
    expect((await db().select().from(outbox).where(eq(outbox.id, failed!.id)))[0]!.status).toBe("sent");
    expect((await db().select().from(adminAuditLog)).map((a) => a.action)).toEqual(["mark-handled", "retry-email"]);
    // Sent now: a second retry is refused on the row that posted it.
    expect(await retry()).toMatchObject({
      status: 409,
      data: { form: `retry-${failed!.id}`, result: { error: { "": ["That e-mail was already sent, or is not due yet."] } } },
    });

    const csv = await call(() => exportLoader(args(get("/admin/export/leads", cookie), { name: "leads" })));
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const response = (await exportLoader(args(get("/admin/export/leads", cookie), { name: "leads" }))) as Response;
    let expected = "";
    for await (const chunk of exportCsv("leads")) expected += chunk.csv;
    expect(await response.text()).toBe(expected);
    expect(expected.split("\r\n")).toHaveLength(5);
    const unknown = await call(() => exportLoader(args(get("/admin/export/refunds", cookie), { name: "refunds" })));
    expect(unknown.status).toBe(404);
  });
});

describe("the numbers", () => {
  it("page views leave out bots, prefetches and the owner, and are written without losing any", async () => {
    const owner = await logIn();
    const visits: [Record<string, string>, boolean][] = [
      [{ "user-agent": BROWSER }, true],
      [{ "user-agent": BROWSER, cookie: "theme=dark" }, true],
      [{ "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }, false],
      [{ "user-agent": "Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/130.0.0.0 Safari/537.36" }, false],
      [{ "user-agent": BROWSER, purpose: "prefetch" }, false],
      [{ "user-agent": BROWSER, "sec-purpose": "prefetch;prerender" }, false],
      [{ "user-agent": BROWSER, cookie: `theme=dark; ${owner}` }, false],
      [{}, false],
    ];
    for (const [headers, counted] of visits) expect(pageViewCounter.count("/blog/emergency-fund-guide", headers)).toBe(counted);
    expect(pageViewCounter.unflushed()).toBe(2);
    await pageViewCounter.flush();
    expect(pageViewCounter.unflushed()).toBe(0);
    expect(await db().select().from(pageViews)).toEqual([
      { day: new Date().toISOString().slice(0, 10), path: "/blog/emergency-fund-guide", views: 2 },
    ]);
  });

  it("the overview and the per-article table equal what the database holds after visits, leads and purchases", async () => {
    const cookie = await logIn();
    const visit = (slug: string, n: number) => {
      for (let i = 0; i < n; i++) pageViewCounter.count(`/blog/${slug}`, { "user-agent": BROWSER });
    };
    visit("emergency-fund-guide", 5);
    visit("dispute-credit-errors", 3);
    pageViewCounter.count("/blog/dispute-credit-errors", { "user-agent": "Googlebot/2.1" });
    await storeLead({ name: "A", email: "a@example.com", sourcePage: "emergency-fund-guide" });
    await storeLead({ name: "B", email: "b@example.com", sourcePage: "emergency-fund-guide" });
    await storeLead({ name: "C", email: "c@example.com", sourcePage: "dispute-credit-errors" });
    // Two newsletter sign-ups, one confirmed with its e-mail's button.
    await storeSubscriber("s1@example.com");
    await storeSubscriber("s2@example.com");
    expect(await confirmSubscription(await mintEmailLink("s1@example.com", "newsletter-confirm"))).toMatchObject({ state: "confirmed" });
    // Four checkouts: two from the emergency-fund article (one paid with the Power Pack), one from
    // the dispute article (paid, then refunded from the dashboard), one from nowhere, abandoned.
    await paidOrder("p1@example.com", { bump: true, from: "emergency-fund-guide" });
    await startCheckout(payments, site(), { includeBump: false, from: "emergency-fund-guide" });
    const refunded = await paidOrder("p2@example.com", { from: "dispute-credit-errors" });
    await startCheckout(payments, site(), { includeBump: false, from: "no-such-article" });
    await orderAction(
      args(post(`/admin/orders/${refunded.id}`, { intent: "refund", product: "all", confirmed: "yes" }, cookie), {
        id: String(refunded.id),
      }),
    );

    const overview = (await call(() => overviewLoader(args(get("/admin?days=7", cookie))))).data as Record<string, unknown>;
    const [held] = rowsOf<{
      gross: number;
      refunded: number;
      paid: number;
      everPaid: number;
      started: number;
      leads: number;
      confirmed: number;
    }>(
      await db().execute(sql`
        select (select coalesce(sum(amount_total), 0) from orders where paid_at is not null)::int as gross,
               (select coalesce(sum(amount_total), 0) from orders where status = 'refunded')::int as refunded,
               (select count(*) from orders where status = 'paid')::int as paid,
               (select count(*) from orders where paid_at is not null)::int as "everPaid",
               (select count(*) from orders)::int as started,
               (select count(*) from leads)::int as leads,
               (select count(*) from newsletter_subscribers where status = 'confirmed')::int as confirmed
      `),
    );
    // A refunded order is not a paid one (issue 42); it still reached payment, so the checkout funnel counts it.
    expect(held).toEqual({ gross: 2199 + 700, refunded: 700, paid: 1, everPaid: 2, started: 4, leads: 3, confirmed: 1 });
    expect(overview).toMatchObject({
      days: 7,
      grossCents: held!.gross,
      refundedCents: held!.refunded,
      netCents: held!.gross - held!.refunded,
      paidOrders: held!.paid,
      bumpOrders: 1,
      checkoutsStarted: held!.started,
      checkoutsPaid: held!.everPaid,
      leads: held!.leads,
      newsletterSubscribers: held!.confirmed,
    });
    const daily = overview.daily as { day: string; revenueCents: number; leads: number }[];
    expect(daily).toHaveLength(8);
    // The days are the business's (New York, the default): today there, whatever UTC's date is.
    const newYorkToday = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
    expect(daily.at(-1)).toEqual({ day: newYorkToday, revenueCents: 2899 - 700, leads: 3 });
    expect(daily.slice(0, -1).every((d) => d.revenueCents === 0 && d.leads === 0)).toBe(true);

    const articles = (
      (await call(() => articlesLoader(args(get("/admin/articles?days=30", cookie))))).data as { articles: { slug: string }[] }
    ).articles;
    const bySlug = Object.fromEntries(articles.map(({ slug, ...rest }) => [slug, rest]));
    expect(bySlug["emergency-fund-guide"]).toMatchObject({ views: 5, leads: 2, checkouts: 2, sales: 1 });
    expect(bySlug["dispute-credit-errors"]).toMatchObject({ views: 3, leads: 1, checkouts: 1, sales: 0 });
    expect(articles[0]!.slug).toBe("emergency-fund-guide");
    expect(await db().select({ source: orders.sourceArticle }).from(orders).orderBy(orders.id)).toEqual([
      { source: "emergency-fund-guide" },
      { source: "emergency-fund-guide" },
      { source: "dispute-credit-errors" },
      { source: null },
    ]);
    expect((await db().select({ n: count() }).from(leads))[0]!.n).toBe(3);
  });

  it("counts a sale on the business's day, as its receipt dates it: 02:00 UTC is the evening before in New York", async () => {
    const cookie = await logIn();
    let at = new Date(`${new Date().toISOString().slice(0, 10)}T02:00:00Z`);
    if (at.getTime() > Date.now()) at = new Date(at.getTime() - 86_400_000);
    const order = await paidOrder("late@example.com");
    await db().update(orders).set({ paidAt: at }).where(eq(orders.id, order.id));
    const { daily } = (await call(() => overviewLoader(args(get("/admin?days=7", cookie))))).data as {
      daily: { day: string; revenueCents: number }[];
    };
    const dayBefore = new Date(at.getTime() - 86_400_000).toISOString().slice(0, 10);
    expect(daily.filter((d) => d.revenueCents > 0)).toEqual([expect.objectContaining({ day: dayBefore, revenueCents: 700 })]);
  });

  it("create-payment carries the article from the promo link, and drops a slug that is not an article", async () => {
    const create = (from: string) =>
      createPaymentFromRequest(
        payments,
        site(),
        new Request(`${ORIGIN}/api/create-payment`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ includeBump: false, from }),
        }),
      );
    expect((await create("budgeting-tips-that-work")).status).toBe(200);
    expect((await create("../admin")).status).toBe(200);
    expect(await db().select({ source: orders.sourceArticle }).from(orders).orderBy(orders.id)).toEqual([
      { source: "budgeting-tips-that-work" },
      { source: null },
    ]);
  });
});
