import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { productFiles } from "~/lib/product-files";

const empty = mkdtempSync(join(tmpdir(), "no-products-"));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

it("names every catalogue file that is missing, so the server refuses to start without them", async () => {
  process.env.PRODUCT_FILES_DIR = empty;
  try {
    const { missingProductFiles } = await import("~/server/delivery/order-access.server");
    const all = [...productFiles("toolkit"), ...productFiles("power-pack")].map((f) => f.path);
    expect(missingProductFiles()).toEqual(all);
  } finally {
    delete process.env.PRODUCT_FILES_DIR;
  }
});
