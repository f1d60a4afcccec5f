import { join } from "node:path";
import { BUSINESS_MESSAGES } from "~/lib/forms/business-settings";
import { expect, expectNoViolations, test } from "./fixtures";
import { logIn, useOwnServer } from "./own-server";

/**
 * The business's details on /admin/settings (issue 53, item 7; decision 069), on a built server
 * of its own: reached from the dashboard's menu, axe clean and without sideways scrolling at 1280
 * and 375 px; a bad address is named beside its field as the owner types and nothing is saved; a
 * save shows its notice, and the footer of a cached page (home) and of a prerendered one (/about)
 * names the new support address and business name at once.
 */
test.describe.configure({ mode: "serial" });

const { origin: ORIGIN, dataDir: DATA_DIR } = useOwnServer("settings", 57);

test("on a laptop: the form checks as the owner types, saves, and every page's footer follows", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, "/admin", ORIGIN);
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Business details", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Business details" })).toBeVisible();
  await expect(page.getByLabel("Support address")).toHaveValue("support@freshstartmoney.com");
  await expect(page.getByLabel("E-mail me each sale")).toBeChecked();
  await expectNoViolations(page, "/admin/settings at 1280 px");

  // A bad value: its message beside it as she leaves the field, and the post is not sent.
  const support = page.getByLabel("Support address");
  await support.fill("Support <help@brightpath.example>");
  await support.blur();
  await expect(page.getByText(BUSINESS_MESSAGES.emailShape)).toBeVisible();
  await expect(support).toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText(BUSINESS_MESSAGES.emailShape)).toBeVisible();
  await expectNoViolations(page, "/admin/settings with a refused value");
  await page.screenshot({ path: join(DATA_DIR, "settings-refused-1280.png"), fullPage: true });

  await support.fill("help@brightpath.example");
  await page.getByLabel("Business name").fill("Bright Path Money LLC");
  await page.getByLabel("Postal address").fill("PO Box 42\nSpringfield, IL 62701");
  await page.getByLabel("Time zone").fill("America/Chicago");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByRole("status")).toContainText("Saved: Business name, Support address, Postal address, Time zone.");
  await expect(page.getByLabel("Support address")).toHaveValue("help@brightpath.example");
  await expect(page.getByText("Now: Central Time.", { exact: false })).toBeVisible();
  await page.screenshot({ path: join(DATA_DIR, "settings-saved-1280.png"), fullPage: true });

  for (const path of ["/", "/about", "/privacy"]) {
    await page.goto(path);
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "help@brightpath.example" }), path).toHaveAttribute(
      "href",
      "mailto:help@brightpath.example",
    );
    await expect(footer, path).toContainText("Bright Path Money LLC. All rights reserved.");
    await expect(footer, path).not.toContainText("support@freshstartmoney.com");
  }
  // The privacy policy's own text names the saved address.
  await expect(page.getByRole("main").getByRole("link", { name: "help@brightpath.example" }).first()).toBeVisible();
  await page.goto("/about");
  await page.screenshot({ path: join(DATA_DIR, "settings-about-footer-1280.png") });
});

test("on a phone: the page fits the screen, axe clean", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await logIn(page, "/admin/settings", ORIGIN);
  await expect(page.getByLabel("Business name")).toHaveValue("Bright Path Money LLC");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoViolations(page, "/admin/settings at 375 px");
  await page.screenshot({ path: join(DATA_DIR, "settings-375.png"), fullPage: true });
  await page.goto("/about");
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "help@brightpath.example" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
