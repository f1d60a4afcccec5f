/**
 * Issue 53, item 7 on two built servers and one PostgreSQL (decision 069): the owner saves the
 * business's details on one server, and within about a second the footer of both servers' pages
 * names the new support address and business name: the pages the page cache keeps (home, and
 * /about, prerendered until the header named the toolkit's price, decision 070), and their data.
 * A page built as a file stepping aside while the details differ is tested in server/page-cache.test.ts:
 * no page of the site is built as a file now.
 *
 * Needs the build and TEST_DATABASE_URL, like tests/multi/publishing.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logInAsOwner, postDashboardForm } from "../../scripts/lib/owner-client";
import type { RunningServer } from "../../scripts/lib/server-process";
import { CONTENT_PAGE_CACHE_CONTROL } from "../../server/page-cache";
import { onEach, type OwnedServers, startOwnedServers } from "../helpers/owned-servers";

const ADMIN_URL = process.env.TEST_DATABASE_URL;
/**
 * "Within a second": each server checks the content version every second, then renders the page
 * once; on this shared 2-core machine a render may take a few hundred milliseconds more.
 */
const WITHIN_MS = 2_500;

if (!ADMIN_URL) console.warn("tests/multi/business-details.test.ts skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it.");

const DETAILS = {
  businessName: "Bright Path Money LLC",
  supportEmail: "help@brightpath.example",
  postalAddress: "PO Box 42\nSpringfield, IL 62701",
  signedBy: "",
  timeZone: "America/Chicago",
  saleEmails: "on",
};

describe.skipIf(!ADMIN_URL)("the business's details on two servers", () => {
  let servers: OwnedServers | undefined;
  let a: RunningServer;
  let b: RunningServer;
  let owner: OwnedServers["owner"];
  let cookie: string;

  beforeAll(async () => {
    servers = await startOwnedServers(ADMIN_URL!, "business");
    ({ a, b, owner, cookie } = servers);
  });

  afterAll(async () => {
    await servers?.stop();
  });

  const get = (server: RunningServer, path: string) => fetch(`${server.base}${path}`, { redirect: "manual" });

  /** The footer's text of a page, as a reader sees it (tags out). */
  async function footer(server: RunningServer, path: string): Promise<{ text: string; cacheControl: string | null }> {
    const page = await get(server, path);
    expect(page.status).toBe(200);
    const html = await page.text();
    const match = /<footer[\s\S]*?<\/footer>/.exec(html);
    if (!match) throw new Error(`${path} has no footer`);
    return { text: match[0].replace(/<[^>]+>/g, " ").replace(/\s+/g, " "), cacheControl: page.headers.get("cache-control") };
  }

  /** Wait until `check` passes on both servers, at most WITHIN_MS from `since`; how long it took. */
  const onBoth = (since: number, check: (server: RunningServer) => Promise<void>) => onEach([a, b], check, { withinMs: WITHIN_MS, since });

  it("before a save: the build's details", async () => {
    for (const server of [a, b]) {
      for (const path of ["/", "/about"]) expect((await footer(server, path)).text).toContain("support@freshstartmoney.com");
      expect((await footer(server, "/about")).cacheControl).toBe(CONTENT_PAGE_CACHE_CONTROL);
    }
  });

  it("a save on one server reaches the footers of the kept pages on both within about a second", async () => {
    const saved = await postDashboardForm(a.base, cookie, "/admin/settings", DETAILS);
    expect(saved.status).toBe(303);
    const since = Date.now();
    const took = await onBoth(since, async (server) => {
      for (const path of ["/", "/about"]) {
        const { text } = await footer(server, path);
        expect(text).toContain("help@brightpath.example");
        expect(text).toContain("© 2026 Bright Path Money LLC".replace("2026", String(new Date().getFullYear())));
        expect(text).not.toContain("support@freshstartmoney.com");
      }
    });
    console.info(`business details reached both servers' pages in ${took} ms`);
    // Rendered with the details of now and kept.
    for (const server of [a, b]) expect((await footer(server, "/about")).cacheControl).toBe(CONTENT_PAGE_CACHE_CONTROL);
    // Its data for a client-side navigation too (React Router, not the built .data file).
    expect(await (await get(b, "/about.data")).text()).toContain("help@brightpath.example");
  });

  it("set back to the build's details, both servers' pages follow again", async () => {
    const back = await postDashboardForm(b.base, await logInAsOwner(b.base, owner.password), "/admin/settings", {
      ...DETAILS,
      businessName: "Fresh Start Money",
      supportEmail: "support@freshstartmoney.com",
    });
    expect(back.status).toBe(303);
    await onBoth(Date.now(), async (server) => {
      const about = await footer(server, "/about");
      expect(about.text).toContain("support@freshstartmoney.com");
      expect(about.cacheControl).toBe(CONTENT_PAGE_CACHE_CONTROL);
    });
  });
});
