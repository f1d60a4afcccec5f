/**
 * Access to what a paid order bought: the private order page's links (random tokens, stored as
 * hashes, valid a year), the files each entitlement opens, and the per-file download count.
 */
import { createReadStream, statSync } from "node:fs";
import { resolve } from "node:path";
import { Readable } from "node:stream";
import { and, desc, eq, gte, inArray, notExists, sql } from "drizzle-orm";
import { downloads, entitlements, orderAccessTokens, orderRefunds, orders } from "../../../db/schema";
import { POWER_PACK_ID, TOOLKIT_ID, type ProductId } from "~/lib/catalogue";
import { fileGroupsOf, PRODUCT_FILES, productFiles, type ProductFile } from "~/lib/product-files";
import type { FileFormat, FileView, ProductView } from "~/lib/order-files";

import { db } from "~/server/db.server";
import { filePaths } from "~/server/env.server";
import type { Order } from "~/server/payments/orders.server";
import { successPageToken } from "~/server/delivery/buyer-key.server";
import { refundsOf } from "~/server/payments/refund-events.server";
import { hashToken, isTokenShaped, newToken } from "~/server/tokens.server";
import type { ProductCatalogue } from "~/server/shop/product-store.server";
import {
  UPLOADED_FILES_LABEL,
  uploadedFile,
  uploadedFileContent,
  uploadedFileCounts,
  uploadedFilesOf,
  type UploadedFile,
} from "~/server/delivery/uploaded-files.server";

/**
 * A file a buyer downloads: built (the toolkit's and the Power Pack's, on disk under
 * products/files) or uploaded by the owner (in the database, decision 072).
 */
export type DeliverableFile = ProductFile | UploadedFile;

export const isUploaded = (file: DeliverableFile): file is UploadedFile => "fileName" in file;

/** What delivery asks of the products: their names as the product store has them now. */
export type ProductNames = Pick<ProductCatalogue, "name">;

export const ORDER_LINK_DAYS = 365;
/** Downloads of one file past which the page says "contact support" instead (a generous soft limit). */
export const DOWNLOAD_SOFT_LIMIT = 20;

/** Where the built product files are (products/files, relative to the working directory). */
export function productFilesDir(): string {
  return resolve(filePaths().PRODUCT_FILES_DIR);
}

/**
 * Every built file that is missing from the product directory (checked at start-up: a server that
 * would sell what it cannot deliver refuses to start). Uploaded files are rows in the database,
 * written whole or not at all: nothing to check here.
 */
export function missingProductFiles(): string[] {
  const missing: string[] = [];
  for (const groups of Object.values(PRODUCT_FILES)) {
    for (const group of groups) {
      for (const file of group.files) {
        try {
          fileSize(file.path);
        } catch {
          missing.push(file.path);
        }
      }
    }
  }
  return missing;
}

export type OrderPurpose =
  "receipt" | "success-page" | "lost-link" | "review-request" | "product-update" | "purchases-page" | "dispute-reminder";

/** A new link to an order's page. The token is returned once, for the message or page that shows it. */
export async function mintOrderLink(orderId: number, purpose: OrderPurpose): Promise<string> {
  const { token, hash } = newToken();
  await db()
    .insert(orderAccessTokens)
    .values({ tokenHash: hash, orderId, purpose, expiresAt: new Date(Date.now() + ORDER_LINK_DAYS * 86_400_000) });
  return token;
}

/**
 * The success page's link for the buyer's browser (its token derived from the browser's key):
 * stored the first time, found again on every reload, so reloading adds no links.
 */
export async function successPageLink(orderId: number, key: string): Promise<string> {
  const token = successPageToken(orderId, key);
  await db()
    .insert(orderAccessTokens)
    .values({
      tokenHash: hashToken(token),
      orderId,
      purpose: "success-page",
      expiresAt: new Date(Date.now() + ORDER_LINK_DAYS * 86_400_000),
    })
    .onConflictDoNothing({ target: orderAccessTokens.tokenHash });
  return token;
}

