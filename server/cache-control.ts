/**
 * Everything Express answers (server-rendered pages, form answers, order pages, the dashboard,
 * the tools' results) may be personal: unless the route chose its own Cache-Control, it goes out
 * "private, no-store", and a bare "no-store" becomes "private, no-store", so neither a browser
 * nor a CDN keeps a copy. Prerendered pages and assets are answered before Express with their
 * own public headers (server/static-files.ts).
 */
import type { ServerResponse } from "node:http";
import onHeaders from "on-headers";

export const PERSONAL_CACHE_CONTROL = "private, no-store";

/** Set the default when the headers go out (on-headers), after the route had its say. */
export function privateByDefault(res: ServerResponse): void {
  onHeaders(res, function (this: ServerResponse) {
    const current = this.getHeader("cache-control");
    if (current === undefined || String(current).trim().toLowerCase() === "no-store") {
      this.setHeader("Cache-Control", PERSONAL_CACHE_CONTROL);
    }
  });
}
