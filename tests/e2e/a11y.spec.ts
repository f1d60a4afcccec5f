import type { Page } from "@playwright/test";
import { TOOLS, TOOLS_PATH } from "../../app/lib/tools/catalog";
import { toolExamplePath } from "../../app/lib/tools/pages";
import { allowConsoleErrors, completeOrder, expect, expectNoViolations, payOnTestPage, test } from "./fixtures";

/**
 * axe-core (WCAG 2.0/2.1 A and AA rules) on every route at a desktop and a phone width, and in
 * every state a visitor can bring up: the side menu, the ticked order bump, lead-form errors and
 * success, each kind of toast, the contact notice. A violation fails with the rule, its help text
 * and the elements it found.
 */

/** Spec section 2: every route (the 8 article slugs written out from the spec), plus a 404. */
const ROUTES = [
  "/",
  "/about",
  "/resources",
  "/blog",
  "/blog/budgeting-tips-that-work",
  "/blog/rebuild-credit-6-months",
  "/blog/free-budgeting-apps",
  "/blog/understanding-credit-reports",
  "/blog/emergency-fund-guide",
  "/blog/debt-snowball-vs-avalanche",
  "/blog/dispute-credit-errors",
  "/blog/credit-card-mistakes",
  "/contact",
  "/checkout",
  "/checkout-success",
  "/privacy",
  "/terms",
  "/refund-policy",
  "/disclosures",
  // The calculators, with a result shown (issue 12).
  TOOLS_PATH,
  ...TOOLS.map((tool) => toolExamplePath(tool.slug)),
  "/no-such-page",
];

const WIDTHS = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 375, height: 812 },
];

let counter = 0;
const uniqueEmail = (tag: string) =>
  `a11y.${tag}.${Date.now().toString(36)}.${counter++}.${Math.random().toString(36).slice(2, 7)}@example.com`;

const toast = (page: Page, title: string) => page.locator("[data-sonner-toast], [data-toast]").filter({ hasText: title });

/** axe only sees what is on screen: wait for a toast to finish sliding in. */
async function settledToast(page: Page, title: string) {
  const item = toast(page, title);
  await expect(item).toBeVisible();
  // A page without React renders its toast with the page (data-toast): nothing slides in.
  if ((await item.getAttribute("data-toast")) !== null) return;
  await expect(item).toHaveAttribute("data-mounted", "true");
  await page.waitForTimeout(450); // sonner's enter transition (400 ms); colours are checked after it
}

