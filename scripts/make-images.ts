/**
 * Rasterizes the hand-made SVG illustrations in scripts/images/src into the site's images.
 *
 *   npx tsx scripts/make-images.ts
 *
 * Outputs (all overwritten on every run; same input gives the same bytes):
 *   public/images/articles/{slug}-{320,640,960,1280}.{avif,webp}  article heroes, 16:9 (ARTICLE_IMAGE_WIDTHS)
 *   public/images/og/{slug}.jpg                           1200x630 social cards
 *   public/images/og/default.jpg                          1200x630 brand card
 *   public/favicon.svg, public/favicon.ico (32x32 PNG-in-ICO), public/apple-touch-icon.png (180x180),
 *   from the brand mark app/assets/brand-mark.svg (which every page also carries inline as its icon)
 *
 * Each format is encoded at the highest quality on a fixed ladder that fits its size budget.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { articleSlugsFromDisk } from "../app/content/article-files.ts";
import { ARTICLE_IMAGE_WIDTHS } from "../app/content/article-image-widths.ts";

type Image = ReturnType<typeof sharp>;

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const SRC = join(ROOT, "scripts/images/src");
/** The brand mark: the app inlines it as every page's icon (app/root.tsx), so it lives with the app. */
const BRAND_MARK = join(ROOT, "app/assets/brand-mark.svg");
const PUBLIC = join(ROOT, "public");
const ARTICLES = join(PUBLIC, "images/articles");
const OG = join(PUBLIC, "images/og");

/** Flat colour behind each illustration (the mid tone of its background gradient), used for OG letterboxing. */
const OG_BACKGROUND: Record<string, string> = {
  "budgeting-tips-that-work": "#e4f8ef",
  "rebuild-credit-6-months": "#fbf6e2",
  "free-budgeting-apps": "#fbf6e2",
  "understanding-credit-reports": "#e4f8ef",
  "emergency-fund-guide": "#e4f8ef",
  "debt-snowball-vs-avalanche": "#e4f8ef",
  "dispute-credit-errors": "#fbf6e2",
  "credit-card-mistakes": "#fbf6e2",
};

const KB = 1024;
const BUDGET = { avif: 25 * KB, webp: 40 * KB, jpeg: 80 * KB };
const AVIF_LADDER = [62, 56, 50, 45, 40, 35, 30];
const WEBP_LADDER = [88, 84, 80, 75, 70, 65, 60, 55];
const JPEG_LADDER = [82, 80, 76, 72, 68, 64];

type Format = "avif" | "webp" | "jpeg";

function encode(img: Image, format: Format, quality: number): Promise<Buffer> {
  const pipeline = img.clone();
  switch (format) {
    case "avif":
      return pipeline.avif({ quality, effort: 6, chromaSubsampling: "4:4:4" }).toBuffer();
    case "webp":
      return pipeline.webp({ quality, effort: 6, smartSubsample: true }).toBuffer();
    case "jpeg":
      return pipeline.jpeg({ quality, mozjpeg: true, chromaSubsampling: "4:4:4" }).toBuffer();
  }
}

/** Highest quality on the ladder whose output fits the budget (or the lowest rung if none does). */
async function encodeWithin(img: Image, format: Format, ladder: number[], budget: number) {
  let last: { buf: Buffer; quality: number } | undefined;
  for (const quality of ladder) {
    const buf = await encode(img, format, quality);
    last = { buf, quality };
    if (buf.length <= budget) break;
  }
  return last!;
}

async function emit(path: string, data: Buffer | string, note = "") {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, data);
  const size = typeof data === "string" ? Buffer.byteLength(data) : data.length;
  const kb = (size / KB).toFixed(1).padStart(6);
  console.log(`${kb} KB  ${relative(ROOT, path)}${note ? `  (${note})` : ""}`);
}

