import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const cache = new Map<string, string | null>();

/**
 * A built script's text by its URL (/assets/<name>.js), read once from the client build, for a
 * page that writes it in (app/lib/first-paint.tsx); null when there is none (the dev server).
 */
export function builtScriptText(href: string): string | null {
  if (!/^\/assets\/[\w.-]+\.js$/.test(href)) return null;
  let text = cache.get(href);
  if (text === undefined) {
    try {
      text = readFileSync(resolve(process.env.BUILD_DIR ?? "build", `client${href}`), "utf8");
    } catch {
      text = null;
    }
    cache.set(href, text);
  }
  return text;
}