for (const viewport of WIDTHS) {
  test.describe(`every route at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    for (const path of ROUTES) {
      test(`${path} has no axe violations`, async ({ page }) => {
        if (path === "/no-such-page") allowConsoleErrors(page, /status of 404/);
        const response = await page.goto(path);
        expect(response?.status()).toBe(path === "/no-such-page" ? 404 : 200);
        await expectNoViolations(page, `${path} at ${viewport.width} px`);
      });
    }
  });
}

// A best-practice rule, outside the WCAG tags above: landmarks of one kind each have their own
// name (an article with two partner offers had two asides both called "Partner offer"; one partner
// is left, identity monitoring, and its aside keeps a name of its own).
test("an article's partner offers are landmarks with names of their own", async ({ page }) => {
  await page.goto("/blog/rebuild-credit-6-months");
  const offers = page.getByRole("complementary", { name: /^Partner offer: / });
  expect(await offers.count()).toBeGreaterThanOrEqual(1);
  await expectNoViolations(page, "landmark names on /blog/rebuild-credit-6-months", { rules: ["landmark-unique"] });
});

test.describe("states", () => {
  test("the side menu, open (375 px)", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Blog" })).toBeVisible();
    await page.waitForTimeout(250); // the slide-in animation
    await expectNoViolations(page, "the open side menu");
  });

  for (const viewport of WIDTHS) {
    test(`the order bump, ticked (${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto("/checkout");
      await page.getByRole("checkbox", { name: "Yes, add this to my order for only $14.99!" }).check();
      await expect(page.getByTestId("order-total")).toHaveText("$21.99");
      await expectNoViolations(page, "checkout with the bump ticked");
    });
  }

  // An article answers its form with a new page (no React there, so no toast): the page as answered.
  test("a lead-form error, as the article answers it", async ({ page }) => {
    allowConsoleErrors(page, /status of 400/);
    await page.goto("/blog/budgeting-tips-that-work");
    const form = page.locator("#lead-form");
    await form.getByRole("button", { name: "Send Me the Guide" }).click();
    await expect(form).toContainText("Missing Information");
    await expectNoViolations(page, "the lead form with 'Missing Information'");

    await form.getByRole("textbox", { name: "Your name" }).fill("Ann");
    await form.getByRole("textbox", { name: "Your email" }).fill("ann@example");
    await form.getByRole("button", { name: "Send Me the Guide" }).click();
    await expect(form).toContainText("Invalid Email");
    await expectNoViolations(page, "the lead form with 'Invalid Email'");
  });

  test("the lead success panel, then 'Already Subscribed'", async ({ page }) => {
    const email = uniqueEmail("lead");
    await page.goto("/blog/emergency-fund-guide");
    const form = page.locator("#lead-form");
    await form.getByRole("textbox", { name: "Your name" }).fill("Ann");
    await form.getByRole("textbox", { name: "Your email" }).fill(email);
    await form.getByRole("button", { name: "Send Me the Guide" }).click();
    await expect(form.getByRole("heading", { name: "You're All Set!" })).toBeVisible();
    await expectNoViolations(page, "the lead success panel");

    // Another article offering the same guide (the workbook).
    await page.goto("/blog/budgeting-tips-that-work");
    await form.getByRole("textbox", { name: "Your name" }).fill("Ann");
    await form.getByRole("textbox", { name: "Your email" }).fill(email);
    await form.getByRole("button", { name: "Send Me the Guide" }).click();
    await expect(form).toContainText("Already Subscribed");
    await expectNoViolations(page, "the lead form with 'Already Subscribed'");
  });

  test("the checkout failure toast", async ({ page }) => {
    allowConsoleErrors(page, /Checkout failed/, /status of 500/);
    await page.route("**/api/create-payment", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "down" }) }),
    );
    await page.goto("/checkout");
    await page.getByRole("button", { name: "Complete My Order" }).click();
    await settledToast(page, "Error");
    await expect(toast(page, "Error")).toContainText("Failed to create checkout session. Please try again.");
    await expectNoViolations(page, "the checkout failure toast");
  });

  for (const viewport of WIDTHS) {
    test(`the contact notice (${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto("/contact");
      await page.getByRole("textbox", { name: "Name", exact: true }).fill("Ann Example");
      await page.getByRole("textbox", { name: "Email", exact: true }).fill(uniqueEmail("contact"));
      await page.getByRole("textbox", { name: "Subject", exact: true }).fill("A question");
      await page.getByRole("textbox", { name: "Message", exact: true }).fill("How do I start?");
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.locator("#contact-form")).toContainText("Message sent! We aim to reply within one business day.");
      await settledToast(page, "Message sent!");
      await expectNoViolations(page, "the contact notice and its toast");
    });
  }

  test("the test payment page the order opens, and the success page after paying", async ({ page }) => {
    await page.goto("/checkout");
    const tab = await completeOrder(page);
    await expect(tab).toHaveURL(/\/pay\/test\?session=/);
    await expect(tab.getByRole("heading", { name: "Pay Fresh Start Money" })).toBeVisible();
    await expectNoViolations(tab, "the test payment page");
    await payOnTestPage(tab);
    await expect(tab.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expectNoViolations(tab, "the payment success page after paying");
  });

  test("the newsletter box: an error and a success", async ({ page }) => {
    // A plain post (no React on the blog) answered 400 is logged by Chromium.
    allowConsoleErrors(page, /status of 400/);
    await page.goto("/blog");
    const box = page.getByRole("textbox", { name: "Email address" });
    await box.fill("not-an-address");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(box).toHaveAttribute("aria-invalid", "true");
    await settledToast(page, "Invalid Email");
    await expectNoViolations(page, "the newsletter box with an error");
    await box.fill(uniqueEmail("news"));
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(box).not.toHaveAttribute("aria-invalid", "true");
    await settledToast(page, "Almost done!");
    await expectNoViolations(page, "the newsletter box after subscribing, with its toast");
  });
});
