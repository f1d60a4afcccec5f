/**
 * Sales per list e-mail (issue 26, part 6), on PGlite and (TEST_DB=postgres) on PostgreSQL: a
 * link from a list e-mail (?utm_source=email&utm_campaign=...&utm_sig=...) sets the campaign
 * cookie, signed with the owner's session secret (issue 51), on a prerendered page and on a page
 * of the page cache, answered private and unstored (the server's own order: campaign cookie,
 * static files, page cache, then Express); only a link whose utm_sig is its campaign's signature
 * does (issue 51): the links of a broadcast sent through the outbox to a real SMTP server and of a
 * welcome step rendered as the mailer renders it set the cookie and attribute the checkout, the
 * same links with the signature removed, altered, from another secret or under another campaign's
 * name set nothing and attribute nothing, and the page still answers as usual; a checkout from
 * that browser, with or without JavaScript, stores the campaign on the order, and a cookie not
 * signed with the secret gives none; a malformed campaign or another source sets nothing; the
 * dashboard counts checkouts, sales and revenue per e-mail, named by the sequence step's subject,
 * and the sequence page per step, its swept checkouts too.
 */
import { createHmac } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orders } from "../../db/schema";
import { action as checkoutAction } from "~/routes/checkout";
import { action as createPaymentAction } from "~/routes/api/create-payment";
import { loader as overviewLoader } from "~/routes/admin/overview";
import { loader as sequenceLoader } from "~/routes/admin/sequence";
import { BroadcastSchema } from "~/lib/forms/broadcast";
import { CAMPAIGN_COOKIE } from "~/lib/campaign";
import type { EmailSales } from "~/server/admin/email-sales.server";
import { saveBroadcast, startBroadcast } from "~/server/audience/broadcasts.server";
import { recordConsent } from "~/server/audience/contacts.server";
import { listSteps } from "~/server/audience/sequence.server";
import { db } from "~/server/db.server";
import { broadcastCampaign, composeStep, sequenceCampaign } from "~/server/mail/list-compose.server";
import { sweepExpired } from "~/server/maintenance/sweep.server";
import { findOrderBySession } from "~/server/payments/orders.server";
import { createPayments } from "~/server/payments/payments.server";
import { findTestOrder, payTestOrder, refundTestOrder } from "~/server/payments/test-provider.server";
import { PERSONAL_CACHE_CONTROL } from "../../server/cache-control";
import { campaignCookie } from "../../server/campaign-cookie";
import { createPageCache } from "../../server/page-cache";
import { createStaticResponder, loadStaticFiles, PRERENDERED_CACHE_CONTROL } from "../../server/static-files";
import { useTestSite } from "../helpers/context";
import { useTestDatabase } from "../helpers/db";
import { ownerCookie, routeArgs, TEST_OWNER } from "../helpers/owner";
import { call, requestsTo } from "../helpers/routes";
import { testMailSettings, useOutboxMail } from "../helpers/smtp";

const ORIGIN = "https://shop.example";
const payments = createPayments({ provider: "test", publicOrigin: ORIGIN });
const config = { owner: TEST_OWNER, payments };
const { get, post } = requestsTo(ORIGIN);

/**
 * The cookie's value the server should write for `campaign`: "<campaign>.<HMAC-SHA256 of
 * "fsm_campaign:<campaign>" under the secret, base64url>", computed here from the rule, not by the code under test.
 */
const signed = (campaign: string, secret = TEST_OWNER.sessionSecret) =>
  `${campaign}.${createHmac("sha256", secret).update(`fsm_campaign:${campaign}`).digest("base64url")}`;

/**
 * The signature a list e-mail's links carry for `campaign` (utm_sig): the first 16 base64url
 * characters of an HMAC-SHA256 of "fsm_campaign_link:<campaign>" under the secret, from the rule.
 */
const linkSignature = (campaign: string, secret = TEST_OWNER.sessionSecret) =>
  createHmac("sha256", secret).update(`fsm_campaign_link:${campaign}`).digest("base64url").slice(0, 16);
