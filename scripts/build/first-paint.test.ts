import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { inlineScriptHashes, loaderScript } from "./first-paint";

// The pass itself runs on the real build: tests/e2e/first-paint.spec.ts reads the pages as served.

describe("loaderScript", () => {
  it("escapes preload URLs so they cannot close the loader's script", () => {
    expect(loaderScript(["/a.js</script><script>alert(1)//"])).not.toContain("</script>");
  });

});

describe("inlineScriptHashes", () => {
  const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

  it("hashes the text of each inline script a browser runs, the inert bootstrap too, and no data block", () => {
    const page =
      '<!DOCTYPE html><html><head><script>window.a = "é"</script><script src="/assets/x.js"></script></head><body>' +
      '<script type="application/ld+json">{"x":1}</script><script type="text/x-boot" id="rr-boot">import("/e.js")</script>' +
      "<script>window.a = \"é\"</script></body></html>";
    expect(inlineScriptHashes(page)).toEqual([sha256('window.a = "é"'), sha256('import("/e.js")')]);
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
