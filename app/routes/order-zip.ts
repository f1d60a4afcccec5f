import { data } from "react-router";
import type { Route } from "./+types/order-zip";
import { downloadResponse } from "~/server/delivery/may-download.server";
import { page } from "~/lib/page-policy";
import { productsOf } from "~/server/content/site-content.server";

/**
 * "Download all": every file of one product the order bought, as one zip, on the same terms as a
 * single file (live link, paid order, bought product not refunded), counted as a download of each file in it.
 */
export const handle = page({ robots: "noindex" });

export function loader({ params, request, context }: Route.LoaderArgs) {
  return downloadResponse(request, context, params.token, {
    zip: params.productId,
    productName: productsOf(context).name(params.productId),
  });
}

export function action() {
  return data({ error: "Use GET" }, { status: 405, headers: { Allow: "GET" } });
}
