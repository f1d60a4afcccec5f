/**
 * A product's files as the owner's product page lists them (/admin/products/:id): the toolkit's
 * and the Power Pack's built files, read-only, with their sizes on disk; any other product's
 * uploads, with their dates (never their bytes).
 */
import type { ProductId } from "~/lib/catalogue";
import { fileGroupsOf, hasBuiltFiles } from "~/lib/product-files";
import type { ProductFilesData } from "~/lib/order-files";
import { sizeOf } from "~/server/delivery/order-access.server";
import { uploadedFilesOf } from "~/server/delivery/uploaded-files.server";

export async function productFilesData(productId: ProductId): Promise<ProductFilesData> {
  if (hasBuiltFiles(productId)) {
    return {
      built: fileGroupsOf(productId)
        .filter((group) => group.files.length > 0)
        .map((group) => ({
          label: group.label,
          files: group.files.map((file) => ({
            id: file.id,
            title: file.title,
            variant: file.variant,
            format: file.format,
            bytes: sizeOf(file),
          })),
        })),
    };
  }
  const uploaded = await uploadedFilesOf([productId]);
  return {
    uploaded: uploaded.map(({ id, title, fileName, format, size, createdAt, updatedAt }) => ({
      id,
      title,
      fileName,
      format,
      size,
      createdAt,
      updatedAt,
    })),
  };
}
