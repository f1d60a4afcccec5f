import { readFileSync } from "node:fs";
import { resolve } from "node:path";
// Relative: react-router.config.ts loads this module without the app's ~ alias.
import { filePaths } from "../env.server";

/** Where the build writes each route's own stylesheet (scripts/build/route-css.ts), under build/server. */
export const ROUTE_CSS_FILE = "route-css.json";

/** The stored stylesheets: each distinct one once, and each route id's index into them. */
export type RouteStylesheets = { stylesheets: string[]; routes: Record<string, number> };

/** What a page writes into itself from the build (app/lib/first-paint.tsx), each file read once by its reader. */
export type BuiltAssets = {
  /** A built script's text by its URL (/assets/<name>.js); null when there is none (the dev server). */
  scriptText(href: string): string | null;
  /** A route's own stylesheet (scripts/build/route-css.ts); null when the build has none (the dev server) or none for this route. */
  routeStylesheet(routeId: string): string | null;
};

declare module "react-router" {
  interface AppLoadContext {
    /** The server's reader of the build's files (server/app.ts, made once at start-up); absent while prerendering and in tests. */
    builtAssets?: BuiltAssets;
  }
}

/**
 * A reader of the built files a page writes in: the client build's scripts and the server build's
 * route stylesheets, each read once, when first asked, and kept for the reader's life (the
 * production server makes one at start-up; a render without one makes its own).
 */
export function builtAssetsReader(): BuiltAssets {
  const scripts = new Map<string, string | null>();
  let routeStylesheets: RouteStylesheets | null | undefined;
  return {
    scriptText(href) {
      if (!/^\/assets\/[\w.-]+\.js$/.test(href)) return null;
      let text = scripts.get(href);
      if (text === undefined) {
        try {
          text = readFileSync(resolve(filePaths().BUILD_DIR, `client${href}`), "utf8");
        } catch {
          text = null;
        }
        scripts.set(href, text);
      }
      return text;
    },
    routeStylesheet(routeId) {
      if (routeStylesheets === undefined) {
        try {
          routeStylesheets = JSON.parse(readFileSync(resolve(filePaths().BUILD_DIR, "server", ROUTE_CSS_FILE), "utf8")) as RouteStylesheets;
        } catch {
          routeStylesheets = null;
        }
      }
      const index = routeStylesheets?.routes[routeId];
      return index === undefined ? null : (routeStylesheets!.stylesheets[index] ?? null);
    },
  };
}
