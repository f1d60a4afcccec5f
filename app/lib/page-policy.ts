import type { UIMatch } from "react-router";

/**
 * A route's page policy, declared in its `handle` and nowhere else (docs/decisions/058): how its
 * HTML is made, whether React runs in the browser, how large a body it takes, whether it is listed
 * in the sitemap and whether search engines may index it. The build reads `render` to prerender
 * (react-router.config.ts), the server reads the rest through the route match it already makes
 * for every request (server/route-match.ts), the document through React Router's matches
 * (app/root.tsx, app/lib/seo.ts), the sitemap through the load context. A new page is one route
 * module with one handle.
 */
export type PagePolicy = {
  /**
   * How the page's answer is made:
   * - "prerendered": an HTML file at build time (it must not read the database or the request);
   * - "cached": rendered once by each server per content version (the articles, the reviews, the
   *   running configuration), then answered from memory (server/page-cache.ts);
   * - "request" (the default): rendered for each request.
   */
  render?: "prerendered" | "cached" | "request";
  /**
   * For a "cached" page whose answer depends on its query: the address the query's page is kept
   * under (the same for every query that shows the same page), or null to render that address per
   * request (a search has no bound). Without it, every query is the bare page.
   */
  cacheVariant?: (query: URLSearchParams, site: SiteFacts) => string | null;
  /**
   * `hydrate: false`: the page is complete as HTML and needs nothing of React in the browser, so
   * the document is sent without React Router's scripts (root.tsx). Its forms post as plain forms
   * and the server renders their outcome; the page script gives them their "Sending..." state and
   * runs the menu.
   */
  hydrate?: boolean;
  /** "dashboard": the owner's pages have a frame of their own, without the public site's header, menu and footer. */
  chrome?: "site" | "dashboard";
  /** The largest request body the route takes (checked from Content-Length before anything reads it); a form's 16 KB (FORM_BODY_LIMIT_BYTES) by default. */
  bodyLimit?: BodyLimit;
  /** Listed in the sitemap (a page with an address of its own; the articles are listed by the sitemap itself). */
  sitemap?: boolean;
  /**
   * A resource route that answers a page's form for scripts (api/forms/*): that page's route id.
   * The protections count its posts as the page's (one rate-limit allowance for both addresses).
   */
  formOf?: string;
  /** Kept out of search engines: the X-Robots-Tag header on every answer of the route, and a robots meta tag on its page. */
  robots?: "noindex" | "noindex, nofollow";
};

/** A route's largest request body, and what a refusal says (a form's "The form is too large" by default). */
export type BodyLimit = { bytes: number; tooLarge?: string };

/** What a cached page's variant may ask of the running site (to keep its set of pages bounded). */
export type SiteFacts = { articleExists: (slug: string) => boolean; productExists: (slug: string) => boolean };

export type RouteHandle = PagePolicy;

/** A route's handle, typed: `export const handle = page({ ... })`. */
export const page = (policy: PagePolicy): PagePolicy => policy;

/** The dashboard's pages: React in the browser (its forms validate as the owner types), in its own frame, never indexed. */
export const DASHBOARD = page({ chrome: "dashboard", robots: "noindex, nofollow" });

/** The owner's login: its own frame, plain HTML (a password form needs no script), never indexed. */
export const DASHBOARD_LOGIN = page({ hydrate: false, chrome: "dashboard", robots: "noindex, nofollow" });

type Matched = Pick<UIMatch, "handle">;

/** The policy of a matched page: each route's handle over its parent's (a layout's frame, the leaf's rendering). */
export function policyOf(matches: readonly Matched[]): PagePolicy {
  return Object.assign({}, ...matches.map((match) => (match.handle as PagePolicy | undefined) ?? {})) as PagePolicy;
}

/** `chrome: "dashboard"` anywhere in the match: the dashboard's own frame (root.tsx). */
export function usesDashboardChrome(matches: readonly Matched[]): boolean {
  return matches.some((match) => (match.handle as PagePolicy | undefined)?.chrome === "dashboard");
}

/** False when any matched route declared `hydrate: false`. */
export function needsHydration(matches: readonly Matched[]): boolean {
  return !matches.some((match) => (match.handle as PagePolicy | undefined)?.hydrate === false);
}

/** The payment provider's and the e-mail service's webhooks: their events, never a form. */
export const WEBHOOK_BODY_LIMIT: BodyLimit = { bytes: 256 * 1024 };

/**
 * The dashboard's article editor and its picture upload: an article's Markdown, or a picture of at
 * most 8 MB (app/server/content/article-images.server.ts). Its action checks the owner's session
 * before it reads a byte of the body.
 */
export const ARTICLE_EDITOR_BODY_LIMIT: BodyLimit = { bytes: 9 * 1024 * 1024 };
