import { data, redirect } from "react-router";
import type { Route } from "./+types/order-file";
import { orderPagePath } from "~/lib/order-files";
import {
  countDownload,
  fileResponse,
  findFile,
  grantedProducts,
  orderForToken,
  PRIVATE_HEADERS,
} from "~/server/delivery/order-access.server";

const refuse = (status: 404 | 410, message: string) =>
  new Response(message, { status, headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });

/**
 * A file of an order: only with a live link, only for a paid order, only if the order bought the
 * product the file belongs to. Past the soft limit the order page says to contact support.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const found = await orderForToken(params.token);
  if (found.kind === "invalid") return refuse(404, "Not found.");
  if (found.kind === "expired") return refuse(410, "This order link has expired: get a new one at /orders/lookup.");
  const { order } = found;
  if (order.status !== "paid") return refuse(410, "This order's downloads are no longer available.");
  const file = findFile(await grantedProducts(order.id), params.fileId);
  if (!file) return refuse(404, "Not found.");
  if (!(await countDownload(order.id, file.id))) {
    throw redirect(`${orderPagePath(params.token)}#file-${encodeURIComponent(file.id)}`, { status: 303, headers: PRIVATE_HEADERS });
  }
  return fileResponse(file);
}

export function action() {
  return data({ error: "Use GET" }, { status: 405, headers: { Allow: "GET" } });
}
