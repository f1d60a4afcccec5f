import type { ProductId } from "~/lib/catalogue";
import type { ProductFileFormat } from "~/lib/product-files";
import type { UploadedFileFormat } from "~/lib/uploaded-file-formats";

/** What a buyer's file is: a built file's format, or an uploaded one's (which may be a zip). */
export type FileFormat = ProductFileFormat | UploadedFileFormat;

/** One file as the order page and the success page list it, built or uploaded alike. */
export type FileView = {
  id: string;
  title: string;
  variant?: string;
  format: FileFormat;
  bytes: number;
  downloads: number;
  overLimit: boolean;
};
/** A product's files as the owner's product page lists them: built ones (read-only), or her uploads. */
export type BuiltFileGroup = { label: string; files: { id: string; title: string; variant?: string; format: FileFormat; bytes: number }[] };
export type UploadedFileRow = {
  id: string;
  title: string;
  fileName: string;
  format: UploadedFileFormat;
  size: number;
  createdAt: Date;
  updatedAt: Date;
};
export type ProductFilesData = { built: BuiltFileGroup[] } | { uploaded: UploadedFileRow[] };

export type ProductView = { productId: ProductId; name: string; groups: { label: string; note?: string; files: FileView[] }[] };

/** "1.2 MB", "84 KB". */
export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export const FORMAT_LABELS: Record<FileFormat, string> = { pdf: "PDF", docx: "Word", xlsx: "Excel", zip: "Zip" };

/** How long the link to the page of all of a buyer's orders works (the order pages it opens work a year, as a receipt's do). */
export const PURCHASES_LINK_DAYS = 30;

/** The page of every order of a mailbox, by its link's token (decision 071). */
export function purchasesPath(token: string): string {
  return `/orders/all/${token}`;
}

/** The private order page of a link token, and one of its files. */
export function orderPagePath(token: string): string {
  return `/orders/${token}`;
}

/** The page that says why an order's files cannot be downloaded (a refused download answers with it), naming a refunded product. */
export function unavailablePath(token: string, product?: ProductId): string {
  return `${orderPagePath(token)}/unavailable${product ? `?product=${encodeURIComponent(product)}` : ""}`;
}

export function filePath(orderPath: string, fileId: string): string {
  return `${orderPath}/files/${encodeURIComponent(fileId)}`;
}

/** The "Download all" zip of one product of the order. */
export function zipPath(orderPath: string, productId: ProductId): string {
  return `${orderPath}/zip/${encodeURIComponent(productId)}`;
}
