/**
 * The request protections (server/protections.ts) in front of the real form actions, over real
 * HTTP: size limits, the same-origin check and the per-client rate limit at its default.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, leads, rateLimits } from "../../db/schema";
import { action as leadAction } from "~/routes/blog-post";
import { action as contactAction } from "~/routes/contact";
import { action as contactApi } from "~/routes/api/forms.contact";
import { action as leadApi } from "~/routes/api/forms.lead";
import { db } from "~/server/db.server";
import { parseEnv } from "~/server/env.server";
import { rateLimitStore } from "~/server/rate-limit-store.server";
import { clientAddress, formPath, protections, type ProtectionOptions } from "../../server/protections";
import { MATCH_CACHE_SIZE } from "../../server/route-match";
import { realRouteMatcher } from "../helpers/route-table";
import { testSite } from "../helpers/context";
import { useTestDatabase } from "../helpers/db";
import { ARTICLE, rowCount } from "../helpers/forms";

useTestDatabase();

const PUBLIC_ORIGIN = "https://www.freshstart.example";
const DEFAULT_LIMIT = parseEnv({}).FORM_RATE_LIMIT_PER_MINUTE;

type Server = { url: string; close: () => Promise<void>; webhookBytes: number[] };

/** protections + the real actions behind them, the way server/main.ts and React Router chain them. */
async function start(options: { trustProxy?: boolean; perMinute?: number; route?: ProtectionOptions["route"] } = {}): Promise<Server> {
  const app = express();
  app.set("trust proxy", options.trustProxy ?? false);
  app.use(
    protections({
      publicOrigin: PUBLIC_ORIGIN,
      trustProxy: options.trustProxy ?? false,
      perMinute: options.perMinute ?? DEFAULT_LIMIT,
      store: rateLimitStore,
      route: options.route,
    }),
  );
  const webhookBytes: number[] = [];
  app.post("/api/webhooks/stripe", async (req, res) => {
    let size = 0;
    for await (const chunk of req) size += (chunk as Buffer).length;
    webhookBytes.push(size);
    if (!res.headersSent) res.json({ received: size });
  });
  app.use(async (req, res) => {
    const url = `http://${req.get("host")}${req.originalUrl}`;
    const request = new Request(url, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: req.method === "GET" || req.method === "HEAD" ? undefined : createReadableStreamFromReadable(req),
      duplex: "half",
    } as RequestInit);
    const path = req.path.replace(/\.data$/, "");
    // A form's address for scripts (api/forms/*) answers with its own Response.
    const api = /^\/api\/forms\/(contact|lead\/([^/]+))\/?$/i.exec(path);
    if (api) {
      const answer = api[2]
        ? await leadApi({ request, params: { slug: api[2] }, context: await testSite() } as never)
        : await contactApi({ request, params: {}, context: {} } as never);
      res
        .status(answer.status)
        .set(Object.fromEntries(answer.headers))
        .send(Buffer.from(await answer.arrayBuffer()));
      return;
    }
    // A page's answer stands in as its outcome's JSON: the protections only see that it answered.
    let result: { data: unknown; init?: ResponseInit | null };
    try {
      const run =
        path === "/contact"
          ? contactAction({ request, params: {}, context: {} } as never)
          : leadAction({ request, params: { slug: path.split("/")[2] ?? "" }, context: await testSite() } as never);
      result = (await run) as typeof result;
    } catch (thrown) {
      result = thrown as typeof result;
    }
    if (res.headersSent) return;
    res.status(result.init?.status ?? 200).json(result.data);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    webhookBytes,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let server: Server;
beforeAll(async () => {
  server = await start();
});
afterAll(() => server.close());

/** The forms' addresses for scripts (api/forms/*), which answer JSON. */
const LEAD_API = `/api/forms/lead/${ARTICLE}`;
const CONTACT_API = "/api/forms/contact";

let n = 0;
const lead = () => new URLSearchParams({ name: "Ann", email: `ann${++n}@example.com`, sourcePage: ARTICLE }).toString();

function post(base: string, path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json", ...headers },
    body,
    duplex: "half",
  } as RequestInit);
}

