import type { AppLoadContext } from "react-router";

/** The server build's document handler: a request in, the page React Router renders for it out. */
export type RenderDocument = (request: Request, context: AppLoadContext) => Promise<Response>;

declare module "react-router" {
  interface AppLoadContext {
    /**
     * The production server's document renderer (server/app.ts makes it once at start-up from the
     * server build, which a route module cannot import: it is itself part of it). Absent where
     * route code is called directly (tests, `npm run dev`).
     */
    renderDocument?: RenderDocument;
  }
}

/**
 * Another page of the site, rendered as the answer to this request, with that page's status and
 * the site's layout, and `headers` over its own: a resource route (a refused download) explains
 * itself on a page instead of in bare text. Where the context has no renderer (route code called
 * directly in tests, `npm run dev`), `fallback` answers.
 */
export async function renderPageAs(
  request: Request,
  context: AppLoadContext,
  path: string,
  { headers, fallback }: { headers: Record<string, string>; fallback: () => Response },
): Promise<Response> {
  const { renderDocument } = context;
  if (!renderDocument) return fallback();
  const page = await renderDocument(new Request(new URL(path, request.url), { headers: request.headers }), context);
  const merged = new Headers(page.headers);
  for (const [name, value] of Object.entries(headers)) merged.set(name, value);
  return new Response(page.body, { status: page.status, headers: merged });
}