/** The query of a list e-mail's link naming `campaign`, signed as the mailer signs it. */
const emailQuery = (campaign: string, secret?: string) =>
  `?utm_source=email&utm_campaign=${campaign}&utm_sig=${linkSignature(campaign, secret)}`;

useTestDatabase();
const site = useTestSite();
// The list e-mails, sent through the outbox to a real SMTP server, their links signed as with the owner dashboard on.
const mail = useOutboxMail(ORIGIN, { campaignSecret: TEST_OWNER.sessionSecret });
const args = routeArgs(config, site);

let root: string;
let server: Server;
let base: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "attribution-"));
  mkdirSync(join(root, "about"), { recursive: true });
  writeFileSync(join(root, "about/index.html"), "<!doctype html><html><body><h1>About</h1></body></html>");
  const rememberCampaign = campaignCookie({ secure: true, secret: TEST_OWNER.sessionSecret });
  const serveStatic = createStaticResponder(await loadStaticFiles(root), {
    root,
    baseHeaders: { "X-Content-Type-Options": "nosniff" },
    htmlPolicy: () => "script-src 'self'",
  });
  const servePageCache = createPageCache({
    key: () => "1",
    render: async () =>
      new Response("<!doctype html><html><body><h1>An article</h1></body></html>", { headers: { "Content-Type": "text/html" } }),
    baseHeaders: {},
    htmlPolicy: () => "script-src 'self'",
    finishHtml: async (html) => ({ html, scriptHashes: [] }),
    // An article's address, kept as its route's handle declares (`render: "cached"`).
    policyAt: (path) => (path.startsWith("/blog/") ? { render: "cached" } : undefined),
    site: { articleExists: () => true, productExists: () => true },
  });
  // As server/main.ts answers: the campaign cookie first, then the static files, then the page cache.
  server = createServer((req, res) => {
    rememberCampaign(req, res);
    if (serveStatic(req, res)) return;
    const cached = servePageCache(req, res);
    const express = () => res.writeHead(200, { "Content-Type": "text/plain" }).end("rendered");
    if (cached === false) express();
    else if (cached !== true) void cached.then((ok) => ok || express());
  });
  // Longer than the client's own idle timeout (fetch keeps a connection 4 s): on a busy machine the
  // server's default 5 s can close a connection just as fetch sends on it (ECONNRESET).
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

describe("the campaign cookie", () => {
  it("is set by an e-mail link on a prerendered page and on a page-cache page, whose answer is then private and unstored", async () => {
    for (const path of ["/about", "/blog/some-article"]) {
      const answer = await fetch(`${base}${path}${emailQuery("welcome-2-dispute-in-writing")}&utm_medium=x`);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get("set-cookie"), path).toBe(
        `${CAMPAIGN_COOKIE}=${signed("welcome-2-dispute-in-writing")}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure`,
      );
      expect(answer.headers.get("cache-control"), path).toBe(PERSONAL_CACHE_CONTROL);
      expect(await answer.text()).toContain("<h1>");
    }
  });

  it("is not set (and the page stays public) without an e-mail source, or for a malformed campaign, even signed", async () => {
    for (const query of [
      "",
      `?utm_source=newsletter-site&utm_campaign=welcome-1&utm_sig=${linkSignature("welcome-1")}`,
      `?utm_source=email&utm_campaign=Welcome_1&utm_sig=${linkSignature("Welcome_1")}`,
      `?utm_source=email&utm_campaign=-starts-with-dash&utm_sig=${linkSignature("-starts-with-dash")}`,
      emailQuery("a".repeat(81)),
      `?utm_source=email&utm_campaign=%3Cscript%3E&utm_sig=${linkSignature("<script>")}`,
    ]) {
      const answer = await fetch(`${base}/about${query}`);
      expect(answer.headers.get("set-cookie"), query).toBeNull();
      expect(answer.headers.get("cache-control"), query).toBe(PRERENDERED_CACHE_CONTROL);
    }
  });

  it("is replaced by the last e-mail clicked", async () => {
    const answer = await fetch(`${base}/blog/x${emailQuery("broadcast-12")}`, {
      headers: { Cookie: `${CAMPAIGN_COOKIE}=welcome-1-your-three-reports` },
    });
    expect(answer.headers.get("set-cookie")?.split(";")[0]).toBe(`fsm_campaign=${signed("broadcast-12")}`);
  });

  it("is not set at all without a secret (the owner dashboard, which shows the figures, is off)", async () => {
    const remember = campaignCookie({ secure: true, secret: undefined });
    const plain = createServer((req, res) => {
      remember(req, res);
      res.writeHead(200, { "Content-Type": "text/plain", "Cache-Control": PRERENDERED_CACHE_CONTROL }).end("page");
    });
    await new Promise<void>((r) => plain.listen(0, "127.0.0.1", r));
    try {
      const answer = await fetch(`http://127.0.0.1:${(plain.address() as AddressInfo).port}/about${emailQuery("broadcast-12")}`);
      expect(answer.headers.get("set-cookie")).toBeNull();
      expect(answer.headers.get("cache-control")).toBe(PRERENDERED_CACHE_CONTROL);
    } finally {
      plain.close();
    }
  });
});

