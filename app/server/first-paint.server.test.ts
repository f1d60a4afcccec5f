import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createFirstPaintOptimizer, deferBootstrap, loaderScript, optimizeHead } from "./first-paint.server";

const CSS = "body{color:#0f172a}";
let buildDir: string;
const previousBuildDir = process.env.BUILD_DIR;

beforeAll(() => {
  buildDir = mkdtempSync(join(tmpdir(), "first-paint-"));
  mkdirSync(join(buildDir, "client/assets"), { recursive: true });
  writeFileSync(join(buildDir, "client/assets/app-abc123.css"), CSS);
  process.env.BUILD_DIR = buildDir;
});
afterAll(() => {
  rmSync(buildDir, { recursive: true, force: true });
  process.env.BUILD_DIR = previousBuildDir;
});

const HEAD =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Ünïcode — page</title>' +
  '<link rel="modulepreload" href="/assets/entry.client-1.js"/>' +
  '<link rel="modulepreload" href="/assets/root-2.js" nonce="n0nce"/>' +
  '<link rel="icon" href="/favicon.svg"/>' +
  '<link nonce="n0nce" rel="stylesheet" href="/assets/app-abc123.css"/>';
const BODY =
  "</head><body><main>Hello — “quoted” text</main>" +
  '<script nonce="n0nce">window.__ctx = 1;</script>' +
  '<script nonce="n0nce" type="module" async="">import * as route0 from "/assets/root-2.js";\nimport("/assets/entry.client-1.js");</script>' +
  '<script nonce="n0nce">window.__ctx.stream = 2;</script></body></html>';
const DOC = HEAD + BODY;

describe("optimizeHead", () => {
  it("inlines the built stylesheet and keeps a disabled link for React to hydrate", () => {
    const { head } = optimizeHead(HEAD);
    expect(head).toContain(`<style>${CSS}</style><link nonce="n0nce" rel="stylesheet" href="/assets/app-abc123.css" disabled=""/>`);
    expect(head).not.toMatch(/<link[^>]*rel="stylesheet"(?![^>]*disabled)[^>]*>/);
  });

  it("leaves a stylesheet it cannot find (the dev server, a foreign URL) as it is", () => {
    const tag = '<link rel="stylesheet" href="/assets/missing.css"/><link rel="stylesheet" href="https://cdn.example/x.css"/>';
    expect(optimizeHead(tag).head).toBe(tag);
  });

  it("takes the module preloads out, with or without a nonce, and returns them in order", () => {
    const { head, preloads } = optimizeHead(HEAD);
    expect(head).not.toContain("modulepreload");
    expect(preloads).toEqual(["/assets/entry.client-1.js", "/assets/root-2.js"]);
    expect(head).toContain('<link rel="icon" href="/favicon.svg"/>');
  });

  it("cannot be broken out of by a stylesheet that contains </style>", () => {
    writeFileSync(join(buildDir, "client/assets/evil-1.css"), 'a::after{content:"</style><script>alert(1)</script></STYLE >"}');
    const { head } = optimizeHead('<link rel="stylesheet" href="/assets/evil-1.css"/>');
    // Inside <style> only "</style" ends the raw text: the one left is the real end.
    expect(head.match(/<\/style/gi)).toHaveLength(1);
    expect(head.indexOf("</style>")).toBe(head.lastIndexOf("</style>"));
    expect(head).toMatch(/<\/style><link rel="stylesheet" href="\/assets\/evil-1.css" disabled=""\/>$/);
  });
});

describe("deferBootstrap", () => {
  it("makes the bootstrap inert (same text, same nonce) and adds the loader with the nonce", () => {
    const out = deferBootstrap(BODY, ["/assets/a.js"])!;
    expect(out).toContain(
      '<script nonce="n0nce" type="text/x-boot" id="rr-boot">import * as route0 from "/assets/root-2.js";\nimport("/assets/entry.client-1.js");</script><script nonce="n0nce">(function(){var p=["/assets/a.js"]',
    );
    expect(out).not.toContain('<script nonce="n0nce" type="module"');
    // Everything around it is untouched.
    expect(out.startsWith('</head><body><main>Hello — “quoted” text</main><script nonce="n0nce">window.__ctx = 1;</script>')).toBe(true);
    expect(out.endsWith('<script nonce="n0nce">window.__ctx.stream = 2;</script></body></html>')).toBe(true);
  });

  it("returns null for a document without a bootstrap", () => {
    expect(deferBootstrap("<body><p>plain</p></body>", [])).toBeNull();
  });

  it("escapes preload URLs so they cannot close the script", () => {
    expect(loaderScript(["/a</script><script>x.js"])).not.toContain("</script>");
  });
});

async function run(chunks: Buffer[]): Promise<string> {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(createFirstPaintOptimizer())) out.push(Buffer.from(chunk));
  return Buffer.concat(out).toString("utf8");
}

