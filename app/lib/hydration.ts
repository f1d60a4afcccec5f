import type { UIMatch } from "react-router";

/**
 * What a route can declare in its `handle`. `hydrate: false`: the page is complete as HTML and
 * needs nothing of React in the browser, so the document is sent without React Router's
 * scripts (root.tsx). Its forms post as plain forms and the server renders their outcome; the
 * page script (app/browser/page-script.js) gives them their "Sending..." state and runs the menu.
 */
export type RouteHandle = { hydrate?: boolean; chrome?: "site" | "dashboard" };

export const NO_HYDRATION = { hydrate: false } as const satisfies RouteHandle;

/** The dashboard's pages: React in the browser (its forms validate as the owner types), in its own frame. */
export const DASHBOARD = { chrome: "dashboard" } as const satisfies RouteHandle;

/** The owner's login: its own frame, and plain HTML (a password form needs no script). */
export const DASHBOARD_LOGIN = { hydrate: false, chrome: "dashboard" } as const satisfies RouteHandle;

/**
 * `chrome: "dashboard"`: the owner's pages (the dashboard's layout and its login) have a frame of
 * their own, without the public site's header, menu and footer (root.tsx).
 */
export function usesDashboardChrome(matches: readonly Pick<UIMatch, "handle">[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.chrome === "dashboard");
}

/** False when any matched route declared `hydrate: false`. */
export function needsHydration(matches: readonly Pick<UIMatch, "handle">[]): boolean {
  return !matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === false);
}
