/**
 * Uploaded product files (issue 53 item 2, decision 072), on PGlite and PostgreSQL: a product made
 * in the dashboard, put on sale, its files uploaded through the dashboard's own route (checked by
 * their bytes, refused with a reason and nothing stored), bought through its checkout, listed on
 * the order page and downloaded from the database with the private headers, in "Download all"
 * beside nothing else, counted against the soft limit; a replacement keeps the id and every
 * earlier buyer's link gives the new bytes; a removal takes it off the page; a refund closes it
 * (410) and a retirement does not; the receipt counts the files and names no toolkit guide.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { buffer } from "node:stream/consumers";
import { asc, eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { beforeEach, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { adminAuditLog, downloads, products, uploadedProductFiles } from "../../db/schema";
import { PRODUCT_FILE_BODY_LIMIT, PRODUCT_FILE_MESSAGES, REMOVE_UNCONFIRMED } from "~/lib/forms/product-upload";
import { UPLOADED_FILE_MAX_BYTES } from "~/lib/uploaded-file-formats";
import { formatBytes } from "~/lib/order-files";
import { action as productsAdminAction } from "~/routes/admin/products";
import { action as productEditAction, loader as productEditLoader } from "~/routes/admin/product-edit";
import { action as filesAction, loader as filesLoader } from "~/routes/admin/product-file-forms";
import { action as adminOrderAction } from "~/routes/admin/order-detail";
import { loader as orderLoader } from "~/routes/order";
import { loader as fileLoader } from "~/routes/order-file";
import { loader as zipLoader } from "~/routes/order-zip";
import { db } from "~/server/db.server";
import { DOWNLOAD_SOFT_LIMIT, missingProductFiles } from "~/server/delivery/order-access.server";
import { orderView } from "~/server/delivery/order-view.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { findOrderBySession, type Order } from "~/server/payments/orders.server";
import { createPayments } from "~/server/payments/payments.server";
import { findTestOrder, payTestOrder } from "~/server/payments/test-provider.server";
import { useTestSite } from "../helpers/context";
import { useTestDatabase } from "../helpers/db";
import { flashedNotice, ownerCookie, TEST_OWNER } from "../helpers/owner";
import { call as callRoute, requestsTo } from "../helpers/routes";
import { streamedUpload } from "../helpers/multipart-upload";
import { withProtectedRoute } from "../helpers/body-limit";
import { useOutboxMail } from "../helpers/smtp";

const ORIGIN = "https://shop.example";
useTestDatabase();
const site = useTestSite();
const mail = useOutboxMail(ORIGIN);
beforeEach(() => {
  mail.smtp().messages.length = 0;
});
const payments = createPayments({ provider: "test", publicOrigin: ORIGIN });
const config = { owner: TEST_OWNER, payments };
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: { config, ...site() } }) as never;
const { get, post } = requestsTo(ORIGIN);
// The tests read loaders' and actions' answers field by field, whatever their route's type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const call = (run: () => unknown) => callRoute<any>(run);

const PDF = readFileSync("products/files/toolkit/30-day-action-plan.pdf");
const PDF_2 = readFileSync("products/files/toolkit/credit-monitoring-checklist.pdf");
const XLSX = readFileSync("products/files/toolkit/budget-planner.xlsx");
const PNG = readFileSync("public/apple-touch-icon.png");
/** A size as the dashboard and the order page write it. */
const kb = (bytes: Buffer) => formatBytes(bytes.length);
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** The owner makes a product in the dashboard ("New product") and puts it on sale; its id. */
async function newProductOnSale(cookie: string, name = "Spring Budget Kit", price = "12.00", bumpProductId = ""): Promise<string> {
  const made = await call(() => productsAdminAction(args(post("/admin/products", { intent: "create", name, price }, cookie))));
  expect(made.status).toBe(303);
  const id = made.headers.get("Location")!.split("/").pop()!;
  const [row] = await db().select().from(products).where(eq(products.id, id));
  const saved = await call(() =>
    productEditAction(
      args(
        post(
          `/admin/products/${id}`,
          {
            intent: "save",
            version: String(row!.version),
            name,
            slug: row!.slug,
            price,
            included: "A budget workbook\nA spending tracker",
            summary: "Plan your spring spending.",
            body: "",
            imageAlt: "",
            status: "on_sale",
            bumpProductId,
          },
          cookie,
        ),
        { id },
      ),
    ),
  );
  expect(saved.status).toBe(303);
  return id;
}

