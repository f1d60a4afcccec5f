/**
 * The pages made from the articles (issue 24): home, the blog list, each article, the sitemap and
 * the feed. They used to be prerendered at build time; the articles now live in the database, so
 * each server renders such a page once, the way prerendering did (no per-request nonce; the CSP
 * allows its inline scripts by hash), and then answers it from memory like a static file
 * (precompressed, ETag, one Map lookup) until the content key changes: the content version every
 * server polls (app/server/content/articles.server.ts) and the scheduled articles whose time has
 * come. A request during a render waits for that render rather than starting another. Which
 * pages: those whose route declares `render: "cached"` in its handle (app/lib/page-policy.ts).
 *
 * Anything the render does not answer 200 (a 301 for a former slug, 404, 410, an error) goes on
 * to Express, which renders it per request as it renders every other page; the cache remembers
 * such an address until the content key changes, so that it is not rendered twice per request
 * (a missing article cost two renders: about half its server time).
 *
 * The not-found page of an address no route answers (`notFound`) is one page too, the same for
 * every such address: it is rendered once per content key, for NOT_FOUND_RENDER_PATH, and answered
 * 404 from memory (no ETag, no view counted). Most of a site's missing addresses are asked by
 * robots probing for other software; each used to cost a whole server render. A missing article
 * (`/blog/<slug>`) is still rendered per request: its answer depends on the database (a 410 for
 * an article taken down, a 301 for a former slug).
 */
import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { preferredEncoding, storedCopies } from "./compression.ts";
import type { FinishedPage } from "./html-finisher.ts";
import { log } from "../app/server/log.server.ts";
import type { PagePolicy, SiteFacts } from "../app/lib/page-policy.ts";

/**
 * Browsers revalidate every time (a 304 with the ETag); a CDN may keep a page 5 seconds, so an
 * edit or an unpublication reaches readers within seconds (not the 5 minutes of the build's
 * prerendered pages).
 */
export const CONTENT_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=5";

/** The address the kept not-found page is rendered for: one no route answers, and the same whatever was asked. */
export const NOT_FOUND_RENDER_PATH = "/404";
/** Where the not-found page is kept: not a path anyone can ask for (a path starts with "/"). */
const NOT_FOUND_ENTRY = "(not found)";

/**
 * Whether an address is one the cache keeps: its route declares `render: "cached"` in its handle
 * (app/lib/page-policy.ts: home, the blog, each article, the sitemap, the feed, /contact and
 * /checkout), and the path is in its one spelling: lower case, no trailing slash, not React
 * Router's data request (`.data`). Any other spelling goes on to Express, as before.
 */
export function isCachedAddress(path: string, policyAt: (path: string) => PagePolicy | undefined, prerendered = false): boolean {
  if (path.endsWith(".data") || !(path === "/" || CANONICAL_PATH.test(path))) return false;
  const render = policyAt(path)?.render;
  return render === "cached" || (prerendered && render === "prerendered");
}
const CANONICAL_PATH = /^(?:\/[a-z0-9]+(?:[-.][a-z0-9]+)*)+$/;

/** How many addresses that are not pages the cache remembers at most (then it forgets them all). */
const MAX_PASSES = 10_000;

type Prepared = {
  key: string;
  status: 200 | 404;
  etag: string;
  html: boolean;
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  headers: Record<string, string>;
};

