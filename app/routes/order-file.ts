import { data, redirect } from "react-router";
import type { Route } from "./+types/order-file";
import { orderPagePath } from "~/lib/order-files";
import { countDownload, downloadableOrder, fileResponse, orderFile, PRIVATE_HEADERS } from "~/server/delivery/order-access.server";
import { refusedDownload } from "~/server/delivery/refused-download.server";

/**
 * A file of an order: only with a live link, only for a paid order, only if the order bought the
 * product the file belongs to and it was not refunded (410, as for a refunded order). Past the soft limit the order page says to contact support.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const found = await downloadableOrder(params.token);
  if (found.refusal) return refusedDownload(request, context, params.token, found.refusal);
  const { order } = found;
  const opened = await orderFile(order.id, params.fileId);
  if ("refusal" in opened) {
    // A file of a product refunded since: the page that names it (410). One the order never bought: a plain 404.
    return opened.refundedProduct
      ? refusedDownload(request, context, params.token, opened.refusal, opened.refundedProduct)
      : opened.refusal;
  }
  const { file } = opened;
  if (!(await countDownload(order.id, file.id))) {
    throw redirect(`${orderPagePath(params.token)}#file-${encodeURIComponent(file.id)}`, { status: 303, headers: PRIVATE_HEADERS });
  }
  return fileResponse(file);
}

export function action() {
  return data({ error: "Use GET" }, { status: 405, headers: { Allow: "GET" } });
}
