/**
 * The CSP sources (`'sha256-...'`) of a page's inline scripts, read by an HTML parser. Used where
 * pages are made: the build, for its prerendered files (build/server/static-script-hashes.json),
 * and the page finisher's process, for the pages the server caches (server/html-finisher.ts);
 * never in the serving process itself.
 */
import { createHash } from "node:crypto";
import { BOOT_SCRIPT_TYPE } from "../../lib/first-paint.tsx";
import { attrOf, elementsOf, type HtmlElement, parseHtml, textOf } from "./html-tree.server.ts";

/** Script types a browser runs; anything else (JSON-LD, the inert bootstrap before the loader runs it) is data. */
const EXECUTABLE = new Set(["", "module", "text/javascript", "application/javascript", BOOT_SCRIPT_TYPE]);

/**
 * sha256 sources for every inline executable <script> in a page that `allowed` accepts, including
 * the inert bootstrap the first-paint loader re-inserts as a module (same text, same hash).
 */
export function inlineScriptHashes(html: string, allowed: (script: HtmlElement) => boolean = () => true): string[] {
  const scripts = elementsOf(parseHtml(html), (el) => el.tagName === "script" && attrOf(el, "src") === undefined);
  const hashes = scripts
    .filter((el) => EXECUTABLE.has((attrOf(el, "type") ?? "").trim().toLowerCase()) && allowed(el))
    .map((el) => `'sha256-${createHash("sha256").update(textOf(el)).digest("base64")}'`);
  return [...new Set(hashes)];
}
