/**
 * Compression, in one place: which encoding a client gets (HTTP's rules), the stored copies of
 * what is made once (the build's files, the page cache's pages), and the one middleware that
 * compresses what React Router answers per request. See docs/decisions/068.
 */
import compression from "compression";
import type { RequestHandler } from "express";
import Negotiator from "negotiator";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";

type Encoding = "br" | "gzip" | "identity";

/**
 * Which form of an answer to send for this Accept-Encoding, by HTTP's rules (negotiator, as
 * Express uses): q-values rank, "q=0" refuses, "*" stands for the rest. Brotli first when
 * equally acceptable (smaller). Undefined: nothing the client accepts (identity;q=0 and no
 * compression it takes), answered 406.
 */
export function preferredEncoding(accept: string | undefined, forms: { br?: unknown; gzip?: unknown }): Encoding | undefined {
  const available: Encoding[] = [...(forms.br ? (["br"] as const) : []), ...(forms.gzip ? (["gzip"] as const) : []), "identity"];
  // negotiator 1.x takes the server's preference for ties; its published types predate that option.
  const negotiator = new Negotiator({ headers: { "accept-encoding": accept } }) as Negotiator & {
    encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined;
  };
  return negotiator.encoding(available, { preferred: ["br", "gzip"] }) as Encoding | undefined;
}

/** The forms' JSON answers: small by construction (a message and the fields' errors). */
const FORM_ANSWERS_PREFIX = "/api/forms/";
const isFormAnswer = (path: string) => path.startsWith(FORM_ANSWERS_PREFIX);

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The stored copies of a body made once (the build's files, a kept page): brotli at its best quality and gzip at level 9, so the slowest settings pay. */
export async function storedCopies(body: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotliAsync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipAsync(body, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

/**
 * What React Router answers per request (pages, resource routes, the forms' JSON) is compressed
 * here, with gzip when the client accepts it. Not brotli: a brotli stream per response gave a
 * third to a half of gzip's throughput in npm run bench (Node's encoder at quality 1 to 5), for
 * the same or more bytes at the speeds worth paying. The `compression` package streams it,
 * flushing what React Router writes (its writer calls `res.flush()`: a page's shell is not held
 * back behind its deferred parts), and leaves alone types that do not compress and bodies of a
 * known length under 1 KB (a streamed answer, like React Router's, has none: it is compressed).
 * It would pick brotli itself when the client takes it: it is told the encoding chosen here, as
 * sirv is (server/static-files.ts). The forms' answers (`/api/forms/*`) are not compressed: each is
 * a few hundred bytes of JSON, under the 1 KB that compressing pays for, but streamed without a
 * length, so the package's own threshold never sees them; gzip cost a lead about 1.2 ms of the
 * server's CPU for a few dozen bytes saved.
 */
export function compressRendered(): RequestHandler {
  const gzipStream = compression({ filter: (req, res) => !isFormAnswer(req.path) && compression.filter(req, res) });
  return (req, res, next) => {
    const encoding = preferredEncoding(req.headers["accept-encoding"], { gzip: true });
    if (!encoding) {
      res
        .status(406)
        .set("Vary", "Accept-Encoding")
        .type("text/plain")
        .end("Not Acceptable: this page is available gzip-compressed or uncompressed.");
      return;
    }
    req.headers["accept-encoding"] = encoding;
    gzipStream(req, res, next);
  };
}