/**
 * A browser's checkout, as the no-JavaScript form (checkout.tsx's action) or the script (POST
 * /api/create-payment) sends it; on a site whose owner dashboard is on (`config`), or off.
 */
async function checkout(how: "form" | "api", cookie?: string, on: typeof args = args): Promise<string> {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  if (how === "form") {
    const answer = await call(() => checkoutAction(on(post("/checkout", { includeBump: "on" }, cookie))));
    expect(answer.status).toBe(303);
    return new URL(answer.headers.get("Location")!, ORIGIN).searchParams.get("session")!;
  }
  const request = new Request(`${ORIGIN}/api/create-payment`, {
    method: "POST",
    body: JSON.stringify({ includeBump: false }),
    headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
  });
  const answer = await call<{ url: string }>(() => createPaymentAction(on(request)));
  expect(answer.status).toBe(200);
  return new URL(answer.data.url, ORIGIN).searchParams.get("session")!;
}

describe("the order", () => {
  it("keeps the campaign of the browser's cookie, from the form and from the API; an unsigned, tampered or foreign cookie or none gives none", async () => {
    const cookieFromLink = (await fetch(`${base}/blog/a${emailQuery("welcome-5-toolkit")}`)).headers.get("set-cookie")!.split(";")[0]!;
    const [, signature] = signed("welcome-5-toolkit").split(".");
    const cases = [
      { how: "form" as const, cookie: `fsm_buyer=x; ${cookieFromLink}`, campaign: "welcome-5-toolkit" },
      { how: "api" as const, cookie: cookieFromLink, campaign: "welcome-5-toolkit" },
      // A forged one beside the real one (a sibling domain can add a cookie of the same name): the signed one counts.
      { how: "api" as const, cookie: `${CAMPAIGN_COOKIE}=broadcast-1; ${cookieFromLink}`, campaign: "welcome-5-toolkit" },
      // As an unsigned cookie was before issue 51: anyone could name any broadcast.
      { how: "api" as const, cookie: `${CAMPAIGN_COOKIE}=broadcast-12`, campaign: null },
      { how: "form" as const, cookie: `${CAMPAIGN_COOKIE}=broadcast-12`, campaign: null },
      // Another campaign with this one's signature, a signature cut short or altered, one made with another secret.
      { how: "api" as const, cookie: `${CAMPAIGN_COOKIE}=broadcast-12.${signature}`, campaign: null },
      { how: "api" as const, cookie: `${CAMPAIGN_COOKIE}=welcome-5-toolkit.${signature!.slice(0, -1)}`, campaign: null },
      {
        how: "api" as const,
        cookie: `${CAMPAIGN_COOKIE}=welcome-5-toolkit.${signature!.slice(0, -1)}${signature!.endsWith("A") ? "B" : "A"}`,
        campaign: null,
      },
      {
        how: "api" as const,
        cookie: `${CAMPAIGN_COOKIE}=${signed("broadcast-12", "another-secret-0123456789abcdef0123")}`,
        campaign: null,
      },
      { how: "api" as const, cookie: `${CAMPAIGN_COOKIE}=welcome-5-toolkit.`, campaign: null },
      { how: "api" as const, cookie: `${CAMPAIGN_COOKIE}=DROP TABLE orders`, campaign: null },
      { how: "form" as const, cookie: undefined, campaign: null },
    ];
    for (const c of cases) {
      const session = await checkout(c.how, c.cookie);
      expect(session).toBeTruthy();
      const order = await findOrderBySession(session);
      expect({ ...c, stored: order?.campaign }).toEqual({ ...c, stored: c.campaign });
    }
  });

  it("gets no campaign when the owner dashboard is off (no secret), even from a cookie once signed", async () => {
    const dashboardOff = routeArgs({ owner: null, payments }, site);
    for (const how of ["form", "api"] as const) {
      const order = await findOrderBySession(await checkout(how, `${CAMPAIGN_COOKIE}=${signed("welcome-5-toolkit")}`, dashboardOff));
      expect({ how, stored: order?.campaign }).toEqual({ how, stored: null });
    }
  });
});

