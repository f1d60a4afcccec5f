import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { Transform } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import css from "~/app.css?inline";
import { type DocumentAssets, DocumentAssetsProvider } from "~/lib/first-paint";
import { NonceProvider } from "~/lib/nonce";
import { builtAssetsReader } from "~/server/document/built-assets.server";
import { loaderScript } from "~/server/document/loader-script.server";
import { log } from "~/server/log.server";

export const streamTimeout = 5_000;

/** An error in a loader, an action or rendering: one JSON line (React Router's default is a plain console line). */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (!request.signal.aborted) log.error({ err: error }, "Server error");
}

/**
 * The built stylesheet and scripts the document writes into itself (app/lib/first-paint.tsx), read
 * by the server's reader (server/app.ts), or by one of this render's own (prerendering).
 * The routes' own stylesheets only from a build: the dev server's classes change as you type.
 */
function documentAssets(loadContext: AppLoadContext | undefined): DocumentAssets {
  const built = loadContext?.builtAssets ?? builtAssetsReader();
  return {
    css,
    routeCss: import.meta.env.PROD ? (routeId) => built.routeStylesheet(routeId) : () => null,
    scriptText: (href) => built.scriptText(href),
    loaderScript,
  };
}

/**
 * What React writes, passed on in one piece each time it has written all it has for now (it calls
 * `flush()` then: the shell, then each deferred part). The compression middleware flushes gzip
 * after every piece it is sent (server/compression.ts); a flush per React write (4 KB) made a
 * page a third larger on the wire.
 */
class ReactPieces extends Transform {
  private pending: Buffer[] = [];
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    this.pending.push(chunk);
    done();
  }
  flush() {
    if (this.pending.length > 0) this.push(Buffer.concat(this.pending.splice(0)));
  }
  override _flush(done: () => void) {
    this.flush();
    done();
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Present for server-rendered requests (the CSP nonce) and for the page cache's renders (the
  // render's own nonce, which marks the scripts the document wrote: the cache allows those by
  // hash, server/page-cache.ts); absent while prerendering.
  const nonce = loadContext?.cspNonce || undefined;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers, prerendering and the page cache get the whole document at once.
    const whole = (userAgent && isbot(userAgent)) || routerContext.isSpaMode || !nonce || loadContext?.keptPage;
    const readyOption = whole ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <DocumentAssetsProvider value={documentAssets(loadContext)}>
        <NonceProvider value={nonce}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </NonceProvider>
      </DocumentAssetsProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new ReactPieces();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error({ err: error }, "Rendering failed");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
