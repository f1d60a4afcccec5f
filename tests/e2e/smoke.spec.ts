import { allowConsoleErrors, countScripts, expect, test } from "./fixtures";

test("the home page renders with header and footer", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(String(new Date().getFullYear()));
});

test("an unknown path answers 404 with the not-found page, plain HTML with no React", async ({ page }) => {
  allowConsoleErrors(page, /status of 404/);
  const scripts = countScripts(page);
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  expect(scripts.reactBundle()).toEqual([]);
  // Its links are links: the way back works without React.
  await page.getByRole("main").getByRole("link", { name: "free tools and resources" }).click();
  await expect(page).toHaveURL(/\/resources$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("every unknown address gets the same not-found page, with nothing of the address in it", async ({ request }) => {
  const pages = [];
  for (const path of ["/no-such-page", "/call-555-0100-to-fix-your-credit", "/wp-login.php?x=1"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    pages.push(await response.text());
  }
  expect(pages[1]).toBe(pages[0]);
  expect(pages[2]).toBe(pages[0]);
  expect(pages[0]).toContain("Oops! Page not found");
  expect(pages[0]).not.toContain("555-0100");
  expect(pages[0]).toContain('<meta name="robots" content="noindex"/>');
  expect(pages[0]).not.toContain('rel="canonical"');
  // React Router's own addresses are still its own: a data request is answered as data, not with the page.
  const data = await request.get("/no-such-page.data");
  expect(data.headers()["content-type"]).not.toContain("text/html");
});

test("on a phone the not-found page's menu opens and closes without React", async ({ page }) => {
  allowConsoleErrors(page, /status of 404/);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/no-such-page");
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu.getByRole("link", { name: "Blog" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
});
