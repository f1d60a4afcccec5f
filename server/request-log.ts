/**
 * One JSON line per request in production (pino-http on the server's logger): request id,
 * method, path, status, duration and bytes sent. Never a query string (the tools' pages carry a
 * visitor's finances in theirs), never a secret link's token, never an address, a cookie or a
 * user agent. The request id comes from the load balancer's X-Request-Id when it sends a sane
 * one, else a new one; the response carries it back.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pinoHttp } from "pino-http";
import { log } from "../app/server/log.server.ts";

/** Paths whose last segments are bearer tokens (order pages, confirmation and unsubscribe links). */
const TOKEN_PATHS: [prefix: string, keep: number][] = [
  ["/orders/", 2],
  ["/newsletter/confirm/", 3],
  ["/unsubscribe/", 2],
];

/**
 * The path as the router reads it: percent-decoded (React Router matches "/%6Frders/x" as
 * "/orders/x"), repeatedly while that changes anything, with runs of slashes as one.
 */
function routedPath(path: string): string {
  let decoded = path;
  for (let i = 0; i < 4 && decoded.includes("%"); i++) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      break;
    }
  }
  return decoded.replace(/\/{2,}/g, "/");
}

/**
 * What a log may say of a request's address: the path alone, with each token replaced by
 * ":token" ("/orders/abc.../files/x" -> "/orders/:token/files/x"), however the path was encoded.
 */
export function loggablePath(url: string | undefined): string {
  const raw = url ?? "/";
  const end = raw.search(/[?#]/);
  const path = end === -1 ? raw : raw.slice(0, end);
  const routed = routedPath(path);
  const lower = routed.toLowerCase();
  for (const [prefix, tokenIndex] of TOKEN_PATHS) {
    if (!lower.startsWith(prefix) || lower.startsWith("/orders/lookup")) continue;
    const segments = routed.split("/");
    if (segments[tokenIndex]) segments[tokenIndex] = ":token";
    return segments.join("/");
  }
  return path.length > 300 ? `${path.slice(0, 300)}...` : path;
}

const SANE_ID = /^[\w.:-]{8,128}$/;

function requestId(req: IncomingMessage, res: ServerResponse): string {
  const offered = req.headers["x-request-id"];
  const id = typeof offered === "string" && SANE_ID.test(offered) ? offered : randomUUID();
  res.setHeader("X-Request-Id", id);
  return id;
}

/** The line's fields: what `loggablePath` allows, never pino-http's default (headers, full URL). */
function requestLine(req: IncomingMessage, res: ServerResponse) {
  return {
    method: req.method,
    path: loggablePath(req.url),
    status: res.statusCode,
    bytes: Number(res.getHeader("content-length") ?? 0) || undefined,
    ...(res.writableFinished ? {} : { aborted: true }),
  };
}

/** Call first for every request: sets X-Request-Id and, when enabled (production), logs the request once it ends. */
export function requestLogger({ enabled, logger = log }: { enabled: boolean; logger?: typeof log }) {
  const middleware = pinoHttp({
    logger,
    genReqId: requestId,
    autoLogging: enabled,
    // Only the request id is bound; the rest of the line is requestLine's.
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: "id", responseTime: "ms" },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
    customSuccessMessage: () => "request",
    customErrorMessage: () => "request",
    customSuccessObject: (req, res, value: { ms: number }) => ({ ...requestLine(req, res), ms: value.ms }),
    customErrorObject: (req, res, _error, value: { ms: number }) => ({ ...requestLine(req, res), ms: value.ms }),
  });
  return (req: IncomingMessage, res: ServerResponse) => middleware(req, res);
}