export function createPageCache({
  key,
  render,
  baseHeaders,
  htmlPolicy,
  onPage,
  finishHtml,
  policyAt,
  site,
  notFound,
  rendersPrerendered,
}: {
  /** The content key now: a page kept under another key is made again. */
  key: () => string;
  /** Render a path as prerendering would (a GET without cookies), its document's scripts marked with `nonce`. */
  render: (path: string, nonce: string) => Promise<Response>;
  baseHeaders: Record<string, string>;
  htmlPolicy: (scriptHashes: string[]) => string;
  /** Told of every page answered 200 to a GET (the page-view counter); must not block. */
  onPage?: (path: string, req: IncomingMessage) => void;
  /** The page policy of the route that answers a path (its handle: `render`, `cacheVariant`), or undefined when none does. */
  policyAt: (path: string) => PagePolicy | undefined;
  /** What a page's `cacheVariant` may ask of the running site. */
  site: SiteFacts;
  /**
   * The last pass over a rendered HTML page (server/html-finisher.ts): the page as kept (the
   * articles' critical CSS, as the build does to prerendered pages) and the hashes of the inline
   * scripts the document wrote, the ones carrying `nonce`, which its Content-Security-Policy allows.
   */
  finishHtml: (html: string, nonce: string) => Promise<FinishedPage>;
  /** True for a page address only the catch-all not-found route answers: answered 404 with the one kept not-found page. */
  notFound?: (path: string) => boolean;
  /**
   * True while the build's prerendered pages are out of date (the business's details changed since
   * the build, decision 069): the static files step aside and this cache renders those routes too.
   */
  rendersPrerendered?: () => boolean;
}) {
  const pages = new Map<string, Prepared>();
  const rendering = new Map<string, Promise<Prepared | null>>();
  /** Addresses whose render did not answer 200, with the content key it was at: Express's, without a render here first. */
  const passes = new Map<string, string>();

  async function prepare(entry: string, at: string): Promise<Prepared | null> {
    const status = entry === NOT_FOUND_ENTRY ? 404 : 200;
    const nonce = randomBytes(16).toString("base64");
    const response = await render(status === 404 ? NOT_FOUND_RENDER_PATH : entry, nonce);
    if (response.status !== status) {
      await response.body?.cancel();
      pages.delete(entry);
      // Bounded: addresses made up by robots must not grow it without end.
      if (passes.size >= MAX_PASSES) passes.clear();
      passes.set(entry, at);
      return null;
    }
    const type = response.headers.get("content-type") ?? "text/html; charset=utf-8";
    const html = type.startsWith("text/html");
    let body = Buffer.from(await response.arrayBuffer());
    let scriptHashes: string[] = [];
    if (html) {
      const finished = await finishHtml(body.toString("utf8"), nonce);
      body = Buffer.from(finished.html, "utf8");
      scriptHashes = finished.scriptHashes;
    }
    const { br, gzip } = await storedCopies(body);
    const etag = `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
    const headers: Record<string, string> = {
      ...baseHeaders,
      ...(html ? { "Content-Security-Policy": htmlPolicy(scriptHashes) } : {}),
      "Content-Type": type,
      "Cache-Control": CONTENT_PAGE_CACHE_CONTROL,
      // A 404 is not revalidated: it has no validator.
      ...(status === 200 ? { ETag: etag } : {}),
      Vary: "Accept-Encoding",
    };
    const prepared: Prepared = { key: at, status, etag, html, body, br, gzip, headers };
    if (key() === at) pages.set(entry, prepared);
    return prepared;
  }

  function send(req: IncomingMessage, res: ServerResponse, path: string, page: Prepared) {
    if (page.status === 200 && req.headers["if-none-match"] === page.etag) {
      res.writeHead(304, page.headers);
      res.end();
      return;
    }
    const encoding = preferredEncoding(req.headers["accept-encoding"], page);
    if (!encoding) {
      res.writeHead(406, { ...baseHeaders, "Content-Type": "text/plain; charset=utf-8", Vary: "Accept-Encoding" });
      res.end("Not Acceptable: this page is available as br, gzip or uncompressed.");
      return;
    }
    const bytes = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.body;
    res.writeHead(page.status, {
      ...page.headers,
      ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
      "Content-Length": String(bytes.length),
    });
    if (onPage && req.method === "GET" && page.html && page.status === 200) onPage(path, req);
    res.end(req.method === "HEAD" ? undefined : bytes);
  }

  /**
   * Answer a content page: true when answered from memory at once, false when the request is not
   * for a content page, or a promise (a render) of whether it was answered; false: Express's turn.
   */
  return function respond(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    let entry = isCachedAddress(path, policyAt, rendersPrerendered?.() ?? false) ? path : notFound?.(path) ? NOT_FOUND_ENTRY : undefined;
    const variant = entry === path && query !== -1 ? policyAt(path)?.cacheVariant : undefined;
    if (variant) {
      const kept = variant(new URLSearchParams(url.slice(query + 1)), site);
      if (kept === null) return false;
      entry = kept;
    }
    if (!entry) return false;
    const at = key();
    if (passes.get(entry) === at) return false;
    const page = pages.get(entry);
    if (page && page.key === at) {
      send(req, res, path, page);
      return true;
    }
    const renderKey = `${at} ${entry}`;
    let pending = rendering.get(renderKey);
    if (!pending) {
      pending = prepare(entry, at)
        .catch((error: Error) => {
          log.error(`Rendering ${entry} for the page cache: ${error.message}`);
          return null;
        })
        .finally(() => rendering.delete(renderKey));
      rendering.set(renderKey, pending);
    }
    return pending.then((prepared) => {
      if (!prepared) return false;
      send(req, res, path, prepared);
      return true;
    });
  };
}
