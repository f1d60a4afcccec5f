import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { InlineAssetsContext } from "~/lib/inline-assets";
import { NonceProvider } from "~/lib/nonce";
import { encodeDocument } from "~/server/document/encoding.server";
import { inlineAssets } from "~/server/document/inline-assets.server";
import { jsonActionAnswer } from "~/server/forms/submission.server";
import { log } from "~/server/log.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A script that posted a form asking for JSON gets the action's outcome as JSON, not a page.
  const json = jsonActionAnswer(request, responseStatusCode, responseHeaders, routerContext.staticHandlerContext.actionData);
  if (json) return json;
  // Present for server-rendered requests (the CSP nonce); absent while prerendering, where the
  // server allows the inline scripts by hash instead.
  const nonce = loadContext?.cspNonce || undefined;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and prerendering get the whole document at once.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode || !nonce ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineAssetsContext value={inlineAssets}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineAssetsContext>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          const encoded = encodeDocument(request, responseHeaders, body);
          if (!encoded) {
            abort();
            resolve(
              new Response("Not Acceptable: this page is available gzip-compressed or uncompressed.", {
                status: 406,
                headers: { Vary: "Accept-Encoding" },
              }),
            );
            return;
          }
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(encoded), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error({ err: error }, `Rendering ${new URL(request.url).pathname} failed`);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * Errors React Router caught in a loader, an action or a render (it answers them with the error
 * page): into the server's log instead of its default console line. An aborted request is not one.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // A thrown Response (a 404 the route chose) carries the error it stands for, when there is one.
  const cause = isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error;
  log.error({ err: cause }, `Error on ${request.method} ${new URL(request.url).pathname}`);
};