export type TokenLookup = { kind: "ok"; order: Order } | { kind: "expired" } | { kind: "invalid" };

/** What a link that opens no order answers, on every page and file it leads to: 404 if it is not ours, 410 once expired. */
export const DEAD_LINK_STATUS = { invalid: 404, expired: 410 } as const;

/** The order a link opens. Unknown, malformed and foreign tokens look the same: invalid. */
export async function orderForToken(token: string): Promise<TokenLookup> {
  if (!isTokenShaped(token)) return { kind: "invalid" };
  const [row] = await db()
    .select({ order: orders, expiresAt: orderAccessTokens.expiresAt })
    .from(orderAccessTokens)
    .innerJoin(orders, eq(orders.id, orderAccessTokens.orderId))
    .where(eq(orderAccessTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return { kind: "invalid" };
  if (row.expiresAt.getTime() <= Date.now()) return { kind: "expired" };
  return { kind: "ok", order: row.order };
}

/** Sizes by absolute path: the files never change while the server runs, but the directory may be another one. */
const refuse = (status: 404 | 410, message: string) =>
  new Response(message, { status, headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });

/**
 * The paid order a download link opens, or the answer that refuses it: 404 for a link that is not
 * ours, 410 once it has expired or the order is refunded or disputed.
 */
export async function downloadableOrder(token: string): Promise<{ order: Order; refusal?: undefined } | { refusal: Response }> {
  const found = await orderForToken(token);
  if (found.kind === "invalid") return { refusal: notFound() };
  if (found.kind === "expired")
    return { refusal: refuse(DEAD_LINK_STATUS.expired, "This order link has expired: get a new one at /orders/lookup.") };
  if (found.order.status !== "paid") return { refusal: refuse(410, "This order's downloads are no longer available.") };
  return { order: found.order };
}

export const notFound = () => refuse(DEAD_LINK_STATUS.invalid, "Not found.");

/**
 * A product file's size, read when asked (one stat, microseconds, beside the page's queries or
 * the download's own read): never a remembered size that a file rebuilt under a running server
 * would make wrong in a Content-Length.
 */
function fileSize(path: string): number {
  return statSync(resolve(productFilesDir(), path)).size;
}

/** The products an order opens: granted when it was paid, and not refunded since (one may be, the others stay). */
export async function grantedProducts(orderId: number): Promise<ProductId[]> {
  return (await productAccess(orderId)).open;
}

/** The toolkit first, then its add-on, then any other product by id: the order every page lists an order's products in. */
const LISTING_RANK: Record<string, number> = { [TOOLKIT_ID]: 0, [POWER_PACK_ID]: 1 };
const listingOrder = (a: ProductId, b: ProductId) => (LISTING_RANK[a] ?? 2) - (LISTING_RANK[b] ?? 2) || a.localeCompare(b);

/**
 * The order's products, as open or refunded: every product granted, whatever its status now (a
 * retired product's buyers keep their files, issue 53).
 */
export async function productAccess(orderId: number): Promise<{ open: ProductId[]; refunded: ProductId[] }> {
  const [rows, refunds] = await Promise.all([
    db().select({ productId: entitlements.productId }).from(entitlements).where(eq(entitlements.orderId, orderId)),
    refundsOf(orderId),
  ]);
  const granted = rows.map((r) => r.productId).sort(listingOrder);
  return {
    open: granted.filter((id) => !refunds.products.includes(id)),
    refunded: granted.filter((id) => refunds.products.includes(id)),
  };
}

/**
 * The file behind an id among the order's products, or the refusal: 404 for a file the order never
 * bought, 410 for one of a product refunded since (its page names the product: refused-download).
 */
export async function orderFile(
  orderId: number,
  fileId: string,
): Promise<{ file: DeliverableFile } | { refusal: Response; refundedProduct?: ProductId }> {
  const access = await productAccess(orderId);
  const built = findFile(access.open, fileId);
  if (built) return { file: built };
  const uploaded = await uploadedFile(fileId);
  if (uploaded && access.open.includes(uploaded.productId)) return { file: uploaded };
  const refundedProduct =
    access.refunded.find((id) => findFile([id], fileId)) ?? (uploaded && access.refunded.find((id) => id === uploaded.productId));
  return refundedProduct ? { refusal: refundedProductRefusal(), refundedProduct } : { refusal: notFound() };
}

/** The products refunded from an order still open, with what each line charged (the order page says so). */
export async function refundedLines(
  order: Order,
  names: ProductNames,
): Promise<{ productId: ProductId; name: string; amountCents: number }[]> {
  const { refunded } = await productAccess(order.id);
  return refunded.map((productId) => {
    const line = order.lines.find((l) => l.id === productId);
    return { productId, name: names.name(productId), amountCents: line ? line.unitAmountCents * line.quantity : 0 };
  });
}

/**
 * For the refund notice of one product of several: what this refund gave back (`products`, from the
 * outbox row) and what stays the buyer's now. Undefined for a notice of the whole order.
 */
export async function refundNoticePart(
  order: Order,
  products: readonly string[] | undefined,
  names: ProductNames,
): Promise<{ refunded: { name: string; amountCents: number }[]; kept: string[] } | undefined> {
  if (!products?.length || products.length >= order.lines.length) return undefined;
  const { open } = await productAccess(order.id);
  return {
    refunded: order.lines
      .filter((l) => products.includes(l.id))
      .map((l) => ({ name: l.name, amountCents: l.unitAmountCents * l.quantity })),
    kept: open.map((id) => names.name(id)),
  };
}

/** A refunded product's file or zip, while the order's other products stay open. */
export const refundedProductRefusal = () => refuse(410, "This product was refunded: its downloads are no longer available.");

/** A file's size in bytes: a built one's on disk now, an uploaded one's as stored. */
export function sizeOf(file: DeliverableFile): number {
  return isUploaded(file) ? file.size : fileSize(file.path);
}

/** A file as a page lists it (no path on disk, no hash), with how often this order downloaded it. */
function fileView(file: DeliverableFile, downloaded: number): FileView {
  return {
    id: file.id,
    title: file.title,
    ...(!isUploaded(file) && file.variant ? { variant: file.variant } : {}),
    format: file.format,
    bytes: sizeOf(file),
    downloads: downloaded,
    overLimit: downloaded >= DOWNLOAD_SOFT_LIMIT,
  };
}

/**
 * Every file the order's entitlements open, product by product, with sizes and download counts:
 * the built groups, then the product's uploaded files in a group of their own.
 */
export async function orderFiles(orderId: number, names: ProductNames): Promise<ProductView[]> {
  const products = await grantedProducts(orderId);
  const [rows, uploaded] = await Promise.all([
    db().select().from(downloads).where(eq(downloads.orderId, orderId)),
    uploadedFilesOf(products),
  ]);
  const counts = new Map(rows.map((d) => [d.fileId, d.count]));
  const view = (file: DeliverableFile) => fileView(file, counts.get(file.id) ?? 0);
  return products.map((productId) => {
    const own = uploaded.filter((f) => f.productId === productId);
    return {
      productId,
      name: names.name(productId),
      groups: [
        ...fileGroupsOf(productId).map((group) => ({ label: group.label, note: group.note, files: group.files.map(view) })),
        ...(own.length > 0 ? [{ label: UPLOADED_FILES_LABEL, files: own.map(view) }] : []),
      ],
    };
  });
}

/** Every file of a product, built then uploaded: what its zip holds and counts. */
export async function deliverableFiles(productId: ProductId): Promise<DeliverableFile[]> {
  return [...productFiles(productId), ...(await uploadedFilesOf([productId]))];
}

/** How many files each product gives its buyers, built and uploaded (the receipt says so). */
export async function fileCounts(productIds: readonly ProductId[]): Promise<Map<ProductId, number>> {
  const uploaded = await uploadedFileCounts(productIds);
  return new Map(productIds.map((id) => [id, productFiles(id).length + (uploaded.get(id) ?? 0)]));
}

/** The file behind an id, if one of these products has it. */
export function findFile(products: readonly ProductId[], fileId: string): ProductFile | undefined {
  for (const productId of products) {
    for (const group of fileGroupsOf(productId)) {
      const file = group.files.find((f) => f.id === fileId);
      if (file) return file;
    }
  }
  return undefined;
}

/**
 * Count a download of every file in a product's zip, unless one of them has reached the soft limit
 * (then nothing is counted and the zip is not sent: the page says which files need support).
 */
export async function countZipDownload(orderId: number, fileIds: readonly string[]): Promise<boolean> {
  const [spent] = await db()
    .select({ fileId: downloads.fileId })
    .from(downloads)
    .where(and(eq(downloads.orderId, orderId), inArray(downloads.fileId, [...fileIds]), gte(downloads.count, DOWNLOAD_SOFT_LIMIT)))
    .limit(1);
  if (spent) return false;
  await db()
    .insert(downloads)
    .values(fileIds.map((fileId) => ({ orderId, fileId, count: 1 })))
    .onConflictDoUpdate({ target: [downloads.orderId, downloads.fileId], set: { count: sql`${downloads.count} + 1`, lastAt: sql`now()` } });
  return true;
}

/** Count one download, unless the soft limit is reached: true when the file may be sent. */
export async function countDownload(orderId: number, fileId: string): Promise<boolean> {
  const rows = await db()
    .insert(downloads)
    .values({ orderId, fileId, count: 1 })
    .onConflictDoUpdate({
      target: [downloads.orderId, downloads.fileId],
      set: { count: sql`${downloads.count} + 1`, lastAt: sql`now()` },
      setWhere: sql`${downloads.count} < ${DOWNLOAD_SOFT_LIMIT}`,
    })
    .returning({ count: downloads.count });
  return rows.length > 0;
}

const CONTENT_TYPES: Record<FileFormat, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  zip: "application/zip",
};

export const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
};

