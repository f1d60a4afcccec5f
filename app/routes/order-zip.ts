import { data, redirect } from "react-router";
import type { Route } from "./+types/order-zip";
import type { ProductId } from "~/lib/catalogue";
import { orderPagePath } from "~/lib/order-files";
import { productFiles } from "~/lib/product-files";
import {
  countZipDownload,
  downloadableOrder,
  notFound,
  PRIVATE_HEADERS,
  productAccess,
  refundedProductRefusal,
} from "~/server/delivery/order-access.server";
import { refusedDownload } from "~/server/delivery/refused-download.server";
import { productZipResponse } from "~/server/delivery/zip.server";

/**
 * "Download all": every file of one product the order bought, as one zip, on the same terms as a
 * single file (live link, paid order, bought product not refunded), counted as a download of each file in it.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const found = await downloadableOrder(params.token);
  if (found.refusal) return refusedDownload(request, context, params.token, found.refusal);
  const { order } = found;
  const access = await productAccess(order.id);
  const refunded = access.refunded.find((id) => id === params.productId);
  if (refunded) return refusedDownload(request, context, params.token, refundedProductRefusal(), refunded);
  const productId = access.open.find((id): id is ProductId => id === params.productId);
  if (!productId) return notFound();
  if (
    !(await countZipDownload(
      order.id,
      productFiles(productId).map((f) => f.id),
    ))
  ) {
    throw redirect(`${orderPagePath(params.token)}#product-${productId}`, { status: 303, headers: PRIVATE_HEADERS });
  }
  return productZipResponse(productId);
}

export function action() {
  return data({ error: "Use GET" }, { status: 405, headers: { Allow: "GET" } });
}
