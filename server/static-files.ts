import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import sirv from "sirv";
import { preferredEncoding, storedCopies } from "./compression.ts";

/**
 * What the server knows of one file of build/client: its headers. sirv serves its bytes (and the
 * build's compressed copies beside it) from disk.
 */
export type StaticFile = {
  /** Whether a .br / .gz copy of it is beside it (checked at start to unpack to the file). */
  br: boolean;
  gzip: boolean;
  type: string;
  etag: string;
  cacheControl: string;
  /** For prerendered HTML: the CSP source list allowing exactly its inline scripts. */
  scriptHashes?: string[];
};

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
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".json", ".data", ".xml", ".txt", ".svg", ".ico", ".webmanifest"]);

/** The compressed copies the build writes beside a file (`x.js.br`, `x.js.gz`): not files of their own. */
const PRECOMPRESSED = { br: ".br", gzip: ".gz" } as const;

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (!entry.name.endsWith(PRECOMPRESSED.br) && !entry.name.endsWith(PRECOMPRESSED.gzip)) yield path;
  }
}

const shouldCompress = (path: string, body: Buffer) => COMPRESSIBLE.has(extname(path)) && body.length > 512;

/**
 * At the end of the build: every compressible file of build/client gets its brotli and gzip
 * copies beside it, so a server start reads them instead of compressing (about 2 s of CPU per
 * start, measured 2026-11-26). Returns how many files were compressed.
 */
export async function writePrecompressed(root: string): Promise<number> {
  let count = 0;
  for (const path of walk(root)) {
    const body = readFileSync(path);
    if (!shouldCompress(path, body)) continue;
    const { br, gzip } = await storedCopies(body);
    writeFileSync(path + PRECOMPRESSED.br, br);
    writeFileSync(path + PRECOMPRESSED.gzip, gzip);
    count++;
  }
  return count;
}

/**
 * Makes sure a compressible file's copies beside it are the build's for the file as it is now:
 * copies that are missing, unreadable or that unpack to something else (the file was edited or
 * rebuilt without them) are written anew, so what is served is always the file. False when they
 * cannot be written (a read-only directory): the file is then sent uncompressed.
 */
async function checkCompressedCopies(path: string, body: Buffer): Promise<boolean> {
  const brPath = path + PRECOMPRESSED.br;
  const gzipPath = path + PRECOMPRESSED.gzip;
  if (existsSync(brPath) && existsSync(gzipPath)) {
    try {
      if (brotliDecompressSync(readFileSync(brPath)).equals(body) && gunzipSync(readFileSync(gzipPath)).equals(body)) return true;
    } catch {
      // unreadable or corrupt: compressed anew below
    }
  }
  const { br, gzip } = await storedCopies(body);
  try {
    writeFileSync(brPath, br);
    writeFileSync(gzipPath, gzip);
    return true;
  } catch {
    rmSync(brPath, { force: true });
    rmSync(gzipPath, { force: true });
    return false;
  }
}

/**
 * Whether this address is one a stored page cannot answer: its path reads a parameter of the
 * query that the address carries (the blog with a search: `/blog?q=...`), so the server renders it.
 */
export function rendersForQuery(url: string, queryRendered: Record<string, readonly string[]>): boolean {
  const query = url.indexOf("?");
  if (query === -1) return false;
  const reads = queryRendered[url.slice(0, query)];
  if (!reads) return false;
  const params = new URLSearchParams(url.slice(query + 1));
  return reads.some((name) => params.has(name));
}

/**
 * Prerendered pages (and their .data, the sitemap, the feed): a browser revalidates every time
 * (max-age=0, the ETag makes that a 304), a CDN keeps them 5 minutes (s-maxage) and may serve a
 * stale copy for an hour while it fetches the new one in the background, so a deploy reaches
 * every visitor within minutes and a burst of traffic reaches the servers as a trickle.
 */
export const PRERENDERED_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=3600";

/**
 * URL path -> file. Prerendered pages answer at their clean URL ("/about" -> about/index.html);
 * everything else at its own path. Hashed assets are cached for a year, the rest revalidated.
 * The compressed copies beside each file are checked here, once (checkCompressedCopies).
 */
