/**
 * The one rule for a download: may this order link download this file (or this product's zip)
 * now? A live link, a paid order, a product the order bought and that was not refunded since, a
 * file of that product, and the per-file soft limit not yet reached (an allowed download is
 * counted here). /orders/:token/files/:fileId and /orders/:token/zip/:productId both ask it, and
 * answer with `downloadResponse`.
 */
import { redirect, type AppLoadContext } from "react-router";
import type { ProductId } from "~/lib/catalogue";
import { orderPagePath } from "~/lib/order-files";
import {
  countDownload,
  countZipDownload,
  deliverableFiles,
  downloadableOrder,
  fileResponse,
  notFound,
  orderFile,
  PRIVATE_HEADERS,
  productAccess,
  refundedProductRefusal,
  type DeliverableFile,
} from "~/server/delivery/order-access.server";
import { refusedDownload } from "~/server/delivery/refused-download.server";
import { productZipResponse } from "~/server/delivery/zip.server";

/** What is asked for: one file, or every file of one product as a zip. */
/** A file by id, or a product's zip (`productName`: the product store's name for it, the zip's folder and file name). */
export type DownloadRequest = { file: string } | { zip: string; productName: string };

export type DownloadAnswer =
  | { kind: "file"; file: DeliverableFile }
  | { kind: "zip"; productId: ProductId; productName: string }
  /**
   * The link or the order cannot download (unknown or expired link, unpaid, refunded or disputed
   * order), or the product was refunded since (`product` names it): the page that says why.
   */
  | { kind: "unavailable"; refusal: Response; product?: ProductId }
  /** A file or product the order never bought (or a file removed by the owner, a product without files): a plain 404, no page. */
  | { kind: "not-bought" }
  /** The soft limit is reached: the order page, at this file or product, says to contact support. */
  | { kind: "over-limit"; anchor: string };

export async function mayDownload(token: string, asked: DownloadRequest): Promise<DownloadAnswer> {
  const found = await downloadableOrder(token);
  if (found.refusal) return { kind: "unavailable", refusal: found.refusal };
  const orderId = found.order.id;
  if ("file" in asked) {
    const opened = await orderFile(orderId, asked.file);
    if ("refusal" in opened) {
      return opened.refundedProduct
        ? { kind: "unavailable", refusal: opened.refusal, product: opened.refundedProduct }
        : { kind: "not-bought" };
    }
    if (!(await countDownload(orderId, opened.file.id)))
      return { kind: "over-limit", anchor: `file-${encodeURIComponent(opened.file.id)}` };
    return { kind: "file", file: opened.file };
  }
  const access = await productAccess(orderId);
  const refunded = access.refunded.find((id) => id === asked.zip);
  if (refunded) return { kind: "unavailable", refusal: refundedProductRefusal(), product: refunded };
  const productId = access.open.find((id) => id === asked.zip);
  if (!productId) return { kind: "not-bought" };
  const files = await deliverableFiles(productId);
  // A product with no file yet (one made in the dashboard, nothing uploaded) has no zip either.
  if (files.length === 0) return { kind: "not-bought" };
  const counted = await countZipDownload(
    orderId,
    files.map((f) => f.id),
  );
  return counted ? { kind: "zip", productId, productName: asked.productName } : { kind: "over-limit", anchor: `product-${productId}` };
}

/** The answer as the buyer gets it: the file or zip, the page saying why not, a plain 404, or back to the order page. */
export async function downloadResponse(
  request: Request,
  context: AppLoadContext,
  token: string,
  asked: DownloadRequest,
): Promise<Response> {
  const answer = await mayDownload(token, asked);
  switch (answer.kind) {
    case "file":
      return fileResponse(answer.file);
    case "zip":
      return productZipResponse(answer.productId, answer.productName);
    case "unavailable":
      return refusedDownload(request, context, token, answer.refusal, answer.product);
    case "not-bought":
      return notFound();
    case "over-limit":
      throw redirect(`${orderPagePath(token)}#${answer.anchor}`, { status: 303, headers: PRIVATE_HEADERS });
  }
}
