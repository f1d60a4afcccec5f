import type { Page } from "@playwright/test";
import { E2E_OWNER_PASSWORD } from "../../playwright.config";
import { allowConsoleErrors, countScripts, expect, expectNoViolations, test, waitForHydration } from "./fixtures";
import { useOwnServer } from "./own-server";

/**
 * The owner writes and publishes an article in the browser (issue 24), on a server of its own:
 * the editor (axe at both widths), its live preview following the typing, a refused save that
 * keeps what was typed, a refused non-image upload, publishing, then the article as a reader
 * gets it (no React bundle, hostile Markdown and title inert) and in the blog's search.
 */
test.describe.configure({ mode: "serial" });

const { origin: OWN_ORIGIN } = useOwnServer("publish", 51);
const TITLE = `Sinking Funds <img src=x onerror="window.__pwned=1"> & "Bills"`;

async function logIn(page: Page, path: string) {
  await page.goto(path);
  await page.getByLabel("Password").fill(E2E_OWNER_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(path);
}

test("the owner writes, previews and publishes; readers get a plain article, inert whatever was typed", async ({ page, browser }) => {
  test.setTimeout(120_000);
  allowConsoleErrors(page, /status of 400/);
  await logIn(page, "/admin/articles/new");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "New article" })).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoViolations(page, `the editor at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  const form = page.getByRole("region", { name: "Article" });
  await form.getByLabel("Title", { exact: true }).fill(TITLE);
  await form.getByLabel("Address").fill("sinking-funds-e2e");
  await form.getByLabel("Category").selectOption("Saving Money");
  await form.getByLabel("Excerpt").fill("Save a little each month for the bills you know are coming.");
  await form
    .getByLabel("Text (Markdown)")
    .fill("## Start small\n\nPut **$20** aside.\n\n<script>window.__pwned=2</script>\n\n[click](javascript:window.__pwned=3)");
  // The live preview follows the typing (a server-rendered, sanitized preview).
  const preview = page.locator("#preview-article");
  await expect(preview.getByRole("heading", { level: 2, name: "Start small" })).toBeVisible();
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText(TITLE);
  await expect(preview.locator(".prose-article strong")).toHaveText("$20");
  await expect(preview.locator("script")).toHaveCount(0);

  // Refused (no search description): the message, the field marked, the text kept, nothing saved.
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByRole("alert").first()).toHaveText("The article was not saved: check the fields marked below.");
  const description = page.getByLabel("Search description");
  await expect(description).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Enter a description for search engines.")).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(TITLE);
  await expectNoViolations(page, "the editor with a refused save");

  await description.fill("A sinking fund turns big yearly bills into small monthly savings. Here is how to start.");
  await page.getByRole("button", { name: "Publish now" }).click();
  // Publishing writes the article and rebuilds the page cache; under CI's load that took over 5 s once.
  await expect(page.getByRole("status")).toHaveText("Published: the article is live. Read it on the site", {
    timeout: 15_000,
  });
  await expect(page).toHaveURL(/\/admin\/articles\/\d+\?saved=published$/);

  // A file that is not a picture, named like one, is refused; the article is unchanged.
  const cover = page.getByRole("group", { name: "Cover image" });
  await cover
    .getByLabel(/^Cover picture/)
    .setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<html>not a picture</html>") });
  await cover.getByRole("button", { name: "Upload cover image" }).click();
  await expect(page.getByRole("alert")).toHaveText(/not an image this site can use/);
  await expect(page.getByText("No cover image yet.")).toBeVisible();

  // A reader (no owner cookie): plain HTML, no React, nothing hostile ran.
  const context = await browser.newContext({ baseURL: OWN_ORIGIN });
  const reader = await context.newPage();
  const scripts = countScripts(reader);
  const response = await reader.goto("/blog/sinking-funds-e2e");
  expect(response?.status()).toBe(200);
  await expect(reader.getByRole("heading", { level: 1 })).toHaveText(TITLE);
  await expect(reader.locator(".prose-article strong")).toHaveText("$20");
  await expect(reader.locator(".prose-article a", { hasText: "click" })).not.toHaveAttribute("href", /.*/);
  expect(scripts.reactBundle(), "no React bundle on an article").toEqual([]);
  expect(await reader.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expectNoViolations(reader, "the published article");

  // The blog's search finds it.
  await reader.goto("/blog");
  await waitForHydration(reader);
  const found = reader.getByRole("region", { name: "Articles" }).getByRole("heading", { level: 3 });
  await expect(found.first()).toHaveText(TITLE);
  await reader.getByRole("searchbox", { name: "Search articles" }).fill("sinking");
  await expect(found).toHaveText([TITLE]);
  await reader.getByRole("button", { name: "Saving Money" }).click();
  await expect(found).toHaveText([TITLE]);
  await reader.getByRole("button", { name: "Credit Repair" }).click();
  await expect(found).toHaveCount(0);
  expect(await reader.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await context.close();
});
