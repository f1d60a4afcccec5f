/**
 * The pages made from the articles (issue 24): home, the blog list, each article, the sitemap and
 * the feed. They used to be prerendered at build time; the articles now live in the database, so
 * each server renders such a page once, the way prerendering did (no per-request nonce; the CSP
 * allows its inline scripts by hash), and then answers it from memory like a static file
 * (precompressed, ETag, one Map lookup) until the content key changes: the content version every
 * server polls (app/server/content/articles.server.ts) and the scheduled articles whose time has
 * come. A request during a render waits for that render rather than starting another.
 *
 * Anything the render does not answer 200 (a 301 for a former slug, 404, 410, an error) goes on
 * to Express, which renders it per request as it renders every other page.
 *
 * The not-found page of an address no route answers (`notFound`) is one page too, the same for
 * every such address: it is rendered once per content key, for NOT_FOUND_RENDER_PATH, and answered
 * 404 from memory (no ETag, no view counted). Most of a site's missing addresses are asked by
 * robots probing for other software; each used to cost a whole server render. A missing article
 * (`/blog/<slug>`) is still rendered per request: its answer depends on the database (a 410 for
 * an article taken down, a 301 for a former slug).
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import { inlineScriptHashes, preferredEncoding } from "./static-files.ts";
import { log } from "../app/server/log.server.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

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
 * The paths kept here: the pages made from the articles ("/", "/blog", "/blog/<slug>",
 * "/sitemap.xml", "/rss.xml"), and /contact and /checkout, the same for every visitor but made from
 * the running configuration (the business's name and address, the payment provider) and, for the
 * checkout, from the approved reviews and recorded former prices, so they cannot be build-time
 * files. A checkout address with the bump, an article or a cancelled payment in its query is kept
 * too, one page per distinct thing it asks (its `variants` key).
 */
export function isContentPath(path: string): boolean {
  return (
    path === "/" ||
    path === "/blog" ||
    path === "/contact" ||
    path === "/checkout" ||
    path === "/sitemap.xml" ||
    path === "/rss.xml" ||
    /^\/blog\/[a-z0-9]+(?:-[a-z0-9]+)*$/.test(path)
  );
}

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
  variants = {},
  notFound,
}: {
  /** The content key now: a page kept under another key is made again. */
  key: () => string;
  /** Render a path as prerendering would (a GET without cookies or nonce). */
  render: (path: string) => Promise<Response>;
  baseHeaders: Record<string, string>;
  htmlPolicy: (scriptHashes: string[]) => string;
  /** Told of every page answered 200 to a GET (the page-view counter); must not block. */
  onPage?: (path: string, req: IncomingMessage) => void;
  /**
   * Paths whose answer depends on their query: the address a query's page is kept under, the same
   * for every query that shows the same page (the path itself when nothing in it counts), or null
   * when the page is rendered for the address by Express (the blog with a search: its queries
   * have no bound). The checkout's bump, article and cancelled notice are a bounded set.
   */
  variants?: Record<string, (query: URLSearchParams) => string | null>;
  /** A last pass over a rendered HTML page (the articles' critical CSS, as the build does to prerendered pages). */
  finishHtml?: (html: string) => Promise<string>;
  /** True for a page address only the catch-all not-found route answers: answered 404 with the one kept not-found page. */
  notFound?: (path: string) => boolean;
}) {
  const pages = new Map<string, Prepared>();
  const rendering = new Map<string, Promise<Prepared | null>>();

  async function prepare(entry: string, at: string): Promise<Prepared | null> {
    const status = entry === NOT_FOUND_ENTRY ? 404 : 200;
    const response = await render(status === 404 ? NOT_FOUND_RENDER_PATH : entry);
    if (response.status !== status) {
      await response.body?.cancel();
      pages.delete(entry);
      return null;
    }
    const type = response.headers.get("content-type") ?? "text/html; charset=utf-8";
    const html = type.startsWith("text/html");
    let body = Buffer.from(await response.arrayBuffer());
    if (html && finishHtml) body = Buffer.from(await finishHtml(body.toString("utf8")), "utf8");
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gzipAsync(body, { level: 9 }),
    ]);
    const etag = `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
    const headers: Record<string, string> = {
      ...baseHeaders,
      ...(html ? { "Content-Security-Policy": htmlPolicy(inlineScriptHashes(body.toString("utf8"))) } : {}),
      "Content-Type": type,
      "Cache-Control": CONTENT_PAGE_CACHE_CONTROL,
      // A 404 is not revalidated: it has no validator.
      ...(status === 200 ? { ETag: etag } : {}),
      Vary: "Accept-Encoding",
    };
    const prepared: Prepared = { key: at, status, etag, html, body, br, gzip: gz, headers };
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
    let entry = isContentPath(path) ? path : notFound?.(path) ? NOT_FOUND_ENTRY : undefined;
    const variant = entry === path && query !== -1 ? variants[path] : undefined;
    if (variant) {
      const kept = variant(new URLSearchParams(url.slice(query + 1)));
      if (kept === null) return false;
      entry = kept;
    }
    if (!entry) return false;
    const at = key();
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
