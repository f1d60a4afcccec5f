/**
 * Protections for every request that changes something (POST, PUT, PATCH, DELETE), before any
 * route sees it: a body size limit, a same-origin check and a per-client rate limit per form.
 * The payment provider's webhook (exactly /api/webhooks/stripe) comes from its servers, not from
 * a browser on this site: it only gets a (larger) size limit. A POST to a path the router would
 * read differently (dot segments, backslashes, percent-encoding, doubled slashes) is refused first,
 * and every limit is keyed by the route that serves the request. See docs/decisions/002 and 018.
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { ipKeyGenerator, rateLimit, type Store } from "express-rate-limit";
import { FORM_BODY_LIMIT_BYTES, TOO_MANY_ATTEMPTS } from "../app/lib/form-outcomes.ts";
import { WEBHOOK_BODY_LIMIT } from "../app/lib/page-policy.ts";
import type { ServingRoute } from "./route-match.ts";

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type ProtectionOptions = {
  /** The site's own origin (PUBLIC_ORIGIN); the origin the request was addressed to is also accepted. */
  publicOrigin: string;
  /** Take the client's address from X-Forwarded-For (TRUST_PROXY); otherwise the connection's. */
  trustProxy: boolean;
  /** Requests one client may send to one path per minute (FORM_RATE_LIMIT_PER_MINUTE). */
  perMinute: number;
  windowMs?: number;
  /**
   * The counters of one named limiter ("form", "login"), shared by every server process: the
   * database store (app/server/rate-limit-store.server.ts). Never express-rate-limit's memory
   * store, which would give each process behind a load balancer an allowance of its own.
   */
  store: (name: string) => Store;
  /**
   * The route that serves a path, as the router itself matches it (server/app.ts asks React
   * Router's matcher over the build's routes), or null when none does. With it, every limit is
   * keyed by the route, a POST to no route answers 404 and one to a route without an action 405,
   * before any counter is written. Without it (tests of the protections alone), the normalised path.
   */
  route?: (pathname: string) => ServingRoute | null;
};

type Refusal = { status: number; title: string; description: string; headers?: Record<string, string> };

/**
 * Exactly the providers' webhooks (payments; the e-mail sending service's bounces and complaints):
 * they alone skip the origin check and the rate limit, and check their own signatures.
 */
export const WEBHOOK_PATH = "/api/webhooks/stripe";
export const MAIL_EVENTS_PATH = "/api/webhooks/sendgrid";
const isWebhook = (path: string) => path === WEBHOOK_PATH || path === MAIL_EVENTS_PATH;

/**
 * Whether a path is already in the one form the router will see: percent-decoding, dot segments
 * and repeated slashes change nothing. The rate limit and the webhook exemption key on the path,
 * so a POST whose path the router would read differently ("/./contact", "/c%6fntact",
 * "/api/webhooks/../create-payment") is refused instead of getting a limit of its own.
 */
export function isNormalPath(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  if (decoded !== path || !path.startsWith("/")) return false;
  // The router reads the address with the URL standard's parser, which turns a backslash into "/"
  // and then resolves dot segments (/N\..\contact is /contact): any path that parser would
  // change is another spelling of some other path.
  if (path.includes("\\") || new URL(path, "http://h").pathname !== path) return false;
  const segments = path.split("/").slice(1);
  return segments.every((segment, i) => segment !== "." && segment !== ".." && (segment !== "" || i === segments.length - 1));
}

/**
 * The form a request posts to, whichever way it came: "/blog/x", "/blog/x/", "/blog/x.data"
 * (React Router's client-side submissions) and "/Blog/X" are all one form.
 */
export function formPath(path: string): string {
  let p = path.toLowerCase();
  if (p === "/_root.data") return "/";
  if (p.endsWith(".data")) p = p.slice(0, -".data".length);
  while (p.length > 1 && p.endsWith("/")) p = p.slice(0, -1);
  return p || "/";
}

/**
 * The client's address. Behind a proxy (TRUST_PROXY) it is the last X-Forwarded-For entry: the
 * one our proxy added. Earlier entries come from the client and could be anything.
 */
