import { createHash } from "node:crypto";
import { connect } from "node:net";
import { readdirSync, readFileSync } from "node:fs";
import { extname, join, relative, resolve } from "node:path";
import type { APIResponse } from "@playwright/test";
import { allowConsoleErrors, expect, test } from "./fixtures";
import { answerOf, ownScripts, SITEMAP_PAGES, sitemapPaths } from "./sitemap";

/**
 * Security headers on every kind of HTML response (prerendered, server-rendered, a form answer
 * without JavaScript, the 404), the Content-Security-Policy enforced in Chromium with no
 * violation while the site is used, and no secret or server code in what the browser downloads.
 */

/**
 * Every page of the sitemap, and addresses beyond them: articles, the checkout's variants, a
 * search, the pages of a payment, an unknown address. Whether each is stored (hashes, no nonce)
 * or rendered per request (a fresh nonce), and whether React runs on it, is its route's policy
 * (answerOf).
 */
const ADDRESSES = [
  ...SITEMAP_PAGES,
  "/blog/budgeting-tips-that-work",
  "/blog/credit-card-mistakes",
  "/checkout?bump=1",
  "/checkout?from=budgeting-tips-that-work&cancelled=1",
  "/blog?q=credit",
  "/checkout-success",
  "/pay/test?session=none",
  "/no-such-page",
];
const STORED = ADDRESSES.filter((address) => answerOf(address).stored);
const RENDERED = ADDRESSES.filter((address) => !answerOf(address).stored);
/** Rendered per request though its route's pages are kept: a missing article's answer depends on the database (404, or 410 for one taken down). */
const NOT_FOUND = ["/blog/no-such-article"];
const STATUS: Record<string, number> = { "/no-such-page": 404, "/pay/test?session=none": 404, "/blog/no-such-article": 404 };

/** A page without React: the page script inline, and a page's own small script beside it; React Router's own otherwise. */
function expectScriptsOfItsPolicy(path: string, scripts: unknown[]) {
  if (!answerOf(path).hydrated) {
    expect(scripts, `${path}: no React, the page script and the page's own`).toHaveLength(1 + ownScripts(path));
  } else expect(scripts.length, `${path}: React Router's scripts`).toBeGreaterThan(2);
}
const STRICTER_REFERRER_POLICY: Record<string, string> = { "/checkout-success": "no-referrer", "/pay/test": "same-origin" };

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

/** Inline scripts that run (not JSON data blocks), with their attributes. */
function inlineScripts(html: string) {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)]
    .map((m) => ({ attrs: m[1] ?? "", body: m[2] ?? "" }))
    .filter(({ attrs }) => !/\ssrc=/.test(attrs))
    .filter(({ attrs }) => {
      const type = /\stype="([^"]*)"/.exec(attrs)?.[1];
      return !type || type === "module" || type === "text/javascript" || type === "text/x-boot";
    });
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** The headers issue #5 asks of every HTML response. Returns the parsed policy. */
function expectHardenedHtml(response: APIResponse, what: string) {
  const headers = response.headers();
  expect(headers["content-type"], what).toMatch(/^text\/html/);
  const csp = headers["content-security-policy"];
  expect(csp, `${what}: Content-Security-Policy`).toBeTruthy();
  const policy = directives(csp!);
  const scriptSrc = policy.get("script-src") ?? [];
  expect(scriptSrc, `${what}: script-src`).toContain("'self'");
  expect(scriptSrc, `${what}: script-src`).not.toContain("'unsafe-inline'");
  expect(scriptSrc, `${what}: script-src`).not.toContain("'unsafe-eval'");
  expect(policy.get("default-src"), what).toEqual(["'self'"]);
  expect(policy.get("object-src"), what).toEqual(["'none'"]);
  expect(policy.get("base-uri"), what).toEqual(["'none'"]);
  expect(policy.get("frame-ancestors"), what).toEqual(["'none'"]);
  // Forms post to this site, and (without JavaScript) the checkout redirects to the hosted payment page.
  expect(policy.get("form-action"), what).toEqual(["'self'", "https://checkout.stripe.com"]);
  expect(policy.get("style-src") ?? [], `${what}: style-src`).not.toContain("'unsafe-eval'");
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["permissions-policy"], what).toMatch(/camera=\(\)/);
  expect(headers["x-powered-by"], what).toBeUndefined();
  // The test server's public origin is http: no HSTS (it is only sent for an https origin).
  expect(headers["strict-transport-security"], what).toBeUndefined();
  return { policy, scriptSrc };
}

