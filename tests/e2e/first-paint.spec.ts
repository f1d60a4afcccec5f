import type { APIRequestContext } from "@playwright/test";
import { attrOf, elementsOf, parseHtml, textOf } from "../../app/server/document/html-tree.server.ts";
import { get as httpGet } from "node:http";
import { gzipSync } from "node:zlib";
import { allowConsoleErrors, expect, test } from "./fixtures";
import { answerOf, OWN_SCRIPTS, ownScripts, SITEMAP_PAGES } from "./sitemap";

/**
 * First paint (app/lib/first-paint.tsx) on the real build: the prerendered pages as served, and
 * pages the server renders per request. Every assertion fails if React Router's scripts run as it
 * renders them (a React Router upgrade that changes its <Scripts> output shows up here).
 */

const elements = (root: Parameters<typeof elementsOf>[0], name: string) => elementsOf(root, (el) => el.tagName === name);

async function fetchPage(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const document = parseHtml(await response.text());
  const [head] = elements(document, "head");
  return { document, head: head!, scripts: elements(document, "script"), links: elements(document, "link") };
}

/** The whole stylesheet, as a hydrating page carries it in its <head>. */
async function wholeStylesheet(request: APIRequestContext): Promise<string> {
  const { head } = await fetchPage(request, "/checkout");
  const css = elements(head, "style").map(textOf);
  expect(css).toHaveLength(1);
  return css[0]!;
}

/**
 * The stylesheet is in the page and no stylesheet is fetched: the whole of it, or for a page
 * that does not hydrate (an article), only the rules its markup uses.
 */
async function expectInlinedStylesheet(request: APIRequestContext, path: string, { critical = false } = {}) {
  const { head, links } = await fetchPage(request, path);
  expect(
    links.filter((l) => attrOf(l, "rel") === "stylesheet"),
    `${path}: no stylesheet to fetch`,
  ).toEqual([]);
  const inline = elements(head, "style").map(textOf);
  expect(inline).toHaveLength(1);
  const css = await wholeStylesheet(request);
  // Tailwind's output: the site's own rules are in it.
  expect(css.length).toBeGreaterThan(20_000);
  for (const rule of [".prose-article", ":focus-visible", "side-menu[open]", ".bg-brand-700"]) expect(css).toContain(rule);
  if (!critical) {
    expect(inline[0], `${path}: the whole stylesheet`).toBe(css);
    return;
  }
  expect(inline[0]!.length, `${path}: only the rules the page uses`).toBeLessThan(css.length * 0.7);
  if (path.startsWith("/blog/")) expect(inline[0], "an article's own rules").toContain(".prose-article");
  expect(inline[0], "the focus rings stay").toContain(":focus-visible");
  expect(inline[0], "the open side menu's rules stay").toContain("side-menu[open]");
}
const PAGE_SCRIPT = /\/assets\/page-script-[\w-]+\.js/;
/** The sitemap's pages whose route lets React run (app/lib/page-policy.ts `hydrate`). */
const HYDRATED = SITEMAP_PAGES.filter((path) => answerOf(path).hydrated);
const ARTICLES = ["/blog/budgeting-tips-that-work", "/blog/dispute-credit-errors"];

for (const path of HYDRATED) {
  test(`${path}: stylesheet inline, React Router's scripts start after the first paint`, async ({ request }) => {
    await expectInlinedStylesheet(request, path);
    const { links, scripts } = await fetchPage(request, path);
    expect(
      links.filter((l) => attrOf(l, "rel") === "modulepreload"),
      "no module preloads in the document",
    ).toEqual([]);
    expect(
      scripts.filter((s) => attrOf(s, "type") === "module"),
      "no module script runs on its own",
    ).toEqual([]);
    const boot = scripts.filter((s) => attrOf(s, "id") === "rr-boot");
    expect(boot).toHaveLength(1);
    expect(attrOf(boot[0]!, "type")).toBe("text/x-boot");
    expect(textOf(boot[0]!)).toContain("import(");
    const loader = scripts[scripts.indexOf(boot[0]!) + 1]!;
    expect(textOf(loader)).toContain('getElementById("rr-boot")');
    expect(textOf(loader)).toMatch(/"\/assets\/entry\.client-[\w-]+\.js"/);
    expect(attrOf(loader, "nonce"), "the loader carries the bootstrap's nonce").toBe(attrOf(boot[0]!, "nonce"));
    // The page script (the menu) starts with React's scripts, after the paint: no tag of its own.
    expect(scripts.filter((s) => attrOf(s, "src"))).toEqual([]);
    expect(textOf(loader)).toMatch(PAGE_SCRIPT);
  });
}