/** A post of the product page's file forms, as the browser sends it (multipart). */
function filesPost(productId: string, fields: Record<string, string>, file: { name: string; bytes: Buffer } | null, cookie: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set("file", new File([new Uint8Array(file.bytes)], file.name, { type: "application/octet-stream" }));
  // The browser sends an empty file part when none was chosen.
  else if (fields.intent !== "remove") form.set("file", new File([], "", { type: "application/octet-stream" }));
  return new Request(`${ORIGIN}/admin/products/${productId}/files`, { method: "POST", body: form, headers: { Cookie: cookie } });
}

/** Post it; what the owner is told on the page the redirect leads to. */
async function postFiles(productId: string, fields: Record<string, string>, file: { name: string; bytes: Buffer } | null, cookie: string) {
  const answer = await call(() => filesAction(args(filesPost(productId, fields, file, cookie), { id: productId })));
  expect(answer.status).toBe(303);
  expect(answer.headers.get("Location")).toBe(`/admin/products/${productId}`);
  return (await flashedNotice(answer, ORIGIN))!;
}

const upload = (productId: string, title: string, file: { name: string; bytes: Buffer }, cookie: string) =>
  postFiles(productId, { intent: "upload", title }, file, cookie);

async function storedFiles(productId: string) {
  return db()
    .select({
      id: uploadedProductFiles.id,
      title: uploadedProductFiles.title,
      fileName: uploadedProductFiles.fileName,
      format: uploadedProductFiles.format,
      size: uploadedProductFiles.size,
      sha256: uploadedProductFiles.sha256,
    })
    .from(uploadedProductFiles)
    .where(eq(uploadedProductFiles.productId, productId))
    .orderBy(asc(uploadedProductFiles.sortOrder));
}

async function bought(productSlug: string, email = "buyer@example.com", includeBump = false): Promise<{ order: Order; sessionId: string }> {
  const { sessionId } = await startCheckout(payments, site(), { includeBump, product: productSlug });
  await payTestOrder((await findTestOrder(sessionId))!, email);
  return { order: (await findOrderBySession(sessionId))!, sessionId };
}

/** The first link in the text part that starts with this path. */
function linkIn(message: ParsedMail, path: string): string {
  const url = (message.text ?? "")
    .split(/\s+/)
    .map((word) => word.replace(/[).,]+$/, ""))
    .find((word) => word.startsWith(`${ORIGIN}${path}`));
  if (!url) throw new Error(`no ${path} link in: ${message.text}`);
  return url.slice(ORIGIN.length);
}

/** The buyer's order link, from the receipt e-mail they were sent. */
async function receiptToken(email: string): Promise<{ token: string; receipt: ParsedMail }> {
  await mail.flush();
  const receipt = mail.received(email).find((m) => /receipt/i.test(m.subject ?? ""))!;
  return { token: linkIn(receipt, "/orders/").split("/")[2]!, receipt };
}

const orderPage = (token: string) => call(() => orderLoader(args(get(`/orders/${token}`), { token })));
const download = async (token: string, fileId: string) =>
  (await fileLoader(args(get(`/orders/${token}/files/${fileId}`), { token, fileId })).catch((r: Response) => r)) as Response;
const zipOf = async (token: string, productId: string) =>
  (await zipLoader(args(get(`/orders/${token}/zip/${productId}`), { token, productId }))) as Response;

async function unzip(response: Response): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(Buffer.from(await response.arrayBuffer()), { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) entries.set(entry.fileName, await buffer(await zip.openReadStreamPromise(entry)));
  return entries;
}