test.describe("headers of every HTML response", () => {
  for (const path of STORED) {
    test(`stored ${path}: hashes allow exactly its inline scripts`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(STATUS[path] ?? 200);
      const { scriptSrc } = expectHardenedHtml(response, path);
      expect(response.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      const html = await response.text();
      const scripts = inlineScripts(html);
      expectScriptsOfItsPolicy(path, scripts);
      for (const script of scripts) expect(scriptSrc, `hash of <script${script.attrs}>`).toContain(sha256(script.body));
      expect(scriptSrc.some((s) => s.startsWith("'nonce-"))).toBe(false);
    });
  }

  test("every public page of the sitemap: its policy allows exactly its inline scripts, by hash when stored, by a fresh nonce when rendered", async ({
    page,
    request,
  }) => {
    const paths = await sitemapPaths(request, page);
    expect(paths, "the sitemap lists every page its routes declare").toEqual(expect.arrayContaining([...SITEMAP_PAGES]));
    for (const path of paths) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const { scriptSrc } = expectHardenedHtml(response, path);
      const scripts = inlineScripts(await response.text());
      const nonce = scriptSrc.find((s) => s.startsWith("'nonce-"))?.slice("'nonce-".length, -1);
      expect(nonce === undefined, `${path}: stored (hashes) or rendered (a nonce), as its route's policy says`).toBe(answerOf(path).stored);
      for (const script of scripts) {
        if (nonce) expect(script.attrs, `${path}: every inline script carries the nonce`).toContain(`nonce="${nonce}"`);
        else expect(scriptSrc, `${path}: hash of <script${script.attrs}>`).toContain(sha256(script.body));
      }
    }
  });

  for (const path of [...RENDERED, ...NOT_FOUND]) {
    test(`server-rendered ${path}: a fresh nonce per request on every inline script`, async ({ request }) => {
      const first = await request.get(path);
      expect(first.status()).toBe(STATUS[path] ?? 200);
      const { scriptSrc } = expectHardenedHtml(first, path);
      // The payment pages keep their own stricter policy (their addresses carry a session id): one value, theirs.
      expect(first.headers()["referrer-policy"]).toBe(STRICTER_REFERRER_POLICY[path.split("?")[0]!] ?? "strict-origin-when-cross-origin");
      const nonces = scriptSrc.filter((s) => s.startsWith("'nonce-"));
      expect(nonces).toHaveLength(1);
      const nonce = nonces[0]!.slice("'nonce-".length, -1);
      expect(nonce.length).toBeGreaterThanOrEqual(16);
      const scripts = inlineScripts(await first.text());
      expectScriptsOfItsPolicy(path, scripts);
      for (const script of scripts) expect(script.attrs, "every inline script carries the nonce").toContain(`nonce="${nonce}"`);

      const second = await request.get(path);
      const again = directives(second.headers()["content-security-policy"]!)
        .get("script-src")!
        .find((s) => s.startsWith("'nonce-"));
      expect(again).not.toBe(nonces[0]);
    });
  }

  test("a form answered without JavaScript (an HTML POST response) carries them too", async ({ request, baseURL }) => {
    const response = await request.post("/contact", {
      form: { name: "", email: "", subject: "", message: "" },
      headers: { Origin: baseURL!, Accept: "text/html" },
    });
    expect(response.status()).toBe(400);
    expectHardenedHtml(response, "POST /contact");
  });

  test("assets are never sniffed, and nothing says what runs the server", async ({ request }) => {
    const html = await (await request.get("/checkout")).text();
    const asset = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    for (const path of [asset!, "/favicon.svg", "/robots.txt", "/sitemap.xml"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
      expect(response.headers()["x-powered-by"], path).toBeUndefined();
    }
  });
});

test.describe("a request the site cannot read", () => {
  /** A raw HTTP/1.1 exchange: what an attacker can send that a browser or fetch() would refuse to. */
  const raw = (baseURL: string, head: string) =>
    new Promise<string>((resolveAnswer, reject) => {
      const { hostname, port } = new URL(baseURL);
      // Written, not ended: the server closes the connection after its answer (Connection: close).
      const socket = connect(Number(port), hostname, () => socket.write(`${head}\r\nConnection: close\r\n\r\n`));
      let data = "";
      socket.on("data", (chunk) => (data += chunk.toString()));
      socket.on("end", () => resolveAnswer(data));
      socket.on("error", reject);
    });

  test("is refused 400 before any page answers: a prerendered file, a kept page, a rendered one, an asset", async ({ baseURL }) => {
    for (const path of ["/about", "/", "/blog/budgeting-tips-that-work", "/checkout-success", "/favicon.svg"]) {
      const answer = await raw(baseURL!, `GET ${path} HTTP/1.1\r\nHost: a b`);
      expect(answer.split("\r\n")[0], path).toBe("HTTP/1.1 400 Bad Request");
      expect(answer, path).toContain("the Host header is not a host");
    }
    expect((await raw(baseURL!, `GET /about HTTP/1.1\r\nHost: ${new URL(baseURL!).host}`)).split("\r\n")[0]).toBe("HTTP/1.1 200 OK");
  });
});

