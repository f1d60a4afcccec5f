/**
 * "Download all": one product's files as a zip, streamed as it is written (yazl), so the download
 * starts at once and the server never holds the whole archive. Entries are stored, not deflated:
 * PDFs, Word and Excel files (and zips) are compressed already, and a stored zip's length is known
 * up front. A built file is read from disk when the archive reaches it; an uploaded one's bytes
 * from the database then (one file's bytes in memory at a time), checked to be the ones listed.
 */
import { createReadStream, statSync } from "node:fs";
import { resolve } from "node:path";
import { Readable } from "node:stream";
import { ZipFile } from "yazl";
import type { ProductId } from "~/lib/catalogue";
import {
  deliverableFiles,
  isUploaded,
  PRIVATE_HEADERS,
  productFilesDir,
  type DeliverableFile,
} from "~/server/delivery/order-access.server";
import { uploadedFileBytes, type UploadedFile } from "~/server/delivery/uploaded-files.server";

/**
 * Where a file sits in the product's zip: under a folder named for the product, a built one in the
 * folders it has on disk, an uploaded one by its download name.
 */
export function zipEntryName(productName: string, file: DeliverableFile): string {
  if (isUploaded(file)) return `${productName}/${file.fileName}`;
  const [, ...rest] = file.path.split("/");
  return `${productName}/${rest.join("/")}`;
}

/** Entry names made unique: two uploads may share a name ("letter.pdf", "letter (2).pdf"). */
function uniqueNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    const dot = name.lastIndexOf(".");
    const [stem, ext] = dot > name.lastIndexOf("/") ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    for (let n = 2; seen.has(candidate); n++) candidate = `${stem} (${n})${ext}`;
    seen.add(candidate);
    return candidate;
  });
}

/** An uploaded file's bytes as a stream, when the archive reaches it; an error if it changed since it was listed. */
function uploadedStream(file: UploadedFile, cb: (err: unknown, stream: NodeJS.ReadableStream) => void): void {
  uploadedFileBytes(file).then(
    (bytes) =>
      bytes
        ? cb(null, Readable.from([bytes]))
        : cb(new Error(`Uploaded file ${file.id} was replaced or removed during the zip`), Readable.from([])),
    (error: unknown) => cb(error, Readable.from([])),
  );
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
  const files = await deliverableFiles(productId);
  const names = uniqueNames(files.map((file) => zipEntryName(productName, file)));
  files.forEach((file, i) => {
    if (isUploaded(file)) {
      zip.addReadStreamLazy(names[i]!, { compress: false, size: file.size, mtime: file.updatedAt }, (cb) => uploadedStream(file, cb));
      return;
    }
    const path = resolve(productFilesDir(), file.path);
    const { size, mtime } = statSync(path);
    // Opened only when the archive reaches it: one file open at a time, whatever the product's size.
    zip.addReadStreamLazy(names[i]!, { compress: false, size, mtime }, (cb) => cb(null, createReadStream(path)));
  });
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
