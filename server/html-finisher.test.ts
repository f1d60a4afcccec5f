import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createHtmlFinisher } from "./html-finisher";

/**
 * The page finisher in its own process, as the server forks it (with the tsx loader the server
 * runs under): a kept page's CSS pruned to what its markup uses, and the hashes of exactly the
 * inline scripts that carry the render's nonce.
 */
const clientDir = mkdtempSync(join(tmpdir(), "finisher-"));
const finisher = createHtmlFinisher(clientDir, { execArgv: ["--import", "tsx"] });
afterAll(() => {
  finisher.stop();
  rmSync(clientDir, { recursive: true, force: true });
});

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const page = (nonce: string) =>
  `<!doctype html><html><head><style>.used{color:red}.unused{color:blue}</style></head><body><p class="used">Hi</p>` +
  `<script nonce="${nonce}">window.a=1</script><script>window.injected=1</script><script type="application/ld+json">{}</script></body></html>`;

describe("the page finisher's process", () => {
  it("prunes the CSS and lists the hashes of the nonce's scripts only", async () => {
    const { html, scriptHashes } = await finisher.finish(page("n0nce"), "n0nce");
    expect(html).toContain(".used");
    expect(html).not.toContain(".unused");
    expect(html).toContain('<p class="used">Hi</p>');
    expect(scriptHashes).toEqual([sha("window.a=1")]);
  });

  it("finishes pages asked for at once, each with its own answer", async () => {
    const pages = await Promise.all(["a", "b", "c"].map((n) => finisher.finish(page(n).replace("window.a=1", `window.${n}=1`), n)));
    expect(pages.map((p) => p.scriptHashes)).toEqual([[sha("window.a=1")], [sha("window.b=1")], [sha("window.c=1")]]);
  });

  it("fails the page in hand when its process dies, and forks a new one for the next", async () => {
    await finisher.finish(page("x"), "x");
    const inHand = finisher.finish(page("y"), "y");
    finisher.stop();
    await expect(inHand).rejects.toThrow(/ended/);
    const { scriptHashes } = await finisher.finish(page("z"), "z");
    expect(scriptHashes).toEqual([sha("window.a=1")]);
  });
});