/** The page script as a hydrating page's loader fetches it (a file), to compare with a page that has it inline. */
async function pageScriptText(request: APIRequestContext): Promise<string> {
  const checkout = await fetchPage(request, "/checkout");
  const pageScript = checkout.scripts.map(textOf).join("").match(PAGE_SCRIPT)?.[0];
  expect(pageScript).toBeTruthy();
  return (await (await request.get(pageScript!)).text()) as string;
}

/**
 * Issue #25: the public pages are plain HTML in the browser like the articles: no React Router
 * script, the page script in the page, and a page's own small script (the blog's search, the home
 * page's figure, a calculator's) beside it; all of it under 10 KB compressed. The prerendered ones
 * keep only their own CSS, as do the page cache's (server/page-cache.ts); the pages rendered per
 * request (a search of the blog, a calculator, a legal page) carry their route's own stylesheet
 * (scripts/build/route-css.ts). Every page of the sitemap whose route says `hydrate: false`.
 */
const PUBLIC_PAGES = [...SITEMAP_PAGES, "/blog?q=credit&category=Credit+Repair&page=2"].filter((path) => !answerOf(path).hydrated);

test("every page of the sitemap without React says how many scripts of its own it carries (OWN_SCRIPTS)", () => {
  expect(SITEMAP_PAGES.filter((path) => !answerOf(path).hydrated && !(path in OWN_SCRIPTS))).toEqual([]);
});

for (const path of PUBLIC_PAGES) {
  test(`${path}: no React in the browser, the page script and its own in the page, under 10 KB`, async ({ request }) => {
    await expectInlinedStylesheet(request, path, { critical: true });
    const { links, scripts } = await fetchPage(request, path);
    expect(links.filter((l) => attrOf(l, "rel") === "modulepreload")).toEqual([]);
    expect(scripts.filter((s) => attrOf(s, "id") === "rr-boot" || attrOf(s, "type") === "module")).toEqual([]);
    const running = scripts.filter((s) => attrOf(s, "type") !== "application/ld+json");
    expect(
      running.map((s) => attrOf(s, "src")),
      "no script to fetch",
    ).toEqual(Array(1 + ownScripts(path)).fill(undefined));
    expect(running.map(textOf), "the page script").toContain(await pageScriptText(request));
    const js = running.map(textOf).join("\n");
    expect(gzipSync(js).length, `${path}: its JavaScript, compressed`).toBeLessThan(10 * 1024);
  });
}

for (const path of ARTICLES) {
  test(`${path}: its own CSS inline and no React at all, only the page script, in the page`, async ({ request }) => {
    await expectInlinedStylesheet(request, path, { critical: true });
    const { links, scripts } = await fetchPage(request, path);
    expect(links.filter((l) => attrOf(l, "rel") === "modulepreload")).toEqual([]);
    const running = scripts.filter((s) => attrOf(s, "type") !== "application/ld+json");
    expect(
      running.map((s) => attrOf(s, "src")),
      "no script to fetch",
    ).toEqual([undefined]);
    // The page script a hydrating page's loader starts as a file, here as the page's own text.
    const file = await pageScriptText(request);
    expect(textOf(running[0]!)).toBe(file);
    expect(gzipSync(file).length, "the article's JavaScript, compressed").toBeLessThan(10 * 1024);
  });
}

test("an article's page is one round trip of a new connection: at most 14 KB brotli", async ({ request }) => {
  for (const path of ARTICLES) {
    const response = await request.get(path, { headers: { "Accept-Encoding": "br" } });
    expect(Number(response.headers()["content-length"]), path).toBeLessThanOrEqual(14 * 1024);
  }
});

/**
 * Decision 046: Chromium asks for a page's icon once the load event has fired, at high priority.
 * On an article the load event comes with the hero picture, often before the frame that shows it,
 * and Lighthouse then counted the icon's round trip in the largest paint (0.90 s, not 0.76 s).
 * Every page carries the brand mark inline as its icon; the home page also names /favicon.svg,
 * for search engines, which take a site's icon from its home page at an address they can fetch.
 */
