/**
 * Which route module serves a path, asked of React Router's own matcher over the build's route
 * manifest, so the protections key their limits by what really answers a request, however the
 * address was spelled.
 */
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { ServingRoute } from "./protections.ts";

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
  const match = (pathname: string): ServingRoute | null => {
    const leaf = matchRoutes(tree, pathname)?.at(-1)?.route;
    if (!leaf?.id || leaf.path === "*") return null;
    return { id: leaf.id, hasAction: typeof routes[leaf.id]?.module.action === "function" };
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
