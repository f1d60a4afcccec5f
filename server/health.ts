/**
 * GET /healthz for the load balancer and the container's HEALTHCHECK: 200 when this process and
 * its database answer, 503 when the database does not (within a couple of seconds) or the
 * process is shutting down (so the balancer stops sending it new requests while it drains).
 * It names no host, version or setting; it is answered before everything else, so no rate
 * limit or page counter ever sees it.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

export const HEALTH_PATH = "/healthz";
const PING_TIMEOUT_MS = 2_000;

export function healthResponder({ ping, draining }: { ping: () => Promise<boolean>; draining: () => boolean }) {
  return function respond(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? "";
    if (url !== HEALTH_PATH && !url.startsWith(`${HEALTH_PATH}?`)) return false;
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD", "Cache-Control": "no-store" }).end();
      return true;
    }
    const answer = (status: number, body: Record<string, string>) => {
      const text = JSON.stringify(body);
      res.writeHead(status, {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Length": Buffer.byteLength(text),
        "Cache-Control": "no-store",
      });
      res.end(req.method === "HEAD" ? undefined : text);
    };
    if (draining()) {
      answer(503, { status: "shutting down" });
      return true;
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
    });
    void Promise.race([ping().catch(() => false), timeout]).then((ok) => {
      clearTimeout(timer);
      answer(ok ? 200 : 503, ok ? { status: "ok" } : { status: "database unavailable" });
    });
    return true;
  };
}
