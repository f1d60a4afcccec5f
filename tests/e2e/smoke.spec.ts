import { allowConsoleErrors, expect, test } from "./fixtures";

test("the home page renders with header and footer", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(String(new Date().getFullYear()));
});

test("an unknown path answers 404 with the not-found page", async ({ page }) => {
  allowConsoleErrors(page, /status of 404/);
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByText("404", { exact: true })).toBeVisible();
});