/** The site links of an e-mail's HTML part (entities decoded), but for the unsubscribe and the site's name above it. */
function siteLinksOf(html: string): URL[] {
  return [...html.matchAll(/href="([^"]+)"/g)]
    .map((m) => new URL(m[1]!.replaceAll("&amp;", "&")))
    .filter((url) => url.origin === ORIGIN && url.pathname !== "/" && !url.pathname.startsWith("/unsubscribe/"));
}

/** What the server answers a browser following `url` (an https://shop.example address) on the test server. */
async function follow(url: URL, cookie?: string) {
  const answer = await fetch(`${base}${url.pathname}${url.search}`, { headers: cookie ? { Cookie: cookie } : {} });
  return { answer, cookie: answer.headers.get("set-cookie")?.split(";")[0], page: await answer.text() };
}

/** The same link with its query changed by `edit`. */
function altered(url: URL, edit: (query: URLSearchParams) => void): URL {
  const copy = new URL(url);
  edit(copy.searchParams);
  return copy;
}

describe("a link from a real list e-mail", () => {
  it("of a broadcast sent through the outbox, and of a welcome step, sets the cookie and attributes the checkout; typed, altered or stripped, nothing", async () => {
    await db().execute(
      sql`insert into newsletter_subscribers (email, status, confirmed_at) values ('reader@example.com', 'confirmed', now())`,
    );
    await recordConsent(
      db(),
      { email: "reader@example.com" },
      {
        purpose: "newsletter",
        source: "newsletter confirmation of /blog",
        wordingVersion: "v1",
        proved: true,
      },
    );
    const saved = await saveBroadcast(
      BroadcastSchema.parse({
        subject: "Check your reports this month",
        preview: "Ten minutes.",
        body: "Read [how to dispute an error](/blog/dispute-credit-errors), or [about us](https://shop.example/about?utm_sig=typed-by-the-writer).",
        audienceNewsletter: "on",
      }),
    );
    if (!("saved" in saved)) throw new Error(saved.refused);
    expect(await startBroadcast({ id: saved.saved, version: 1, when: "now", scheduledAt: undefined })).toEqual({
      started: "now",
      queued: 1,
    });
    await mail.flush();
    const [broadcastMail] = mail.received("reader@example.com");
    const broadcast = broadcastCampaign(saved.saved);
    const broadcastLinks = siteLinksOf(String(broadcastMail!.html));
    expect(broadcastLinks.map((url) => url.pathname)).toEqual(["/blog/dispute-credit-errors", "/about"]);

    const [firstStep] = await listSteps("credit-repair");
    const step = sequenceCampaign(firstStep!.id);
    const stepMail = await composeStep(firstStep!, testMailSettings(ORIGIN, TEST_OWNER.sessionSecret).context, `${ORIGIN}/unsubscribe/x`);
    const stepLinks = siteLinksOf(stepMail.mail.html);
    expect(stepLinks.length).toBeGreaterThan(0);

    for (const [campaign, links, text] of [
      [broadcast, broadcastLinks, String(broadcastMail!.text)],
      [step, stepLinks, stepMail.mail.text],
    ] as const) {
      for (const link of links) {
        // The reader sees the same address in the text part; the writer's own utm_sig was replaced.
        expect(text).toContain(link.href);
        expect(link.searchParams.get("utm_sig")).toBe(linkSignature(campaign));
        const { answer, cookie } = await follow(link);
        expect(answer.status, link.href).toBe(200);
        expect(cookie, link.href).toBe(`${CAMPAIGN_COOKIE}=${signed(campaign)}`);
        const order = await findOrderBySession(await checkout("api", cookie));
        expect({ link: link.href, stored: order?.campaign }).toEqual({ link: link.href, stored: campaign });
      }
    }

    // The broadcast's /about link, a prerendered page: the same address tampered with.
    const about = broadcastLinks[1]!;
    const sig = about.searchParams.get("utm_sig")!;
    const earlier = `${CAMPAIGN_COOKIE}=${signed(step)}`;
    const tampered = {
      "signature removed": altered(about, (q) => q.delete("utm_sig")),
      "signature empty": altered(about, (q) => q.set("utm_sig", "")),
      "signature altered": altered(about, (q) => q.set("utm_sig", `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`)),
      "signature cut short": altered(about, (q) => q.set("utm_sig", sig.slice(0, -1))),
      "signature made longer": altered(about, (q) => q.set("utm_sig", `${sig}A`)),
      "signature of the cookie": altered(about, (q) => q.set("utm_sig", signed(broadcast).split(".")[1]!)),
      "signature from another secret": altered(about, (q) =>
        q.set("utm_sig", linkSignature(broadcast, "another-secret-0123456789abcdef0123")),
      ),
      "another broadcast's name": altered(about, (q) => q.set("utm_campaign", broadcastCampaign(saved.saved + 1))),
      "the welcome step's name": altered(about, (q) => q.set("utm_campaign", step)),
      "typed by hand, as before": new URL(`${ORIGIN}/about?utm_source=email&utm_campaign=${broadcast}`),
    };
    for (const [what, url] of Object.entries(tampered)) {
      // The page as usual, public (cacheable), and no cookie: a browser with none still has none...
      const fresh = await follow(url);
      expect({ what, status: fresh.answer.status, cookie: fresh.cookie }).toEqual({ what, status: 200, cookie: undefined });
      expect(fresh.answer.headers.get("cache-control"), what).toBe(PRERENDERED_CACHE_CONTROL);
      expect(fresh.page, what).toContain("<h1>About</h1>");
      expect((await findOrderBySession(await checkout("api")))?.campaign, what).toBeNull();
      // ...and one that came by the welcome step's link keeps it: its checkout is still the step's.
      const returning = await follow(url, earlier);
      expect({ what, cookie: returning.cookie }).toEqual({ what, cookie: undefined });
      expect((await findOrderBySession(await checkout("form", earlier)))?.campaign, what).toBe(step);
    }
  });
});

