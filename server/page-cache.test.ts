import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PagePolicy } from "../app/lib/page-policy";
import { realRouteMatcher } from "../tests/helpers/route-table";
import { CONTENT_PAGE_CACHE_CONTROL, createPageCache, isCachedAddress, NOT_FOUND_RENDER_PATH } from "./page-cache";
import { attrOf } from "../app/server/document/html-tree.server";
import { inlineScriptHashes } from "../app/server/document/script-hashes.server";

/** The kept routes' addresses here, as their handles declare them: any article, the feed, home. */
const kept = (path: string) => path.startsWith("/blog/") || path === "/rss.xml" || path === "/";
const contactPolicy: PagePolicy = {
  render: "cached",
  cacheVariant: (query) => (query.has("skip") ? null : query.get("v") === "1" ? "/contact?v=1" : "/contact"),
};

/** A stand-in for React Router: counts renders, answers what `pages` holds for the current key (404 otherwise). */
let key = "1:0";
let renders: string[] = [];
let pages: Record<string, { status: number; body: string; type?: string }> = {};
let gate: Promise<void> | undefined;
const counted: string[] = [];
/** Whether the build's prerendered pages are out of date (the business's details changed, decision 069). */
let prerenderedOutOfDate = false;

let server: Server;
let base: string;

