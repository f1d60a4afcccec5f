/**
 * The production HTTP server: prerendered pages and assets from memory (precompressed),
 * everything else through React Router's server rendering. `npm run serve` after `npm run build`.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { resolve } from "node:path";
import express from "express";
import onHeaders from "on-headers";
import { createLogger } from "../app/server/log.server.ts";
import { samePublicBusiness } from "../app/lib/business.ts";
import { readBuildInfo, readPageScriptHashes } from "./build-info.ts";
import { privateByDefault } from "./cache-control.ts";
import { campaignCookie } from "./campaign-cookie.ts";
import { compressRendered } from "./compression.ts";
import { healthResponder } from "./health.ts";
import { protections, routerPath } from "./protections.ts";
import { requestLogger } from "./request-log.ts";
import { finalErrorHandler, refuseMalformed, rejectMalformed } from "./request-guards.ts";
import { baseSecurityHeaders, contentSecurityPolicy } from "./security.ts";
import { createHtmlFinisher } from "./html-finisher.ts";
import { createPageCache } from "./page-cache.ts";
import { createStaticResponder, loadStaticFiles, readStaticScriptHashes } from "./static-files.ts";

// The same JSON lines as the app's own logger (app/server/log.server.ts): no plain console line.
const log = createLogger();
const buildDir = `${resolve(process.env.BUILD_DIR ?? "build")}/`;
const serverBuild = `${buildDir}server/index.js`;
if (!existsSync(serverBuild)) {
  log.fatal("No production build found: run `npm run build` first (or `npm start`, which builds and serves).");
  process.exit(1);
}

const build = (await import(serverBuild)) as typeof import("./app.ts");
let config: ReturnType<typeof build.env>;
try {
  config = build.env();
} catch (error) {
  log.fatal((error as Error).message);
  process.exit(1);
}

// Never sell what cannot be delivered: every product file must be there.
const missingFiles = build.missingProductFiles();
if (missingFiles.length > 0) {
  log.fatal(
    `Product files missing from ${build.productFilesDir()} (run \`npm run build:products\`, or set PRODUCT_FILES_DIR): ${missingFiles.slice(0, 5).join(", ")}${missingFiles.length > 5 ? ` and ${missingFiles.length - 5} more` : ""}`,
  );
  process.exit(1);
}

// Prerendered pages carry the origin they were built for (canonical URLs, sitemap, feed).
const buildInfo = readBuildInfo(buildDir);
const builtOrigin = buildInfo?.publicOrigin;
if (builtOrigin !== config.PUBLIC_ORIGIN) {
  log.fatal(
    `The build was made for PUBLIC_ORIGIN=${builtOrigin} but the server has PUBLIC_ORIGIN=${config.PUBLIC_ORIGIN}: run \`npm run build\` with the same PUBLIC_ORIGIN.`,
  );
  process.exit(1);
}

try {
  const database = await build.openDatabase(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  log.info(`Database: ${database.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.DATA_DIR}`}`);
} catch (error) {
  log.fatal(`Could not open the database: ${(error as Error).message}`);
  process.exit(1);
}

if (config.NODE_ENV === "production" && config.PAYMENT_PROVIDER === "test") {
  log.warn(
    [
      "",
      "WARNING: PAYMENT_PROVIDER=test in production. The built-in test payment page lets any visitor mark",
      "their own order paid and download the products without paying. Use it only for a demo;",
      "set STRIPE_SECRET_KEY (and unset PAYMENT_PROVIDER) to take real payments.",
      "",
    ].join("\n"),
  );
}

// The configuration and the articles (seeded on a first start, then loaded from the database and
// watched for changes), handed to every request in its load context (server/app.ts).
try {
  await build.bootSite();
} catch (error) {
  log.fatal(`Could not load the articles: ${(error as Error).message}`);
  process.exit(1);
}
const contentWatch = build.watchContent();

const pageViews = build.startPageViewFlusher();
log.info(
  config.OWNER_PASSWORD_HASH && config.SESSION_SECRET
    ? "Owner dashboard: /admin"
    : "Owner dashboard: off (set OWNER_PASSWORD_HASH from `npm run owner:hash` and SESSION_SECRET to turn it on)",
);
const clientDir = `${buildDir}client`;
const files = await loadStaticFiles(clientDir, readStaticScriptHashes(buildDir));
// After the static files: checking (or, without the build's copies, making) their compressed
// forms blocks this process for seconds, and a send started before it would wait that long for
// its answer (past the send timeout when OUTBOX_LEASE_SECONDS is short: then a list message is
// recorded interrupted, though the mail server answered).
const mail = build.startMail();
log.info(
  build.mailTransportKind(config) === "smtp"
    ? "E-mail: SMTP (SMTP_URL)"
    : `E-mail: written as .eml files to ${config.DATA_DIR}/mail (set SMTP_URL to send)`,
);

const securityHeaders = baseSecurityHeaders(config.PUBLIC_ORIGIN);

/**
 * Prerendered pages carry the business's details of the build (the footer's name and support
 * address). While the running site's differ (the owner saved others on /admin/settings, or the
 * server's environment is not the build's), their built files step aside and the page cache
 * renders those routes as it renders the cached ones, with the details of now (decision 069);
 * their .data goes to React Router. Once the details are the build's again, the files answer.
 */