describe("the owner's uploads", () => {
  it("stores a file checked by its bytes, named by its format, listed on the product page, in the audit log", async () => {
    const cookie = await ownerCookie(ORIGIN);
    const id = await newProductOnSale(cookie);
    const said = await upload(id, "Spring budget workbook", { name: "Workbook FINAL (v2).pdf", bytes: PDF }, cookie);
    expect(said).toEqual({
      ok: true,
      message: expect.stringContaining(`Uploaded “Spring budget workbook”, Workbook FINAL (v2).pdf (PDF, ${kb(PDF)})`),
    });
    // A spreadsheet whose name says PDF: the content decides, and the download is named for it.
    const second = await upload(id, "", { name: "tracker.pdf", bytes: XLSX }, cookie);
    expect(second.ok).toBe(true);
    const stored = await storedFiles(id);
    expect(stored).toEqual([
      {
        id: expect.stringMatching(/^u-[0-9a-f]{12}$/),
        title: "Spring budget workbook",
        fileName: "Workbook FINAL (v2).pdf",
        format: "pdf",
        size: PDF.length,
        sha256: sha256(PDF),
      },
      {
        id: expect.stringMatching(/^u-[0-9a-f]{12}$/),
        title: "tracker",
        fileName: "tracker.xlsx",
        format: "xlsx",
        size: XLSX.length,
        sha256: sha256(XLSX),
      },
    ]);
    const [bytes] = await db()
      .select({ bytes: uploadedProductFiles.bytes })
      .from(uploadedProductFiles)
      .where(eq(uploadedProductFiles.id, stored[0]!.id));
    expect(sha256(bytes!.bytes)).toBe(sha256(PDF));

    const page = await call(() => productEditLoader(args(get(`/admin/products/${id}`, cookie), { id })));
    expect(page.data.files.uploaded.map((f: { title: string; format: string; size: number }) => [f.title, f.format, f.size])).toEqual([
      ["Spring budget workbook", "pdf", PDF.length],
      ["tracker", "xlsx", XLSX.length],
    ]);
    const audit = await db()
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "product-file-upload"))
      .orderBy(asc(adminAuditLog.id));
    expect(audit.map((a) => [a.target, a.detail])).toEqual([
      [`product:${id}`, `"Spring budget workbook" Workbook FINAL (v2).pdf (PDF, ${kb(PDF)}) as ${stored[0]!.id}`],
      [`product:${id}`, `"tracker" tracker.xlsx (Excel, ${kb(XLSX)}) as ${stored[1]!.id}`],
    ]);
    // The start-up check is about the built files only: an upload adds nothing for it to find.
    expect(missingProductFiles()).toEqual([]);
  });

  it("refuses what is not a product file, an empty file, none at all, and a built product's, storing nothing", async () => {
    const cookie = await ownerCookie(ORIGIN);
    const id = await newProductOnSale(cookie);
    expect(await upload(id, "Logo", { name: "logo.pdf", bytes: PNG }, cookie)).toEqual({
      ok: false,
      message: `logo.pdf: ${PRODUCT_FILE_MESSAGES.notAccepted}`,
    });
    expect(await upload(id, "Nothing", { name: "empty.pdf", bytes: Buffer.alloc(0) }, cookie)).toEqual({
      ok: false,
      message: PRODUCT_FILE_MESSAGES.empty,
    });
    expect(await postFiles(id, { intent: "upload", title: "No file" }, null, cookie)).toEqual({
      ok: false,
      message: PRODUCT_FILE_MESSAGES.missing,
    });
    const toolkit = await upload("toolkit", "Extra", { name: "extra.pdf", bytes: PDF }, cookie);
    expect(toolkit).toEqual({ ok: false, message: expect.stringContaining("built from products/src") });
    expect(await postFiles(id, { intent: "upload", title: "x".repeat(121) }, { name: "a.pdf", bytes: PDF }, cookie)).toEqual({
      ok: false,
      message: "Keep the title to 120 characters.",
    });
    expect(await db().select({ id: uploadedProductFiles.id }).from(uploadedProductFiles)).toEqual([]);
    expect(await db().select().from(adminAuditLog).where(eq(adminAuditLog.action, "product-file-upload"))).toEqual([]);
  });

  it("refuses a file just over 25 MB as it streams in, holding none of it, and stores nothing", async () => {
    const cookie = await ownerCookie(ORIGIN);
    const id = await newProductOnSale(cookie);
    const chunk = new Uint8Array(1024 * 1024);
    let pulled = 0;
    const request = streamedUpload({
      url: `${ORIGIN}/admin/products/${id}/files`,
      fields: { intent: "upload", title: "Too big" },
      fileName: "big.pdf",
      chunks: (function* () {
        yield "%PDF-1.7\n";
        // 25 MB and the 9 bytes of the header: just over.
        for (let i = 0; i < 25; i++) yield chunk;
      })(),
      headers: { Cookie: cookie },
      onPull: (i) => {
        pulled = i;
      },
    });
    const answer = await call(() => filesAction(args(request, { id })));
    expect(answer.status).toBe(303);
    expect(await flashedNotice(answer, ORIGIN)).toEqual({ ok: false, message: PRODUCT_FILE_MESSAGES.tooLarge });
    expect(pulled).toBeGreaterThan(25); // read to the end (and dropped), so the browser gets its answer
    expect(PRODUCT_FILE_MESSAGES.tooLarge).toContain(`${UPLOADED_FILE_MAX_BYTES / 1024 / 1024} MB`);
    expect(await storedFiles(id)).toEqual([]);
  });

  it("takes a file of exactly 25 MB, stored and served whole", async () => {
    const cookie = await ownerCookie(ORIGIN);
    const id = await newProductOnSale(cookie);
    const big = Buffer.alloc(UPLOADED_FILE_MAX_BYTES, 0x20);
    PDF.copy(big, 0, 0, 1024);
    expect((await upload(id, "Big", { name: "big.pdf", bytes: big }, cookie)).ok).toBe(true);
    const [stored] = await storedFiles(id);
    expect([stored!.size, stored!.sha256]).toEqual([UPLOADED_FILE_MAX_BYTES, sha256(big)]);
    await bought("spring-budget-kit");
    const { token } = await receiptToken("buyer@example.com");
    const response = await download(token, stored!.id);
    expect(response.headers.get("content-length")).toBe(String(UPLOADED_FILE_MAX_BYTES));
    expect(sha256(Buffer.from(await response.arrayBuffer()))).toBe(sha256(big));
  });

  it("is refused before its body is read when it declares more than the largest file and its form (413, the limit said)", async () => {
    await withProtectedRoute(ORIGIN, "/admin/products/spring-budget-kit/files", async (send) => {
      const tooBig = await send(PRODUCT_FILE_BODY_LIMIT.bytes + 1, "multipart/form-data; boundary=x");
      expect(tooBig.status).toBe(413);
      expect(JSON.parse(tooBig.body).description).toBe(PRODUCT_FILE_MESSAGES.tooLarge);
      // A body within it reaches the action, whose own check of the file's size is above.
      expect((await send(UPLOADED_FILE_MAX_BYTES + 1024, "multipart/form-data; boundary=x")).status).toBe(204);
    });
  });

  it("a post without the owner's session goes to the login page and changes nothing", async () => {
    const cookie = await ownerCookie(ORIGIN);
    const id = await newProductOnSale(cookie);
    const answer = await call(() =>
      filesAction(args(filesPost(id, { intent: "upload", title: "" }, { name: "a.pdf", bytes: PDF }, "fsm_owner=forged"), { id })),
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toMatch(/^\/admin\/login/);
    expect(await storedFiles(id)).toEqual([]);
    // A GET of the forms' address (a reload after a post) leads the owner to the product's page.
    const reload = await call(() => filesLoader(args(get(`/admin/products/${id}/files`, cookie), { id })));
    expect([reload.status, reload.headers.get("Location")]).toEqual([303, `/admin/products/${id}`]);
  });
});

