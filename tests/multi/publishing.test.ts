/**
 * Issue 24 on two built servers and one PostgreSQL: the owner publishes an article through the
 * editor of one server, and within a few seconds both servers show it on its page, in the blog
 * list (the data its search and filters run on), on the home page, in the sitemap and the feed;
 * an edit and a slug change (301 from the old address) reach both; an unpublished article
 * answers 410 on both and leaves the sitemap and the feed; an article scheduled a few seconds
 * ahead appears on both at its time. Each server caches these pages (server/page-cache.ts), so
 * this is also the proof that the cache follows the content version every server polls.
 *
 * Needs the build and TEST_DATABASE_URL, like tests/multi/two-servers.test.ts.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logInAsOwner, postArticle, sampleArticle } from "../../scripts/lib/owner-client";
import type { RunningServer } from "../../scripts/lib/server-process";
import { onEach, type OwnedServers, startOwnedServers } from "../helpers/owned-servers";

const ADMIN_URL = process.env.TEST_DATABASE_URL;
/** "Within a few seconds": each server polls the content version every second. */
const WITHIN_MS = 5_000;

if (!ADMIN_URL) console.warn("tests/multi/publishing.test.ts skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it.");

describe.skipIf(!ADMIN_URL)("publishing on two servers", () => {
  let servers: OwnedServers | undefined;
  let a: RunningServer;
  let b: RunningServer;
  let owner: OwnedServers["owner"];
  let cookie: string;
  let databaseUrl: string;

  beforeAll(async () => {
    // Both at once on an empty database: each seeds the shipped articles; they are stored once.
    servers = await startOwnedServers(ADMIN_URL!, "publish");
    ({ a, b, owner, cookie, databaseUrl } = servers);
  });

  afterAll(async () => {
    await servers?.stop();
  });

  const get = (server: RunningServer, path: string) => fetch(`${server.base}${path}`, { redirect: "manual" });
  const text = async (server: RunningServer, path: string) => (await get(server, path)).text();

  /** Wait until `check` passes on both servers (each server's cache has seen the change), at most WITHIN_MS. */
  const onBoth = (check: (server: RunningServer) => Promise<void>) => onEach([a, b], check, { withinMs: WITHIN_MS });

  /** The blog list's data (React Router's .data for /blog): what its search and filters run on in the browser. */
  const blogData = (server: RunningServer) => text(server, "/blog.data");

  it("seeded the shipped articles once although both started together", async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ n: string; keys: string }>(
      "select count(*) as n, count(distinct shipped_key) as keys from articles",
    );
    await client.end();
    expect(rows[0]).toEqual({ n: "8", keys: "8" });
    for (const server of [a, b]) expect((await get(server, "/blog/dispute-credit-errors")).status).toBe(200);
  });

  let id: number;
  const fields = sampleArticle("sinking-fund", "How to Build a Sinking Fund");

  it("publish on one server: the page, blog list, home, sitemap and feed of both show it within seconds", async () => {
    for (const server of [a, b]) {
      // Cached before the change on both: the cache has to notice.
      expect((await get(server, "/blog/sinking-fund")).status).toBe(404);
      expect(await text(server, "/sitemap.xml")).not.toContain("sinking-fund");
      await text(server, "/blog");
      await text(server, "/");
    }
    id = await postArticle(a.base, cookie, "new", { ...fields, intent: "publish" });
    await onBoth(async (server) => {
      const page = await get(server, "/blog/sinking-fund");
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("<h1");
      expect(html).toContain("How to Build a Sinking Fund");
      expect(html).toContain("irregular bills, divide by twelve");
      // Still no React bundle on an article.
      expect(html).not.toMatch(/type="module"|modulepreload|rr-boot/);
      expect(await text(server, "/blog")).toContain("How to Build a Sinking Fund");
      expect(await blogData(server)).toContain('"sinking-fund"');
      expect(await text(server, "/")).toContain("/blog/sinking-fund");
      expect(await text(server, "/sitemap.xml")).toContain("/blog/sinking-fund</loc>");
      expect(await text(server, "/rss.xml")).toContain("<title>How to Build a Sinking Fund</title>");
    });
  });

  it("an edit, then a changed slug (301 from the old address), reach both", async () => {
    await postArticle(a.base, cookie, id, { ...fields, title: "Sinking Funds, Step by Step", version: "1" });
    await onBoth(async (server) => {
      expect(await text(server, "/blog/sinking-fund")).toContain("Sinking Funds, Step by Step");
      expect(await text(server, "/rss.xml")).toContain("<title>Sinking Funds, Step by Step</title>");
    });
    await postArticle(b.base, await logInAsOwner(b.base, owner.password), id, {
      ...fields,
      slug: "sinking-funds",
      title: "Sinking Funds, Step by Step",
      version: "2",
    });
    await onBoth(async (server) => {
      const old = await get(server, "/blog/sinking-fund");
      expect(old.status).toBe(301);
      expect(old.headers.get("location")).toBe("/blog/sinking-funds");
      expect((await get(server, "/blog/sinking-funds")).status).toBe(200);
      expect(await text(server, "/sitemap.xml")).toContain("/blog/sinking-funds</loc>");
    });
  });

  it("unpublished: 410 on both, and gone from the blog, sitemap and feed", async () => {
    await postArticle(a.base, cookie, id, { ...fields, slug: "sinking-funds", intent: "unpublish", version: "3" });
    await onBoth(async (server) => {
      const gone = await get(server, "/blog/sinking-funds");
      expect(gone.status).toBe(410);
      expect(await gone.text()).toContain("This article is no longer available");
      expect((await get(server, "/blog/sinking-fund")).status).toBe(410);
      expect(await text(server, "/sitemap.xml")).not.toContain("sinking-fund");
      expect(await text(server, "/rss.xml")).not.toContain("sinking-fund");
      expect(await blogData(server)).not.toContain('"sinking-funds"');
    });
  });

  it("scheduled a few seconds ahead: absent on both before its time, present on both after", async () => {
    // The editor reads the time in the business's zone (New York, the default), to the minute or the second.
    const at = new Date(Date.now() + 4_000);
    const newYork = { timeZone: "America/New_York", dateStyle: "short", timeStyle: "medium" } as const;
    // Sweden's style is ISO's: "2026-11-28 05:14:56".
    const publishAt = new Intl.DateTimeFormat("sv-SE", newYork).format(at).replace(" ", "T");
    await postArticle(a.base, cookie, "new", { ...sampleArticle("rainy-day-plan", "A Rainy Day Plan"), intent: "schedule", publishAt });
    for (const server of [a, b]) expect((await get(server, "/blog/rainy-day-plan")).status).toBe(404);
    while (Date.now() < at.getTime()) await new Promise((r) => setTimeout(r, 100));
    await onBoth(async (server) => {
      expect((await get(server, "/blog/rainy-day-plan")).status).toBe(200);
      expect(await text(server, "/sitemap.xml")).toContain("/blog/rainy-day-plan</loc>");
      expect(await blogData(server)).toContain('"rainy-day-plan"');
    });
  });
});
