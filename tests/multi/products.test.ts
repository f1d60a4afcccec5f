/**
 * Issue 53 on two built servers and one PostgreSQL: both seed the products at once (stored once),
 * the owner changes the toolkit's price on one server, and within a few seconds both servers'
 * pages (kept by their page caches) name the new price and both charge it: a checkout started on
 * the other server is an order at the new price.
 *
 * Needs the build and TEST_DATABASE_URL, like tests/multi/publishing.test.ts.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logInAsOwner, throwawayOwner } from "../../scripts/lib/owner-client";
import { type RunningServer, startServers, stopServers } from "../../scripts/lib/server-process";
import { throwawayDatabase } from "../helpers/throwaway-database";

const ADMIN_URL = process.env.TEST_DATABASE_URL;
/** "Within a few seconds": each server polls the content version every second. */
const WITHIN_MS = 5_000;

if (!ADMIN_URL) console.warn("tests/multi/products.test.ts skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it.");

describe.skipIf(!ADMIN_URL)("products on two servers", () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  const owner = throwawayOwner();
  let servers: RunningServer[] = [];
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    database = await throwawayDatabase(ADMIN_URL!, "products");
    servers = await startServers(2, { DATABASE_URL: database.url, ...owner.env });
    [a, b] = [servers[0]!, servers[1]!];
  });

  afterAll(async () => {
    await stopServers(servers);
    await database?.drop();
  });

  async function query<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  }

  /** A page's HTML without the comments React writes between adjacent pieces of text ("the <!-- -->$7<!-- --> Toolkit"). */
  const text = async (server: RunningServer, path: string) =>
    (await (await fetch(`${server.base}${path}`)).text()).replaceAll("<!-- -->", "");

  async function onBoth(check: (server: RunningServer) => Promise<void>) {
    const deadline = Date.now() + WITHIN_MS;
    for (const server of [a, b]) {
      for (;;) {
        try {
          await check(server);
          break;
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    }
  }

  it("seeded the products once although both started together, with one current price each on sale", async () => {
    expect(await query<{ n: string }>("select count(*) as n from products")).toEqual([{ n: "5" }]);
    expect(await query<{ product_id: string }>("select product_id from product_prices where valid_until is null order by 1")).toEqual([
      { product_id: "power-pack" },
      { product_id: "toolkit" },
    ]);
  });

  it("a price changed on one server is on both servers' pages and charged by both within seconds", async () => {
    for (const server of [a, b]) {
      // Kept before the change on both: the page caches have to notice.
      expect(await text(server, "/")).toContain("Get the $7 Credit Repair Toolkit");
      expect(await text(server, "/about")).toContain("Get $7 Toolkit");
    }
    const cookie = await logInAsOwner(a.base, owner.password);
    const [toolkit] = await query<{ body: string; summary: string; included: { label: string; bonus: boolean }[] }>(
      "select body, summary, included from products where id = 'toolkit'",
    );
    const saved = await fetch(`${a.base}/admin/products/toolkit`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: a.base, "Sec-Fetch-Site": "same-origin", Cookie: cookie },
      body: new URLSearchParams({
        intent: "save",
        version: "1",
        name: "Credit Repair Toolkit",
        slug: "credit-repair-toolkit",
        price: "9.00",
        included: toolkit!.included.map((i) => (i.bonus ? `Bonus: ${i.label}` : i.label)).join("\n"),
        summary: toolkit!.summary,
        body: toolkit!.body,
        imageAlt: "",
        status: "on_sale",
        bumpProductId: "power-pack",
      }),
    });
    expect(saved.status).toBe(303);
    await onBoth(async (server) => {
      expect(await text(server, "/")).toContain("Get the $9 Credit Repair Toolkit");
      expect(await text(server, "/about")).toContain("Get $9 Toolkit");
      expect(await text(server, "/checkout")).toContain("$9.00");
    });
    // A checkout on the other server: the order, and so the payment page, at the new price.
    const started = await fetch(`${b.base}/api/create-payment`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: b.base, "Sec-Fetch-Site": "same-origin" },
      body: JSON.stringify({ includeBump: true }),
    });
    expect(started.status).toBe(200);
    expect(await query<{ amount_total: number }>("select amount_total from orders")).toEqual([{ amount_total: 2399 }]);
  });
});
