/**
 * What every answer of the owner's dashboard carries: never indexed or followed by a search engine
 * (an address of hers shared by mistake stays out of results), never stored by a browser or a
 * proxy (it is her customers' data). Pages get these from the dashboard layout's and the login's
 * `headers`; a resource route, which has no such function, wraps its loader or action in
 * ownerResource; the redirect to the login page carries them from requireOwner.
 */
import { data as dataResult } from "react-router";

export const OWNER_ANSWER_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } as const;

type DataResult = ReturnType<typeof dataResult>;
const isDataResult = (value: unknown): value is DataResult =>
  typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";

/** The answer as a Response with the owner's headers (a route's stricter Cache-Control stays). */
function withOwnerHeaders(answer: unknown): Response {
  const response =
    answer instanceof Response
      ? answer
      : isDataResult(answer)
        ? Response.json(answer.data, answer.init ?? undefined)
        : Response.json(answer);
  const headers = new Headers(response.headers);
  headers.set("X-Robots-Tag", OWNER_ANSWER_HEADERS["X-Robots-Tag"]);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", OWNER_ANSWER_HEADERS["Cache-Control"]);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** A resource route's loader or action whose every answer, returned or thrown (a 404, the login redirect), carries the headers. */
export function ownerResource<Args>(handler: (args: Args) => unknown): (args: Args) => Promise<Response> {
  return async (args) => {
    try {
      return withOwnerHeaders(await handler(args));
    } catch (thrown) {
      if (thrown instanceof Response || isDataResult(thrown)) throw withOwnerHeaders(thrown);
      throw thrown;
    }
  };
}
