/**
 * The files the owner uploaded for a product (product_files, decision 072), as delivery reads
 * them: their facts for the order page and the zip (never the bytes), and the bytes of one when it
 * is downloaded. Read from the table on every request and never cached, so a file uploaded,
 * replaced or removed on one server is what every server gives at its next request.
 */
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { uploadedProductFiles } from "../../../db/schema";
import { UPLOADED_FILE_ID, type UploadedFileFormat } from "~/lib/uploaded-file-formats";
import { db } from "~/server/db.server";

/** One uploaded file, without its bytes. */
export type UploadedFile = {
  id: string;
  productId: string;
  title: string;
  fileName: string;
  format: UploadedFileFormat;
  size: number;
  sha256: string;
  createdAt: Date;
  updatedAt: Date;
};

/** The group the order page lists a product's uploaded files in, after its built groups. */
export const UPLOADED_FILES_LABEL = "Files";

const facts = {
  id: uploadedProductFiles.id,
  productId: uploadedProductFiles.productId,
  title: uploadedProductFiles.title,
  fileName: uploadedProductFiles.fileName,
  format: uploadedProductFiles.format,
  size: uploadedProductFiles.size,
  sha256: uploadedProductFiles.sha256,
  createdAt: uploadedProductFiles.createdAt,
  updatedAt: uploadedProductFiles.updatedAt,
};

/** These products' uploaded files, each product's in its own order (the order they were uploaded in). */
export async function uploadedFilesOf(productIds: readonly string[]): Promise<UploadedFile[]> {
  if (productIds.length === 0) return [];
  return db()
    .select(facts)
    .from(uploadedProductFiles)
    .where(inArray(uploadedProductFiles.productId, [...productIds]))
    .orderBy(asc(uploadedProductFiles.productId), asc(uploadedProductFiles.sortOrder), asc(uploadedProductFiles.createdAt));
}

/** How many files each of these products has uploaded. */
export async function uploadedFileCounts(productIds: readonly string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db()
    .select({ productId: uploadedProductFiles.productId, n: count() })
    .from(uploadedProductFiles)
    .where(inArray(uploadedProductFiles.productId, [...productIds]))
    .groupBy(uploadedProductFiles.productId);
  return new Map(rows.map((r) => [r.productId, r.n]));
}

/** The uploaded file with this id, if there is one (an id of another shape is never looked up). */
export async function uploadedFile(id: string): Promise<UploadedFile | undefined> {
  if (!UPLOADED_FILE_ID.test(id)) return undefined;
  const [row] = await db().select(facts).from(uploadedProductFiles).where(eq(uploadedProductFiles.id, id));
  return row;
}

/** A file's bytes as they are now, with the name and format they download as (a replacement since it was found is what is sent). */
export async function uploadedFileContent(
  id: string,
): Promise<{ bytes: Buffer; fileName: string; format: UploadedFileFormat } | undefined> {
  const [row] = await db()
    .select({ bytes: uploadedProductFiles.bytes, fileName: uploadedProductFiles.fileName, format: uploadedProductFiles.format })
    .from(uploadedProductFiles)
    .where(eq(uploadedProductFiles.id, id));
  return row;
}

/**
 * The bytes of a file as listed: undefined when it was replaced (another sha256) or removed since
 * the listing, so a zip whose directory announced the old size never carries other bytes.
 */
export async function uploadedFileBytes(file: Pick<UploadedFile, "id" | "sha256">): Promise<Buffer | undefined> {
  const [row] = await db()
    .select({ bytes: uploadedProductFiles.bytes })
    .from(uploadedProductFiles)
    .where(and(eq(uploadedProductFiles.id, file.id), eq(uploadedProductFiles.sha256, file.sha256)));
  return row?.bytes;
}