const prerenderedOutOfDate = () => !samePublicBusiness(build.businessNow(), buildInfo?.business);
const isPrerenderedRoute = (path: string) =>
  build.servingRoute(path.endsWith(".data") ? path.slice(0, -".data".length) : path)?.policy.render === "prerendered";

// Prerendered pages and assets: answered before Express (sirv), with headers prepared at start-up.
// A prerendered page (no React) may run the page scripts the build emitted, and nothing else inline.
const pageScripts = readPageScriptHashes(buildDir);
const serveStatic = createStaticResponder(files, {
  root: clientDir,
  baseHeaders: securityHeaders,
  htmlPolicy: (scriptHashes) =>
    contentSecurityPolicy(
      scriptHashes.filter((hash) => pageScripts.has(hash)),
      config.PUBLIC_ORIGIN,
    ),
  // Counted in memory, written every few seconds: the page's answer does not wait for the database.
  onPage: (path, req) => build.countPageView(path, req.headers),
  stepsAside: (path) => prerenderedOutOfDate() && isPrerenderedRoute(path),
});

// The pages whose route declares `render: "cached"` (home, the blog, the articles, the sitemap, the
// feed, /contact, /checkout with one page for each order bump, article and cancelled notice it is
// asked with) and the not-found page of an unknown address: rendered once per content change, then
// from memory. A page without React keeps only the CSS it uses, as the build does for the prerendered
// pages; that pass and its scripts' hashes are made in a process of its own, which holds the HTML parser.
const htmlFinisher = createHtmlFinisher(clientDir);
htmlFinisher.start();
const servePageCache = createPageCache({
  finishHtml: (html, nonce) => htmlFinisher.finish(html, nonce),
  key: () => build.contentKey(),
  render: (path, nonce) => build.renderContentPage(config.PUBLIC_ORIGIN, path, nonce),
  baseHeaders: securityHeaders,
  htmlPolicy: (scriptHashes) => contentSecurityPolicy(scriptHashes, config.PUBLIC_ORIGIN),
  onPage: (path, req) => build.countPageView(path, req.headers),
  policyAt: (path) => build.servingRoute(path)?.policy,
  site: build.siteFacts,
  notFound: build.answersNotFound,
  rendersPrerendered: prerenderedOutOfDate,
});

