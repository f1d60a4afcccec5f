/**
 * Build step: React Router's scripts of a prerendered page start after its first contentful
 * paint (docs/decisions/013-paint-first.md). On a phone, ~115 KB of JavaScript fetched from
 * <head> (modulepreload) races the page and its hero image for a slow connection; the page is
 * complete HTML, so it can paint first and hydrate after:
 *
 * - the module preloads go, and React Router's bootstrap module is kept inert
 *   (type="text/x-boot");
 * - a small loader after it waits for the browser's first-contentful-paint entry (the next frame
 *   where that API is missing, 3 s at the latest, e.g. a background tab), then starts the page
 *   script (data-after-paint, app/root.tsx), adds the preloads a few per task and inserts the
 *   bootstrap as a module script with the same text.
 *
 * Server-rendered pages ship React Router's scripts as it writes them: nothing reads the HTML
 * of a response.
 */
import { createHash } from "node:crypto";
import { attrOf, elementsOf, parseHtml, rewriteHtml, textOf } from "./html.ts";

export const BOOT_SCRIPT_TYPE = "text/x-boot";
export const BOOT_ID = "rr-boot";
/** The attribute of the page script a hydrating page starts with React's (app/root.tsx). */
export const AFTER_PAINT = "data-after-paint";

/** The loader: after the first contentful paint, start the page's scripts, preload the modules and run the bootstrap. */
export function loaderScript(preloads: string[], scripts: string[] = []): string {
  // Short tasks only (a few preloads each, then the bootstrap): nothing that blocks input for long.
  return `(function(){var p=${JSON.stringify(preloads).replaceAll("<", "\\u003c")},c=${JSON.stringify(scripts).replaceAll("<", "\\u003c")},d=document,s=0;function n(){c.splice(0).forEach(function(h){var e=d.createElement("script");e.src=h;d.head.appendChild(e)});if(p.length){p.splice(0,4).forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});return setTimeout(n,0)}var o=d.getElementById("${BOOT_ID}"),m=d.createElement("script");m.type="module";m.nonce=o.nonce;m.textContent=o.textContent;d.body.appendChild(m)}function b(){if(!s){s=1;n()}}function a(){setTimeout(b,0)}setTimeout(b,3000);try{if(PerformanceObserver.supportedEntryTypes.indexOf("paint")>=0){new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length)a()}).observe({type:"paint",buffered:true});return}}catch(e){}requestAnimationFrame(a)})()`;
}

const isBootstrap = (tag: { tagName: string; attrs: { name: string; value: string }[] }) =>
  tag.tagName === "script" && attrOf(tag, "type") === "module" && attrOf(tag, "src") === undefined;

/** Whether React Router hydrates this page: its bootstrap, the one inline module script, is there. */
export function hydrates(html: string): boolean {
  return elementsOf(parseHtml(html), (el) => isBootstrap(el)).length > 0;
}

/**
 * A prerendered page whose scripts start after the first paint (see above). Fails when the page
 * has module preloads but no bootstrap where React Router used to write it: a change of its
 * markup must show in the build, not as pages that quietly load their scripts first.
 */
export async function deferScripts(html: string, file: string): Promise<string> {
  const preloads: string[] = [];
  const afterPaint: string[] = [];
  let inside: "drop" | "bootstrap" | undefined;
  let bootstraps = 0;
  const out = await rewriteHtml(html, {
    startTag(tag) {
      if (tag.tagName === "link" && attrOf(tag, "rel") === "modulepreload") {
        preloads.push(attrOf(tag, "href")!);
        return "";
      }
      if (tag.tagName === "script" && attrOf(tag, AFTER_PAINT) !== undefined && attrOf(tag, "src")) {
        afterPaint.push(attrOf(tag, "src")!);
        inside = "drop";
        return "";
      }
      if (isBootstrap(tag)) {
        bootstraps++;
        inside = "bootstrap";
        return `<script type="${BOOT_SCRIPT_TYPE}" id="${BOOT_ID}">`;
      }
      return undefined;
    },
    text: () => (inside === "drop" ? "" : undefined),
    endTag(tag) {
      if (tag.tagName !== "script" || !inside) return undefined;
      const was = inside;
      inside = undefined;
      return was === "drop" ? "" : `</script><script>${loaderScript(preloads, afterPaint)}</script>`;
    },
  });
  if (bootstraps !== 1 || preloads.length === 0) {
    throw new Error(`${file}: expected React Router's bootstrap and module preloads, found ${bootstraps} and ${preloads.length}`);
  }
  return out;
}

/** Script types a browser runs; anything else (JSON-LD, the inert bootstrap before the loader runs it) is data. */
const EXECUTABLE = new Set(["", "module", "text/javascript", "application/javascript", BOOT_SCRIPT_TYPE]);

/**
 * sha256 sources for every inline executable <script> of a page, for its Content-Security-Policy
 * (docs/decisions/012-content-security-policy.md), including the inert bootstrap the loader
 * re-inserts as a module (same text, same hash).
 */
export function inlineScriptHashes(html: string): string[] {
  const scripts = elementsOf(parseHtml(html), (el) => el.tagName === "script" && attrOf(el, "src") === undefined);
  const hashes = scripts
    .filter((el) => EXECUTABLE.has((attrOf(el, "type") ?? "").trim().toLowerCase()))
    .map((el) => `'sha256-${createHash("sha256").update(textOf(el)).digest("base64")}'`);
  return [...new Set(hashes)];
}
