/**
 * Offers (issue 53 item 5) in the browser, on a built server of this spec's own: the owner makes a
 * code at /admin/offers; a buyer follows its offer link, sees the discount, gives the address the
 * once-per-buyer code is checked for, pays on the test provider's page, and the success page and
 * the receipt e-mail say what was paid; a bad code typed without JavaScript says why and the full
 * price stays; the owner sees the code's use and revenue; a sale price shows on the checkout with
 * its end. Each page at 1280 and 375 px, axe clean.
 */
import type { Page } from "@playwright/test";
import { allowConsoleErrors, completeOrder, expect, expectNoViolations, test, waitForHydration } from "./fixtures";
import { mailTo } from "./mail";
import { logIn as logInAt, useOwnServer } from "./own-server";

test.describe.configure({ mode: "serial" });

const { origin: ORIGIN, mailDir: MAIL } = useOwnServer("offers", 59, { FORM_RATE_LIMIT_PER_MINUTE: "10000" });
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
];
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

test("the owner makes a code at /admin/offers, checked as she types, with its offer link", async ({ page }) => {
  await logIn(page, "/admin/offers");
  await expect(page.getByRole("heading", { level: 1, name: "Offers" })).toBeVisible();
  await expect(page.getByRole("navigation").first().getByRole("link", { name: "Offers" })).toHaveAttribute("href", "/admin/offers");
  await page.getByLabel("Code", { exact: true }).fill("spring");
  await page.getByLabel("How much").fill("150");
  await page.getByRole("button", { name: "Create the code" }).click();
  await expect(page.getByText("Enter a whole percentage from 1 to 99.")).toBeVisible();
  await atBothWidths(page, "/admin/offers with a message");
  await page.getByLabel("How much").fill("20");
  await page.getByRole("button", { name: "Create the code" }).click();
  await expect(page.getByRole("status")).toContainText("The code SPRING is ready: 20% off, for every product");
  // At the site's public address (PUBLIC_ORIGIN, the build's), not the one this test reaches it by.
  await expect(page.getByLabel("Offer link for SPRING")).toHaveValue("http://localhost:3000/checkout?code=SPRING");
  await atBothWidths(page, "/admin/offers with a code");
});

test("a buyer follows the offer link, sees the discount, pays it on the payment page, and the receipt says so", async ({ page }) => {
  await page.goto("/checkout?code=SPRING");
  await waitForHydration(page);
  const summary = page.getByRole("region", { name: "Order Summary" });
  await expect(summary.getByTestId("order-discount")).toHaveText("Code SPRING (20% off)−$1.40");
  await expect(page.getByTestId("order-total")).toHaveText("$5.60");
  await expect(page.getByText("Code SPRING applied: 20% off.")).toBeVisible();
  await page.getByText("Yes, add this to my order for only $14.99!").click();
  await expect(page.getByTestId("order-total")).toHaveText("$17.59");
  await atBothWidths(page, "/checkout?code=SPRING");

  await page.getByLabel("E-mail for your receipt").fill("Spring.Buyer+offer@Gmail.com");
  const tab = await completeOrder(page);
  await expect(tab).toHaveURL(/\/pay\/test\?session=test_[0-9a-f]{32}$/);
  const charged = tab.getByRole("main").locator("dl");
  await expect(charged).toContainText("Credit Repair Toolkit$7.00");
  await expect(charged).toContainText("Dispute Letter Power Pack$14.99");
  await expect(charged).toContainText("Code SPRING−$4.40");
  await expect(charged).toContainText("Total$17.59");
  // The address the code was checked for, canonical: the receipt goes there.
  await expect(tab.getByRole("textbox", { name: "Email for your receipt and downloads" })).toHaveValue("springbuyer@gmail.com");
  await expect(tab.getByRole("textbox", { name: "Email for your receipt and downloads" })).not.toBeEditable();
  await tab.getByRole("button", { name: "Pay", exact: true }).click();
  // Fulfilment and the receipt's queueing run before the answer: on two busy cores, seconds.
  await expect(tab.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible({ timeout: 20_000 });
  const bought = tab.getByRole("region", { name: "Your purchase" });
  await expect(bought).toContainText("Code SPRING−$4.40");
  await expect(bought).toContainText("Total$17.59");
  await atBothWidths(tab, "the success page of an order with a code");

  const receipt = await mailTo("springbuyer@gmail.com", /receipt/, MAIL);
  expect(receipt.text).toMatch(/Code SPRING:\s+−\$4\.40/);
  expect(receipt.text).toMatch(/Total:\s+\$17\.59/);

  // The same mailbox, spelled another way, cannot use it again.
  await page.goto("/checkout?code=SPRING");
  await waitForHydration(page);
  await page.getByLabel("E-mail for your receipt").fill("springbuyer+again@gmail.com");
  // The refusal is a 400 answer to the page's call, which the browser logs.
  allowConsoleErrors(page, /status of 400 \(Bad Request\)/);
  await page.getByRole("button", { name: "Complete My Order" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "once per person" })).toHaveText(
    "The code SPRING can be used once per person, and this e-mail address has used it; the full price stays.",
  );
});

