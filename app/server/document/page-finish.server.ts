/**
 * The last pass over a page the server keeps (server/page-cache.ts), as the build gives its
 * prerendered pages: a page without React keeps only the CSS its markup uses
 * (critical-css.server.ts), and the page's Content-Security-Policy allows exactly the inline
 * scripts the document itself wrote, the ones carrying this render's nonce (a script that reached
 * the HTML any other way, markup in an article should its sanitising ever fail, has no such nonce
 * and is not allowed: the policy stays a second line of defence).
 *
 * Both read the page with an HTML parser, so this runs in a process of its own
 * (server/html-finisher-process.ts), never in the one that serves requests.
 */
import { criticalCss } from "./critical-css.server.ts";
import { attrOf } from "./html-tree.server.ts";
import { inlineScriptHashes } from "./script-hashes.server.ts";

export type FinishedPage = { html: string; scriptHashes: string[] };

export function createPageFinisher(clientDir: string): (html: string, nonce: string) => Promise<FinishedPage> {
  const prune = criticalCss(clientDir);
  return async (html, nonce) => {
    const finished = (await prune(html))?.html ?? html;
    return { html: finished, scriptHashes: inlineScriptHashes(finished, (script) => attrOf(script, "nonce") === nonce) };
  };
}
