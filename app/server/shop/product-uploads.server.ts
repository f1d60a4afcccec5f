/**
 * The owner's uploaded product files (/admin/products/:id, decision 072): upload, replace, remove
 * (her page's list is delivery's, owner-file-list.server.ts). Each file's kind is decided from its bytes
 * (file-kind.server.ts); its bytes go into product_files, so every server serves them at its
 * next request (delivery reads the table per request and caches nothing: no content version to
 * raise). A replacement keeps the file's id, so every buyer's link and zip give the new bytes at
 * once; a removal deletes the row, and its buyers no longer see the file. The toolkit's and the
 * Power Pack's files are built from products/src and are refused here. Every change leaves an
 * audit-log entry; a refusal changes nothing.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { products, uploadedProductFiles } from "../../../db/schema";
import { FORMAT_LABELS, formatBytes } from "~/lib/order-files";
import { hasBuiltFiles } from "~/lib/product-files";
import { FORMAT_EXTENSIONS, type UploadedFileFormat } from "~/lib/uploaded-file-formats";
import { PRODUCT_FILE_TITLE_MAX } from "~/lib/forms/product-upload";
import { recordAudit } from "~/server/audit.server";
import { db } from "~/server/db.server";
import { fileKind } from "~/server/shop/file-kind.server";

/** What the owner is told after a post: done, or why nothing changed. */
export type FileChange = { ok: boolean; message: string };

/** A file as it arrived: the name the owner's computer gave it, and its bytes. */
export type ArrivedFile = { name: string; bytes: Buffer };

export const NO_SUCH_FILE = "That file is no longer there (it may have been removed in another tab): reload the page.";

/** The name without its folder and extension, as the owner's computer gave it. */
function stemOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return (dot > 0 ? base.slice(0, dot) : base).trim();
}

/**
 * The download's name: the uploaded file's own, in letters, digits, spaces and a few marks that
 * every system and a Content-Disposition header take as they are, ending with its format's
 * extension (a Word file uploaded as "notes.pdf" downloads as "notes.docx").
 */
export function downloadName(name: string, format: UploadedFileFormat): string {
  const stem = stemOf(name)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 ._()-]+/g, "-")
    .replace(/\s+/g, " ")
    .replace(/-{2,}/g, "-")
    .replace(/^[\s.-]+|[\s.-]+$/g, "")
    .slice(0, 80)
    .trim();
  return `${stem || "file"}.${FORMAT_EXTENSIONS[format]}`;
}

/** The title a file gets when the owner leaves it empty: its name without the extension. */
export function defaultTitle(name: string): string {
  return stemOf(name).slice(0, PRODUCT_FILE_TITLE_MAX) || "File";
}

/** The columns an audit entry and a notice describe a file by. */
const DESCRIBED = {
  title: uploadedProductFiles.title,
  fileName: uploadedProductFiles.fileName,
  format: uploadedProductFiles.format,
  size: uploadedProductFiles.size,
};

const describe = (fileName: string, format: UploadedFileFormat, size: number) =>
  `${fileName} (${FORMAT_LABELS[format]}, ${formatBytes(size)})`;

/** Whether there is a product of this id (the files route's GET leads to its page, or is Not found). */
export async function productExists(productId: string): Promise<boolean> {
  const [product] = await db().select({ id: products.id }).from(products).where(eq(products.id, productId));
  return product !== undefined;
}

/** The product's name, or why its files cannot be changed here. */
async function uploadable(productId: string): Promise<{ name: string } | { refused: string }> {
  const [product] = await db().select({ name: products.name }).from(products).where(eq(products.id, productId));
  if (!product) return { refused: "No such product." };
  if (hasBuiltFiles(productId)) {
    return {
      refused: `The ${product.name}'s files are built from products/src and ship with the site: they are changed there, not uploaded here.`,
    };
  }
  return product;
}