/** A download's headers: private, never cached or indexed, never sniffed into another type. */
function downloadHeaders(format: FileFormat, size: number, name: string): Record<string, string> {
  return {
    ...PRIVATE_HEADERS,
    "Content-Type": CONTENT_TYPES[format],
    "Content-Length": String(size),
    "Content-Disposition": `attachment; filename="${name}"`,
    "X-Content-Type-Options": "nosniff",
  };
}

/**
 * The file as a download: a built one streamed from the private directory, an uploaded one's bytes
 * from the database as they are now (a file removed in the moment since it was found is Not found).
 */
export async function fileResponse(file: DeliverableFile): Promise<Response> {
  if (isUploaded(file)) {
    const now = await uploadedFileContent(file.id);
    if (!now) return notFound();
    return new Response(new Uint8Array(now.bytes), { headers: downloadHeaders(now.format, now.bytes.length, now.fileName) });
  }
  const path = resolve(productFilesDir(), file.path);
  const name = file.path.split("/").pop()!;
  const stream = Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
  return new Response(stream, { headers: downloadHeaders(file.format, fileSize(file.path), name) });
}

/**
 * The newest paid order of this address (its canonical spelling, as orders store it) that still
 * opens this product: granted and not refunded (a buyer refunded for the Power Pack alone still
 * owns the toolkit). A product update links it, and goes only while there is one (decision 071).
 */
export async function newestOrderOpening(email: string, productId: string): Promise<number | undefined> {
  const [row] = await db()
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(entitlements, and(eq(entitlements.orderId, orders.id), eq(entitlements.productId, productId)))
    .where(
      and(
        eq(orders.customerEmail, email),
        eq(orders.status, "paid"),
        notExists(
          db()
            .select({ one: sql`1` })
            .from(orderRefunds)
            .where(and(eq(orderRefunds.orderId, orders.id), eq(orderRefunds.productId, productId))),
        ),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  return row?.id;
}
