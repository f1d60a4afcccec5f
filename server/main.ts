/**
 * The production HTTP server: prerendered pages and assets from memory (precompressed),
 * everything else through React Router's server rendering. `npm run serve` after `npm run build`.
 */
import compression from "compression";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { constants as zlib } from "node:zlib";
import express, { type NextFunction, type Request, type Response } from "express";
import { protections } from "./protections.ts";
import { baseSecurityHeaders, contentSecurityPolicy, routeReferrerPolicyWins } from "./security.ts";
import { loadStaticFiles, type StaticFile } from "./static-files.ts";

const buildDir = `${resolve(process.env.BUILD_DIR ?? "build")}/`;
const serverBuild = `${buildDir}server/index.js`;
if (!existsSync(serverBuild)) {
  console.error("No production build found: run `npm run build` first (or `npm start`, which builds and serves).");
  process.exit(1);
}

const build = (await import(serverBuild)) as typeof import("./app.ts");
let config: ReturnType<typeof build.env>;
try {
  config = build.env();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

// Prerendered pages carry the origin they were built for (canonical URLs, sitemap, feed).
const builtRobots = readFileSync(`${buildDir}client/robots.txt`, "utf8");
const builtOrigin = /Sitemap: (\S+)\/sitemap\.xml/.exec(builtRobots)?.[1];
if (builtOrigin !== config.PUBLIC_ORIGIN) {
  console.error(
    `The build was made for PUBLIC_ORIGIN=${builtOrigin} but the server has PUBLIC_ORIGIN=${config.PUBLIC_ORIGIN}: run \`npm run build\` with the same PUBLIC_ORIGIN.`,
  );
  process.exit(1);
}

try {
  const database = await build.openDatabase(
    config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  );
  console.log(`Database: ${database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.DATA_DIR}`}`);
} catch (error) {
  console.error(`Could not open the database: ${(error as Error).message}`);
  process.exit(1);
}

const files = loadStaticFiles(`${buildDir}client`);
const securityHeaders = baseSecurityHeaders(config.PUBLIC_ORIGIN);

function preferredEncoding(req: Request, file: StaticFile): "br" | "gzip" | undefined {
  const accept = req.headers["accept-encoding"];
  if (typeof accept !== "string") return undefined;
  if (file.br && /\bbr\b(?!;q=0(\.0*)?\b)/.test(accept)) return "br";
  if (file.gzip && /\bgzip\b(?!;q=0(\.0*)?\b)/.test(accept)) return "gzip";
  return undefined;
}

function serveStatic(req: Request, res: Response, next: NextFunction) {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const path = req.path;
  // One URL per page: "/about/" -> "/about".
  if (path.length > 1 && path.endsWith("/") && files.has(path.slice(0, -1))) {
    const query = req.originalUrl.slice(req.path.length);
    return res.redirect(301, path.slice(0, -1) + query);
  }
  const file = files.get(path);
  if (!file) return next();
  if (file.scriptHashes) res.setHeader("Content-Security-Policy", contentSecurityPolicy(file.scriptHashes, config.PUBLIC_ORIGIN));
  res.setHeader("Content-Type", file.type);
  res.setHeader("Cache-Control", file.cacheControl);
  res.setHeader("ETag", file.etag);
  if (file.br) res.setHeader("Vary", "Accept-Encoding");
  if (req.headers["if-none-match"] === file.etag) return res.status(304).end();
  const encoding = preferredEncoding(req, file);
  const body = encoding === "br" ? file.br! : encoding === "gzip" ? file.gzip! : file.body;
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.status(200).end(req.method === "HEAD" ? undefined : body);
}

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", config.TRUST_PROXY);
app.use((_req, res, next) => {
  res.set(securityHeaders);
  next();
});
// Size limit, same-origin check and per-client rate limit for every POST (server/protections.ts).
app.use(
  protections({ publicOrigin: config.PUBLIC_ORIGIN, trustProxy: config.TRUST_PROXY, perMinute: config.FORM_RATE_LIMIT_PER_MINUTE }),
);
app.use(serveStatic);
app.use((_req, res, next) => {
  const nonce = randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  res.setHeader("Content-Security-Policy", contentSecurityPolicy([`'nonce-${nonce}'`], config.PUBLIC_ORIGIN));
  next();
});
app.use(compression({ brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } } }));
app.use(routeReferrerPolicyWins);
app.use(build.app);

const server = app.listen(config.PORT, config.HOST, () => {
  console.log(`Serving ${config.PUBLIC_ORIGIN} on http://${config.HOST}:${config.PORT} (${files.size} static files in memory)`);
});

function shutdown(signal: string) {
  console.log(`${signal}: closing`);
  server.close(() => {
    build.closeDatabase().finally(() => process.exit(0));
  });
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