export function clientAddress(req: Request, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers["x-forwarded-for"];
    const list = (Array.isArray(forwarded) ? forwarded.join(",") : (forwarded ?? "")).split(",");
    const last = list
      .map((s) => s.trim())
      .filter(Boolean)
      .pop();
    if (last) return last;
  }
  return req.socket.remoteAddress ?? "unknown";
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * Answer in the client's terms: JSON for scripts and for the site's own JavaScript (React
 * Router's ".data" requests), a small page for a browser that posted a form without JavaScript.
 */
function refuse(req: Request, res: Response, refusal: Refusal) {
  if (res.headersSent) return;
  res.status(refusal.status);
  res.setHeader("Cache-Control", "no-store");
  for (const [name, value] of Object.entries(refusal.headers ?? {})) res.setHeader(name, value);
  const accept = req.get("accept") ?? "";
  const wantsJson =
    req.path.endsWith(".data") ||
    (!accept.includes("text/html") && (accept.includes("application/json") || req.is("application/json") === "application/json"));
  const body = { status: "rejected", title: refusal.title, description: refusal.description };
  if (wantsJson) {
    res.json(body);
    return;
  }
  // Our own path only: "//evil.example" would be a link to another host.
  const back = `/${formPath(req.path).replace(/^[/\\]+/, "")}`;
  res.setHeader(
    "Content-Security-Policy",
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
  );
  res.type("html").send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(refusal.title)}</title>
<style>body{font:18px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a}a{color:#047857;font-weight:600}</style></head>
<body><main><h1>${escapeHtml(refusal.title)}</h1><p>${escapeHtml(refusal.description)}</p>
<p><a href="${escapeHtml(back)}">Go back</a></p></main></body></html>`);
}

const tooLarge = (limit: number, description = `The form is too large: send at most ${limit / 1024} KB.`): Refusal => ({
  status: 413,
  title: "Request Too Large",
  description,
  // Don't read the rest of an oversized body on this connection.
  headers: { Connection: "close" },
});

/**
 * The one size limit of a request body, the route's own (its handle's `bodyLimit`: the payment
 * webhook's 256 KB, the article editor's pictures, the contacts import; a form's 16 KB otherwise,
 * and for an address no route serves), checked before anything reads the body: Content-Length
 * over the limit is refused with 413.
 * A body without a Content-Length (chunked) is refused with 411: browsers always send one for a
 * form, and Node's HTTP parser never delivers more bytes than Content-Length announced, so the
 * routes can read the body with the platform's parsers without counting.
 */
function bodyLimit(options: ProtectionOptions): RequestHandler {
  return (req, res, next) => {
    // Without a route matcher (the protections tested alone), the webhooks by their exact paths.
    const policy = options.route
      ? options.route(routerPath(req.path))?.policy
      : isWebhook(req.path)
        ? { bodyLimit: WEBHOOK_BODY_LIMIT }
        : undefined;
    const limit = policy?.bodyLimit?.bytes ?? FORM_BODY_LIMIT_BYTES;
    const declared = req.get("content-length");
    if (declared === undefined) {
      if (req.get("transfer-encoding") === undefined) return next(); // no body at all
      return refuse(req, res, {
        status: 411,
        title: "Length Required",
        description: "Send the form with a Content-Length header.",
        headers: { Connection: "close" },
      });
    }
    if (Number(declared) > limit) return refuse(req, res, tooLarge(limit, policy?.bodyLimit?.tooLarge));
    next();
  };
}

/** A browser on another site may not post here. Clients that send no Origin (scripts, some privacy tools) may. */
function sameOrigin(options: ProtectionOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (isWebhook(req.path)) return next();
    const refusal: Refusal = {
      status: 403,
      title: "Request Refused",
      description: "This form can only be sent from this website's own pages.",
    };
    if (req.get("sec-fetch-site") === "cross-site") return refuse(req, res, refusal);
    const origin = req.get("origin");
    if (origin === undefined) return next();
    const host = req.get("host");
    const own = host ? `${req.protocol}://${host}` : undefined;
    if (origin === options.publicOrigin || origin === own) return next();
    return refuse(req, res, refusal);
  };
}

