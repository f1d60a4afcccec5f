import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

/**
 * Paint first, then hydrate. Every page is complete HTML, so a phone can show it as soon as the
 * document arrives, if nothing else stands in the way. Two things did (docs/decisions/013-paint-first.md):
 *
 * - The stylesheet: render-blocking, one more round trip. It is ~6 KB compressed, so it is
 *   inlined into <head>. React still expects the <link rel="stylesheet"> it rendered when it
 *   hydrates, so the link stays, disabled: browsers neither fetch nor apply a disabled stylesheet.
 * - ~115 KB of JavaScript fetched from <head> (modulepreload) racing the page and its hero image
 *   for a slow connection. The scripts now start right after the first contentful paint: React
 *   Router's bootstrap module is kept inert (type="text/x-boot") and a small loader re-inserts it,
 *   with the module preloads, once the browser reports that paint (or after 3 s at the latest).
 *   The page works before that (plain links, forms that post without JavaScript).
 *
 * Applied to the rendered HTML stream, for prerendering and server rendering alike.
 */

export const BOOT_SCRIPT_TYPE = "text/x-boot";
const BOOT_ID = "rr-boot";

const cssCache = new Map<string, string | null>();

/** A built stylesheet's text, read once from the client build; null when there is none (dev). */
function builtCss(href: string): string | null {
  if (!/^\/assets\/[\w.-]+\.css$/.test(href)) return null;
  let css = cssCache.get(href);
  if (css === undefined) {
    try {
      css = readFileSync(resolve(process.env.BUILD_DIR ?? "build", `client${href}`), "utf8");
    } catch {
      css = null;
    }
    cssCache.set(href, css);
  }
  return css;
}

const STYLESHEET = /<link( nonce="[^"]*")? rel="stylesheet" href="([^"]+)"\/>/g;
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g;
const BOOT_OPEN = /<script( nonce="[^"]*")? type="module" async="">/;

/** Inline the site's stylesheet; take the module preloads out (returned, for the loader). */
export function optimizeHead(head: string): { head: string; preloads: string[] } {
  const preloads: string[] = [];
  const out = head
    .replace(STYLESHEET, (tag, nonceAttr: string | undefined, href: string) => {
      const css = builtCss(href);
      if (css === null) return tag;
      return `<style>${css.replace(/<\/style/gi, "<\\/style")}</style><link${nonceAttr ?? ""} rel="stylesheet" href="${href}" disabled=""/>`;
    })
    .replace(MODULE_PRELOAD, (_tag, href: string) => {
      preloads.push(href);
      return "";
    });
  return { head: out, preloads };
}

/** The loader: after the first contentful paint, preload the modules and run the bootstrap. */
export function loaderScript(preloads: string[]): string {
  // Short tasks only (a few preloads each, then the bootstrap): nothing that blocks input for long.
  return `(function(){var p=${JSON.stringify(preloads).replaceAll("<", "\\u003c")},d=document,s=0;function n(){if(p.length){p.splice(0,4).forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});return setTimeout(n,0)}var o=d.getElementById("${BOOT_ID}"),m=d.createElement("script");m.type="module";m.nonce=o.nonce;m.textContent=o.textContent;d.body.appendChild(m)}function b(){if(!s){s=1;n()}}function a(){setTimeout(b,0)}setTimeout(b,3000);try{if(PerformanceObserver.supportedEntryTypes.indexOf("paint")>=0){new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length)a()}).observe({type:"paint",buffered:true});return}}catch(e){}requestAnimationFrame(a)})()`;
}

/**
 * Rewrites React Router's bootstrap `<script type="module">` (in the body) into an inert one
 * plus the loader. Returns null when the HTML holds no bootstrap script.
 */
export function deferBootstrap(html: string, preloads: string[]): string | null {
  const open = BOOT_OPEN.exec(html);
  if (!open) return null;
  const close = html.indexOf("</script>", open.index);
  if (close === -1) return null;
  const nonceAttr = open[1] ?? "";
  const end = close + "</script>".length;
  return (
    html.slice(0, open.index) +
    `<script${nonceAttr} type="${BOOT_SCRIPT_TYPE}" id="${BOOT_ID}">` +
    html.slice(open.index + open[0].length, end) +
    `<script${nonceAttr}>${loaderScript(preloads)}</script>` +
    html.slice(end)
  );
}

/** A pass-through for a rendered HTML document stream that applies the rewrites above. */
export function createFirstPaintOptimizer(): Transform {
  const decoder = new StringDecoder("utf8");
  let buffer = "";
  let phase: "head" | "body" | "done" = "head";
  let preloads: string[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (phase === "done") return callback(null, chunk);
      buffer += decoder.write(chunk);
      let out = "";
      if (phase === "head") {
        const end = buffer.indexOf("</head>");
        if (end === -1) return callback();
        const head = optimizeHead(buffer.slice(0, end));
        preloads = head.preloads;
        out = head.head;
        buffer = buffer.slice(end);
        phase = "body";
      }
      const open = BOOT_OPEN.exec(buffer);
      if (open && buffer.indexOf("</script>", open.index) !== -1) {
        out += deferBootstrap(buffer, preloads);
        buffer = "";
        phase = "done";
      }
      callback(null, out || undefined);
    },
    flush(callback) {
      let rest = buffer + decoder.end();
      // No bootstrap script (or no head) came: send what there is, unchanged beyond the head.
      if (phase === "head") rest = optimizeHead(rest).head;
      callback(null, rest || undefined);
    },
  });
}
