import type { Page } from "@playwright/test";
import sharp from "sharp";
import { toZonedInput } from "~/lib/dates";
import { countScripts, expect, expectNoViolations, test, waitForHydration } from "./fixtures";
import { logIn, useOwnServer } from "./own-server";

/**
 * The article editor as the owner uses it (issue 42, items 3 and 4), on a server of its own, at
 * a laptop's and a phone's width: the address follows the title until she types her own; a
 * picture goes into a new article's text (Markdown at the cursor) and a cover onto it before any
 * save; each save says what it did; the owner's preview is the public page; the list tells a
 * schedule that has passed as Live; "Publish and e-mail" ends in the broadcast editor with the
 * article's e-mail ready, and the article's page says so.
 */
test.describe.configure({ mode: "serial" });

const ZONE = "America/New_York";
const { origin: ORIGIN } = useOwnServer("article-editor", 91, { BUSINESS_TIME_ZONE: ZONE });
const WIDTHS = [1280, 375] as const;

const png = () =>
  sharp({ create: { width: 800, height: 450, channels: 3, background: "#357" } })
    .png()
    .toBuffer();

const form = (page: Page) => page.getByRole("region", { name: "Article" });

async function openNew(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await logIn(page, "/admin/articles/new", ORIGIN);
  await waitForHydration(page);
}

/** The fields a save needs beside the title, address and text. */
async function fillTheRest(page: Page) {
  await form(page).getByLabel("Excerpt").fill("Save a little each month for the bills you know are coming.");
  await form(page).getByLabel("Search description").fill("A sinking fund turns big yearly bills into small monthly savings.");
}

async function press(page: Page, button: string, message: string | RegExp) {
  await form(page).getByRole("button", { name: button, exact: true }).click();
  // A save is a round trip that writes the article and its revision: on a loaded machine (the full
  // run, two workers beside other tests) the first one took over 5 s; it says the same thing later.
  await expect(page.getByRole("status").filter({ hasText: message })).toHaveText(message, { timeout: 15_000 });
}

