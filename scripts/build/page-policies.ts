/**
 * Build step (react-router.config.ts, `prerender`): the page policy each route declares in its
 * handle (app/lib/page-policy.ts), read from the route modules themselves, so which pages become
 * HTML files at build time is decided in the route and nowhere else.
 *
 * The route modules are TypeScript with the app's imports (the `~` alias, `?url` assets): Vite
 * loads them, as it loads them for the server build, in a server of its own with no plugins
 * (nothing is rendered; only `handle` is read). Done once per process.
 */
import { fileURLToPath } from "node:url";
import { createServer } from "vite";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { PagePolicy } from "../../app/lib/page-policy.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export type DeclaredPage = { id: string; path: string | null; policy: PagePolicy };

let read: Promise<DeclaredPage[]> | undefined;

/** Every route with its full path (null when it has a parameter or a splat) and its handle's policy over its parents'. */
export function declaredPages(): Promise<DeclaredPage[]> {
  read ??= readPolicies();
  return read;
}

async function readPolicies(): Promise<DeclaredPage[]> {
  const vite = await createServer({
    configFile: false,
    root: ROOT,
    logLevel: "error",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
    resolve: { alias: { "~": `${ROOT}app` } },
  });
  try {
    const routes = ((await vite.ssrLoadModule("/app/routes.ts")) as { default: RouteConfigEntry[] }).default;
    const pages: DeclaredPage[] = [];
    const visit = async (entries: RouteConfigEntry[], parentPath: string | null, parentPolicy: PagePolicy) => {
      for (const entry of entries) {
        const module = (await vite.ssrLoadModule(`/app/${entry.file}`)) as { handle?: PagePolicy };
        const policy = { ...parentPolicy, ...module.handle };
        const path = parentPath === null ? null : joinPath(parentPath, entry.path);
        pages.push({ id: entry.id ?? entry.file, path, policy });
        if (entry.children) await visit(entry.children, path, policy);
      }
    };
    await visit(routes, "", {});
    return pages;
  } finally {
    await vite.close();
  }
}

/** "/" + the segments; null once a segment is a parameter (":slug") or a splat ("*"). */
function joinPath(parent: string, segment: string | undefined): string | null {
  if (!segment) return parent || "/";
  if (segment.split("/").some((part) => part.startsWith(":") || part === "*")) return null;
  return `${parent.replace(/\/$/, "")}/${segment}`;
}

/** The paths of the routes that declare `render: "prerendered"`; a route with a parameter cannot be. */
export async function prerenderedPaths(): Promise<string[]> {
  const pages = (await declaredPages()).filter((page) => page.policy.render === "prerendered");
  const unnamed = pages.filter((page) => page.path === null).map((page) => page.id);
  if (unnamed.length > 0) throw new Error(`Prerendered routes need a path without parameters: ${unnamed.join(", ")}`);
  return pages.map((page) => page.path!);
}
