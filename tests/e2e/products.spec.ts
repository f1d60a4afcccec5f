/**
 * Products as data (issue 53) in the browser, on a built server of this spec's own: the owner's
 * /admin/products and a product's editor (checked as she types, saved, the price on the site
 * within the second), a coming-soon product's page with its waitlist form (without JavaScript
 * too), and /resources' "Learn More" leading there; each at 1280 and 375 px, axe clean.
 */
import { allowConsoleErrors, countScripts, expect, expectNoViolations, test } from "./fixtures";
import { mailTo } from "./mail";
import { logIn as logInAt, useOwnServer } from "./own-server";

test.describe.configure({ mode: "serial" });

const { origin: ORIGIN, mailDir: MAIL } = useOwnServer("products", 57, { FORM_RATE_LIMIT_PER_MINUTE: "10000" });
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
];
const logIn = (page: Parameters<typeof logInAt>[0], path: string) => logInAt(page, path, ORIGIN);

async function noSidewaysScroll(page: Parameters<typeof logInAt>[0]) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("/resources' Learn More opens a coming-soon product's page, which takes an address without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: ORIGIN });
  const page = await context.newPage();
  await page.goto("/resources");
  await page.getByRole("link", { name: "Learn More about the Debt Freedom Blueprint" }).click();
  await expect(page).toHaveURL(`${ORIGIN}/products/debt-freedom-blueprint`);
  await expect(page.getByRole("heading", { level: 1, name: "Debt Freedom Blueprint" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("$12");
  await page.getByLabel("Email address").fill("waiting.nojs@example.com");
  await page.getByRole("button", { name: "Tell me when it opens" }).click();
  await expect(page.locator("#waitlist-feedback")).toContainText("You're on the list We'll e-mail you once, when it goes on sale.");
  await context.close();
});

test("a product page: no framework JavaScript, axe clean at 1280 and 375 px, with its waitlist's message", async ({ page }) => {
  const requests = countScripts(page);
  await page.goto("/products/credit-rebuild-bootcamp");
  expect(requests.reactBundle()).toEqual([]);
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await expectNoViolations(page, `/products/credit-rebuild-bootcamp at ${viewport.width} px`);
    await noSidewaysScroll(page);
  }
  // A plain post (the page has no React): the page comes back 400 with the message, which the browser logs.
  allowConsoleErrors(page, /status of 400 \(Bad Request\)/);
  await page.getByLabel("Email address").fill("not an address");
  await page.getByRole("button", { name: "Tell me when it opens" }).click();
  await expect(page.locator("#waitlist-feedback")).toContainText("Please enter a valid email address.");
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await expectNoViolations(page, `/products/credit-rebuild-bootcamp with a message at ${viewport.width} px`);
  }
  await page.getByLabel("Email address").fill("waiting.js@example.com");
  await page.getByRole("button", { name: "Tell me when it opens" }).click();
  await expect(page.locator("#waitlist-feedback")).toContainText("You're on the list");
});

test("/admin/products: the list, an editor checked as she types, and a saved price on the site at once", async ({ page }) => {
  await logIn(page, "/admin/products");
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await expectNoViolations(page, `/admin/products at ${viewport.width} px`);
  }
  const row = page.getByRole("row", { name: /Credit Rebuild Bootcamp/ });
  await expect(row).toContainText("Coming soon");
  await expect(row).toContainText("$27.00");

  await page.getByRole("link", { name: "Credit Repair Toolkit" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit: Credit Repair Toolkit" })).toBeVisible();
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await expectNoViolations(page, `/admin/products/toolkit at ${viewport.width} px`);
    await noSidewaysScroll(page);
  }
  const requests = countScripts(page);
  await page.getByLabel("Price (dollars)").fill("0.10");
  await page.getByLabel("Address").fill("Credit Repair!");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The price must be at least $0.50 (the payment provider's smallest charge).")).toBeVisible();
  await expect(page.getByText(/Use lowercase letters, digits and single hyphens/)).toBeVisible();
  await expect(page.getByLabel("Price (dollars)")).toHaveAttribute("aria-invalid", "true");
  expect(requests.posts()).toEqual([]);
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await expectNoViolations(page, `/admin/products/toolkit with messages at ${viewport.width} px`);
  }
  await page.getByLabel("Address").fill("credit-repair-toolkit");
  await page.getByLabel("Price (dollars)").fill("9.00");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  // The history: $7.00 closed by this save, $9.00 from now on.
  await expect(page.getByRole("row").filter({ hasText: "$9.00" }).filter({ hasText: /now$/ })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: "$7.00" }).filter({ hasNotText: "now" })).toHaveCount(1);

  await page.goto("/checkout");
  await expect(page.getByTestId("order-total")).toHaveText("$9.00");
  await expect(page.getByRole("banner")).toContainText("Get $9 Toolkit");
  await page.goto("/");
  await expect(page.getByRole("main")).toContainText("Get the $9 Credit Repair Toolkit");
});

test("putting a coming-soon product on sale e-mails its waitlist once, and its page sells it", async ({ page }) => {
  await logIn(page, "/admin/products/debt-freedom-blueprint");
  await page.getByLabel("Status").selectOption("on_sale");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText(/Saved\. 1 waiting person gets one e-mail that it is open\./);
  const mail = await mailTo("waiting.nojs@example.com", /Debt Freedom Blueprint is open/, MAIL);
  expect(mail.text).toContain("/products/debt-freedom-blueprint");
  await page.goto("/products/debt-freedom-blueprint");
  await page.getByRole("link", { name: /Buy the Debt Freedom Blueprint - \$12/ }).click();
  await expect(page).toHaveURL(`${ORIGIN}/checkout?product=debt-freedom-blueprint`);
  await expect(page.getByTestId("order-total")).toHaveText("$12.00");
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await expectNoViolations(page, `/checkout?product=debt-freedom-blueprint at ${viewport.width} px`);
  }
});