/** Widens a 1280x720 viewBox to 1200:630 so the (oversized) background fills the card edge to edge. */
function toOgViewBox(svg: string): string {
  const height = 720;
  const width = (height * 1200) / 630;
  const x = (1280 - width) / 2;
  return svg
    .replace('width="1280" height="720"', 'width="1200" height="630"')
    .replace('viewBox="0 0 1280 720"', `viewBox="${x.toFixed(2)} 0 ${width.toFixed(2)} ${height}"`);
}

async function articleImages(slug: string) {
  const background = OG_BACKGROUND[slug];
  if (!background)
    throw new Error(`No illustration for article "${slug}": add scripts/images/src/${slug}.svg and its OG_BACKGROUND colour.`);
  const svg = await readFile(join(SRC, `${slug}.svg`));
  // Render at 2x and downsample: smoother edges than rasterizing at the target size.
  const master = await sharp(svg, { density: 144 }).png().toBuffer();

  for (const width of ARTICLE_IMAGE_WIDTHS) {
    const img = sharp(master).resize(width, (width * 9) / 16, { kernel: "lanczos3" });
    // The budgets are the 1280 px picture's; a narrower one gets its share by width.
    const scale = width / 1280;
    const avif = await encodeWithin(img, "avif", AVIF_LADDER, BUDGET.avif * scale);
    await emit(join(ARTICLES, `${slug}-${width}.avif`), avif.buf, `q${avif.quality}`);
    const webp = await encodeWithin(img, "webp", WEBP_LADDER, BUDGET.webp * scale);
    await emit(join(ARTICLES, `${slug}-${width}.webp`), webp.buf, `q${webp.quality}`);
  }

  const ogSvg = Buffer.from(toOgViewBox(svg.toString("utf8")));
  const og = sharp(await sharp(ogSvg, { density: 144 }).png().toBuffer())
    .resize(1200, 630, { fit: "contain", background, kernel: "lanczos3" })
    .flatten({ background });
  const jpg = await encodeWithin(og, "jpeg", JPEG_LADDER, BUDGET.jpeg);
  await emit(join(OG, `${slug}.jpg`), jpg.buf, `q${jpg.quality}`);
}

/** A .ico holding one PNG image: ICONDIR (6 bytes) + one ICONDIRENTRY (16 bytes) + the PNG. */
function pngToIco(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // image count
  header.writeUInt8(size >= 256 ? 0 : size, 6); // width
  header.writeUInt8(size >= 256 ? 0 : size, 7); // height
  header.writeUInt8(0, 8); // palette colours
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14); // image size
  header.writeUInt32LE(22, 18); // image offset
  return Buffer.concat([header, png]);
}

async function siteImages() {
  const mark = await readFile(BRAND_MARK, "utf8");
  await emit(join(PUBLIC, "favicon.svg"), mark);

  // The mark is 64 units wide; density 72 renders it at 64 px.
  const render = (px: number) => sharp(Buffer.from(mark), { density: (72 * px * 4) / 64 }).resize(px, px, { kernel: "lanczos3" });

  const png32 = await render(32).png({ compressionLevel: 9, palette: false }).toBuffer();
  await emit(join(PUBLIC, "favicon.ico"), pngToIco(png32, 32));

  // iOS masks the corners itself and shows transparency as black: fill the square edge to edge.
  const touch = await render(180).flatten({ background: "#047857" }).png({ compressionLevel: 9 }).toBuffer();
  await emit(join(PUBLIC, "apple-touch-icon.png"), touch);

  const card = await readFile(join(SRC, "og-default.svg"));
  const og = sharp(await sharp(card, { density: 144 }).png().toBuffer())
    .resize(1200, 630, { kernel: "lanczos3" })
    .flatten({ background: "#f8fafc" });
  const jpg = await encodeWithin(og, "jpeg", JPEG_LADDER, BUDGET.jpeg);
  await emit(join(OG, "default.jpg"), jpg.buf, `q${jpg.quality}`);
}

async function main() {
  for (const slug of articleSlugsFromDisk()) await articleImages(slug);
  await siteImages();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