describe("same-origin check", () => {
  it("lets a form from the site's own pages through", async () => {
    const fromPublic = await post(server.url, LEAD_API, lead(), { Origin: PUBLIC_ORIGIN, "Sec-Fetch-Site": "same-origin" });
    expect(fromPublic.status).toBe(200);
    const fromHost = await post(server.url, LEAD_API, lead(), { Origin: server.url });
    expect(fromHost.status).toBe(200);
    // Scripts and some privacy tools send no Origin at all.
    expect((await post(server.url, LEAD_API, lead())).status).toBe(200);
    expect(await rowCount(leads)).toBe(3);
  });

  it.each([
    ["another site's Origin", { Origin: "https://evil.example" }],
    ["an Origin of null", { Origin: "null" }],
    ["the right host over the wrong scheme", { Origin: PUBLIC_ORIGIN.replace("https:", "http:") }],
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["Sec-Fetch-Site: cross-site with a matching Origin", { "Sec-Fetch-Site": "cross-site", Origin: PUBLIC_ORIGIN }],
  ])("refuses %s with 403 and stores nothing", async (_case, headers) => {
    const res = await post(server.url, LEAD_API, lead(), headers);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      status: "rejected",
      title: "Request Refused",
      description: "This form can only be sent from this website's own pages.",
    });
    expect(await rowCount(leads)).toBe(0);
  });

  it("answers a browser posting without JavaScript with a small page, not JSON", async () => {
    const res = await post(server.url, "/contact", "name=a", { Origin: "https://evil.example", Accept: "text/html" });
    expect(res.status).toBe(403);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain("<h1>Request Refused</h1>");
    expect(html).toContain('<a href="/contact">Go back</a>');
  });

  it("never links to another host: a cross-site POST to //evil.example/ goes back to our own path", async () => {
    const res = await post(server.url, "//evil.example/", "name=a", { Origin: "https://evil.example", Accept: "text/html" });
    expect(res.status).toBe(400); // not a path the router would read as written
    const html = await res.text();
    expect(html).not.toContain('href="//');
    expect(html).toContain('<a href="/evil.example">Go back</a>');
  });
});

describe("body size limit", () => {
  const oversized = `${lead()}&x=${"a".repeat(16 * 1024)}`;

  it("refuses a body whose Content-Length is over 16 KB with 413, before reading it", async () => {
    const res = await post(server.url, LEAD_API, oversized);
    expect(res.status).toBe(413);
    expect(res.headers.get("connection")).toBe("close");
    expect((await res.json()).description).toBe("The form is too large: send at most 16 KB.");
    expect(await rowCount(leads)).toBe(0);
  });

  it("refuses a streamed (chunked) body, small or large, with 411: the limit needs a Content-Length", async () => {
    for (const text of [oversized, lead()]) {
      const bytes = new TextEncoder().encode(text);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 2048) controller.enqueue(bytes.slice(i, i + 2048));
          controller.close();
        },
      });
      const res = await post(server.url, CONTACT_API, body);
      expect(res.status).toBe(411);
      expect(await res.json()).toMatchObject({ title: "Length Required", description: "Send the form with a Content-Length header." });
    }
    expect(await rowCount(contactMessages)).toBe(0);
  });

  it("lets a body of exactly 16 KB reach the form (which refuses the unknown field, not the size)", async () => {
    const base = `${lead()}&x=`;
    const exact = base + "a".repeat(16 * 1024 - base.length);
    const res = await post(server.url, LEAD_API, exact);
    expect(res.status).toBe(400);
    expect((await res.json()).description).toMatch(/Unknown field/);
  });

  it("gives payment webhooks 256 KB instead, and no origin check or rate limit", async () => {
    const body200k = "x".repeat(200 * 1024);
    const ok = await post(server.url, "/api/webhooks/stripe", body200k, {
      "Content-Type": "application/json",
      Origin: "https://stripe.example",
    });
    expect(ok.status).toBe(200);
    expect(server.webhookBytes).toContain(200 * 1024);
    const tooBig = await post(server.url, "/api/webhooks/stripe", "x".repeat(257 * 1024), { "Content-Type": "application/json" });
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).description).toBe("The form is too large: send at most 256 KB.");
    // Streamed without a Content-Length: refused before any byte is read.
    const chunk = new TextEncoder().encode("y".repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 20) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const streamed = await post(server.url, "/api/webhooks/stripe", stream, { "Content-Type": "application/json" });
    expect(streamed.status).toBe(411);
    for (let i = 0; i < DEFAULT_LIMIT + 5; i++) {
      expect((await post(server.url, "/api/webhooks/stripe", "{}", { "Content-Type": "application/json" })).status).toBe(200);
    }
  });
});

