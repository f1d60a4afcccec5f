import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { PassThrough, type Readable } from "node:stream";
import type { StartTag } from "parse5-sax-parser";
import { RewritingStream } from "parse5-html-rewriting-stream";

/**
 * Paint first, then hydrate. Every page is complete HTML, so a phone can show it as soon as the
 * document arrives, if nothing else stands in the way (docs/decisions/013-paint-first.md, 019):
 *
 * - The stylesheet: render-blocking, one more round trip. It is ~6 KB compressed, so it is
 *   inlined into <head>. React still expects the <link rel="stylesheet"> it rendered when it
 *   hydrates, so the link stays, disabled: browsers neither fetch nor apply a disabled stylesheet.
 * - On a page that hydrates, ~115 KB of JavaScript fetched from <head> (modulepreload) racing the
 *   page and its hero image for a slow connection. The scripts start right after the first
 *   contentful paint instead: React Router's bootstrap module is kept inert (type="text/x-boot")
 *   and a small loader re-inserts it, with the module preloads, once the browser reports that
 *   paint (or after 3 s at the latest). The small page script (app/browser/page-script.js, the
 *   menu) starts first, at the same moment. Before that the page is plain HTML: links are links,
 *   forms post without JavaScript.
 * - A page that does not hydrate (an article) has none of those scripts, only the small page
 *   script (app/browser/page-script.js), which is written into the page (a request for it came
 *   before the largest paint in Lighthouse's simulation: +0.13 s).
 *
 * The document is read by an HTML tokenizer (parse5's rewriting stream), which changes the few
 * tags above and passes every other byte through as it came. Applied to the rendered HTML stream
 * (app/entry.server.tsx), for prerendering and server rendering alike; tests/e2e/first-paint.spec.ts
 * checks the built pages and the server-rendered ones.
 */

export const BOOT_SCRIPT_TYPE = "text/x-boot";
const BOOT_ID = "rr-boot";

const assetCache = new Map<string, string | null>();

/** A built asset's text (a stylesheet, a script), read once from the client build; null when there is none (dev). */
function builtAsset(href: string, extension: ".css" | ".js"): string | null {
  if (!/^\/assets\/[\w.-]+$/.test(href) || !href.endsWith(extension)) return null;
  let text = assetCache.get(href);
  if (text === undefined) {
    try {
      text = readFileSync(resolve(process.env.BUILD_DIR ?? "build", `client${href}`), "utf8");
    } catch {
      text = null;
    }
    assetCache.set(href, text);
  }
  return text;
}

/** The loader: after the first contentful paint, start the page's scripts, preload the modules and run the bootstrap. */
export function loaderScript(preloads: string[], scripts: string[] = []): string {
  // Short tasks only (a few preloads each, then the bootstrap): nothing that blocks input for long.
  return `(function(){var p=${JSON.stringify(preloads).replaceAll("<", "\\u003c")},c=${JSON.stringify(scripts).replaceAll("<", "\\u003c")},d=document,s=0;function n(){c.splice(0).forEach(function(h){var e=d.createElement("script");e.src=h;d.head.appendChild(e)});if(p.length){p.splice(0,4).forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});return setTimeout(n,0)}var o=d.getElementById("${BOOT_ID}"),m=d.createElement("script");m.type="module";m.nonce=o.nonce;m.textContent=o.textContent;d.body.appendChild(m)}function b(){if(!s){s=1;n()}}function a(){setTimeout(b,0)}setTimeout(b,3000);try{if(PerformanceObserver.supportedEntryTypes.indexOf("paint")>=0){new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length)a()}).observe({type:"paint",buffered:true});return}}catch(e){}requestAnimationFrame(a)})()`;
}

const attr = (tag: StartTag, name: string) => tag.attrs.find((a) => a.name === name)?.value;
const attrText = (name: string, value: string) => ` ${name}="${value.replaceAll("&", "&amp;").replaceAll('"', "&quot;")}"`;

/**
 * A pass-through for a rendered HTML document (bytes in, text out) that applies the rewrites
 * above. A document without a stylesheet or a bootstrap (a page that does not hydrate, the dev
 * server) goes through with just what applies.
 */
export function createFirstPaintOptimizer(): { input: PassThrough; output: Readable } {
  const input = new PassThrough();
  input.setEncoding("utf8");
  const rewriter = new RewritingStream();
  const preloads: string[] = [];
  const afterPaint: string[] = [];
  let inBootstrap = false;
  let dropEndTag = false;
  let bootNonce: string | undefined;

  rewriter.on("startTag", (tag, raw) => {
    const rel = attr(tag, "rel");
    if (tag.tagName === "link" && rel === "stylesheet") {
      const css = builtAsset(attr(tag, "href") ?? "", ".css");
      if (css !== null) {
        rewriter.emitRaw(`<style>${css.replace(/<\/style/gi, "<\\/style")}</style>`);
        rewriter.emitStartTag({ ...tag, attrs: [...tag.attrs.filter((a) => a.name !== "disabled"), { name: "disabled", value: "" }] });
        return;
      }
    } else if (tag.tagName === "link" && rel === "modulepreload") {
      const href = attr(tag, "href");
      if (href) {
        preloads.push(href);
        return;
      }
    } else if (tag.tagName === "script" && attr(tag, "data-after-paint") !== undefined && attr(tag, "src")) {
      // The page script of a hydrating page: the loader starts it first, after the paint.
      afterPaint.push(attr(tag, "src")!);
      dropEndTag = true;
      return;
    } else if (tag.tagName === "script" && attr(tag, "data-inline") !== undefined) {
      // A page without React: its small page script in the page, not one more request before the
      // largest paint. Same nonce; a prerendered page's CSP lists its hash (server/static-files.ts).
      const script = builtAsset(attr(tag, "src") ?? "", ".js");
      if (script !== null) {
        const nonce = attr(tag, "nonce");
        rewriter.emitRaw(`<script${nonce ? attrText("nonce", nonce) : ""}>${script.replace(/<\/script/gi, "<\\/script")}`);
        return;
      }
    } else if (tag.tagName === "script" && attr(tag, "type") === "module" && attr(tag, "src") === undefined) {
      // React Router's bootstrap: the one inline module script of a hydrating page.
      inBootstrap = true;
      bootNonce = attr(tag, "nonce");
      rewriter.emitRaw(`<script${bootNonce ? attrText("nonce", bootNonce) : ""} type="${BOOT_SCRIPT_TYPE}" id="${BOOT_ID}">`);
      return;
    }
    rewriter.emitRaw(raw);
  });

  rewriter.on("endTag", (tag, raw) => {
    if (dropEndTag && tag.tagName === "script") {
      dropEndTag = false;
      return;
    }
    rewriter.emitRaw(raw);
    if (inBootstrap && tag.tagName === "script") {
      inBootstrap = false;
      rewriter.emitRaw(`<script${bootNonce ? attrText("nonce", bootNonce) : ""}>${loaderScript(preloads, afterPaint)}</script>`);
    }
  });

  return { input, output: input.pipe(rewriter) };
}
