import Negotiator from "negotiator";
import type { Readable } from "node:stream";
import { createGzip } from "node:zlib";

/**
 * Server-rendered documents are compressed where they are rendered, with gzip when the client
 * accepts it (HTTP's rules, by negotiator: q-values rank, q=0 refuses). Not brotli: a brotli
 * stream per response gave a third to a half of gzip's throughput in npm run bench (Node's
 * encoder at quality 1 to 5), for the same or more bytes at the speeds worth paying. The static
 * files are stored at brotli 11 (server/static-files.ts).
 *
 * Returns the body to send (and sets Content-Encoding and Vary), or null when the client accepts
 * neither gzip nor identity (answered 406).
 */
export function encodeDocument(request: Request, headers: Headers, body: Readable): Readable | null {
  const negotiator = new Negotiator({ headers: { "accept-encoding": request.headers.get("accept-encoding") ?? undefined } });
  const encoding = negotiator.encoding(["gzip", "identity"]);
  headers.append("Vary", "Accept-Encoding");
  if (!encoding) return null;
  if (encoding === "identity") return body;
  headers.set("Content-Encoding", "gzip");
  return body.pipe(createGzip());
}