describe("rate limit", () => {
  it(`allows ${DEFAULT_LIMIT} posts a minute per client and form, then answers 429 with Retry-After`, async () => {
    expect(DEFAULT_LIMIT).toBe(10);
    const limited = await start();
    try {
      for (let i = 0; i < DEFAULT_LIMIT; i++) {
        // The same form however its path is written: client-side submissions post to ".data".
        const path = [`/blog/${ARTICLE}`, `/blog/${ARTICLE}.data`, `/blog/${ARTICLE}/`, `/Blog/${ARTICLE}`][i % 4]!;
        expect((await post(limited.url, path, lead())).status).toBe(200);
      }
      const refused = await post(limited.url, `/blog/${ARTICLE}`, lead());
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await refused.json()).toEqual({
        status: "rejected",
        title: "Too Many Attempts",
        description: "You've sent this form too many times. Please wait a minute and try again.",
      });
      expect(await rowCount(leads)).toBe(DEFAULT_LIMIT);

      // Another form has its own allowance.
      const contact = await post(limited.url, "/contact", "name=Ann&email=ann@example.com&subject=Hi&message=Hello");
      expect(contact.status).toBe(200);
      // Reading pages is never limited.
      expect((await fetch(`${limited.url}/blog/${ARTICLE}`, { headers: { Accept: "application/json" } })).status).not.toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY says the proxy sets it", async () => {
    const direct = await start({ perMinute: 2 });
    try {
      for (let i = 0; i < 2; i++)
        expect((await post(direct.url, "/contact", "", { "X-Forwarded-For": `203.0.113.${i}` })).status).toBe(400);
      expect((await post(direct.url, "/contact", "", { "X-Forwarded-For": "203.0.113.99" })).status).toBe(429);
    } finally {
      await direct.close();
    }
    const proxied = await start({ perMinute: 2, trustProxy: true });
    try {
      for (let i = 0; i < 2; i++) expect((await post(proxied.url, "/contact", "", { "X-Forwarded-For": "198.51.100.7" })).status).toBe(400);
      expect((await post(proxied.url, "/contact", "", { "X-Forwarded-For": "198.51.100.7" })).status).toBe(429);
      // A different client behind the same proxy has its own allowance.
      expect((await post(proxied.url, "/contact", "", { "X-Forwarded-For": "198.51.100.8" })).status).toBe(400);
      // Only the entry our proxy added counts: a client can't dodge the limit by inventing earlier ones.
      expect((await post(proxied.url, "/contact", "", { "X-Forwarded-For": "1.2.3.4, 198.51.100.7" })).status).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

describe("helpers", () => {
  it("names one form however its path is written", () => {
    expect(["/blog/a", "/blog/a/", "/blog/a.data", "/BLOG/A", "/blog/a//"].map(formPath)).toEqual(Array(5).fill("/blog/a"));
    expect(formPath("/_root.data")).toBe("/");
  });

  it("takes the client address from the connection unless a proxy is trusted", () => {
    const req = { headers: { "x-forwarded-for": "10.0.0.1, 192.0.2.5" }, socket: { remoteAddress: "127.0.0.1" } } as never;
    expect(clientAddress(req, false)).toBe("127.0.0.1");
    expect(clientAddress(req, true)).toBe("192.0.2.5");
  });
});

/** A POST with the path exactly as written (fetch() would resolve dot segments first). */
function rawPost(
  base: string,
  path: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: hostname,
        port,
        path,
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json", ...headers },
      },
      (res) => {
        let data = "";
        res.on("data", (c) => (data += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: data }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("one path: a POST the router would read differently is refused before any check", () => {
  it.each([
    "/./contact",
    "/x/../contact",
    "/c%6fntact",
    "/%2e/contact",
    "//contact",
    "/api/webhooks/../../contact",
    "/api/webhooks/../create-payment",
    "/api/webhooks/stripe/../../../contact",
    "/contact%",
    // The URL parser reads a backslash as "/": these are /contact, /contact and /admin/login.
    "/N\\..\\contact",
    "/admin/x\\..\\..\\contact",
    "/admin/x\\..\\login",
    "/x\\..\\api/create-payment",
  ])("%s answers 400 and stores nothing", async (path) => {
    const res = await rawPost(server.url, path, "name=Ann&email=ann@example.com&subject=s&message=m");
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ status: "rejected", title: "Invalid Request" });
    expect(await rowCount(contactMessages)).toBe(0);
  });

  it("so spellings of one path share one allowance: after the limit, only 400s and 429s", async () => {
    const limited = await start({ perMinute: 2 });
    try {
      const statuses: number[] = [];
      for (const path of ["/contact", "/contact", "/contact", "/./contact", "/c%6fntact", "/api/webhooks/../../contact"]) {
        statuses.push((await rawPost(limited.url, path, "name=Ann&email=ann@example.com&subject=s&message=m")).status);
      }
      expect(statuses).toEqual([200, 200, 429, 400, 400, 400]);
    } finally {
      await limited.close();
    }
  });

  it("only exactly /api/webhooks/stripe skips the origin check", async () => {
    const res = await rawPost(server.url, "/api/webhooks/other", "x=1", { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
  });
});

describe("limits keyed by the route that serves the request", () => {
  let route: ProtectionOptions["route"];
  beforeAll(async () => {
    route = await realRouteMatcher();
  }, 60_000);

  // 2,010 paths through React Router's matcher: seconds on a busy machine (over 20 on CI), a check of answers, not of speed.
  it(
    "the matcher answers each path as React Router matches it, the same when asked again and after more paths than it keeps",
    { timeout: 90_000 },
    async () => {
      const match = route!;
      const article = match("/blog/budgeting-tips-that-work");
      expect(article).toMatchObject({ hasAction: true });
      expect(match("/about")).toMatchObject({ hasAction: false });
      expect(match("/no-such/page")).toBeNull();
      for (let i = 0; i < MATCH_CACHE_SIZE + 10; i++) match(`/blog/post-${i}`);
      expect(match("/blog/budgeting-tips-that-work")).toEqual(article);
      expect(match("/no-such/page")).toBeNull();
      expect(match("/about")).toMatchObject({ hasAction: false });
    },
  );

  it("a POST to no route answers 404 and to a page without a form 405, naming no internal route and writing no counter", async () => {
    const routed = await start({ route, perMinute: 2 });
    try {
      for (let i = 0; i < 100; i++) expect((await rawPost(routed.url, `/no-such-page-${i}`, "x=1")).status).toBe(404);
      for (let i = 0; i < 50; i++) {
        const res = await rawPost(routed.url, i % 2 ? "/about" : "/tools/budget", "x=1");
        expect(res.status).toBe(405);
        expect(res.body).not.toMatch(/routes\/|action/);
        expect(JSON.parse(res.body)).toEqual({
          status: "rejected",
          title: "Method Not Allowed",
          description: "This page does not take form submissions.",
        });
      }
      expect((await db().select().from(rateLimits)).length).toBe(0);
    } finally {
      await routed.close();
    }
  });

  it("a form's address for scripts is its page to the protections: one allowance for both, the same body limit and origin rule", async () => {
    const routed = await start({ route, perMinute: 2 });
    try {
      const contact = "name=Ann&email=ann@example.com&subject=Hi&message=Hello";
      const statuses = async (paths: string[], body: () => string) => {
        const answers: number[] = [];
        for (const path of paths) answers.push((await rawPost(routed.url, path, body())).status);
        return answers;
      };
      // Two posts a minute in all, whichever address they go to.
      expect(await statuses([`/blog/${ARTICLE}`, LEAD_API, LEAD_API, `/blog/${ARTICLE}`], lead)).toEqual([200, 200, 429, 429]);
      expect(await statuses([CONTACT_API, "/contact", CONTACT_API], () => contact)).toEqual([200, 200, 429]);
      expect(await rowCount(leads)).toBe(2);
      expect(await rowCount(contactMessages)).toBe(2);
      expect((await db().select().from(rateLimits)).length).toBe(2);
      for (const path of [LEAD_API, `/blog/${ARTICLE}`, "/api/forms/newsletter", "/blog"]) {
        const tooLarge = await rawPost(routed.url, path, `${lead()}&x=${"a".repeat(16 * 1024)}`);
        expect(tooLarge.status, path).toBe(413);
        expect(JSON.parse(tooLarge.body).description, path).toBe("The form is too large: send at most 16 KB.");
        expect((await rawPost(routed.url, path, lead(), { Origin: "https://evil.example" })).status, path).toBe(403);
      }
    } finally {
      await routed.close();
    }
  });

  it("one-click stops from mailbox providers (RFC 8058), many readers' from one address, are never rate-limited", async () => {
    const routed = await start({ route, perMinute: 2 });
    try {
      // A product update's stop link (decision 071) as the unsubscribe link: the link's random token is the guard.
      for (const path of ["/unsubscribe/", "/updates/stop/"]) {
        for (let i = 0; i < 5; i++) {
          const token = `${"a".repeat(42)}${i}`;
          const res = await rawPost(routed.url, `${path}${token}`, "List-Unsubscribe=One-Click");
          expect(res.status, `${path}${token}`).not.toBe(429);
          expect(res.status, `${path}${token}`).not.toBe(403);
        }
      }
      expect((await db().select().from(rateLimits)).length).toBe(0);
    } finally {
      await routed.close();
    }
  });

  it("every article's lead form is one form, and the payment API one route, however spelled", async () => {
    const routed = await start({ route, perMinute: 2 });
    try {
      const leadStatuses: number[] = [];
      for (const path of [`/blog/${ARTICLE}`, `/blog/another-article.data`, `/BLOG/${ARTICLE}/`, "/N\\..\\blog/x"]) {
        leadStatuses.push((await rawPost(routed.url, path, lead())).status);
      }
      expect(leadStatuses.slice(2)).toEqual([429, 400]);
      const payments: number[] = [];
      for (const path of ["/api/create-payment", "/api/create-payment/", "/API/create-payment", "/x\\..\\api/create-payment"]) {
        payments.push((await rawPost(routed.url, path, "{}")).status);
      }
      expect(payments.slice(2)).toEqual([429, 400]);
      // One counter per client and route, not one per spelling.
      expect((await db().select().from(rateLimits)).length).toBe(2);
    } finally {
      await routed.close();
    }
  });
});
