/**
 * Cover images the owner uploads (issue 24). The bytes decide, not the file's name or declared
 * type: sharp must read them as JPEG, PNG, WebP or AVIF (SVG, which can carry script, and
 * everything else are refused), within the size limits. What is stored is re-encoded: the
 * responsive sizes and formats the article pages use (16:9 at ARTICLE_IMAGE_WIDTHS, AVIF and WebP,
 * like scripts/make-images.ts makes for the shipped articles) and the 1200x630 JPEG social card,
 * all without the original's metadata (EXIF, GPS, camera; sharp writes none unless asked), with
 * the EXIF orientation applied first. The files live in the database (article_image_files), so
 * every server answers them (routes/uploaded-image.ts), each address forever the same bytes.
 */
import { and, eq } from "drizzle-orm";
import pLimit from "p-limit";
import sharp, { type Metadata, type Sharp } from "sharp";
import { articleImageFiles, articleImages } from "../../../db/schema";
import { ARTICLE_IMAGE_FORMATS, ARTICLE_IMAGE_WIDTHS } from "~/content/article-image-widths";
import { db } from "~/server/db.server";
import type { Tx } from "~/server/db.server";

export const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
const MIN_WIDTH = 640;
const MIN_HEIGHT = 360;
/**
 * About 25 megapixels (a 6000 x 4000 camera picture fits). Decoding costs about 4 bytes a pixel
 * whatever the file's size: a 156 KB PNG of 7000 x 7000 took 190 MB of memory (the security
 * review, issue 42). The count is read from the file's header, before anything is decoded.
 */
export const MAX_PIXELS = 25_000_000;
/**
 * One picture is decoded and encoded at a time in this process: two at once would double the
 * memory above, and the encoders already use every core (libvips' own threads).
 */
const encodes = pLimit(1);
const ACCEPTED = new Set(["jpeg", "png", "webp", "heif"]);

export type ImageUpload = { ok: true; id: number } | { ok: false; message: string };

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

type ImageFile = { name: string; contentType: string; bytes: Buffer };
type Format = (typeof ARTICLE_IMAGE_FORMATS)[number];

/** One width and format of a picture, cropped to 16:9 around what draws the eye. */
async function encodeWidth(base: Sharp, width: number, format: Format): Promise<ImageFile> {
  const sized = base.clone().resize(width, Math.round((width * 9) / 16), { fit: "cover", position: "attention" });
  const bytes = await (format === "avif" ? sized.avif({ quality: 50, effort: 4 }) : sized.webp({ quality: 75, effort: 4 })).toBuffer();
  return { name: `${width}.${format}`, contentType: `image/${format}`, bytes };
}

/** The files one upload becomes, by the name its address ends with ("640.avif" -> /images/uploads/<id>-640.avif). */
async function encodeVariants(input: Buffer): Promise<ImageFile[]> {
  const base = sharp(input, { limitInputPixels: MAX_PIXELS }).rotate();
  const out: ImageFile[] = [];
  for (const width of ARTICLE_IMAGE_WIDTHS) for (const format of ARTICLE_IMAGE_FORMATS) out.push(await encodeWidth(base, width, format));
  const og = base.clone().resize(1200, 630, { fit: "cover", position: "attention" }).flatten({ background: "#ffffff" });
  out.push({ name: "og.jpg", contentType: "image/jpeg", bytes: await og.jpeg({ quality: 80, mozjpeg: true }).toBuffer() });
  return out;
}

/** Megapixels rounded up to a tenth, so a picture just over the limit never reads as the limit itself. */
const megapixels = (pixels: number) => Math.ceil(pixels / 100_000) / 10;

/** The owner's answer for a picture over MAX_PIXELS: its size, the limit, and what to do. */
export function tooManyPixels(width: number, height: number): string {
  return `That picture is ${megapixels(width * height)} megapixels (${width} × ${height}): the most is ${megapixels(MAX_PIXELS)}. Make it smaller and upload it again.`;
}

