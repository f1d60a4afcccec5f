/**
 * Uploaded product files on two built servers and one PostgreSQL (issue 53 item 2, decision 072):
 * the owner makes a product and uploads its file on one server, a buyer buys it on the other and
 * downloads the file there, the owner replaces it on the second, and the first gives the new bytes.
 * The bytes live in the database: neither server's disk holds them.
 *
 * Needs the build and TEST_DATABASE_URL, like tests/multi/products.test.ts.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logInAsOwner, postDashboardForm, throwawayOwner } from "../../scripts/lib/owner-client";
import { type RunningServer, startServers, stopServers } from "../../scripts/lib/server-process";
import { newToken } from "../../app/server/tokens.server";
import { throwawayDatabase } from "../helpers/throwaway-database";

const ADMIN_URL = process.env.TEST_DATABASE_URL;
/** "Within a few seconds": each server polls the content version every second. */
const WITHIN_MS = 5_000;
const PDF = readFileSync("products/files/toolkit/30-day-action-plan.pdf");
const PDF_2 = readFileSync("products/files/toolkit/credit-monitoring-checklist.pdf");
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

if (!ADMIN_URL) console.warn("tests/multi/product-files.test.ts skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it.");

describe.skipIf(!ADMIN_URL)("uploaded product files on two servers", () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  const owner = throwawayOwner();
  let servers: RunningServer[] = [];
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    database = await throwawayDatabase(ADMIN_URL!, "product_files");
    servers = await startServers(2, { DATABASE_URL: database.url, ...owner.env });
    [a, b] = [servers[0]!, servers[1]!];
  });

  afterAll(async () => {
    await stopServers(servers);
    await database?.drop();
  });

  async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  /** Retried until it passes or the time is up. */
  async function eventually(check: () => Promise<void>) {
    const deadline = Date.now() + WITHIN_MS;
    for (;;) {
      try {
        return await check();
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  /** The product page's file form, posted as the browser posts it (multipart, same origin, the owner's cookie). */
  function postFile(server: RunningServer, cookie: string, productId: string, fields: Record<string, string>, name: string, bytes: Buffer) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    form.set("file", new File([new Uint8Array(bytes)], name, { type: "application/pdf" }));
    return fetch(`${server.base}/admin/products/${productId}/files`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.base, "Sec-Fetch-Site": "same-origin", Cookie: cookie },
      body: form,
    });
  }

  it("a file uploaded on one server downloads from the other; replaced there, the first gives the new one", async () => {
    const cookie = await logInAsOwner(a.base, owner.password);
    const made = await postDashboardForm(a.base, cookie, "/admin/products", { intent: "create", name: "Two Server Kit", price: "9.00" });
    expect(made.status).toBe(303);
    expect(made.headers.get("location")).toBe("/admin/products/two-server-kit");
    const saved = await postDashboardForm(a.base, cookie, "/admin/products/two-server-kit", {
      intent: "save",
      version: "1",
      name: "Two Server Kit",
      slug: "two-server-kit",
      price: "9.00",
      included: "A workbook",
      summary: "A kit sold from either server.",
      body: "",
      imageAlt: "",
      status: "on_sale",
      bumpProductId: "",
    });
    expect(saved.status).toBe(303);
    const uploaded = await postFile(a, cookie, "two-server-kit", { intent: "upload", title: "Workbook" }, "workbook.pdf", PDF);
    expect(uploaded.status).toBe(303);
    expect(uploaded.headers.get("location")).toBe("/admin/products/two-server-kit");
    const [file] = await query<{ id: string; size: number }>("select id, size from product_files where product_id = 'two-server-kit'");
    expect(file).toEqual({ id: expect.stringMatching(/^u-[0-9a-f]{12}$/), size: PDF.length });

    // Bought on the other server, once its product store has the product on sale.
    // (Its page is a GET, which no rate limit counts, unlike the checkout's post.)
    await eventually(async () => {
      expect((await fetch(`${b.base}/products/two-server-kit`)).status).toBe(200);
    });
    const started = await fetch(`${b.base}/api/create-payment`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: b.base, "Sec-Fetch-Site": "same-origin" },
      body: JSON.stringify({ includeBump: false, product: "two-server-kit" }),
    });
    expect(started.status).toBe(200);
    const session = new URL(((await started.json()) as { url: string }).url, b.base).searchParams.get("session")!;
    const paid = await fetch(`${b.base}/pay/test`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: b.base, "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams({ intent: "pay", session, email: "buyer@example.com" }),
    });
    expect(paid.status).toBe(303);
    const [order] = await query<{ id: number; status: string }>("select id, status from orders");
    expect(order).toEqual({ id: expect.any(Number), status: "paid" });
    // The buyer's private link, as the receipt would carry it.
    const { token, hash } = newToken();
    await query(
      "insert into order_access_tokens (token_hash, order_id, purpose, expires_at) values ($1, $2, 'receipt', now() + interval '1 day')",
      [hash, order!.id],
    );

    const fromB = await fetch(`${b.base}/orders/${token}/files/${file!.id}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get("content-disposition")).toBe('attachment; filename="workbook.pdf"');
    expect(sha256(Buffer.from(await fromB.arrayBuffer()))).toBe(sha256(PDF));
    const page = await (await fetch(`${b.base}/orders/${token}`)).text();
    expect(page).toContain("Workbook");
    expect(page).toContain(`/orders/${token}/files/${file!.id}`);

    // Replaced on the other server: the first gives the new bytes under the same link.
    const replaced = await postFile(b, cookie, "two-server-kit", { intent: "replace", fileId: file!.id }, "workbook-2027.pdf", PDF_2);
    expect(replaced.status).toBe(303);
    const fromA = await fetch(`${a.base}/orders/${token}/files/${file!.id}`);
    expect(fromA.status).toBe(200);
    expect(fromA.headers.get("content-disposition")).toBe('attachment; filename="workbook-2027.pdf"');
    expect(sha256(Buffer.from(await fromA.arrayBuffer()))).toBe(sha256(PDF_2));
    const zip = await fetch(`${a.base}/orders/${token}/zip/two-server-kit`);
    expect(zip.status).toBe(200);
    expect(Buffer.from(await zip.arrayBuffer()).includes(PDF_2.subarray(0, 4096))).toBe(true);
    expect(await query<{ file_id: string; count: number }>("select file_id, count from downloads")).toEqual([
      { file_id: file!.id, count: 3 },
    ]);
  });
});