/**
 * What a limit counts against: the route that serves the request (every article's lead form is
 * one form; a path no route serves never gets this far), or the page whose form it answers for
 * scripts (its policy's `formOf`), or, without a route matcher, the path.
 */
function limitKey(req: Request, options: ProtectionOptions): string {
  const route = options.route?.(routerPath(req.path));
  return route ? (route.policy.formOf ?? route.id) : formPath(req.path);
}

/**
 * The dashboard's own actions: only a logged-in owner's do anything (each checks the session
 * first), and marking twenty messages handled in a minute is normal work. Its login is throttled
 * in its action (app/server/admin/login-throttle.server.ts) and keeps the form limit too.
 */
/**
 * RFC 8058 one-click unsubscribes come from the mailbox providers' servers, many readers' from one
 * address: a per-client limit would refuse some of them. The link's random token is the guard.
 */
function isOneClickUnsubscribe(key: string): boolean {
  // A product update's stop link is one-click too (decision 071), and the dispute reminders' (decision 074).
  return key === "routes/unsubscribe" || key.startsWith("/unsubscribe/") || key === "routes/updates-stop" || key === "routes/disputes-stop";
}

function isDashboardAction(key: string): boolean {
  return (key.startsWith("routes/admin/") && key !== "routes/admin/login") || (key.startsWith("/admin/") && key !== "/admin/login");
}

/** The path React Router matches for a request: its client-side submissions post to "<path>.data". */
export function routerPath(path: string): string {
  if (path === "/_root.data") return "/";
  return path.endsWith(".data") ? path.slice(0, -".data".length) : path;
}

/** With a route matcher: 404 for a POST no route serves, 405 for a route that takes none (no counter written). */
function servingRoute(options: ProtectionOptions): RequestHandler {
  return (req, res, next) => {
    if (!options.route || isWebhook(req.path)) return next();
    const route = options.route(routerPath(req.path));
    if (!route) return refuse(req, res, { status: 404, title: "Page Not Found", description: "There is no form at this address." });
    if (!route.hasAction) {
      return refuse(req, res, {
        status: 405,
        title: "Method Not Allowed",
        description: "This page does not take form submissions.",
        headers: { Allow: "GET, HEAD" },
      });
    }
    next();
  };
}

function perClientLimit(options: ProtectionOptions): RequestHandler {
  const windowMs = options.windowMs ?? 60_000;
  return rateLimit({
    windowMs,
    limit: options.perMinute,
    store: options.store("form"),
    legacyHeaders: false,
    standardHeaders: false,
    skip: (req) => isWebhook(req.path) || isDashboardAction(limitKey(req, options)) || isOneClickUnsubscribe(limitKey(req, options)),
    keyGenerator: (req) => `${ipKeyGenerator(clientAddress(req, options.trustProxy))} ${limitKey(req, options)}`,
    // The address comes from clientAddress(), not from Express's req.ip: its checks don't apply.
    validate: { ip: false, trustProxy: false, xForwardedForHeader: false, forwardedHeader: false, keyGeneratorIpFallback: false },
    handler: (req, res) => {
      const resetTime = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const seconds = resetTime ? Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : Math.ceil(windowMs / 1000);
      refuse(req, res, { status: 429, ...TOO_MANY_ATTEMPTS, headers: { "Retry-After": String(seconds) } });
    },
  });
}

function normalPath(req: Request, res: Response, next: NextFunction) {
  if (isNormalPath(req.path)) return next();
  refuse(req, res, { status: 400, title: "Invalid Request", description: "Send the form to the page's own address." });
}

/** The protections, in order: one path, size, a route that takes the POST, origin, rate. Requests that change nothing pass straight through. */
export function protections(options: ProtectionOptions): RequestHandler {
  const steps: RequestHandler[] = [normalPath, bodyLimit(options), servingRoute(options), sameOrigin(options), perClientLimit(options)];
  return (req, res, next) => {
    if (!MUTATIONS.has(req.method)) return next();
    let i = 0;
    const run = (error?: unknown): void => {
      if (error) return next(error);
      const step = steps[i++];
      if (!step) return next();
      void step(req, res, run);
    };
    run();
  };
}