describe("a buyer of a product with uploaded files", () => {
  it("gets them on the order page and downloads them from the database, privately, counted like the built ones", async () => {
    const cookie = await ownerCookie(ORIGIN);
    const id = await newProductOnSale(cookie);
    await upload(id, "Spring budget workbook", { name: "workbook.pdf", bytes: PDF }, cookie);
    await upload(id, "Spending tracker", { name: "tracker.xlsx", bytes: XLSX }, cookie);
    const [workbook, tracker] = await storedFiles(id);
    const { order, sessionId } = await bought("spring-budget-kit");
    expect(order.lines.map((l) => [l.id, l.unitAmountCents])).toEqual([[id, 1200]]);

    const { token, receipt } = await receiptToken("buyer@example.com");
    // The receipt counts the uploads, and names no toolkit guide or action plan.
    expect(receipt.text).toContain("Spring Budget Kit (2 files)");
    expect(receipt.text).not.toMatch(/Where to start|step-by-step guide|30-day action plan/);
    // The success page too says nothing of the toolkit.
    expect(await orderView(payments, site().products, sessionId)).toMatchObject({ found: true, toolkit: false });

    const page = await orderPage(token);
    expect(page.data.kind).toBe("open");
    expect(page.data.products).toEqual([
      {
        productId: id,
        name: "Spring Budget Kit",
        groups: [
          {
            label: "Files",
            files: [
              { id: workbook!.id, title: "Spring budget workbook", format: "pdf", bytes: PDF.length, downloads: 0, overLimit: false },
              { id: tracker!.id, title: "Spending tracker", format: "xlsx", bytes: XLSX.length, downloads: 0, overLimit: false },
            ],
          },
        ],
      },
    ]);

    const response = await download(token, workbook!.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-length")).toBe(String(PDF.length));
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="workbook.pdf"');
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toMatch(/noindex/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(sha256(Buffer.from(await response.arrayBuffer()))).toBe(sha256(PDF));
    const sheet = await download(token, tracker!.id);
    expect(sheet.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    await sheet.body?.cancel();
    expect((await orderPage(token)).data.products[0].groups[0].files.map((f: { downloads: number }) => f.downloads)).toEqual([1, 1]);

    // "Download all": the product's folder with its files by their download names, counted once each.
    const zip = await zipOf(token, id);
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-disposition")).toBe('attachment; filename="spring-budget-kit.zip"');
    const announced = Number(zip.headers.get("content-length"));
    const entries = await unzip(zip.clone());
    expect(Buffer.from(await zip.arrayBuffer()).length).toBe(announced);
    expect([...entries.keys()]).toEqual(["Spring Budget Kit/workbook.pdf", "Spring Budget Kit/tracker.xlsx"]);
    expect(sha256(entries.get("Spring Budget Kit/workbook.pdf")!)).toBe(sha256(PDF));
    expect(sha256(entries.get("Spring Budget Kit/tracker.xlsx")!)).toBe(sha256(XLSX));
    const counts = await db().select().from(downloads).where(eq(downloads.orderId, order.id));
    expect(counts.map((d) => [d.fileId, d.count]).sort()).toEqual(
      [
        [tracker!.id, 2],
        [workbook!.id, 2],
      ].sort(),
    );

    // A file of another product, or an id of the uploads' shape that is no file: Not found.
    expect((await download(token, "u-000000000000")).status).toBe(404);
    expect((await download(token, "guide")).status).toBe(404);

    // Past the soft limit: back to the order page at the file, which says to contact support.
    await db().update(downloads).set({ count: DOWNLOAD_SOFT_LIMIT }).where(eq(downloads.fileId, workbook!.id));
    const spent = await download(token, workbook!.id);
    expect(spent.status).toBe(303);
    expect(spent.headers.get("location")).toBe(`/orders/${token}#file-${workbook!.id}`);
  });

  it("bought before any file was uploaded: nothing to download (no zip), then the upload is on the buyer's page", async () => {
    const cookie = await ownerCookie(ORIGIN);
    const id = await newProductOnSale(cookie);
    await bought("spring-budget-kit");
    const { token } = await receiptToken("buyer@example.com");
    expect((await orderPage(token)).data.products).toEqual([{ productId: id, name: "Spring Budget Kit", groups: [] }]);
    expect((await zipOf(token, id)).status).toBe(404);
    await upload(id, "Workbook", { name: "workbook.pdf", bytes: PDF }, cookie);
    const [workbook] = await storedFiles(id);
    expect((await orderPage(token)).data.products[0].groups).toEqual([
      { label: "Files", files: [expect.objectContaining({ id: workbook!.id, title: "Workbook" })] },
    ]);
    expect((await download(token, workbook!.id)).status).toBe(200);
  });

  it("the same file name twice in one product: two files, two zip entries", async () => {
    const cookie = await ownerCookie(ORIGIN);
    const id = await newProductOnSale(cookie);
    await upload(id, "Letter, first draft", { name: "letter.pdf", bytes: PDF }, cookie);
    await upload(id, "Letter, final", { name: "letter.pdf", bytes: PDF_2 }, cookie);
    expect((await storedFiles(id)).map((f) => f.fileName)).toEqual(["letter.pdf", "letter.pdf"]);
    await bought("spring-budget-kit");
    const { token } = await receiptToken("buyer@example.com");
    const entries = await unzip(await zipOf(token, id));
    expect([...entries.keys()]).toEqual(["Spring Budget Kit/letter.pdf", "Spring Budget Kit/letter (2).pdf"]);
    expect(sha256(entries.get("Spring Budget Kit/letter (2).pdf")!)).toBe(sha256(PDF_2));
  });

  it("a replacement keeps the id: an earlier buyer's link, page and zip give the new file at once", async () => {
    const cookie = await ownerCookie(ORIGIN);
    const id = await newProductOnSale(cookie);
    await upload(id, "Workbook", { name: "workbook.pdf", bytes: PDF }, cookie);
    const [before] = await storedFiles(id);
    await bought("spring-budget-kit");
    const { token } = await receiptToken("buyer@example.com");
    await (await download(token, before!.id)).arrayBuffer();

    const said = await postFiles(id, { intent: "replace", fileId: before!.id }, { name: "Workbook 2027.pdf", bytes: PDF_2 }, cookie);
    expect(said).toEqual({ ok: true, message: expect.stringContaining(`Replaced “Workbook” with Workbook 2027.pdf (PDF, ${kb(PDF_2)})`) });
    const [after] = await storedFiles(id);
    expect(after).toEqual({ ...before, fileName: "Workbook 2027.pdf", size: PDF_2.length, sha256: sha256(PDF_2) });

    const again = await download(token, before!.id);
    expect(again.headers.get("content-disposition")).toBe('attachment; filename="Workbook 2027.pdf"');
    expect(sha256(Buffer.from(await again.arrayBuffer()))).toBe(sha256(PDF_2));
    const listed = (await orderPage(token)).data.products[0].groups[0].files[0];
    expect(listed).toMatchObject({ id: before!.id, title: "Workbook", bytes: PDF_2.length, downloads: 2 });
    const entries = await unzip(await zipOf(token, id));
    expect(sha256(entries.get("Spring Budget Kit/Workbook 2027.pdf")!)).toBe(sha256(PDF_2));
    const [audit] = await db().select().from(adminAuditLog).where(eq(adminAuditLog.action, "product-file-replace"));
    expect(audit!.detail).toBe(`"Workbook" (${before!.id}) workbook.pdf (PDF, ${kb(PDF)}) -> Workbook 2027.pdf (PDF, ${kb(PDF_2)})`);

    // A refused replacement (not a product file) keeps the file as it was.
    expect((await postFiles(id, { intent: "replace", fileId: before!.id }, { name: "logo.pdf", bytes: PNG }, cookie)).ok).toBe(false);
    expect((await storedFiles(id))[0]!.sha256).toBe(sha256(PDF_2));
  });

  it("a removal, once confirmed, takes it off every buyer's page and zip; the link answers Not found", async () => {
    const cookie = await ownerCookie(ORIGIN);
    const id = await newProductOnSale(cookie);
    await upload(id, "Workbook", { name: "workbook.pdf", bytes: PDF }, cookie);
    await upload(id, "Tracker", { name: "tracker.xlsx", bytes: XLSX }, cookie);
    const [workbook, tracker] = await storedFiles(id);
    await bought("spring-budget-kit");
    const { token } = await receiptToken("buyer@example.com");

    expect(await postFiles(id, { intent: "remove", fileId: workbook!.id }, null, cookie)).toEqual({
      ok: false,
      message: REMOVE_UNCONFIRMED,
    });
    expect(await storedFiles(id)).toHaveLength(2);
    expect(await postFiles(id, { intent: "remove", fileId: workbook!.id, confirmed: "yes" }, null, cookie)).toEqual({
      ok: true,
      message: "Removed “Workbook”: its buyers no longer see it on their order page or in its zip.",
    });
    expect((await storedFiles(id)).map((f) => f.id)).toEqual([tracker!.id]);
    expect((await orderPage(token)).data.products[0].groups[0].files.map((f: { id: string }) => f.id)).toEqual([tracker!.id]);
    expect((await download(token, workbook!.id)).status).toBe(404);
    expect([...(await unzip(await zipOf(token, id))).keys()]).toEqual(["Spring Budget Kit/tracker.xlsx"]);
    // Removed twice (another tab): said so, nothing else changes.
    expect(await postFiles(id, { intent: "remove", fileId: workbook!.id, confirmed: "yes" }, null, cookie)).toEqual({
      ok: false,
      message: expect.stringContaining("no longer there"),
    });
    const audit = await db().select().from(adminAuditLog).where(eq(adminAuditLog.action, "product-file-remove"));
    expect(audit.map((a) => a.detail)).toEqual([`"Workbook" (${workbook!.id}) workbook.pdf (PDF, ${kb(PDF)})`]);
    // A file of one product is never removed or replaced through another's page.
    const other = await newProductOnSale(cookie, "Other Kit");
    expect((await postFiles(other, { intent: "remove", fileId: tracker!.id, confirmed: "yes" }, null, cookie)).ok).toBe(false);
    expect((await postFiles(other, { intent: "replace", fileId: tracker!.id }, { name: "x.pdf", bytes: PDF }, cookie)).ok).toBe(false);
    expect((await storedFiles(id))[0]!.sha256).toBe(sha256(XLSX));
  });

  it("keeps them when the product retires; loses them (410) when it alone is refunded, as with built files", async () => {
    const cookie = await ownerCookie(ORIGIN);
    const id = await newProductOnSale(cookie, "Spring Budget Kit", "12.00", "power-pack");
    await upload(id, "Workbook", { name: "workbook.pdf", bytes: PDF }, cookie);
    const [workbook] = await storedFiles(id);
    const { order } = await bought("spring-budget-kit", "buyer@example.com", true);
    expect(order.lines.map((l) => l.id)).toEqual([id, "power-pack"]);
    const { token } = await receiptToken("buyer@example.com");

    const [row] = await db().select().from(products).where(eq(products.id, id));
    const retired = await call(() =>
      productEditAction(
        args(
          post(
            `/admin/products/${id}`,
            {
              intent: "save",
              version: String(row!.version),
              name: row!.name,
              slug: row!.slug,
              price: "12.00",
              included: "A budget workbook",
              summary: row!.summary,
              body: "",
              imageAlt: "",
              status: "retired",
              bumpProductId: "",
            },
            cookie,
          ),
          { id },
        ),
      ),
    );
    expect(retired.status).toBe(303);
    const kept = await download(token, workbook!.id);
    expect(kept.status).toBe(200);
    expect(sha256(Buffer.from(await kept.arrayBuffer()))).toBe(sha256(PDF));

    const refunded = await call(() =>
      adminOrderAction(
        args(post(`/admin/orders/${order.id}`, { intent: "refund", product: id, confirmed: "yes" }, cookie), { id: String(order.id) }),
      ),
    );
    expect(refunded.status).toBe(303);
    const refused = await download(token, workbook!.id);
    expect(refused.status).toBe(410);
    expect((await zipOf(token, id)).status).toBe(410);
    // The Power Pack of the same order stays the buyer's, and the page lists only it.
    const pack = await download(token, "power-pack-letters");
    expect(pack.status).toBe(200);
    await pack.body?.cancel();
    const page = await orderPage(token);
    expect(page.data.products.map((p: { productId: string }) => p.productId)).toEqual(["power-pack"]);
    expect(page.data.refundedProducts).toEqual([{ productId: id, name: "Spring Budget Kit", amountCents: 1200 }]);
  });
});