beforeAll(async () => {
  const respond = createPageCache({
    key: () => key,
    render: async (path, nonce) => {
      renders.push(path);
      await gate;
      const page = pages[path] ?? { status: 404, body: "not found" };
      // The document marks the scripts it writes with the render's nonce (app/entry.server.tsx).
      return new Response(page.body.replaceAll("<script>", `<script nonce="${nonce}">`), {
        status: page.status,
        headers: { "Content-Type": page.type ?? "text/html; charset=utf-8" },
      });
    },
    baseHeaders: { "X-Content-Type-Options": "nosniff" },
    htmlPolicy: (hashes) => `script-src 'self' ${hashes.join(" ")}`,
    onPage: (path) => counted.push(path),
    // The finisher's process does this in production (server/html-finisher.ts): the page's last pass
    // and the hashes of the scripts carrying the render's nonce.
    finishHtml: async (html, nonce) => {
      const finished = html.replace("<!--finish-->", "<!--finished-->");
      return { html: finished, scriptHashes: inlineScriptHashes(finished, (script) => attrOf(script, "nonce") === nonce) };
    },
    // Kept pages, as their routes' handles declare them; /contact is kept per query, as the checkout
    // is: "v" counts, "skip" leaves the address to Express.
    policyAt: (path) =>
      path === "/contact" ? contactPolicy : kept(path) ? { render: "cached" } : path === "/about" ? { render: "prerendered" } : undefined,
    site: { articleExists: () => true, productExists: () => true },
    // The catch-all's addresses, as server/app.ts's answersNotFound tells them.
    notFound: (path) => path.startsWith("/no-route/") || path === NOT_FOUND_RENDER_PATH,
    rendersPrerendered: () => prerenderedOutOfDate,
  });
  server = createServer((req, res) => {
    const answered = respond(req, res);
    const fallThrough = () => res.writeHead(418).end("express");
    if (answered === false) fallThrough();
    else if (answered !== true) void answered.then((ok) => ok || fallThrough());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());
let run = 0;
beforeEach(() => {
  // A key of its own per test: the cache outlives each test.
  key = `${++run}:0`;
  renders = [];
  gate = undefined;
  counted.length = 0;
  pages = {
    "/blog/a": {
      status: 200,
      body: `<html><head><script>var a=1</script></head><body>${"<p>Article A</p>".repeat(60)}<!--finish--></body></html>`,
    },
    "/rss.xml": { status: 200, body: "<rss>feed</rss>", type: "application/rss+xml; charset=utf-8" },
    "/blog/moved": { status: 301, body: "" },
    "/contact": { status: 200, body: "<html><body>Contact</body></html>" },
    "/about": { status: 200, body: "<html><body>About, rendered with the details of now</body></html>" },
    "/contact?v=1": { status: 200, body: "<html><body>Contact, variant 1</body></html>" },
    [NOT_FOUND_RENDER_PATH]: {
      status: 404,
      body: "<html><head><script>var m=1</script></head><body><h1>Oops! Page not found</h1></body></html>",
    },
  };
});

describe("a prerendered page", () => {
  it("is left to the built file while it is up to date, and rendered and kept like a cached page while it is not", async () => {
    expect((await fetch(`${base}/about`)).status).toBe(418);
    expect(renders).toEqual([]);
    prerenderedOutOfDate = true;
    try {
      for (let i = 0; i < 2; i++) {
        const page = await fetch(`${base}/about`);
        expect(page.status).toBe(200);
        expect(page.headers.get("cache-control")).toBe(CONTENT_PAGE_CACHE_CONTROL);
        expect(await page.text()).toContain("About, rendered with the details of now");
      }
      expect(renders).toEqual(["/about"]);
    } finally {
      prerenderedOutOfDate = false;
    }
    expect((await fetch(`${base}/about`)).status).toBe(418);
  });

  it("counts as kept only while out of date, and never as its .data", async () => {
    const route = await realRouteMatcher();
    // Since the header names the toolkit's price, no page of the site is prerendered (decision 070);
    // a route that would be is the one these addresses stand for.
    const prerendered = new Set(["/about", "/tools"]);
    const policyAt = (path: string) =>
      prerendered.has(path) || prerendered.has(path.replace(/\.data$/, "")) ? { render: "prerendered" as const } : route(path)?.policy;
    expect(isCachedAddress("/about", policyAt)).toBe(false);
    expect(isCachedAddress("/about", policyAt, true)).toBe(true);
    expect(isCachedAddress("/tools", policyAt, true)).toBe(true);
    expect(isCachedAddress("/about.data", policyAt, true)).toBe(false);
    expect(isCachedAddress("/orders/lookup", policyAt, true)).toBe(false);
  });
});

describe("isCachedAddress", () => {
  it("takes home, the blog, an article, the sitemap, the feed, contact, checkout and the pages that name a price; nothing else", async () => {
    const route = await realRouteMatcher();
    const policyAt = (path: string) => route(path)?.policy;
    const isContentPath = (path: string) => isCachedAddress(path, policyAt);
    // /about, /resources, /tools and a product's page name the toolkit's price (the header): kept, never prerendered (issue 53).
    for (const path of [
      "/",
      "/blog",
      "/blog/a-b-1",
      "/sitemap.xml",
      "/rss.xml",
      "/contact",
      "/checkout",
      "/about",
      "/resources",
      "/tools",
      "/products/a-b",
    ])
      expect(isContentPath(path), path).toBe(true);
    for (const path of [
      "/robots.txt",
      "/blog/",
      "/blog/a/b",
      "/blog/A",
      "/blog/a.data",
      "/blog.data",
      "/admin/articles",
      "/checkout.data",
      "/checkout/",
      "/checkout-success",
    ]) {
      expect(isContentPath(path), path).toBe(false);
    }
  });
});

describe("createPageCache", () => {
  it("renders a page once, then answers it from memory: compressed, hashed CSP, ETag and 304, finished, counted", async () => {
    const first = await fetch(`${base}/blog/a?utm_source=x`, { headers: { "accept-encoding": "br" } });
    // fetch decodes the brotli itself.
    const body = await first.text();
    expect(first.status).toBe(200);
    expect(first.headers.get("content-encoding")).toBe("br");
    expect(first.headers.get("cache-control")).toBe(CONTENT_PAGE_CACHE_CONTROL);
    const hash = createHash("sha256").update("var a=1").digest("base64");
    expect(first.headers.get("content-security-policy")).toBe(`script-src 'self' 'sha256-${hash}'`);
    expect(body).toContain("<!--finished-->");
    const second = await fetch(`${base}/blog/a`);
    expect(await second.text()).toBe(body);
    const etag = second.headers.get("etag")!;
    expect((await fetch(`${base}/blog/a`, { headers: { "if-none-match": etag } })).status).toBe(304);
    expect(renders).toEqual(["/blog/a"]);
    expect(counted).toEqual(["/blog/a", "/blog/a"]);
  });

  it("renders again when the content key changes, and never serves the old page under the new key", async () => {
    await (await fetch(`${base}/blog/a`)).text();
    pages["/blog/a"]!.body = "<html><body>Edited</body></html>";
    expect(await (await fetch(`${base}/blog/a`)).text()).not.toContain("Edited");
    key = `${key}+edited`;
    expect(await (await fetch(`${base}/blog/a`)).text()).toContain("Edited");
    expect(renders).toEqual(["/blog/a", "/blog/a"]);
  });

  it("shares one render between requests that arrive while it runs", async () => {
    let open!: () => void;
    gate = new Promise((r) => (open = r));
    const answers = Promise.all([1, 2, 3, 4].map(() => fetch(`${base}/blog/a`).then((r) => r.status)));
    await new Promise((r) => setTimeout(r, 50));
    open();
    expect(await answers).toEqual([200, 200, 200, 200]);
    expect(renders).toEqual(["/blog/a"]);
  });

  it("leaves anything but a 200 to Express, and forgets a page that stopped being one", async () => {
    expect((await fetch(`${base}/blog/moved`, { redirect: "manual" })).status).toBe(418);
    expect((await fetch(`${base}/blog/none`)).status).toBe(418);
    expect((await fetch(`${base}/about`)).status).toBe(418);
    expect((await fetch(`${base}/blog/a`, { method: "POST" })).status).toBe(418);
    await (await fetch(`${base}/blog/a`)).text();
    pages["/blog/a"] = { status: 410, body: "gone" };
    key = `${key}+gone`;
    expect((await fetch(`${base}/blog/a`)).status).toBe(418);
    key = `${key}+again`;
    expect((await fetch(`${base}/blog/a`)).status).toBe(418);
  });

  it("renders an address that is not a page once per key: Express answers it again without a render here first", async () => {
    for (let i = 0; i < 3; i++) expect((await fetch(`${base}/blog/none`)).status).toBe(418);
    expect(renders).toEqual(["/blog/none"]);
    // The article is published: the new key renders it, and keeps it.
    pages["/blog/none"] = { status: 200, body: "<html><body>Now here</body></html>" };
    key = `${key}+published`;
    expect(await (await fetch(`${base}/blog/none`)).text()).toContain("Now here");
    expect(renders).toEqual(["/blog/none", "/blog/none"]);
  });

  it("allows only the scripts the render wrote: one without the render's nonce (injected markup) gets no hash", async () => {
    pages["/blog/injected"] = {
      status: 200,
      body: '<html><head><script>var ours=1</script></head><body><script nonce="guessed">steal()</script><script>var ok=2</script></body></html>',
    };
    const page = await fetch(`${base}/blog/injected`);
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    expect(page.headers.get("content-security-policy")).toBe(`script-src 'self' ${sha("var ours=1")} ${sha("var ok=2")}`);
  });

  it("keeps a feed's own type and counts no view for it", async () => {
    const feed = await fetch(`${base}/rss.xml`);
    expect(feed.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(feed.headers.get("content-security-policy")).toBeNull();
    expect(await feed.text()).toBe("<rss>feed</rss>");
    expect(counted).toEqual([]);
  });

  it("answers every unknown address 404 with the one not-found page, rendered once per key, counted as no view", async () => {
    const first = await fetch(`${base}/no-route/wp-login.php`, { headers: { "accept-encoding": "br" } });
    expect(first.status).toBe(404);
    expect(first.headers.get("content-encoding")).toBe("br");
    expect(first.headers.get("etag")).toBeNull();
    const hash = createHash("sha256").update("var m=1").digest("base64");
    expect(first.headers.get("content-security-policy")).toBe(`script-src 'self' 'sha256-${hash}'`);
    const body = await first.text();
    expect(body).toContain("Oops! Page not found");
    const other = await fetch(`${base}/no-route/other?x=1`, { headers: { "if-none-match": "*" } });
    expect(other.status).toBe(404);
    expect(await other.text()).toBe(body);
    const head = await fetch(`${base}/no-route/third`, { method: "HEAD" });
    expect(head.status).toBe(404);
    expect(renders).toEqual([NOT_FOUND_RENDER_PATH]);
    expect(counted).toEqual([]);
    // A new key renders it again; a render that stops answering 404 leaves the address to Express.
    key = `${key}+edited`;
    pages[NOT_FOUND_RENDER_PATH] = { status: 200, body: "a route now" };
    expect((await fetch(`${base}/no-route/wp-login.php`)).status).toBe(418);
    expect(renders).toEqual([NOT_FOUND_RENDER_PATH, NOT_FOUND_RENDER_PATH]);
    // Not the catch-all's: Express's, as before.
    expect((await fetch(`${base}/tools/budget`)).status).toBe(418);
    expect((await fetch(`${base}/no-route/x`, { method: "POST" })).status).toBe(418);
  });

  it("keeps a page per query variant, under the address its variant key gives, and leaves a null to Express", async () => {
    const texts = [];
    for (const path of ["/contact?v=1", "/contact?utm=x&v=1", "/contact", "/contact?v=2", "/contact?v=1&v=2"])
      texts.push(await (await fetch(`${base}${path}`)).text());
    expect(texts).toEqual([
      "<html><body>Contact, variant 1</body></html>",
      "<html><body>Contact, variant 1</body></html>",
      "<html><body>Contact</body></html>",
      "<html><body>Contact</body></html>",
      "<html><body>Contact, variant 1</body></html>",
    ]);
    expect(renders).toEqual(["/contact?v=1", "/contact"]);
    expect(counted).toEqual(["/contact", "/contact", "/contact", "/contact", "/contact"]);
    expect((await fetch(`${base}/contact?skip=1&v=1`)).status).toBe(418);
    expect(renders).toHaveLength(2);
  });
});
