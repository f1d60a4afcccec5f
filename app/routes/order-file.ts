import { data } from "react-router";
import type { Route } from "./+types/order-file";
import { downloadResponse } from "~/server/delivery/may-download.server";
import { page } from "~/lib/page-policy";

/**
 * A file of an order: only with a live link, only for a paid order, only if the order bought the
 * product the file belongs to and it was not refunded (410, as for a refunded order). Past the soft limit the order page says to contact support.
 */
export const handle = page({ robots: "noindex" });

export function loader({ params, request, context }: Route.LoaderArgs) {
  return downloadResponse(request, context, params.token, { file: params.fileId });
}

export function action() {
  return data({ error: "Use GET" }, { status: 405, headers: { Allow: "GET" } });
}
