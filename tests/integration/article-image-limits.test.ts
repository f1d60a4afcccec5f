/**
 * The security review's picture findings (issue 42, item 7): a tiny PNG claiming 7000 x 7000
 * pixels is refused before it is decoded, with its size and the limit named and nothing stored;
 * two uploads at once are encoded one after the other.
 */
import { count } from "drizzle-orm";
import sharp, { type Sharp } from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { articleImageFiles, articleImages } from "../../db/schema";
import { db } from "~/server/db.server";
import { storeUploadedImage } from "~/server/content/article-images.server";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();
afterEach(() => vi.restoreAllMocks());

const plainPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#2f6f4f" } })
    .png({ compressionLevel: 9 })
    .toBuffer();

// Not among the tables emptied before each test: counted before and after.
const stored = async () => ({
  images: (await db().select({ n: count() }).from(articleImages))[0]!.n,
  files: (await db().select({ n: count() }).from(articleImageFiles))[0]!.n,
});

describe("uploaded pictures", () => {
  it("refuses a 7000 x 7000 PNG of a few hundred KB by its size, before decoding it, and stores nothing", async () => {
    const png = await plainPng(7000, 7000);
    const before = await stored();
    expect(png.length).toBeLessThan(1024 * 1024);
    // Nothing may reach the decoder: a decode of this file is what took 190 MB.
    const decode = vi.spyOn(sharp.prototype, "toBuffer");

    const answer = await storeUploadedImage(png);

    expect(answer).toEqual({
      ok: false,
      message: "That picture is 49 megapixels (7000 × 7000): the most is 25. Make it smaller and upload it again.",
    });
    expect(decode).not.toHaveBeenCalled();
    expect(await stored()).toEqual(before);
  });

  it("takes a picture of 25 megapixels (5000 x 5000), the largest allowed", async () => {
    const before = await stored();
    const answer = await storeUploadedImage(await plainPng(5000, 5000));
    expect(answer.ok).toBe(true);
    expect((await stored()).images).toBe(before.images + 1);
  }, 120_000);

  it("encodes two uploads one at a time", async () => {
    const [first, second] = await Promise.all([plainPng(1280, 720), plainPng(960, 540)]);
    const original = sharp.prototype.toBuffer;
    let inFlight = 0;
    let most = 0;
    vi.spyOn(sharp.prototype, "toBuffer").mockImplementation(async function (this: Sharp, ...args: unknown[]) {
      inFlight += 1;
      most = Math.max(most, inFlight);
      try {
        return await (original as (...a: unknown[]) => Promise<Buffer>).apply(this, args);
      } finally {
        inFlight -= 1;
      }
    } as never);

    const before = await stored();
    const answers = await Promise.all([storeUploadedImage(first), storeUploadedImage(second)]);

    expect(answers.map((a) => a.ok)).toEqual([true, true]);
    expect(most).toBe(1);
    expect((await stored()).images).toBe(before.images + 2);
  }, 120_000);
});
