/**
 * "Download all": one product's files as a zip, streamed as it is written (yazl), so the download
 * starts at once and the server never holds the whole archive. Entries are stored, not deflated:
 * PDFs, Word and Excel files are compressed already, and a stored zip's length is known up front.
 */
import { createReadStream, statSync } from "node:fs";
import { resolve } from "node:path";
import { Readable } from "node:stream";
import { ZipFile } from "yazl";
import type { ProductId } from "~/lib/catalogue";
import { productFiles, type ProductFile } from "~/lib/product-files";
import { PRIVATE_HEADERS, productFilesDir } from "~/server/delivery/order-access.server";

/** Where a file sits in the product's zip: under a folder named for the product, in the folders it has on disk. */
export function zipEntryName(productName: string, file: ProductFile): string {
  const [, ...rest] = file.path.split("/");
  return `${productName}/${rest.join("/")}`;
}

/** "credit-repair-toolkit.zip", from the product's name. */
export function zipFileName(productName: string): string {
  return `${productName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}.zip`;
}

/** Every file of the product as a zip download, its length announced before the first byte. */
export async function productZipResponse(productId: ProductId, productName: string): Promise<Response> {
  const zip = new ZipFile();
  for (const file of productFiles(productId)) {
    const path = resolve(productFilesDir(), file.path);
    const { size, mtime } = statSync(path);
    // Opened only when the archive reaches it: one file open at a time, whatever the product's size.
    zip.addReadStreamLazy(zipEntryName(productName, file), { compress: false, size, mtime }, (cb) => cb(null, createReadStream(path)));
  }
  // @types/yazl leaves out the callback's argument: the archive's length, or -1 if it cannot be known.
  const length = new Promise<number>((done) => zip.end(undefined, done as unknown as () => void));
  // A file failing mid-way must break the download, not end it as a short but valid-looking zip.
  const output = zip.outputStream as Readable;
  zip.on("error", (error: Error) => output.destroy(error));
  const size = await length;
  return new Response(Readable.toWeb(output) as ReadableStream<Uint8Array>, {
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": "application/zip",
      ...(size >= 0 ? { "Content-Length": String(size) } : {}),
      "Content-Disposition": `attachment; filename="${zipFileName(productName)}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
