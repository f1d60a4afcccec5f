import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createFirstPaintOptimizer, loaderScript } from "./first-paint.server";

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

/** The optimizer's output for a document sent in these chunks. */
async function run(chunks: Buffer[]): Promise<string> {
  const chunksOut: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(createFirstPaintOptimizer())) chunksOut.push(Buffer.from(chunk));
  return Buffer.concat(chunksOut).toString("utf8");
}

// The built pages and the server-rendered ones are checked in tests/e2e/first-paint.spec.ts;
// these cover what a real page seldom shows: odd chunking, escaping, pages without scripts.
describe("createFirstPaintOptimizer", () => {
  it("inlines the built stylesheet, keeps its link disabled, and defers the bootstrap with its nonce", async () => {
    const out = await run([Buffer.from(DOC)]);
    expect(out).toContain(`<style>${CSS}</style><link nonce="n0nce" rel="stylesheet" href="/assets/app-abc123.css" disabled=""/>`);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).toContain('<link rel="icon" href="/favicon.svg"/>');
    expect(out).toContain(
      '<script nonce="n0nce" type="text/x-boot" id="rr-boot">import * as route0 from "/assets/root-2.js";\nimport("/assets/entry.client-1.js");</script>' +
        `<script nonce="n0nce">${loaderScript(["/assets/entry.client-1.js", "/assets/root-2.js"])}</script>`,
    );
    expect(out).toContain("<title>Ünïcode — page</title>");
    expect(out).toContain("<main>Hello — “quoted” text</main>");
    expect(out).toContain('<script nonce="n0nce">window.__ctx.stream = 2;</script></body></html>');
  });

  it("gives the same document however the stream is cut (one byte at a time, inside characters)", async () => {
    const bytes = Buffer.from(DOC, "utf8");
    const whole = await run([bytes]);
    const bytewise = await run([...bytes].map((b) => Buffer.from([b])));
    const odd = await run([bytes.subarray(0, 97), bytes.subarray(97, 98), bytes.subarray(98, 450), bytes.subarray(450)]);
    expect(bytewise).toBe(whole);
    expect(odd).toBe(whole);
  });

  it("leaves a stylesheet it cannot find (the dev server, a foreign URL) as it is", async () => {
    const doc = '<html><head><link rel="stylesheet" href="https://elsewhere.example/x.css"/></head><body></body></html>';
    expect(await run([Buffer.from(doc)])).toBe(doc);
  });

  it("cannot be broken out of by a stylesheet that contains </style>", async () => {
    writeFileSync(join(buildDir, "client/assets/evil-1.css"), "a{content:'</style><script>alert(1)</script>'}");
    const out = await run([Buffer.from('<html><head><link rel="stylesheet" href="/assets/evil-1.css"/></head></html>')]);
    expect(out).toContain("<\\/style><script>alert(1)");
    expect(out).not.toContain("</style><script>");
  });

  it("escapes preload URLs so they cannot close the loader's script", () => {
    expect(loaderScript(["/a.js</script><script>alert(1)//"])).not.toContain("</script>");
  });

  it("passes a page without scripts (an article) through with only the stylesheet changed", async () => {
    const doc = HEAD.replace(/<link rel="modulepreload"[^>]*>/g, "") + "</head><body><main>Text</main></body></html>";
    const out = await run([Buffer.from(doc)]);
    expect(out).toContain("<main>Text</main></body></html>");
    expect(out).not.toContain("rr-boot");
    expect(out).not.toContain("<script");
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