export async function loadStaticFiles(root: string, scriptHashes: StaticScriptHashes = {}): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  for (const path of walk(root)) {
    const rel = relative(root, path).split(sep).join("/");
    if (rel.startsWith(".vite/")) continue;
    const ext = extname(path);
    const body = readFileSync(path);
    const hashed = rel.startsWith("assets/");
    const compressible = shouldCompress(path, body) && (await checkCompressedCopies(path, body));
    const file: StaticFile = {
      br: compressible,
      gzip: compressible,
      type: TYPES[ext] ?? "application/octet-stream",
      etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`,
      cacheControl: hashed
        ? "public, max-age=31536000, immutable"
        : ext === ".html" || ext === ".data" || ext === ".xml" || ext === ".txt"
          ? PRERENDERED_CACHE_CONTROL
          : "public, max-age=604800",
    };
    // A page the build did not list allows no inline script at all.
    if (ext === ".html") file.scriptHashes = scriptHashes[rel] ?? [];
    const url = rel === "index.html" ? "/" : rel.endsWith("/index.html") ? `/${rel.slice(0, -"/index.html".length)}` : `/${rel}`;
    files.set(url, file);
  }
  return files;
}

/**
 * Each prerendered page's inline scripts as CSP sources, by its path under build/client, written
 * by the build (scripts/build/static-script-hashes.ts) where it has an HTML parser: the server
 * reads this list, never the pages.
 */
export type StaticScriptHashes = Record<string, string[]>;

export const STATIC_SCRIPT_HASHES_FILE = "static-script-hashes.json";

/** The build's list (BUILD_DIR/server/static-script-hashes.json); empty when the build wrote none. */
export function readStaticScriptHashes(buildDir: string): StaticScriptHashes {
  try {
    return JSON.parse(readFileSync(join(buildDir, "server", STATIC_SCRIPT_HASHES_FILE), "utf8")) as StaticScriptHashes;
  } catch {
    return {};
  }
}

/**
 * The files of the client build as a plain Node request listener, ahead of Express. sirv (a
 * maintained static-file middleware) sends the bytes from disk, the build's .br/.gz copy when the
 * client takes it; this adds what sirv does not know: which paths are files at all (the others,
 * and other methods, return false and go to Express), the headers of each (its Content-Security-
 * Policy, Cache-Control, a content-hash ETag and the base headers, set before sirv writes), HTTP's
 * q-values for the encoding (sirv only looks for "br" and "gzip" in the header), the one URL of a
 * page, and the page-view count. Measured with `npm run bench` (docs/decisions/040-static-files-on-sirv.md).
 */
export function createStaticResponder(
  files: Map<string, StaticFile>,
  {
    root,
    baseHeaders,
    htmlPolicy,
    onPage,
    queryRendered = {},
    stepsAside,
  }: {
    /** The directory `files` was read from (build/client). */
    root: string;
    baseHeaders: Record<string, string>;
    htmlPolicy: (scriptHashes: string[]) => string;
    /** Told of every prerendered page answered 200 to a GET (the page-view counter); must not block. */
    onPage?: (path: string, req: IncomingMessage) => void;
    /**
     * Prerendered pages whose content also depends on some query parameters (the blog listing's
     * search: /blog?q=...): a request carrying any of them goes on to the server, which renders the
     * page for it; without them (the bare address, or only ?utm_source=...) the prerendered file answers.
     */
    queryRendered?: Record<string, readonly string[]>;
    /**
     * Paths whose built file is not to be answered now: they go on to the page cache and Express
     * (the prerendered pages and their .data while the business's details differ from the build's, decision 069).
     */
    stepsAside?: (path: string) => boolean;
  },
) {
  // Each file with every header but sirv's own (length, encoding), worked out once: a request is
  // one lookup. `entries` is the same headers as pairs, set one by one before sirv writes.
  type Prepared = { file: StaticFile; headers: Record<string, string>; entries: [string, string][] };
  const prepared = new Map<string, Prepared>();
  for (const [path, file] of files) {
    const headers = {
      ...baseHeaders,
      ...(file.scriptHashes ? { "Content-Security-Policy": htmlPolicy(file.scriptHashes) } : {}),
      "Content-Type": file.type,
      "Cache-Control": file.cacheControl,
      ETag: file.etag,
      ...(file.br || file.gzip ? { Vary: "Accept-Encoding" } : {}),
    };
    prepared.set(path, { file, headers, entries: Object.entries(headers) });
  }
  // dev: false reads the directory's listing once, at start; the build's copies are served as
  // the encoded form of their file (they are never URLs of their own: `files` has no such path).
  const send = sirv(root, { dev: false, etag: false, brotli: true, gzip: true, extensions: ["html"], dotfiles: false });

  return function respond(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    if (rendersForQuery(url, queryRendered)) return false;
    const entry = prepared.get(path);
    if (entry && stepsAside?.(path)) return false;
    if (!entry) {
      // One URL per page: "/about/" -> "/about" (the query kept).
      if (path.length > 1 && path.endsWith("/") && prepared.has(path.slice(0, -1))) {
        res.writeHead(301, { ...baseHeaders, Location: path.slice(0, -1) + (query === -1 ? "" : url.slice(query)) });
        res.end();
        return true;
      }
      return false;
    }
    const { file, headers, entries } = entry;
    if (req.headers["if-none-match"] === file.etag) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    const encoding = preferredEncoding(req.headers["accept-encoding"], file);
    if (!encoding) {
      res.writeHead(406, { ...baseHeaders, "Content-Type": "text/plain; charset=utf-8", Vary: "Accept-Encoding" });
      res.end("Not Acceptable: this file is available as br, gzip or uncompressed.");
      return true;
    }
    for (const [name, value] of entries) res.setHeader(name, value);
    if (onPage && req.method === "GET" && file.scriptHashes) onPage(path, req);
    // sirv picks the copy by looking for "br" / "gzip" in the header: it is told the one chosen above.
    req.headers["accept-encoding"] = encoding === "identity" ? "" : encoding;
    send(req, res, () => {
      // Listed at start but gone from the disk since: nothing to send.
      res.writeHead(404, { ...baseHeaders, "Content-Type": "text/plain; charset=utf-8" });
      res.end("Not found");
    });
    return true;
  };
}