test.describe("the policy in Chromium", () => {
  test("is enforced, and a violation shows up as a console error", async ({ page }) => {
    const violations: string[] = [];
    allowConsoleErrors(page, /Content Security Policy|CSP violation/);
    page.on("console", (msg) => msg.type() === "error" && /CSP violation/.test(msg.text()) && violations.push(msg.text()));
    for (const path of ["/about", "/checkout"]) {
      await page.goto(path);
      const ran = await page.evaluate(async () => {
        const script = document.createElement("script");
        script.textContent = "window.__injected = true";
        document.body.append(script);
        await new Promise((r) => setTimeout(r, 50));
        return (window as { __injected?: boolean }).__injected === true;
      });
      expect(ran, `an injected inline script ran on ${path}`).toBe(false);
    }
    await expect.poll(() => violations.length).toBeGreaterThanOrEqual(2);
    expect(violations[0]).toContain("script-src");
  });

  test("the site works under it with no violation: every route, the menu, a form, the checkout", async ({ page }) => {
    // Any violation (or other console error) fails this test through the fixture.
    allowConsoleErrors(page, /status of 404/, /status of 400/);
    for (const path of ADDRESSES) {
      await page.goto(path);
      await expect(page.locator("h1").first()).toBeVisible();
    }
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await page.getByRole("button", { name: "Send Message" }).click();
    // A page without React: the form posts, and the server answers 400 with the page and its toast.
    await expect(page.locator("[data-toast]").first()).toBeVisible();
    await page.goto("/checkout");
    await page.getByRole("checkbox", { name: "Yes, add this to my order for only $14.99!" }).check();
    await expect(page.getByTestId("order-total")).toHaveText("$21.99");
  });
});

test.describe("what the browser downloads", () => {
  const clientDir = resolve(process.env.BUILD_DIR ?? "build", "client");
  const files = (function walk(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  })(clientDir).filter((file) => !relative(clientDir, file).startsWith(".vite"));
  const TEXT = new Set([".js", ".css", ".html", ".data", ".json", ".xml", ".txt", ".svg", ".webmanifest"]);
  const texts = files.filter((f) => TEXT.has(extname(f))).map((f) => ({ file: relative(clientDir, f), text: readFileSync(f, "utf8") }));
  const scripts = texts.filter((t) => t.file.endsWith(".js"));

  test("the build is there to check", () => {
    expect(scripts.length).toBeGreaterThan(5);
    // The one page still built as a file (the header names the toolkit's price on every other, decision 070).
    expect(texts.some((t) => t.file === "robots.txt")).toBe(true);
  });

  test("holds no secret, key or database address", () => {
    const patterns = [
      /STRIPE_SECRET_KEY/,
      /STRIPE_WEBHOOK_SECRET/,
      /DATABASE_URL/,
      /\bsk_(live|test)_/,
      /\brk_(live|test)_/,
      /\bwhsec_/,
      /postgres(ql)?:\/\//,
    ];
    // And the values themselves, when this run has any.
    for (const name of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "DATABASE_URL", "TEST_DATABASE_URL"]) {
      const value = process.env[name];
      if (value && value.length > 8) patterns.push(new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    }
    const found = texts.flatMap(({ file, text }) => patterns.filter((p) => p.test(text)).map((p) => `${file}: ${p}`));
    expect(found).toEqual([]);
  });

  test("holds no database driver, ORM or Node-only code", () => {
    const markers = [
      /drizzle-orm|drizzle_orm|\bpgTable\b/,
      /@electric-sql|\bPGlite\b|pglite/i,
      /pg-protocol|pg-pool|\bpg_catalog\b/,
      /\bnode:(fs|crypto|child_process|zlib)\b/,
      /\brequire\("(fs|pg|crypto)"\)/,
      /\bstripe\.checkout\.sessions\b|api\.stripe\.com/,
    ];
    const found = scripts.flatMap(({ file, text }) => markers.filter((m) => m.test(text)).map((m) => `${file}: ${m}`));
    expect(found).toEqual([]);
  });

  test("holds no code from a *.server module", () => {
    const appDir = resolve("app");
    const sources = (function walk(dir: string): string[] {
      return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? walk(join(dir, entry.name))
          : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
            ? [join(dir, entry.name)]
            : [],
      );
    })(appDir);
    const serverFiles = sources.filter((f) => /\.server\.tsx?$/.test(f));
    const shared = sources
      .filter((f) => !/\.server\.tsx?$/.test(f))
      .map((f) => readFileSync(f, "utf8"))
      .join("\n");
    expect(serverFiles.length).toBeGreaterThan(5);
    // Distinctive string literals of every server module (messages, SQL, keys), unless a browser-safe module has them too.
    const literals = serverFiles.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/"([^"\\\n]{24,})"/g)]
        .map((m) => m[1]!)
        .filter((literal) => !shared.includes(literal) && !/^[\w./~@-]+$/.test(literal))
        .map((literal) => ({ file: relative(appDir, file), literal })),
    );
    expect(literals.length).toBeGreaterThan(10);
    const leaked = literals.filter(({ literal }) => scripts.some(({ text }) => text.includes(literal)));
    expect(leaked).toEqual([]);
  });
});
