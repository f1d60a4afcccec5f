import type { UIMatch } from "react-router";

/**
 * What a route can declare in its `handle`. `hydrate: false`: the page is complete as HTML and
 * needs nothing of React in the browser, so the document is sent without React Router's
 * scripts (root.tsx). Its forms post as plain forms and the server renders their outcome; the
 * page script (app/browser/page-script.js) gives them their "Sending..." state and runs the menu.
 */
export type RouteHandle = { hydrate?: boolean };

export const NO_HYDRATION = { hydrate: false } as const satisfies RouteHandle;

/** False when any matched route declared `hydrate: false`. */
export function needsHydration(matches: readonly Pick<UIMatch, "handle">[]): boolean {
  return !matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === false);
}