for (const width of WIDTHS) {
  test(`at ${width} px: the address follows the title, pictures go into a new article, each save says what it did`, async ({ page }) => {
    test.setTimeout(120_000);
    await openNew(page, width);
    const title = form(page).getByLabel("Title", { exact: true });
    const address = form(page).getByLabel("Address");
    await title.fill(`Sinking Funds, ${width}: A Plan!`);
    await expect(address).toHaveValue(`sinking-funds-${width}-a-plan`);
    await title.fill(`Sinking Funds at ${width} px`);
    await expect(address).toHaveValue(`sinking-funds-at-${width}-px`);
    // Her own address: the title no longer moves it.
    await address.fill(`sinking-${width}`);
    await title.fill(`Sinking Funds for Bills (${width})`);
    await expect(address).toHaveValue(`sinking-${width}`);
    await fillTheRest(page);

    // A picture inside the text of an article never saved: its Markdown lands at the cursor.
    const body = form(page).getByLabel("Text (Markdown)");
    await body.fill("First paragraph.\n\nSecond paragraph.");
    await body.evaluate((el: HTMLTextAreaElement) => {
      el.focus();
      el.setSelectionRange(16, 16);
    });
    const inText = form(page).getByRole("group", { name: "Add a picture to the text" });
    await inText.getByLabel(/^Picture for the text/).setInputFiles({ name: "coins.png", mimeType: "image/png", buffer: await png() });
    await inText.getByLabel("Description of the picture (alt text)").fill("A jar of coins");
    await inText.getByRole("button", { name: "Upload and insert at the cursor" }).click();
    // Nine sizes and formats are encoded first (one encode at a time on the server): seconds on a busy machine.
    await expect(body).toHaveValue(/^First paragraph\.\n\n!\[A jar of coins\]\(\/images\/uploads\/\d+-960\.webp\)\n\nSecond paragraph\.$/, {
      timeout: 30_000,
    });
    // The live preview shows it (lazy: it loads once scrolled to, below the form on a phone).
    const shown = page.locator("#preview-article").getByRole("img", { name: "A jar of coins" });
    await shown.scrollIntoViewIfNeeded();
    await expect(shown).toBeVisible();

    // A cover, before the first save too.
    const cover = form(page).getByRole("group", { name: "Cover image" });
    await expect(cover.getByText("No cover image yet.")).toBeVisible();
    await cover.getByLabel(/^Cover picture/).setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await png() });
    await cover.getByRole("button", { name: "Upload cover image" }).click();
    await expect(cover.getByRole("img", { name: "Cover, as uploaded" })).toBeVisible({ timeout: 30_000 });
    await cover.getByLabel("Cover image description (alt text)").fill("Coins in a jar");
    await expectNoViolations(page, `a new article with its pictures at ${width} px`);

    await press(page, "Save draft", "Draft saved.");
    await expect(page).toHaveURL(/\/admin\/articles\/\d+\?saved=draft-saved$/);
    await expect(form(page).getByRole("img", { name: "Cover, as uploaded" })).toBeVisible();
    await expect(form(page).getByLabel("Text (Markdown)")).toHaveValue(/!\[A jar of coins\]/);
    // Saved again as a draft: still "Draft saved.", never "Moved to drafts".
    await expect(page.getByText("version 1", { exact: true })).toBeVisible();
    await press(page, "Save draft", "Draft saved.");
    // The notice already read "Draft saved." before this press: the new version is what says the save is done (seconds on a busy machine).
    await expect(page.getByText("version 2", { exact: true })).toBeVisible({ timeout: 15_000 });

    await press(page, "Publish now", "Published: the article is live. Read it on the site");
    await expect(page.getByRole("status").getByRole("link", { name: "Read it on the site" })).toHaveAttribute(
      "href",
      `/blog/sinking-${width}`,
    );
    await press(page, "Save", "Updated: the live article shows your changes. Read it on the site");
    await form(page)
      .getByLabel(/^Publish at/)
      .fill(toZonedInput(new Date(Date.now() + 3 * 86_400_000), ZONE));
    await press(page, "Schedule", /^Scheduled: it goes live on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T\.$/);
    await press(page, "Unpublish", /^Unpublished: its address now says the article is gone \(410\)/);
    await press(page, "Move to drafts", "Moved to drafts: the article is off the site.");
    await expectNoViolations(page, `the editor after saves at ${width} px`);
  });
}

test("the preview is the public page, for a draft, at an owner-only address that is not indexed", async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, "/admin/articles", ORIGIN);
  await page.getByRole("link", { name: "Sinking Funds for Bills (1280)" }).click();
  await waitForHydration(page);
  const previewLink = page.getByRole("link", { name: "Preview as readers will see it" });
  const href = await previewLink.getAttribute("href");
  expect(href).toMatch(/^\/admin\/articles\/\d+\/preview$/);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const scripts = countScripts(page);
    const response = await page.goto(href!);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByRole("note", { name: "Preview" })).toContainText("Preview, not published.");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sinking Funds for Bills (1280)");
    await expect(page.locator(".prose-article").getByRole("img", { name: "A jar of coins" })).toBeVisible();
    // The public site's frame and component, plain HTML like an article.
    await expect(page.getByRole("link", { name: "Back to Blog" })).toBeVisible();
    expect(scripts.reactBundle(), "no React bundle, as on an article").toEqual([]);
    await expectNoViolations(page, `the preview at ${width} px`);
  }
  // Not for readers: without the owner's session it asks for the log-in.
  const reader = await browser.newContext({ baseURL: ORIGIN });
  const readerPage = await reader.newPage();
  await readerPage.goto(href!);
  await expect(readerPage).toHaveURL(/\/admin\/login/);
  await reader.close();
});

