import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { productFiles } from "~/lib/product-files";
import { missingProductFiles } from "~/server/delivery/order-access.server";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const catalogue = () => [...productFiles("toolkit"), ...productFiles("power-pack")].map((f) => f.path);

/** A product directory holding the real built files, less the ones named. */
function productDir(without: string[] = [], empty = false): string {
  const dir = mkdtempSync(join(tmpdir(), "products-"));
  dirs.push(dir);
  if (!empty) cpSync("products/files", dir, { recursive: true });
  for (const path of without) rmSync(join(dir, path));
  return dir;
}

function missingIn(dir: string): string[] {
  process.env.PRODUCT_FILES_DIR = dir;
  try {
    return missingProductFiles();
  } finally {
    delete process.env.PRODUCT_FILES_DIR;
  }
}

it("finds nothing missing in the built product directory", () => {
  expect(catalogue().length).toBeGreaterThan(10);
  expect(missingIn(productDir())).toEqual([]);
});

it("names exactly the catalogue files that are missing, so the server refuses to start without them", () => {
  const all = catalogue();
  const gone = [all[0]!, all[Math.floor(all.length / 2)]!, all.at(-1)!];
  expect(missingIn(productDir(gone))).toEqual(gone);
});

it("names every catalogue file when the directory is empty", () => {
  expect(missingIn(productDir([], true))).toEqual(catalogue());
});