/** An order started from an e-mail's link (the cookie), paid or not. */
async function orderFrom(campaign: string, { paid, bump = false }: { paid: boolean; bump?: boolean }) {
  const session = await checkout(bump ? "form" : "api", `${CAMPAIGN_COOKIE}=${signed(campaign)}`);
  const order = (await findTestOrder(session))!;
  if (paid) await payTestOrder(order, "reader@example.com");
  return order;
}

describe("the dashboard", () => {
  beforeEach(async () => {
    await listSteps(); // seeds the welcome steps
  });

  it("shows checkouts, sales and revenue per e-mail for the period, named by the step's subject or by the raw campaign", async () => {
    const [first, , third] = await listSteps("credit-repair");
    const step1 = sequenceCampaign(first!.id);
    const step3 = sequenceCampaign(third!.id);
    await orderFrom(step1, { paid: true, bump: true }); // 700 + 1499
    await orderFrom(step1, { paid: false });
    const refunded = await orderFrom(step3, { paid: true });
    await refundTestOrder((await findTestOrder(refunded.providerSessionId))!);
    await orderFrom("broadcast-7", { paid: false });
    const old = await orderFrom("broadcast-7", { paid: true });
    await db()
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(orders.id, old.id));
    await checkout("api"); // no campaign: not in the table
    const tip = await saveBroadcast(
      BroadcastSchema.parse({
        subject: "A budget in 20 minutes",
        preview: "One tip.",
        body: "Read [this](/blog).",
        audienceNewsletter: "on",
      }),
    );
    if (!("saved" in tip)) throw new Error(tip.refused);
    await orderFrom(broadcastCampaign(tip.saved), { paid: true });

    const cookie = await ownerCookie(ORIGIN, config);
    const month = (await call<{ emailSales: EmailSales[] }>(() => overviewLoader(args(get("/admin?days=30", cookie))))).data.emailSales;
    expect(month).toEqual([
      { campaign: step1, label: `Credit Repair Starter Guide, e-mail 1: ${first!.subject}`, checkouts: 2, sales: 1, revenueCents: 2199 },
      { campaign: broadcastCampaign(tip.saved), label: "Broadcast: A budget in 20 minutes", checkouts: 1, sales: 1, revenueCents: 700 },
      { campaign: "broadcast-7", label: "broadcast-7", checkouts: 1, sales: 0, revenueCents: 0 },
      // Its one sale was refunded: a checkout, no sale, nothing earned (figures net of refunds, issue 42).
      { campaign: step3, label: `Credit Repair Starter Guide, e-mail 3: ${third!.subject}`, checkouts: 1, sales: 0, revenueCents: 0 },
    ]);
    const quarter = (await call<{ emailSales: EmailSales[] }>(() => overviewLoader(args(get("/admin?days=90", cookie))))).data.emailSales;
    expect(quarter.find((e) => e.campaign === "broadcast-7")).toMatchObject({ checkouts: 2, sales: 1, revenueCents: 700 });

    const sequence = (
      await call<{ steps: { id: string; fromLinks?: { checkouts: number; sales: number; revenueCents: number } }[] }>(() =>
        sequenceLoader(args(get("/admin/sequence", cookie))),
      )
    ).data.steps;
    expect(sequence.map((s) => s.fromLinks)).toEqual([
      { checkouts: 2, sales: 1, revenueCents: 2199 },
      { checkouts: 0, sales: 0, revenueCents: 0 },
      { checkouts: 1, sales: 0, revenueCents: 0 }, // refunded
      { checkouts: 0, sales: 0, revenueCents: 0 },
      { checkouts: 0, sales: 0, revenueCents: 0 },
      { checkouts: 0, sales: 0, revenueCents: 0 },
    ]);
  });

  it("the sweep deletes a step's abandoned checkouts, and its checkouts from links (all time) still count them", async () => {
    const [first] = await listSteps("credit-repair");
    const step1 = sequenceCampaign(first!.id);
    const fromLinks = async () =>
      (
        await call<{ steps: { id: string; fromLinks?: { checkouts: number; sales: number; revenueCents: number } }[] }>(async () =>
          sequenceLoader(args(get("/admin/sequence", await ownerCookie(ORIGIN, config)))),
        )
      ).data.steps[0]!.fromLinks;
    const abandoned = await orderFrom(step1, { paid: false });
    await orderFrom(step1, { paid: false });
    await orderFrom(step1, { paid: true });
    await db()
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 121 * 86_400_000) })
      .where(eq(orders.id, abandoned.id));
    expect(await fromLinks()).toEqual({ checkouts: 3, sales: 1, revenueCents: 700 });

    expect((await sweepExpired()).abandonedOrders).toBe(1);
    expect(await db().select().from(orders).where(eq(orders.id, abandoned.id))).toEqual([]);
    expect(await fromLinks()).toEqual({ checkouts: 3, sales: 1, revenueCents: 700 });
    // A window of the dashboard (90 days at most) never held it: its figures are as before.
    const quarter = (
      await call<{ emailSales: EmailSales[] }>(async () => overviewLoader(args(get("/admin?days=90", await ownerCookie(ORIGIN, config)))))
    ).data.emailSales;
    expect(quarter.find((e) => e.campaign === step1)).toMatchObject({ checkouts: 2, sales: 1, revenueCents: 700 });
  });
});