const app = express();
app.disable("x-powered-by");
// One proxy hop, like the rate limiter: the left of X-Forwarded-For is whatever the client wrote.
app.set("trust proxy", config.TRUST_PROXY ? 1 : false);
// All but the Referrer-Policy, which a rendered page gets from its route (app/root.tsx; the
// payment and order pages send a stricter one).
const { "Referrer-Policy": _staticOnly, ...renderedHeaders } = securityHeaders;
app.use((_req, res, next) => {
  res.set(renderedHeaders);
  next();
});
app.use(rejectMalformed);
// A route that keeps its answers out of search engines says so in its handle (its page policy):
// every answer of it carries X-Robots-Tag, unless the route wrote its own.
app.use((req, res, next) => {
  const robots = build.servingRoute(routerPath(req.path))?.policy.robots;
  if (robots)
    onHeaders(res, () => {
      if (!res.hasHeader("X-Robots-Tag")) res.setHeader("X-Robots-Tag", robots);
    });
  next();
});
// Size limit, same-origin check and per-client rate limit for every POST (server/protections.ts).
// The counters live in the database, shared by every server on it (app/server/rate-limit-store.server.ts).
app.use(
  protections({
    publicOrigin: config.PUBLIC_ORIGIN,
    trustProxy: config.TRUST_PROXY,
    perMinute: config.FORM_RATE_LIMIT_PER_MINUTE,
    store: build.rateLimitStore,
    route: build.servingRoute,
  }),
);
app.use((_req, res, next) => {
  const nonce = randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  res.setHeader("Content-Security-Policy", contentSecurityPolicy([`'nonce-${nonce}'`], config.PUBLIC_ORIGIN));
  next();
});
// What React Router answers per request, gzip when the client takes it (server/compression.ts).
app.use(compressRendered());
app.use(build.app);
// Last: an error anywhere answers a plain 500, never a stack trace (Express's default shows one
// whenever NODE_ENV is not production, which is what `npm start` runs with).
app.use(finalErrorHandler(log));

// A list e-mail's link remembers its campaign for the checkout; first, so the pages answered from memory get it too.
const rememberCampaign = campaignCookie({
  secure: config.PUBLIC_ORIGIN.startsWith("https:"),
  // Signed with the owner's session secret, and only when her dashboard (which shows the figures) is on.
  secret: config.OWNER_PASSWORD_HASH ? config.SESSION_SECRET : undefined,
});

let draining = false;
const health = healthResponder({ ping: build.databaseAnswers, draining: () => draining });
const logRequest = requestLogger({ enabled: config.NODE_ENV === "production", log });

const server = createServer((req, res) => {
  logRequest(req, res);
  // A keep-alive connection would outlive the shutdown: the answer during it says so.
  if (draining) res.setHeader("Connection", "close");
  // A request the site cannot read (a Host that is not a host, ...) is refused before anything answers it.
  if (refuseMalformed(req, res)) return;
  rememberCampaign(req, res);
  if (health(req, res) || serveStatic(req, res)) return;
  const cached = servePageCache(req, res);
  if (cached === true) return;
  if (cached === false) {
    privateByDefault(res);
    app(req, res);
    return;
  }
  void cached.then((answered) => {
    if (answered) return;
    privateByDefault(res);
    app(req, res);
  });
});
server.listen(config.PORT, config.HOST, () => {
  log.info(`Serving ${config.PUBLIC_ORIGIN} on http://${config.HOST}:${config.PORT} (${files.size} static files)`);
});

/**
 * SIGTERM (a deploy, a scale-down) or SIGINT: stop accepting connections and answer /healthz 503,
 * let the requests in flight finish (for SHUTDOWN_GRACE_SECONDS at most, then cut what is left),
 * stop the outbox worker after the message it is sending, write the counted page views, close
 * the database, exit 0.
 */
async function shutdown(signal: string) {
  if (draining) return;
  draining = true;
  log.info(`${signal}: no new connections; finishing requests in flight (at most ${config.SHUTDOWN_GRACE_SECONDS} s)`);
  const closed = new Promise<void>((resolveClose) => server.close(() => resolveClose()));
  // Idle keep-alive connections are closed by server.close(); busy ones get Connection: close.
  server.closeIdleConnections();
  const grace = setTimeout(() => {
    log.warn(`${signal}: requests still running after ${config.SHUTDOWN_GRACE_SECONDS} s; closing their connections`);
    server.closeAllConnections();
  }, config.SHUTDOWN_GRACE_SECONDS * 1000);
  grace.unref();
  // Whatever happens below, the process ends.
  setTimeout(() => process.exit(0), (config.SHUTDOWN_GRACE_SECONDS + 10) * 1000).unref();
  await closed;
  clearTimeout(grace);
  contentWatch.stop();
  htmlFinisher.stop();
  await Promise.all([mail.stop(), pageViews.stop()]).catch((error: unknown) => log.error(`Shutdown: ${(error as Error).message}`));
  await build.closeDatabase().catch((error: unknown) => log.error(`Closing the database: ${(error as Error).message}`));
  log.info(`${signal}: closed`);
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