test("without JavaScript: Add a code applies a code or says why not, and the full price stays", async ({ browser, page: withScripts }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: ORIGIN });
  const page = await context.newPage();
  await page.goto("/checkout");
  await page.getByText("Yes, add this to my order for only $14.99!").click();
  await page.getByLabel("Add a code").fill("nope");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(`${ORIGIN}/checkout?bump=1&code=NOPE`);
  await expect(page.getByRole("alert").filter({ hasText: "NOPE" })).toHaveText(
    "There is no code “NOPE”. Check its spelling; the full price stays.",
  );
  await expect(page.getByTestId("order-total")).toHaveText("$21.99");

  await page.getByLabel("Add a code").fill("Spring");
  await page.getByLabel("Add a code").press("Enter");
  await expect(page).toHaveURL(`${ORIGIN}/checkout?bump=1&code=SPRING`);
  await expect(page.getByTestId("order-total")).toHaveText("$17.59");
  await context.close();

  // axe runs its script in the page: the refused code's page, checked where scripts run.
  await withScripts.goto("/checkout?bump=1&code=NOPE");
  await expect(withScripts.getByRole("alert").filter({ hasText: "NOPE" })).toBeVisible();
  await atBothWidths(withScripts, "/checkout with a refused code");
});

test("the owner sees the code's use and revenue; a sale price shows on the checkout with its end and no invented former price", async ({
  page,
}) => {
  await logIn(page, "/admin/offers");
  const row = page.getByRole("row", { name: /SPRING/ });
  await expect(row.getByTestId("code-uses")).toHaveText("1");
  await expect(row.getByTestId("code-revenue")).toHaveText("$17.59");

  await page.goto("/admin/products/toolkit");
  await waitForHydration(page);
  await page.getByLabel("Sale price, in dollars").fill("5.00");
  await page.getByLabel(/^Ends \(/).fill("2099-06-30T23:59");
  await page.getByRole("button", { name: "Start a sale" }).click();
  await expect(page.getByRole("status")).toContainText("Saved: sale $5.00 from");
  await expect(page.getByRole("region", { name: "Sale" })).toContainText("they show no former price");
  await atBothWidths(page, "/admin/products/toolkit with a sale");

  await page.goto("/checkout");
  await expect(page.getByTestId("order-total")).toHaveText("$5.00");
  // $7 was the price only since this server started: no "it was" (16 CFR 233.1); the end is real, so it is said.
  await expect(page.getByTestId("sale-note")).toHaveText(/^Sale price\. Sale ends Jun 30, 2099, 11:59 PM EDT\.$/);
  await atBothWidths(page, "/checkout during a sale");
});