describe("createFirstPaintOptimizer", () => {
  it("gives the same document however the stream is cut (one byte at a time, inside characters)", async () => {
    const bytes = Buffer.from(DOC, "utf8");
    const whole = await run([bytes]);
    const bytewise = await run([...bytes].map((b) => Buffer.from([b])));
    const odd = await run([bytes.subarray(0, 97), bytes.subarray(97, 98), bytes.subarray(98, 450), bytes.subarray(450)]);
    expect(bytewise).toBe(whole);
    expect(odd).toBe(whole);
    const { head, preloads } = optimizeHead(HEAD);
    expect(whole).toBe(head + deferBootstrap(BODY, preloads));
  });

  it("passes through what follows the bootstrap as it comes (streamed Suspense content)", async () => {
    const later = '<script nonce="n0nce">late()</script>';
    const out = await run([Buffer.from(DOC.replace("</body></html>", "")), Buffer.from(later), Buffer.from("</body></html>")]);
    expect(out.endsWith(`${later}</body></html>`)).toBe(true);
  });

  it("sends a document without a </head> through with only the head rewrite", async () => {
    expect(await run([Buffer.from("<p>fragment</p>")])).toBe("<p>fragment</p>");
  });
});

describe("the loader in a page", () => {
  function fakePage({ paintTiming }: { paintTiming: boolean }) {
    const head: { rel: string; href: string }[] = [];
    const body: { type: string; nonce: string; textContent: string }[] = [];
    const boot = { nonce: "n0nce", textContent: "import('/assets/entry.js')" };
    let paintCallback: ((list: { getEntriesByName: (name: string) => unknown[] }) => void) | undefined;
    const document = {
      head: { appendChild: (el: { rel: string; href: string }) => head.push(el) },
      body: { appendChild: (el: { type: string; nonce: string; textContent: string }) => body.push(el) },
      createElement: () => ({}),
      getElementById: (id: string) => (id === "rr-boot" ? boot : null),
    };
    class PerformanceObserver {
      static supportedEntryTypes = paintTiming ? ["paint", "navigation"] : ["navigation"];
      constructor(callback: typeof paintCallback) {
        paintCallback = callback;
      }
      observe() {}
    }
    const frames: (() => void)[] = [];
    const run = (script: string) =>
      new Function("document", "PerformanceObserver", "requestAnimationFrame", "setTimeout", script)(
        document,
        PerformanceObserver,
        (cb: () => void) => frames.push(cb),
        setTimeout,
      );
    return {
      head,
      body,
      frames,
      run,
      paint: (names: string[]) => paintCallback?.({ getEntriesByName: (n) => (names.includes(n) ? [{}] : []) }),
    };
  }

  const PRELOADS = ["/a.js", "/b.js", "/c.js", "/d.js", "/e.js", "/f.js"];

  it("waits for the first contentful paint, then preloads in small batches and runs the bootstrap with its nonce", async () => {
    vi.useFakeTimers();
    try {
      const page = fakePage({ paintTiming: true });
      page.run(loaderScript(PRELOADS));
      await vi.advanceTimersByTimeAsync(100);
      expect(page.head).toHaveLength(0); // nothing before the paint
      page.paint(["first-paint"]);
      await vi.advanceTimersByTimeAsync(100);
      expect(page.head).toHaveLength(0); // a background-only paint is not enough
      page.paint(["first-paint", "first-contentful-paint"]);
      await vi.advanceTimersByTimeAsync(0);
      await vi.advanceTimersByTimeAsync(0);
      expect(page.head.map((l) => l.href)).toEqual(["/a.js", "/b.js", "/c.js", "/d.js"]);
      await vi.advanceTimersByTimeAsync(10);
      expect(page.head.map((l) => `${l.rel} ${l.href}`)).toEqual(PRELOADS.map((h) => `modulepreload ${h}`));
      expect(page.body).toEqual([{ type: "module", nonce: "n0nce", textContent: "import('/assets/entry.js')" }]);
      // Once only, whatever else fires later (the 3 s fallback, another paint entry).
      page.paint(["first-contentful-paint"]);
      await vi.advanceTimersByTimeAsync(5000);
      expect(page.body).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("without paint timing, starts after the next frame", async () => {
    vi.useFakeTimers();
    try {
      const page = fakePage({ paintTiming: false });
      page.run(loaderScript(PRELOADS));
      await vi.advanceTimersByTimeAsync(50);
      expect(page.body).toHaveLength(0);
      page.frames.forEach((f) => f());
      await vi.advanceTimersByTimeAsync(50);
      expect(page.body).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("starts after 3 s at the latest when no paint is reported (a background tab)", async () => {
    vi.useFakeTimers();
    try {
      const page = fakePage({ paintTiming: true });
      page.run(loaderScript(PRELOADS));
      await vi.advanceTimersByTimeAsync(2900);
      expect(page.body).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(200);
      expect(page.body).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
