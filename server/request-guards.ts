/**
 * The first and the last thing every request meets in Express. First: requests the site cannot
 * read safely (a method the Fetch API refuses, an absolute-form request line, a Host that is not
 * a host) are refused with a plain 4xx before any route builds a Request from them. Last: any
 * error becomes a plain 500, logged here, never a stack trace in the response.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { loggablePath } from "./request-log.ts";
import type { NextFunction, Request, Response } from "express";

/** Methods the site answers (the Fetch API refuses TRACE, TRACK and CONNECT outright). */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

function plain(res: Response, status: number, text: string, headers: Record<string, string> = {}) {
  res.status(status);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("Cache-Control", "no-store");
  res.type("text/plain; charset=utf-8").send(text);
}

/** A Host header that is a host name or address, with an optional port, and nothing else. */
export function validHost(host: string | undefined): boolean {
  if (!host || /[\s/\\?#@]/.test(host)) return false;
  try {
    const url = new URL(`http://${host}`);
    return url.host === host.toLowerCase() || url.hostname === host.toLowerCase();
  } catch {
    return false;
  }
}

type Malformed = { status: number; text: string; headers?: Record<string, string> };

/** What is wrong with a request the site cannot read safely, or null. */
export function malformed(req: Pick<IncomingMessage, "method" | "url" | "headers">): Malformed | null {
  if (!METHODS.has(req.method ?? "")) return { status: 405, text: "Method Not Allowed", headers: { Allow: [...METHODS].join(", ") } };
  if (!(req.url ?? "").startsWith("/")) return { status: 400, text: "Bad Request: the request line must name a path." };
  if (!validHost(req.headers.host)) return { status: 400, text: "Bad Request: the Host header is not a host." };
  return null;
}

/**
 * The same refusal before anything else answers (server/main.ts: the prerendered files and the
 * page cache answer before Express): true when the request was refused.
 */
export function refuseMalformed(req: IncomingMessage, res: ServerResponse): boolean {
  const wrong = malformed(req);
  if (!wrong) return false;
  res.writeHead(wrong.status, {
    ...wrong.headers,
    "Cache-Control": "no-store",
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(wrong.text),
  });
  res.end(wrong.text);
  return true;
}

export function rejectMalformed(req: Request, res: Response, next: NextFunction) {
  const wrong = malformed(req);
  if (wrong) return plain(res, wrong.status, wrong.text, wrong.headers);
  next();
}

/** Last: an error anywhere answers a plain 4xx or 500, never a stack trace; it is logged, with the path as request-log.ts redacts it. */
export const finalErrorHandler = (log: Pick<Logger, "error">) => (error: unknown, req: Request, res: Response, _next: NextFunction) => {
  log.error({ err: error, method: req.method, path: loggablePath(req.originalUrl) }, "Unhandled error");
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const status = (error as { status?: number; statusCode?: number }).status ?? (error as { statusCode?: number }).statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) return plain(res, status, "Bad Request");
  plain(res, 500, "Internal Server Error");
};
