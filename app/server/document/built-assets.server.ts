import { readFileSync } from "node:fs";
import { resolve } from "node:path";
// Relative: react-router.config.ts loads this module without the app's ~ alias.
import { filePaths } from "../env.server";

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
      text = readFileSync(resolve(filePaths().BUILD_DIR, `client${href}`), "utf8");
    } catch {
      text = null;
    }
    cache.set(href, text);
  }
  return text;
}

/** Where the build writes each route's own stylesheet (scripts/build/route-css.ts), under build/server. */
export const ROUTE_CSS_FILE = "route-css.json";

/** The stored stylesheets: each distinct one once, and each route id's index into them. */
export type RouteStylesheets = { stylesheets: string[]; routes: Record<string, number> };

let routeStylesheets: RouteStylesheets | null | undefined;

/**
 * A route's own stylesheet (scripts/build/route-css.ts), read once from the server build, for a
 * page rendered without React in the browser; null when the build has none (the dev server) or
 * none for this route.
 */
export function routeStylesheet(routeId: string): string | null {
  if (routeStylesheets === undefined) {
    try {
      routeStylesheets = JSON.parse(readFileSync(resolve(filePaths().BUILD_DIR, "server", ROUTE_CSS_FILE), "utf8")) as RouteStylesheets;
    } catch {
      routeStylesheets = null;
    }
  }
  const index = routeStylesheets?.routes[routeId];
  return index === undefined ? null : (routeStylesheets!.stylesheets[index] ?? null);
}