/** Check and store an uploaded picture; nothing is stored when it is refused. */
export async function storeUploadedImage(bytes: Buffer): Promise<ImageUpload> {
  if (bytes.length === 0) return { ok: false, message: "Choose an image file to upload." };
  if (bytes.length > IMAGE_MAX_BYTES) return { ok: false, message: `That file is too large: at most ${mb(IMAGE_MAX_BYTES)}.` };
  let meta: Metadata;
  try {
    // The header alone (no pixel is decoded here): without the limit, so a picture over it gets the
    // answer naming its size rather than sharp's "exceeds pixel limit" as "not an image".
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, message: "That file is not an image this site can use: upload a JPEG, PNG, WebP or AVIF picture." };
  }
  if (!meta.format || !ACCEPTED.has(meta.format) || (meta.format === "heif" && meta.compression !== "av1")) {
    return { ok: false, message: "That file is not an image this site can use: upload a JPEG, PNG, WebP or AVIF picture." };
  }
  const [width, height] = (meta.orientation ?? 1) >= 5 ? [meta.height ?? 0, meta.width ?? 0] : [meta.width ?? 0, meta.height ?? 0];
  if (width * height > MAX_PIXELS) return { ok: false, message: tooManyPixels(width, height) };
  if (width < MIN_WIDTH || height < MIN_HEIGHT) {
    return { ok: false, message: `That picture is too small (${width}x${height}): at least ${MIN_WIDTH}x${MIN_HEIGHT} pixels.` };
  }
  let files: Awaited<ReturnType<typeof encodeVariants>>;
  try {
    files = await encodes(() => encodeVariants(bytes));
  } catch {
    return { ok: false, message: "That picture could not be read (it may be damaged): try another file." };
  }
  const id = await db().transaction(async (tx: Tx) => {
    const [image] = await tx.insert(articleImages).values({ width, height }).returning({ id: articleImages.id });
    await tx.insert(articleImageFiles).values(files.map((f) => ({ imageId: image!.id, ...f })));
    return image!.id;
  });
  return { ok: true, id };
}

/** The names an uploaded image's files have: each width and format, and the social card. */
export const UPLOADED_IMAGE_FILE = new RegExp(
  `^([1-9]\\d{0,9})-((?:${ARTICLE_IMAGE_WIDTHS.join("|")})\\.(?:${ARTICLE_IMAGE_FORMATS.join("|")})|og\\.jpg)$`,
);

/**
 * One file of an uploaded image, or null when there is no such image. A width added after the
 * picture was uploaded (960, on 2026-11-27) is made once from its largest file of the same format
 * and kept beside the others, so every picture has every width its pages ask for.
 */
export async function uploadedImageFile(imageId: number, name: string): Promise<{ contentType: string; bytes: Buffer } | null> {
  const read = async (fileName: string) =>
    (
      await db()
        .select({ contentType: articleImageFiles.contentType, bytes: articleImageFiles.bytes })
        .from(articleImageFiles)
        .where(and(eq(articleImageFiles.imageId, imageId), eq(articleImageFiles.name, fileName)))
    )[0] ?? null;
  const file = await read(name);
  if (file) return file;
  const [width, format] = name.split(".") as [string, Format];
  if (
    !(ARTICLE_IMAGE_FORMATS as readonly string[]).includes(format) ||
    !(ARTICLE_IMAGE_WIDTHS as readonly number[]).includes(Number(width))
  )
    return null;
  const largest = await read(`${Math.max(...ARTICLE_IMAGE_WIDTHS)}.${format}`);
  if (!largest) return null;
  const made = await encodes(() => encodeWidth(sharp(largest.bytes, { limitInputPixels: MAX_PIXELS }), Number(width), format));
  // Two servers may make it at once: the first one stored wins, and both answer the same picture.
  await db()
    .insert(articleImageFiles)
    .values({ imageId, ...made })
    .onConflictDoNothing();
  return read(name);
}
