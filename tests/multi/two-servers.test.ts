/**
 * Two built servers (server/main.ts, started the one way scripts start it) on two ports against
 * one PostgreSQL, the way a load balancer would run them: they start at the same moment on an
 * empty database (the migrations take turns under the advisory lock), the form rate limit is spent
 * across both, both outbox workers deliver every e-mail exactly once, the same webhook sent to
 * both fulfils once, and a server killed with SIGKILL in the middle of a stream of lead posts
 * loses no lead it answered with success.
 *
 * Needs the build (`npm run build`) and a PostgreSQL: `npm test` runs it after the build with
 * the CI's throwaway server (TEST_DATABASE_URL); without TEST_DATABASE_URL it is skipped.
 */
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleSlugsFromDisk } from "../../app/content/article-files";
import { type RunningServer, startServers, stopServers } from "../../scripts/lib/server-process";
import { throwawayDatabase } from "../helpers/throwaway-database";

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const WEBHOOK_SECRET = "whsec_two_servers_test";
const LIMIT = 10;

if (!ADMIN_URL) console.warn("tests/multi/two-servers.test.ts skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it.");

describe.skipIf(!ADMIN_URL)("two servers on one PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  let databaseUrl: string;
  let client: pg.Client;
  let servers: RunningServer[] = [];
  let a: RunningServer;
  let b: RunningServer;
  const slug = articleSlugsFromDisk()[0]!;
  let emailCounter = 0;

  const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await client.query<T>(text, values)).rows;
  const count = async (text: string, values: unknown[] = []) => Number((await query<{ n: string }>(text, values))[0]!.n);

  beforeAll(async () => {
    database = await throwawayDatabase(ADMIN_URL!, "multi");
    databaseUrl = database.url;

    // Both at once, on an empty database: the migrations run under the advisory lock.
    servers = await startServers(2, {
      DATABASE_URL: databaseUrl,
      // The test plays the load balancer: X-Forwarded-For names the client.
      TRUST_PROXY: "true",
      FORM_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_two_servers",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      // Nothing here calls Stripe; if something did, it would fail at once rather than go out.
      STRIPE_API_BASE: "http://127.0.0.1:9",
      // Each server's .eml files in its own DATA_DIR: who sent what can be counted.
      MAIL_TRANSPORT: "file",
    });
    [a, b] = [servers[0]!, servers[1]!];
    client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
  });

  afterAll(async () => {
    await stopServers(servers);
    await client?.end();
    await database?.drop();
  });

  /** A lead posted as a script posts it (the article form's address for scripts), from `client` (X-Forwarded-For). */
  async function postLead(server: RunningServer, clientAddress: string): Promise<{ status: number; email: string }> {
    const email = `multi.${++emailCounter}.${randomBytes(3).toString("hex")}@example.com`;
    const response = await fetch(`${server.base}/api/forms/lead/${slug}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
        origin: server.base,
        "sec-fetch-site": "same-origin",
        "x-forwarded-for": clientAddress,
      },
      body: new URLSearchParams({ name: "Multi Reader", email, sourcePage: slug }).toString(),
    });
    await response.arrayBuffer();
    return { status: response.status, email };
  }

  /** The outbox row ids each server's .eml files were written for. */
  function mailedIds(server: RunningServer): number[] {
    let files: string[] = [];
    try {
      files = readdirSync(join(server.dataDir, "mail"));
    } catch {
      return [];
    }
    return files.map((file) => Number(/^\d{8}T\d{6}Z-(\d+)-/.exec(file)?.[1]));
  }

  async function outboxDrained(timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    // Due rows only: the paid order's review request waits a week (REVIEW_REQUEST_DELAY_DAYS).
    while ((await count("select count(*) as n from outbox where status = 'pending' and due_at <= now()")) > 0) {
      if (Date.now() > deadline) throw new Error("the outbox was not emptied in time");
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it("both answer /healthz, and the migrations ran once", async () => {
    for (const server of [a, b]) {
      const response = await fetch(`${server.base}/healthz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok" });
    }
    expect(await count("select count(*) as n from drizzle.__drizzle_migrations")).toBe(
      readdirSync("db/migrations").filter((f) => f.endsWith(".sql")).length,
    );
  });

  it("shares the form rate limit: one client's allowance is spent across both, not doubled", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT * 2; i++) statuses.push((await postLead(i % 2 === 0 ? a : b, "203.0.113.7")).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(LIMIT);
    expect(await count("select count(*) as n from leads")).toBe(LIMIT);
    // Another client still has its own allowance, on either server.
    expect((await postLead(b, "203.0.113.8")).status).toBe(200);
  });

  it("fulfils the same webhook sent to both servers once", async () => {
    const [order] = await query<{ id: number }>(
      `insert into orders (provider, provider_session_id, lines, amount_total, currency)
       values ('stripe', 'cs_test_multi_1', $1, 700, 'usd') returning id`,
      [JSON.stringify([{ id: "toolkit", name: "Credit Repair Toolkit", unitAmountCents: 700, quantity: 1 }])],
    );
    const event = {
      id: "evt_multi_1",
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          id: "cs_test_multi_1",
          object: "checkout.session",
          client_reference_id: String(order!.id),
          payment_status: "paid",
          amount_total: 700,
          currency: "usd",
          customer_details: { email: "buyer.multi@example.com" },
          payment_intent: "pi_multi_1",
          metadata: {},
        },
      },
    };
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const send = (server: RunningServer) =>
      fetch(`${server.base}/api/webhooks/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      });
    const answers = await Promise.all([send(a), send(b), send(a), send(b)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { duplicate?: boolean }[];
    expect(bodies.filter((body) => !body.duplicate)).toHaveLength(1);
    expect(await query(`select status from orders where id = $1`, [order!.id])).toEqual([{ status: "paid" }]);
    expect(await count("select count(*) as n from processed_events")).toBe(1);
    expect(await count("select count(*) as n from entitlements")).toBe(1);
    expect(await count("select count(*) as n from outbox where kind = 'receipt'")).toBe(1);
  });

  it("with both outbox workers running, delivers every e-mail exactly once", async () => {
    // A backlog written behind the servers' backs (as after an SMTP outage), with the contact and the
    // consent the lead form records with each (a guide e-mail goes only under that consent)...
    await client.query(`
      with lead as (
        insert into leads (name, email, lead_magnet, source_page)
        select 'Backlog ' || n, 'backlog.' || n || '@example.com', 'guide', '${slug}' from generate_series(1, 120) n
        returning id, name, email
      ), contact as (
        insert into contacts (email, name) select email, name from lead returning id
      ), consent as (
        insert into consents (contact_id, purpose, source, wording_version) select id, 'guide_followups', 'lead form', 'v' from contact
      )
      insert into outbox (kind, dedupe_key, to_address, payload)
      select 'guide', 'guide:' || id, email, jsonb_build_object('leadId', id, 'name', name) from lead
    `);
    // ...and new leads on both servers, which wake both workers at once.
    const posted = await Promise.all(Array.from({ length: 8 }, (_, i) => postLead(i % 2 ? a : b, `198.51.100.${i + 1}`)));
    expect(posted.map((p) => p.status)).toEqual(Array(8).fill(200));
    await outboxDrained();

    const rows = await query<{ id: number; status: string }>("select id, status from outbox where due_at <= now() order by id");
    expect(rows.every((row) => row.status === "sent")).toBe(true);
    const [fromA, fromB] = [mailedIds(a), mailedIds(b)];
    const all = [...fromA, ...fromB].sort((x, y) => x - y);
    expect(all).toEqual(rows.map((row) => row.id));
    console.log(`outbox: ${rows.length} e-mails, ${fromA.length} sent by server a, ${fromB.length} by server b`);
    expect(fromA.length).toBeGreaterThan(0);
    expect(fromB.length).toBeGreaterThan(0);
  });

  it("loses no lead answered with success when a server is killed with SIGKILL mid-stream", async () => {
    const answered: string[] = [];
    let failedOnKilled = 0;
    let requestNo = 0;
    let killed = false;
    const senders = 4;
    const perSender = 40;
    const sender = async () => {
      for (let i = 0; i < perSender; i++) {
        const n = ++requestNo;
        // The balancer's round robin; each request from its own client (the stream is not the rate limit's test).
        const server = n % 2 ? a : b;
        try {
          const result = await postLead(server, `100.64.${n >> 8}.${n & 255}`);
          if (result.status === 200) answered.push(result.email);
          else throw new Error(`status ${result.status}`);
        } catch (error) {
          if (server === a && killed) failedOnKilled++;
          else throw error;
        }
        if (n === 30) {
          killed = true;
          a.child.kill("SIGKILL");
        }
      }
    };
    await Promise.all(Array.from({ length: senders }, sender));
    expect(killed).toBe(true);
    expect(failedOnKilled).toBeGreaterThan(0);
    const stored = new Set((await query<{ email: string }>("select email from leads")).map((row) => row.email));
    const lost = answered.filter((email) => !stored.has(email));
    console.log(
      `SIGKILL: ${answered.length} leads answered 200, ${failedOnKilled} requests to the killed server failed, ${lost.length} lost`,
    );
    expect(lost).toEqual([]);
    expect(answered.length).toBeGreaterThan(senders * perSender * 0.5);
    // The survivor still answers.
    expect((await fetch(`${b.base}/healthz`)).status).toBe(200);
  });

  it("logs one JSON line per request with an id, without query strings or e-mail addresses", async () => {
    const tool = await fetch(`${b.base}/tools/budget?pay=4321.98&housing=1234.56`, { headers: { "x-request-id": "check-log-line-0001" } });
    await tool.arrayBuffer();
    expect(tool.headers.get("x-request-id")).toBe("check-log-line-0001");
    expect(tool.headers.get("cache-control")).toBe("private, no-store");
    const page = await fetch(`${b.base}/about`);
    await page.arrayBuffer();
    const missing = await fetch(`${b.base}/no-such-page-for-the-log`);
    await missing.arrayBuffer();
    expect(page.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=\d+(, stale-while-revalidate=\d+)?$/);
    await new Promise((r) => setTimeout(r, 100));
    // Every line the server wrote is one JSON object (app/server/log.server.ts): a plain line fails here.
    const lines = b
      .output()
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => {
        try {
          return JSON.parse(line) as { msg: string; id: string; method: string; path: string; status: number };
        } catch {
          throw new Error(`server b wrote a line that is not JSON: ${line}`);
        }
      });
    expect(lines.find((line) => line.id === "check-log-line-0001")).toMatchObject({
      msg: "request",
      method: "GET",
      path: "/tools/budget",
      status: 200,
    });
    expect(lines.filter((line) => line.msg === "request").length).toBeGreaterThan(20);
    // A missing page is one JSON line like any other, with no plain line beside it.
    expect(lines.find((line) => line.path === "/no-such-page-for-the-log")).toMatchObject({ status: 404 });
    expect(b.output()).not.toContain("404: /no-such-page-for-the-log");
    for (const server of [a, b]) {
      // The amounts and the field names (a request id is a UUID: its digits could be anything).
      expect(server.output()).not.toContain("4321.98");
      expect(server.output()).not.toContain("pay=");
      expect(server.output()).not.toContain("@example.com");
    }
  });

  it("on SIGTERM finishes the requests in flight, stores what it answered and exits 0", async () => {
    const exited = new Promise<number | null>((r) => b.child.once("exit", (code) => r(code)));
    const inFlight = Array.from({ length: 6 }, (_, i) => postLead(b, `192.0.2.${i + 1}`).catch(() => undefined));
    await new Promise((r) => setTimeout(r, 20));
    b.child.kill("SIGTERM");
    const results = await Promise.all(inFlight);
    expect(await exited).toBe(0);
    const answered = results.filter((r) => r?.status === 200).map((r) => r!.email);
    const stored = new Set((await query<{ email: string }>("select email from leads")).map((row) => row.email));
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.filter((email) => !stored.has(email))).toEqual([]);
    expect(b.output()).toContain("SIGTERM: closed");
  });
});
