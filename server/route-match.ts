/**
 * Which route module serves a path, asked of React Router's own matcher over the build's route
 * manifest, so the protections key their limits by what really answers a request, however the
 * address was spelled, and the server reads the page policy the route declares in its handle
 * (app/lib/page-policy.ts): the page cache, the body limit, the robots header.
 */
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { policyOf, type PagePolicy } from "../app/lib/page-policy.ts";

/** The route module that answers a path: its id (e.g. "routes/contact"), whether it takes a POST, and its page policy (its handle over its parents'). */
export type ServingRoute = { id: string; hasAction: boolean; policy: PagePolicy };

type Manifest = ServerBuild["routes"];

/** The flat manifest as the nested tree matchRoutes takes. */
function routeTree(routes: Manifest, parentId: string | undefined): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route !== undefined && route.parentId === parentId)
    .map((route) =>
      route!.index
        ? { id: route!.id, index: true, path: route!.path, caseSensitive: route!.caseSensitive }
        : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children: routeTree(routes, route!.id) },
    );
}

/** Paths whose answer a matcher keeps (the oldest goes first): far more than the site's addresses. */
export const MATCH_CACHE_SIZE = 2000;

/**
 * A matcher for one build: null when no route, or only the catch-all not-found route, would answer.
 * React Router's matchRoutes flattens and ranks the whole route tree on every call (about a fifth
 * of a lead POST's server time in a CPU profile), and a build's routes never change: each path's
 * answer is kept, for the last MATCH_CACHE_SIZE paths asked.
 */
export function routeMatcher(routes: Manifest): (pathname: string) => ServingRoute | null {
  const tree = routeTree(routes, undefined);
  // A form's script address counted as a page that is not there would get an allowance of its own.
  for (const route of Object.values(routes)) {
    const formOf = (route?.module.handle as PagePolicy | undefined)?.formOf;
    if (formOf && !routes[formOf]) throw new Error(`${route!.id}: formOf names no route (${formOf})`);
  }
  const match = (pathname: string): ServingRoute | null => {
    const matches = matchRoutes(tree, pathname) ?? [];
    const leaf = matches.at(-1)?.route;
    if (!leaf?.id || leaf.path === "*") return null;
    return {
      id: leaf.id,
      hasAction: typeof routes[leaf.id]?.module.action === "function",
      policy: policyOf(matches.map((match) => ({ handle: routes[match.route.id!]?.module.handle }))),
    };
  };
  const kept = new Map<string, ServingRoute | null>();
  return (pathname) => {
    if (kept.has(pathname)) return kept.get(pathname)!;
    const answer = match(pathname);
    if (kept.size >= MATCH_CACHE_SIZE) kept.delete(kept.keys().next().value!);
    kept.set(pathname, answer);
    return answer;
  };
}

/**
 * The addresses of the routes whose page policy says `sitemap: true` (app/lib/page-policy.ts), in
 * the order of app/routes.ts: each such route's full path, which must have no parameter (the
 * articles are listed by the sitemap itself).
 */
export function sitemapPaths(routes: Manifest): string[] {
  const paths: string[] = [];
  const visit = (parentId: string | undefined, parentPath: string, inherited: PagePolicy) => {
    for (const route of Object.values(routes)) {
      if (!route || route.parentId !== parentId) continue;
      const policy = { ...inherited, ...(route.module.handle as PagePolicy | undefined) };
      const path = route.path ? `${parentPath.replace(/\/$/, "")}/${route.path}` : parentPath || "/";
      if (policy.sitemap) {
        if (/[:*]/.test(path)) throw new Error(`${route.id}: a page in the sitemap needs a path without parameters (${path})`);
        paths.push(path);
      }
      visit(route.id, path, policy);
    }
  };
  visit(undefined, "", {});
  return paths;
}