test("the list tells a schedule whose time has passed as Live, at both widths", async ({ page }) => {
  test.setTimeout(240_000);
  await openNew(page, 1280);
  await form(page).getByLabel("Title", { exact: true }).fill("Due Any Minute");
  await form(page).getByLabel("Text (Markdown)").fill("It goes live by itself.");
  await fillTheRest(page);
  // The first whole minute at least 20 s ahead: the schedule must be in the future when it arrives.
  const at = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
  await form(page)
    .getByLabel(/^Publish at/)
    .fill(toZonedInput(at, ZONE));
  await press(page, "Schedule", /^Scheduled: it goes live on /);
  const row = () => page.getByRole("row").filter({ has: page.getByRole("link", { name: "Due Any Minute" }) });
  await page.goto("/admin/articles");
  await expect(row()).toContainText("Scheduled");
  await page.waitForTimeout(Math.max(0, at.getTime() - Date.now()) + 1_000);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/articles");
    await waitForHydration(page);
    await expect(row()).toContainText("Live");
    await expect(row()).not.toContainText("Scheduled");
    await expect(row().getByText("Sinking Funds for Bills (1280)")).toHaveCount(0);
    await expect(page.getByRole("row").filter({ has: page.getByRole("link", { name: "Sinking Funds for Bills (1280)" }) })).toContainText(
      "Draft",
    );
    await expectNoViolations(page, `the articles list at ${width} px`);
  }
  await page.getByRole("link", { name: "Due Any Minute" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit: Due Any Minute" })).toBeVisible();
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
});

for (const width of WIDTHS) {
  test(`at ${width} px: "Publish and e-mail" publishes and opens the article's e-mail in the broadcast editor`, async ({ page }) => {
    test.setTimeout(120_000);
    await openNew(page, width);
    const title = `Bills Without Panic ${width}`;
    await form(page).getByLabel("Title", { exact: true }).fill(title);
    await form(page)
      .getByLabel("Text (Markdown)")
      .fill("## Why\n\nBig bills come every year.\n\nA sinking fund spreads them out.\n\nThe third paragraph stays on the site.");
    await fillTheRest(page);
    await form(page).getByRole("button", { name: "Publish and e-mail" }).click();
    // Publishing, then the broadcast editor: two answers in a row (15 s on a loaded machine).
    await expect(page).toHaveURL(/\/admin\/broadcasts\?edit=\d+$/, { timeout: 15_000 });
    const broadcastId = new URL(page.url()).searchParams.get("edit");
    await expect(page.getByLabel("Subject", { exact: true })).toHaveValue(title);
    await expect(page.getByLabel(/^Preview text/)).toHaveValue("A sinking fund turns big yearly bills into small monthly savings.");
    await expect(page.getByLabel(/^Body/)).toHaveValue(
      `Big bills come every year.\n\nA sinking fund spreads them out.\n\n[Read the rest](/blog/bills-without-panic-${width})`,
    );

    // The article is live, and its page says its e-mail is waiting, linked to the broadcast.
    await page.goto("/admin/articles");
    await page.getByRole("link", { name: title }).click();
    await waitForHydration(page);
    const newsletter = page.getByRole("region", { name: "Newsletter" });
    await expect(newsletter).toContainText("E-mail draft ready");
    await expect(newsletter.getByRole("link", { name: /Open the e-mail/ })).toHaveAttribute(
      "href",
      `/admin/broadcasts?edit=${broadcastId}`,
    );
    await expect(page.getByText("Live", { exact: true })).toBeVisible();
    // Asked again, the same draft opens: no second e-mail of the article.
    await form(page).getByRole("button", { name: "Save and e-mail it" }).click();
    await expect(page).toHaveURL(`/admin/broadcasts?edit=${broadcastId}`);
    await expectNoViolations(page, `the broadcast editor with the article's e-mail at ${width} px`);
  });
}
