import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";
import { Parser } from "htmlparser2";

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
 * The document is read by an HTML tokenizer (htmlparser2), which finds the few tags above; every
 * other byte goes through as it came. Applied to the rendered HTML stream
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

const attrText = (name: string, value: string) => ` ${name}="${value.replaceAll("&", "&amp;").replaceAll('"', "&quot;")}"`;
const nonceText = (nonce: string | undefined) => (nonce ? attrText("nonce", nonce) : "");

/**
 * A pass-through for a rendered HTML document (bytes in, bytes out) that applies the rewrites
 * above. htmlparser2's tokenizer reports each tag with its place in the stream; the few tags
 * above are replaced there and every other byte goes through as it came, chunk by chunk as React
 * streams it. (parse5's rewriting stream did the same at a fifth of the speed, which cost a
 * quarter of the server-rendered throughput in npm run bench.) A document without a stylesheet
 * or a bootstrap (a page that does not hydrate, the dev server) goes through with just what applies.
 */
export function createFirstPaintOptimizer(): Transform {
  const decoder = new StringDecoder("utf8");
  /** Input not sent on yet, from the stream offset `base`; `out` is what is ready to send. */
  let buffer = "";
  let base = 0;
  let out = "";
  const preloads: string[] = [];
  const afterPaint: string[] = [];
  /** An open <script> whose end tag matters: the bootstrap (loader after it) or a dropped one. */
  let open: { kind: "bootstrap"; nonce: string | undefined } | { kind: "drop" } | null = null;

  const sendUpTo = (offset: number) => {
    out += buffer.slice(0, offset - base);
    buffer = buffer.slice(offset - base);
    base = offset;
  };
  /** Replace the bytes from `start` to `end` (inclusive: a whole tag) with `text`. */
  const replace = (start: number, end: number, text: string) => {
    sendUpTo(start);
    out += text;
    buffer = buffer.slice(end + 1 - base);
    base = end + 1;
  };

  const parser = new Parser({
    onopentag(name, attrs) {
      const { startIndex: start, endIndex: end } = parser;
      if (name === "link" && attrs.rel === "stylesheet") {
        const css = builtAsset(attrs.href ?? "", ".css");
        if (css === null) return;
        const link = Object.entries(attrs)
          .filter(([key]) => key !== "disabled")
          .map(([key, value]) => attrText(key, value))
          .join("");
        replace(start, end, `<style>${css.replace(/<\/style/gi, "<\\/style")}</style><link${link} disabled=""/>`);
      } else if (name === "link" && attrs.rel === "modulepreload" && attrs.href) {
        preloads.push(attrs.href);
        replace(start, end, "");
      } else if (name === "script" && "data-after-paint" in attrs && attrs.src) {
        // The page script of a hydrating page: the loader starts it first, after the paint.
        afterPaint.push(attrs.src);
        replace(start, end, "");
        open = { kind: "drop" };
      } else if (name === "script" && "data-inline" in attrs) {
        // A page without React: its small page script in the page, not one more request before the
        // largest paint. Same nonce; a prerendered page's CSP lists its hash (server/static-files.ts).
        const script = builtAsset(attrs.src ?? "", ".js");
        if (script !== null) replace(start, end, `<script${nonceText(attrs.nonce)}>${script.replace(/<\/script/gi, "<\\/script")}`);
      } else if (name === "script" && attrs.type === "module" && !("src" in attrs)) {
        // React Router's bootstrap: the one inline module script of a hydrating page.
        replace(start, end, `<script${nonceText(attrs.nonce)} type="${BOOT_SCRIPT_TYPE}" id="${BOOT_ID}">`);
        open = { kind: "bootstrap", nonce: attrs.nonce };
      }
    },
    onclosetag(name) {
      if (name !== "script" || !open) return;
      const { startIndex: start, endIndex: end } = parser;
      if (open.kind === "drop") replace(start, end, "");
      else {
        sendUpTo(end + 1);
        out += `<script${nonceText(open.nonce)}>${loaderScript(preloads, afterPaint)}</script>`;
      }
      open = null;
    },
  });

  /** What can go on now: everything before the last "<" (a tag there may still be incomplete). */
  const ready = (final: boolean) => {
    if (final) sendUpTo(base + buffer.length);
    else {
      const lastTag = buffer.lastIndexOf("<");
      if (lastTag > 0) sendUpTo(base + lastTag);
    }
    const chunk = out;
    out = "";
    return chunk || undefined;
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = decoder.write(chunk);
      buffer += text;
      parser.write(text);
      callback(null, ready(false));
    },
    flush(callback) {
      const text = decoder.end();
      buffer += text;
      parser.write(text);
      parser.end();
      callback(null, ready(true));
    },
  });
}
