/**
 * One JSON line per request in production, for whatever collects the process's standard output:
 * time, request id, method, path, status, duration and bytes sent. Never a query string (the
 * tools' pages carry a visitor's finances in theirs), never a secret link's token, never an
 * address, a cookie or a user agent. The request id comes from the load balancer's X-Request-Id
 * when it sends a sane one, else a new one; the response carries it back.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { isTokenShaped } from "../app/server/tokens.server.ts";

/**
 * Paths whose segment at a known place is a bearer token (order pages, confirmation, unsubscribe
 * and guide links), redacted whatever it holds, even when it is not one of ours.
 */
const TOKEN_PATHS: [prefix: string, index: number][] = [
  ["/orders/", 2],
  ["/newsletter/confirm/", 3],
  ["/unsubscribe/", 2],
  ["/guide/", 2],
];

/**
 * What a log may say of a request's address: the path alone, with each token replaced by
 * ":token" ("/orders/abc.../files/x" -> "/orders/:token/files/x"). Beyond the known places, any
 * part of a segment shaped like one of our tokens (tokens.server.ts) is redacted wherever it is,
 * so a link added later, or a token pasted under a wrong address, never reaches the log.
 */
export function loggablePath(url: string | undefined): string {
  const raw = url ?? "/";
  const end = raw.search(/[?#]/);
  const path = asRouterReadsIt(end === -1 ? raw : raw.slice(0, end));
  const segments = path.split("/");
  const lower = path.toLowerCase();
  const known = TOKEN_PATHS.find(([prefix]) => lower.startsWith(prefix) && !lower.startsWith("/orders/lookup"));
  if (known && segments[known[1]]) segments[known[1]] = ":token";
  const redacted = segments.map(redactTokenShaped).join("/");
  return redacted.length > 300 ? `${redacted.slice(0, 300)}...` : redacted;
}

/** "<token>" and "<token>.pdf" -> ":token" and ":token.pdf"; "dispute-credit-errors" as it is. */
function redactTokenShaped(segment: string): string {
  // Split at whatever a token cannot hold (\w and "-" are its base64url alphabet), keeping it.
  return segment
    .split(/([^\w-]+)/)
    .map((piece) => (isTokenShaped(piece) ? ":token" : piece))
    .join("");
}

/**
 * The path as the router will read it (the URL parser's backslashes and dot segments, then
 * percent-decoding, then doubled slashes), so "/%6Frders/<token>" or "//orders/<token>" is seen,
 * and redacted, as the order page it opens.
 */
function asRouterReadsIt(path: string): string {
  // Doubled slashes first: the parser would read "//orders/..." as a host, not a path.
  let readable = path.replace(/\/{2,}/g, "/");
  try {
    readable = new URL(readable, "http://h").pathname;
  } catch {
    // Not a path the parser reads: keep it as sent.
  }
  try {
    readable = decodeURIComponent(readable);
  } catch {
    // A broken escape: the router answers 400; the path is logged as the parser left it.
  }
  return readable.replace(/\/{2,}/g, "/");
}

const SANE_ID = /^[\w.:-]{8,128}$/;

export type RequestLogOptions = {
  /** Write the lines (production); the request id header is set either way. */
  enabled: boolean;
  /** The process's logger (app/server/log.server.ts). */
  log: Pick<Logger, "info" | "error">;
};

/** Call first for every request: sets X-Request-Id and, when enabled, logs the request once it ends. */
export function requestLogger({ enabled, log }: RequestLogOptions) {
  return (req: IncomingMessage, res: ServerResponse): string => {
    const offered = req.headers["x-request-id"];
    const id = typeof offered === "string" && SANE_ID.test(offered) ? offered : randomUUID();
    res.setHeader("X-Request-Id", id);
    if (!enabled) return id;
    const started = process.hrtime.bigint();
    res.once("close", () => {
      const fields = {
        id,
        method: req.method,
        path: loggablePath(req.url),
        status: res.statusCode,
        ms: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
        bytes: Number(res.getHeader("content-length") ?? 0) || undefined,
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      if (res.statusCode >= 500) log.error(fields, "request");
      else log.info(fields, "request");
    });
    return id;
  };
}
