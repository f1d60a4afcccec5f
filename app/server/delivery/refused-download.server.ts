import type { AppLoadContext } from "react-router";
import type { ProductId } from "~/lib/catalogue";
import { unavailablePath } from "~/lib/order-files";
import { PRIVATE_HEADERS } from "~/server/delivery/order-access.server";
import { renderPageAs } from "~/server/document/render-page.server";

/**
 * A refused file or zip (expired link, refunded, disputed or unpaid order, a link not ours): the
 * page that says why, in the site's layout, with the refusal's status (410 or 404) and the
 * order's private headers. `refusal` itself (plain text) answers where no page can be rendered.
 * `product`: the refunded product whose file was asked for (the page names it).
 */
export function refusedDownload(
  request: Request,
  context: AppLoadContext,
  token: string,
  refusal: Response,
  product?: ProductId,
): Promise<Response> {
  return renderPageAs(request, context, unavailablePath(token, product), { headers: PRIVATE_HEADERS, fallback: () => refusal });
}
