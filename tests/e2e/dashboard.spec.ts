import { join } from "node:path";
import { DASHBOARD_SECTIONS } from "~/components/dashboard-shell";
import { allowConsoleErrors, expect, expectNoViolations, test } from "./fixtures";
import { dashboardReady, logIn, useOwnServer } from "./own-server";

/**
 * The dashboard's own frame (issue 42, item 1), on a server of its own: no public header, menu or
 * footer; its sections in one grouped side bar on a laptop (one column, nothing wrapping) and a
 * menu on a phone; every section's page reached from it, with axe and no sideways scrolling at
 * 1280 and 375 px; "View site" and "Log out" in the bar; a page that is not there (an id that is
 * not ours) answers 404 inside the frame, never indexed.
 */
test.describe.configure({ mode: "serial" });

const { origin: ORIGIN, dataDir: DATA_DIR } = useOwnServer("dashboard", 77);
const SECTIONS = DASHBOARD_SECTIONS.flatMap((g) => g.links);

test("on a laptop: every section from the side bar, in the dashboard's own frame", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, "/admin", ORIGIN);
  const bar = page.getByRole("navigation", { name: "Dashboard" });
  // One column: every link starts at the same x, one under another (nothing wraps onto a second row).
  const boxes = await Promise.all(SECTIONS.map((s) => bar.getByRole("link", { name: s.label, exact: true }).boundingBox()));
  expect(new Set(boxes.map((b) => b!.x)).size).toBe(1);
  expect(boxes.every((b, i) => i === 0 || b!.y > boxes[i - 1]!.y)).toBe(true);
  for (const section of SECTIONS) {
    await bar.getByRole("link", { name: section.label, exact: true }).click();
    await page.waitForURL((url) => url.pathname === section.to);
    await expect(bar.getByRole("link", { name: section.label, exact: true })).toHaveAttribute("aria-current", "page");
    // The public site's chrome is not here.
    await expect(page.getByRole("link", { name: /Get \$7 Toolkit/ })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "View site" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
    await expectNoViolations(page, `${section.to} at 1280 px`);
  }
  await page.screenshot({ path: join(DATA_DIR, "dashboard-frame-1280.png") });
});

test("on a phone: the menu reaches every section, each page fits the screen", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await logIn(page, "/admin", ORIGIN);
  for (const section of SECTIONS) {
    await page.getByText("Menu", { exact: true }).click();
    const menu = page.getByRole("navigation", { name: "Dashboard" });
    await menu.getByRole("link", { name: section.label, exact: true }).click();
    await page.waitForURL((url) => url.pathname === section.to);
    await dashboardReady(page);
    // The menu closes on the new page and names where the owner is.
    await expect(menu.getByRole("link", { name: section.label, exact: true })).toBeHidden();
    await expect(page.locator("summary")).toContainText(section.label);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), section.to).toBeLessThanOrEqual(375);
    await expectNoViolations(page, `${section.to} at 375 px`);
  }
  await page.getByText("Menu", { exact: true }).click();
  await expectNoViolations(page, "the menu open at 375 px");
  await page.screenshot({ path: join(DATA_DIR, "dashboard-menu-375.png") });
});

test("a page that is not there answers 404 in the frame, never indexed; Log out ends the session", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await logIn(page, "/admin", ORIGIN);
  allowConsoleErrors(page, /status of 404/); // the missing page's own answer
  const answer = await page.goto("/admin/orders/not-a-number");
  expect(answer?.status()).toBe(404);
  expect(answer?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  await expect(page.getByText("Menu", { exact: true })).toBeVisible();
  await expectNoViolations(page, "a missing page at 375 px");
  await page.getByRole("button", { name: "Log out" }).click();
  await page.waitForURL(/\/admin\/login/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login\?next=/);
});