/** The bytes' kind and facts, or why they are refused. */
async function checked(file: ArrivedFile) {
  const kind = await fileKind(file.bytes);
  // Named, so the owner knows which of her files it was ("Workbook.pdf: That file is not ...").
  if (!kind.ok) return { ok: false as const, message: `${file.name}: ${kind.message}` };
  return {
    ok: true as const,
    format: kind.format,
    fileName: downloadName(file.name, kind.format),
    size: file.bytes.length,
    sha256: createHash("sha256").update(file.bytes).digest("hex"),
  };
}

/** A new file for the product, listed after its others. */
export async function uploadProductFile(productId: string, title: string, file: ArrivedFile): Promise<FileChange> {
  const product = await uploadable(productId);
  if ("refused" in product) return { ok: false, message: product.refused };
  const facts = await checked(file);
  if (!facts.ok) return facts;
  const id = `u-${randomBytes(6).toString("hex")}`;
  const shown = title || defaultTitle(file.name);
  await db()
    .insert(uploadedProductFiles)
    .values({
      id,
      productId,
      title: shown,
      fileName: facts.fileName,
      format: facts.format,
      bytes: file.bytes,
      size: facts.size,
      sha256: facts.sha256,
      sortOrder: sql`(select coalesce(max(${uploadedProductFiles.sortOrder}), 0) + 1 from ${uploadedProductFiles} where ${uploadedProductFiles.productId} = ${productId})`,
    });
  await recordAudit(
    "product-file-upload",
    `product:${productId}`,
    `"${shown}" ${describe(facts.fileName, facts.format, facts.size)} as ${id}`,
  );
  return {
    ok: true,
    message: `Uploaded “${shown}”, ${describe(facts.fileName, facts.format, facts.size)}: its buyers have it on their order page and in its zip now.`,
  };
}

/** New bytes for one of the product's files, under the same id: every buyer's link gives them from now on. */
export async function replaceProductFile(productId: string, fileId: string, file: ArrivedFile): Promise<FileChange> {
  const product = await uploadable(productId);
  if ("refused" in product) return { ok: false, message: product.refused };
  const facts = await checked(file);
  if (!facts.ok) return facts;
  const where = and(eq(uploadedProductFiles.id, fileId), eq(uploadedProductFiles.productId, productId));
  const replaced = await db().transaction(async (tx) => {
    const [before] = await tx.select(DESCRIBED).from(uploadedProductFiles).where(where).for("update");
    if (!before) return undefined;
    await tx
      .update(uploadedProductFiles)
      .set({
        fileName: facts.fileName,
        format: facts.format,
        bytes: file.bytes,
        size: facts.size,
        sha256: facts.sha256,
        updatedAt: sql`now()`,
      })
      .where(where);
    return before;
  });
  if (!replaced) return { ok: false, message: NO_SUCH_FILE };
  await recordAudit(
    "product-file-replace",
    `product:${productId}`,
    `"${replaced.title}" (${fileId}) ${describe(replaced.fileName, replaced.format, replaced.size)} -> ${describe(facts.fileName, facts.format, facts.size)}`,
  );
  return {
    ok: true,
    message: `Replaced “${replaced.title}” with ${describe(facts.fileName, facts.format, facts.size)}: every buyer's link and zip give the new file now.`,
  };
}

/** Remove one of the product's files: its buyers no longer see it. */
export async function removeProductFile(productId: string, fileId: string): Promise<FileChange> {
  const product = await uploadable(productId);
  if ("refused" in product) return { ok: false, message: product.refused };
  const [removed] = await db()
    .delete(uploadedProductFiles)
    .where(and(eq(uploadedProductFiles.id, fileId), eq(uploadedProductFiles.productId, productId)))
    .returning(DESCRIBED);
  if (!removed) return { ok: false, message: NO_SUCH_FILE };
  await recordAudit(
    "product-file-remove",
    `product:${productId}`,
    `"${removed.title}" (${fileId}) ${describe(removed.fileName, removed.format, removed.size)}`,
  );
  return { ok: true, message: `Removed “${removed.title}”: its buyers no longer see it on their order page or in its zip.` };
}
