/**
 * Each route's own stylesheet, for the pages the server renders per request without React in the
 * browser (a calculator's result, a blog search, a legal page, the not-found page): they carried
 * the whole stylesheet in their <style> (46 KB, 8.9 KB gzip), which pushed them past a new
 * connection's first round trip (~14 KB) on a slow phone (docs/decisions/041-route-stylesheets.md).
 * Prerendered and cached pages are pruned from their HTML instead (critical-css.ts); a page rendered
 * per request is not read again (issue 21), so its rules are chosen at build time.
 *
 * Which rules: Tailwind makes a utility's rule only for a class name written out in a source file
 * it scans. A page can therefore only use classes written in the modules it is rendered from, so a
 * route's stylesheet is Tailwind's own output (the same app.css, the same compiler) for the
 * candidates in the modules the route and its parents reach in the server build, which holds
 * their loaders, actions and components alike, and in the content files (app/content), which the
 * whole-site build scans too. Everything in app.css that is not a utility (base, theme, the side
 * menu, the article typography) is in every route's stylesheet.
 *
 * Two steps, because the module graph is known inside the server build and the route ids only at
 * its end: `routeModulesPlugin` writes, per route module, the project files it reaches
 * (server/route-modules.json); `writeRouteStylesheets`, in React Router's buildEnd, compiles one
 * stylesheet per route id (server/route-css.json), read by the server at start
 * (app/server/document/built-assets.server.ts).
 */
import { compile, optimize } from "@tailwindcss/node";
import { Scanner } from "@tailwindcss/oxide";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { extname, join, relative, resolve } from "node:path";
import type { Plugin } from "vite";
import { ROUTE_CSS_FILE, type RouteStylesheets } from "../../app/server/document/built-assets.server.ts";

export const ROUTE_MODULES_FILE = "route-modules.json";

const ROOT = resolve(import.meta.dirname, "../..");
const APP_DIR = join(ROOT, "app");
const CONTENT_DIR = join(APP_DIR, "content");

/** A module id as a project file (query and virtual modules dropped), or null. */
function projectFile(id: string): string | null {
  if (id.startsWith("\0")) return null;
  const file = id.split("?")[0]!;
  if (!file.startsWith(ROOT + "/") || file.includes("/node_modules/") || !existsSync(file)) return null;
  return file;
}

/** Vite plugin for the server build: the project files each route module (app/root.tsx, app/routes/**) reaches. */
export function routeModulesPlugin(): Plugin {
  return {
    name: "route-modules",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    generateBundle() {
      const reached = (start: string) => {
        const seen = new Set<string>();
        const queue = [start];
        while (queue.length > 0) {
          const id = queue.pop()!;
          const info = this.getModuleInfo(id);
          if (!info) continue;
          for (const next of [...info.importedIds, ...info.dynamicallyImportedIds]) {
            const file = projectFile(next);
            if (!file || seen.has(file)) continue;
            seen.add(file);
            queue.push(next);
          }
        }
        return [...seen].map((file) => relative(ROOT, file)).sort();
      };
      const modules: Record<string, string[]> = {};
      for (const id of this.getModuleIds()) {
        const file = projectFile(id);
        if (!file || id !== file) continue;
        const fromApp = relative(APP_DIR, file);
        if (fromApp !== "root.tsx" && !fromApp.startsWith("routes/")) continue;
        modules[fromApp] = [relative(ROOT, file), ...reached(id)];
      }
      this.emitFile({ type: "asset", fileName: ROUTE_MODULES_FILE, source: JSON.stringify(modules) });
    },
  };
}

function* contentFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* contentFiles(path);
    else yield relative(ROOT, path);
  }
}

type RouteEntry = { id: string; parentId?: string; file: string };

/**
 * React Router's buildEnd: one stylesheet per route id, from the files its module and its parents'
 * reach. Throws when a route's module is missing from the server build's list (a route added
 * without the plugin, say): a page would otherwise get rules of another.
 */
export async function writeRouteStylesheets(buildDir: string, routes: Record<string, RouteEntry>) {
  const modules = JSON.parse(readFileSync(join(buildDir, "server", ROUTE_MODULES_FILE), "utf8")) as Record<string, string[]>;
  const source = readFileSync(join(APP_DIR, "app.css"), "utf8");
  const content = [...contentFiles(CONTENT_DIR)];
  const candidatesOf = new Map<string, string[]>();
  const candidates = (file: string) => {
    let found = candidatesOf.get(file);
    if (!found) {
      found = new Scanner({}).scanFiles([{ content: readFileSync(join(ROOT, file), "utf8"), extension: extname(file).slice(1) }]);
      candidatesOf.set(file, found);
    }
    return found;
  };
  const stored: RouteStylesheets = { stylesheets: [], routes: {} };
  // Routes that reach the same candidates (the legal pages, one module for several ids) share one
  // stylesheet, compiled once.
  const indexOf = new Map<string, number>();
  const indexOfCss = new Map<string, number>();
  for (const route of Object.values(routes)) {
    const files = new Set(content);
    for (let at: RouteEntry | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined) {
      const reached = modules[at.file];
      if (!reached) throw new Error(`route ${at.id}: ${at.file} is not in the server build's ${ROUTE_MODULES_FILE}`);
      for (const file of reached) files.add(file);
    }
    const used = new Set<string>();
    for (const file of files) for (const candidate of candidates(file)) used.add(candidate);
    const key = [...used].sort().join(" ");
    let index = indexOf.get(key);
    if (index === undefined) {
      // A compiler keeps the candidates it has seen, so each stylesheet gets its own.
      const compiler = await compile(source, { base: APP_DIR, onDependency: () => {} });
      const css = optimize(compiler.build([...used]), { minify: true }).code;
      // Different candidates can still make the same rules (a candidate that is no class).
      index = indexOfCss.get(css) ?? stored.stylesheets.push(css) - 1;
      indexOfCss.set(css, index);
      indexOf.set(key, index);
    }
    stored.routes[route.id] = index;
  }
  writeFileSync(join(buildDir, "server", ROUTE_CSS_FILE), JSON.stringify(stored));
  return stored;
}
