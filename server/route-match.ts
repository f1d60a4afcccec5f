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

/** A matcher for one build: null when no route, or only the catch-all not-found route, would answer. */
export function routeMatcher(routes: Manifest): (pathname: string) => ServingRoute | null {
  const tree = routeTree(routes, undefined);
  return (pathname) => {
    const leaf = matchRoutes(tree, pathname)?.at(-1)?.route;
    if (!leaf?.id || leaf.path === "*") return null;
    return { id: leaf.id, hasAction: typeof routes[leaf.id]?.module.action === "function" };
  };
}
