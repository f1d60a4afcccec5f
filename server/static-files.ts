/**
 * The client build (prerendered pages, assets) as a plain Node request listener ahead of Express:
 * sirv sends the files, with the brotli and gzip forms the build wrote beside them
 * (scripts/build/finish-client.ts), ETags, 304s, HEAD and ranges. What is ours: which URL is
 * which file (a Map made at start-up: nothing outside it is served, so no path escapes the
 * build), each file's headers (security headers, the page's CSP, type, cache), the encoding by
 * HTTP's rules, the trailing-slash redirect and the page-view count.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { existsSync, readdirSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import Negotiator from "negotiator";
import sirv from "sirv";
import type { ScriptHashes } from "./build-info.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".data": "text/x-script; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".woff2": "font/woff2",
  ".pdf": "application/pdf",
  ".webmanifest": "application/manifest+json",
};
/** Files the build stores compressed too (larger than MIN_COMPRESSED_SIZE bytes). */
export const COMPRESSIBLE = new Set([".html", ".js", ".css", ".json", ".data", ".xml", ".txt", ".svg", ".ico", ".webmanifest"]);
export const MIN_COMPRESSED_SIZE = 512;

/**
 * Prerendered pages (and their .data, the sitemap, the feed): a browser revalidates every time
 * (max-age=0, the ETag makes that a 304), a CDN keeps them 5 minutes (s-maxage) and may serve a
 * stale copy for an hour while it fetches the new one in the background, so a deploy reaches
 * every visitor within minutes and a burst of traffic reaches the servers as a trickle.
 */
export const PRERENDERED_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=3600";

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

type Encoding = "br" | "gzip" | "identity";
type StaticFile = { file: string; headers: Record<string, string>; page: boolean; encodings: Encoding[] };

/**
 * URL path -> file. Prerendered pages answer at their clean URL ("/about" -> about/index.html);
 * everything else at its own path. Hashed assets are cached for a year, the rest revalidated.
 * A page's policy allows exactly its inline scripts, by the hashes the build computed.
 */
function staticFiles(root: string, headersOf: (file: string, type: string) => Record<string, string>): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const path of walk(root)) {
    const rel = relative(root, path).split(sep).join("/");
    if (rel.startsWith(".vite/")) continue;
    // The build's compressed forms, sent in place of their file.
    if ((rel.endsWith(".br") || rel.endsWith(".gz")) && existsSync(path.slice(0, -3))) continue;
    const ext = extname(path);
    const type = TYPES[ext] ?? "application/octet-stream";
    const cacheControl = rel.startsWith("assets/")
      ? "public, max-age=31536000, immutable"
      : ext === ".html" || ext === ".data" || ext === ".xml" || ext === ".txt"
        ? PRERENDERED_CACHE_CONTROL
        : "public, max-age=604800";
    const encodings: Encoding[] = [
      ...(existsSync(`${path}.br`) ? (["br"] as const) : []),
      ...(existsSync(`${path}.gz`) ? (["gzip"] as const) : []),
      "identity",
    ];
    const url = rel === "index.html" ? "/" : rel.endsWith("/index.html") ? `/${rel.slice(0, -"/index.html".length)}` : `/${rel}`;
    files.set(url, {
      file: `/${rel}`,
      headers: { ...headersOf(rel, type), "Content-Type": type, "Cache-Control": cacheControl },
      page: ext === ".html",
      encodings,
    });
  }
  return files;
}

/**
 * Which stored form of a file to send for this Accept-Encoding, by HTTP's rules (negotiator, as
 * Express uses): q-values rank, "q=0" refuses, "*" stands for the rest. Brotli first when
 * equally acceptable (smaller). Undefined: nothing the client accepts (identity;q=0 and no
 * stored compression it takes), answered 406.
 */
export function preferredEncoding(accept: string | undefined, available: readonly Encoding[]): Encoding | undefined {
  // negotiator 1.x takes the server's preference for ties; its published types predate that option.
  const negotiator = new Negotiator({ headers: { "accept-encoding": accept } }) as Negotiator & {
    encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined;
  };
  return negotiator.encoding(available, { preferred: ["br", "gzip"] }) as Encoding | undefined;
}

export type StaticOptions = {
  baseHeaders: Record<string, string>;
  htmlPolicy: (scriptHashes: string[]) => string;
  /** The build's hashes of each page's inline scripts (server/build-info.ts). */
  scriptHashes: ScriptHashes;
  /** Told of every prerendered page answered 200 to a GET (the page-view counter); must not block. */
  onPage?: (path: string, req: IncomingMessage) => void;
};

/**
 * The listener: true when it answered (a file, a 304, a redirect, a 406), false for anything
 * else (other methods, unknown paths), which then goes to Express.
 */
export function createStaticResponder(root: string, { baseHeaders, htmlPolicy, scriptHashes, onPage }: StaticOptions) {
  const files = staticFiles(root, (file, type) => ({
    ...baseHeaders,
    ...(type.startsWith("text/html") ? { "Content-Security-Policy": htmlPolicy(scriptHashes[file] ?? []) } : {}),
  }));
  const send = sirv(root, { dev: false, etag: true, brotli: true, gzip: true, extensions: [] });
  // A file listed at start-up and deleted since.
  const gone = (res: ServerResponse) => void res.writeHead(404, baseHeaders).end();

  function respond(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    const entry = files.get(path);
    if (!entry) {
      // One URL per page: "/about/" -> "/about" (the query kept).
      if (path.length > 1 && path.endsWith("/") && files.get(path.slice(0, -1))?.page) {
        res.writeHead(301, { ...baseHeaders, Location: path.slice(0, -1) + (query === -1 ? "" : url.slice(query)) });
        res.end();
        return true;
      }
      return false;
    }
    const encoding = preferredEncoding(req.headers["accept-encoding"], entry.encodings);
    if (!encoding) {
      res.writeHead(406, { ...baseHeaders, "Content-Type": "text/plain; charset=utf-8", Vary: "Accept-Encoding" });
      res.end("Not Acceptable: this file is available as br, gzip or uncompressed.");
      return true;
    }
    for (const name in entry.headers) res.setHeader(name, entry.headers[name]!);
    // sirv reads the file's path and the one encoding chosen above (it does not weigh q-values).
    const fileRequest = { url: entry.file, headers: { ...req.headers, "accept-encoding": encoding === "identity" ? "" : encoding } };
    send(fileRequest as IncomingMessage, res, () => gone(res));
    if (onPage && entry.page && req.method === "GET" && res.statusCode === 200) onPage(path, req);
    return true;
  }
  return Object.assign(respond, { size: files.size });
}
