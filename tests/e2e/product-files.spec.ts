/**
 * Uploaded product files (issue 53 item 2) in the browser, on a built server of this spec's own:
 * the owner makes a product, puts it on sale and uploads its file in the dashboard (a file that is
 * not one refused with the reason), replaces it without JavaScript; a buyer buys it through its
 * checkout and downloads the file and the zip from the success page and the order page. Each page
 * at 1280 and 375 px, axe clean.
 */
import { readFileSync } from "node:fs";
import { buffer } from "node:stream/consumers";
import yauzl from "yauzl";
import type { Page } from "@playwright/test";
import { completeOrder, expect, expectNoViolations, payOnTestPage, test } from "./fixtures";
import { dashboardReady, logIn as logInAt, useOwnServer } from "./own-server";

test.describe.configure({ mode: "serial" });

const { origin: ORIGIN } = useOwnServer("product-files", 63);
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
];
const PDF = "products/files/toolkit/30-day-action-plan.pdf";
const PDF_2 = "products/files/toolkit/credit-monitoring-checklist.pdf";
const PNG = "public/apple-touch-icon.png";
const logIn = (page: Page, path: string) => logInAt(page, path, ORIGIN);

async function atBothWidths(page: Page, state: string) {
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await expectNoViolations(page, `${state} at ${viewport.width} px`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${state} scrolls sideways at ${viewport.width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(WIDTHS[0]!);
}

async function unzipNames(path: string): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(readFileSync(path), { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) entries.set(entry.fileName, await buffer(await zip.openReadStreamPromise(entry)));
  return entries;
}

test("the owner uploads a new product's file (a wrong one refused), and replaces it without JavaScript", async ({ page, browser }) => {
  await logIn(page, "/admin/products");
  await page.getByLabel("Name").fill("Budget Binder");
  await page.getByLabel("Price (dollars)").fill("15");
  await page.getByRole("button", { name: "Create a draft" }).click();
  await expect(page).toHaveURL(`${ORIGIN}/admin/products/budget-binder`);
  await page.getByLabel("What's included").fill("The budget binder workbook");
  await page.getByLabel("Short description").fill("A binder of budget pages to print.");
  await page.getByLabel("Status").selectOption("on_sale");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");

  const files = page.getByRole("region", { name: "Files" });
  await expect(files).toContainText("No files yet");
  await expect(files).toContainText("at most 25 MB");
  await atBothWidths(page, "/admin/products/budget-binder, no files");

  // A picture named like a PDF: refused by its content, said at the top, nothing listed.
  await files.getByLabel("Title").fill("Logo");
  await files
    .getByLabel("File", { exact: true })
    .setInputFiles({ name: "binder.pdf", mimeType: "application/pdf", buffer: readFileSync(PNG) });
  await files.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("alert")).toContainText("That file is not one buyers can be given here");
  await expect(page.getByRole("region", { name: "Files" })).toContainText("No files yet");
  await atBothWidths(page, "/admin/products/budget-binder, a refused upload");

  await page.getByRole("region", { name: "Files" }).getByLabel("Title").fill("The budget binder");
  await page.getByRole("region", { name: "Files" }).getByLabel("File", { exact: true }).setInputFiles(PDF);
  await page.getByRole("region", { name: "Files" }).getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("status")).toContainText("Uploaded “The budget binder”, 30-day-action-plan.pdf (PDF,");
  const listed = page.getByRole("region", { name: "Files" }).getByRole("listitem").filter({ hasText: "The budget binder" });
  await expect(listed).toContainText("30-day-action-plan.pdf · PDF ·");
  await listed.getByText("Replace or remove").click();
  await atBothWidths(page, "/admin/products/budget-binder, one file, its replace and remove forms open");

  // Removing asks for the tick first (the form's own check, before anything is sent).
  await dashboardReady(page);
  await listed.getByRole("button", { name: "Remove" }).click();
  await expect(listed).toContainText("Tick the box to confirm");
  await expect(page.getByRole("region", { name: "Files" }).getByRole("listitem")).toHaveCount(1);

  // Replaced without JavaScript: a plain multipart post, the page's answer the same.
  const plain = await browser.newContext({ javaScriptEnabled: false, baseURL: ORIGIN, storageState: await page.context().storageState() });
  const noJs = await plain.newPage();
  await noJs.goto("/admin/products/budget-binder");
  const row = noJs.getByRole("region", { name: "Files" }).getByRole("listitem").filter({ hasText: "The budget binder" });
  await row.getByText("Replace or remove").click();
  await row.getByLabel("New file for “The budget binder”").setInputFiles(PDF_2);
  await row.getByRole("button", { name: "Replace" }).click();
  await expect(noJs.getByRole("status")).toContainText("Replaced “The budget binder” with credit-monitoring-checklist.pdf");
  await expect(noJs.getByRole("region", { name: "Files" })).toContainText("credit-monitoring-checklist.pdf · PDF ·");
  await expect(noJs.getByRole("region", { name: "Files" })).toContainText("replaced");
  await plain.close();
});

test("a buyer of the product downloads its file and its zip, from the success page and the order page", async ({ page }) => {
  await page.goto("/checkout?product=budget-binder");
  await expect(page.getByTestId("order-total")).toHaveText("$15.00");
  const tab = await completeOrder(page);
  await payOnTestPage(tab);
  await expect(tab.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  const downloads = tab.getByRole("region", { name: "Your downloads" });
  await expect(downloads.getByRole("heading", { name: "Budget Binder" })).toBeVisible();
  // Nothing of the toolkit's way in: this is another product.
  await expect(tab.getByRole("main")).not.toContainText("30-day action plan");
  await expect(tab.getByRole("main")).not.toContainText("Letters come as Word");
  await atBothWidths(tab, "/checkout-success for an uploaded product");

  await tab.locator("summary", { hasText: "Files" }).click();
  const [file] = await Promise.all([
    tab.waitForEvent("download"),
    downloads.getByRole("link", { name: "Download The budget binder" }).click(),
  ]);
  expect(file.suggestedFilename()).toBe("credit-monitoring-checklist.pdf");
  expect(readFileSync(await file.path()).equals(readFileSync(PDF_2))).toBe(true);

  await tab.goto((await downloads.getByRole("link", { name: /\/orders\// }).getAttribute("href"))!);
  await expect(tab.getByRole("heading", { level: 1, name: "Your downloads" })).toBeVisible();
  await expect(tab.getByRole("main")).toContainText("downloaded 1 time");
  await atBothWidths(tab, "/orders/<token> for an uploaded product");
  const [zip] = await Promise.all([
    tab.waitForEvent("download"),
    tab.getByRole("link", { name: /^Download all \(zip\) for the Budget Binder, 1 file,/ }).click(),
  ]);
  expect(zip.suggestedFilename()).toBe("budget-binder.zip");
  const entries = await unzipNames(await zip.path());
  expect([...entries.keys()]).toEqual(["Budget Binder/credit-monitoring-checklist.pdf"]);
  expect(entries.get("Budget Binder/credit-monitoring-checklist.pdf")!.equals(readFileSync(PDF_2))).toBe(true);
});
