import type { AppLoadContext } from "react-router";

type RenderDocument = (request: Request, context: AppLoadContext) => Promise<Response>;

let renderDocument: RenderDocument | undefined;

/**
 * server/app.ts hands over its document renderer at start-up: a route module cannot import the
 * server build it is itself part of.
 */
export function setDocumentRenderer(render: RenderDocument): void {
  renderDocument = render;
}

/**
 * Another page of the site, rendered as the answer to this request, with that page's status and
 * the site's layout, and `headers` over its own: a resource route (a refused download) explains
 * itself on a page instead of in bare text. Where no renderer was handed over (route code called
 * directly in tests, `npm run dev`), `fallback` answers.
 */
export async function renderPageAs(
  request: Request,
  context: AppLoadContext,
  path: string,
  { headers, fallback }: { headers: Record<string, string>; fallback: () => Response },
): Promise<Response> {
  if (!renderDocument) return fallback();
  const page = await renderDocument(new Request(new URL(path, request.url), { headers: request.headers }), context);
  const merged = new Headers(page.headers);
  for (const [name, value] of Object.entries(headers)) merged.set(name, value);
  return new Response(page.body, { status: page.status, headers: merged });
}