test("a page carries its icon in it: no request for one, and it is the mark /favicon.svg serves", async ({ page, request }) => {
  const served = await request.get("/favicon.svg");
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
  const sameMark = (svg: string) => svg.trim().replace(/>\s+</g, "><").replaceAll('"', "'").replace(/\s+/g, " ");
  const mark = sameMark(await served.text());

  const icons: string[] = [];
  page.on("request", (r) => /\/(favicon|apple-touch-icon)[^/]*$/.test(new URL(r.url()).pathname) && icons.push(r.url()));
  for (const path of [...ARTICLES, "/about", "/blog", "/tools", "/privacy"]) {
    await page.goto(path);
    const href = await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute("href");
    expect(href, path).toMatch(/^data:image\/svg\+xml,/);
    expect(sameMark(decodeURIComponent(href!.slice("data:image/svg+xml,".length))), path).toBe(mark);
    // Chromium asks within milliseconds of the load event (the home page below shows it does here).
    await page.waitForTimeout(500);
    expect(icons, path).toEqual([]);
  }

  const asked = page.waitForRequest((r) => new URL(r.url()).pathname === "/favicon.svg");
  await page.goto("/");
  await asked;
});

/** The bytes a document costs on the wire, as the server sends them: status line, headers and the encoded body. */
function wireBytes(url: string, acceptEncoding: string): Promise<{ bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { headers: { "Accept-Encoding": acceptEncoding, Accept: "text/html" } }, (res) => {
      const head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
      let bytes = head + res.rawHeaders.reduce((sum, part) => sum + part.length + 2, 0);
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => resolve({ bytes, encoding: res.headers["content-encoding"] }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

test("the blog, bare and searched, is one round trip of a new connection: headers and page within 10 TCP segments", async ({ baseURL }) => {
  // A new connection's first flight: 10 segments of 1,460 bytes (RFC 6928), as Lighthouse simulates it.
  for (const path of ["/blog", "/blog?q=credit&category=Credit+Repair"]) {
    const { bytes, encoding } = await wireBytes(`${baseURL}${path}`, "gzip, deflate, br, zstd");
    expect(encoding, path).toMatch(/^(br|gzip)$/);
    expect(bytes, path).toBeLessThanOrEqual(10 * 1460);
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("an article fetches no stylesheet, and its side menu opens styled", async ({ page }) => {
    const stylesheets: string[] = [];
    page.on("request", (r) => r.resourceType() === "stylesheet" && stylesheets.push(r.url()));
    await page.goto(ARTICLES[0]!);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    // The side menu's own rules: on the right, full height, sliding in.
    expect(box!.height).toBeGreaterThan(700);
    expect(box!.x + box!.width).toBeGreaterThan(370);
    expect(await menu.evaluate((el) => getComputedStyle(el).animationName)).toBe("slide-in");
    expect(stylesheets).toEqual([]);
  });
});

/**
 * Pages rendered per request without React, each with its route's own stylesheet (built from the
 * classes in the route's modules, scripts/build/route-css.ts): a result, a form's errors, nothing
 * found, not found, a legal page.
 */
const ROUTE_STYLESHEET_PAGES = [
  "/blog?q=credit&category=Credit+Repair",
  "/blog?q=zzzz",
  "/tools/budget?pay=2800&housing=1250&groceries=400&transport=250&utilities=110&debtMinimums=200&shopping=150&dining=60&savings=150&extraDebt=230",
  "/tools/emergency-fund?expenses=abc&months=3",
  "/tools/credit-utilization?card=Everyday+card&cardBalance=450&limit=1500&card=Store+card&cardBalance=1900&limit=2000",
  "/tools/debt-payoff?name=Medical+bill&balance=500&apr=0&minimum=50&name=Card&balance=5000&apr=24&minimum=150&extra=150",
  "/privacy",
  "/this-page-does-not-exist",
];

/**
 * Decision 045: every font size and weight the first layout sets text in is one font the browser
 * finds before it can lay the page out (on Linux, one round trip to the browser process each, the
 * larger part of that layout's time). The site has two weights, and a public page's rendered text
 * (at Lighthouse's phone size, below-the-fold blocks still skipped) stays within a few type styles.
 */
test.describe("at Lighthouse's phone size", () => {
  test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
  const MAX_TYPE_STYLES = 10;

  for (const path of PUBLIC_PAGES) {
    test(`${path}: its rendered text is in at most ${MAX_TYPE_STYLES} type styles, regular and bold only`, async ({ page }) => {
      await page.goto(path);
      const styles = await page.evaluate(() => {
        const found = new Set<string>();
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const element = node.parentElement;
          if (!node.textContent?.trim() || !element?.checkVisibility({ contentVisibilityAuto: true })) continue;
          const { fontSize, fontWeight } = getComputedStyle(element);
          found.add(`${fontSize} ${fontWeight}`);
        }
        return [...found].sort();
      });
      expect(new Set(styles.map((style) => style.split(" ")[1])), `${path}: weights in ${styles.join(", ")}`).toEqual(
        new Set(["400", "700"]),
      );
      expect(styles.length, `${path}: ${styles.join(", ")}`).toBeLessThanOrEqual(MAX_TYPE_STYLES);
    });
  }
});

test("a page rendered per request without React carries its route's stylesheet, not the whole one", async ({ request }) => {
  const whole = await wholeStylesheet(request);
  for (const path of ROUTE_STYLESHEET_PAGES) {
    const response = await request.get(path);
    const [style, ...others] = elements(parseHtml(await response.text()), "style").map(textOf);
    expect(others, path).toEqual([]);
    expect(style!.length, `${path}: its route's rules only`).toBeLessThan(whole.length * 0.7);
    for (const rule of [":focus-visible", "side-menu[open]"]) expect(style, path).toContain(rule);
    // The article typography is a utility (app/app.css): only the pages that use it carry it.
    if (path === "/privacy") expect(style).toContain(".prose-article h2");
    else expect(style, path).not.toContain("prose-article");
  }
});

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("an article or a page with its route's stylesheet looks exactly as with the whole stylesheet", async ({ page, request }) => {
      const stylesheet = await wholeStylesheet(request);
      // Chromium logs the answers' own status: the calculator's bad input (400), not found (404).
      allowConsoleErrors(page, /status of 400/, /status of 404/);
      for (const path of [...ARTICLES, ...ROUTE_STYLESHEET_PAGES]) {
        await page.goto(path);
        // Render everything now (below-the-fold blocks wait for the viewport otherwise), and every
        // picture loaded and decoded: a full-page screenshot brings lazy ones into view, which
        // then arrive between the two screenshots.
        await page.evaluate(async () => {
          document.querySelectorAll<HTMLElement>(".render-when-near").forEach((el) => (el.style.contentVisibility = "visible"));
          const images = [...document.images];
          for (const image of images) image.loading = "eager";
          await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
        });
        const own = await page.screenshot({ fullPage: true });
        await page.addStyleTag({ content: stylesheet });
        const whole = await page.screenshot({ fullPage: true });
        expect(own.equals(whole), `${path}: a rule the page needs was pruned`).toBe(true);
      }
    });

    test("a block rendered only when near looks, once there, as it would rendered at once", async ({ page }) => {
      /** The page as a reader scrolling down it sees it: one screenshot per screen, top to bottom. */
      const screens = async (path: string, skipping: boolean) => {
        await page.goto(path);
        if (!skipping) await page.addStyleTag({ content: ".render-when-near { content-visibility: visible; contain: none }" });
        await page.evaluate(async () => {
          const images = [...document.images];
          for (const image of images) image.loading = "eager";
          await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
          // Down the page and back: every block renders once and keeps its real size.
          for (let y = 0; y < document.documentElement.scrollHeight; y += 300) {
            scrollTo(0, y);
            await new Promise(requestAnimationFrame);
          }
        });
        // Whatever the page focused (a form's first field) shows a ring and a caret: not compared.
        const height = await page.evaluate(() => {
          if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
          return document.documentElement.scrollHeight;
        });
        const shots = [];
        for (let y = 0; y < height; y += 800) {
          await page.evaluate((top) => scrollTo(0, top), y);
          // Only the screens that show some of such a block (a form's first screen can differ by
          // a pixel or two of its own between two loads).
          const showsBlock = await page.evaluate(async () => {
            await new Promise(requestAnimationFrame);
            return [...document.querySelectorAll(".render-when-near")].some((block) => {
              const box = block.getBoundingClientRect();
              return box.bottom > 0 && box.top < innerHeight;
            });
          });
          shots.push(showsBlock ? await page.screenshot({ animations: "disabled", caret: "hide" }) : null);
        }
        return shots;
      };
      // The stored public pages (prerendered or kept) that have such a block: the walk costs two screenshots a screen.
      const withBlocks: string[] = [];
      for (const path of SITEMAP_PAGES.filter((p) => !answerOf(p).hydrated && answerOf(p).stored)) {
        await page.goto(path);
        if ((await page.locator(".render-when-near").count()) === 0) continue;
        withBlocks.push(path);
        const skipped = await screens(path, true);
        const atOnce = await screens(path, false);
        expect(skipped.length, `${path}: the page's length`).toBe(atOnce.length);
        expect(skipped.filter(Boolean).length, `${path}: screens with a block rendered when near`).toBeGreaterThan(0);
        skipped.forEach((shot, i) => {
          if (shot) expect(shot.equals(atOnce[i]!), `${path}, screen ${i + 1}`).toBe(true);
        });
      }
      expect(withBlocks).toEqual(expect.arrayContaining(["/", "/blog"]));
    });
  });
}
