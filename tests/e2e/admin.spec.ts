import type { Browser, Page } from "@playwright/test";
import { E2E_OWNER_PASSWORD } from "../../playwright.config";
import { allowConsoleErrors, completeOrder, countScripts, expect, expectNoViolations, payOnTestPage, test } from "./fixtures";
import { mailTo } from "./mail";
import { useOwnServer } from "./own-server";

/**
 * The owner dashboard as the owner uses it, against the built server (its own frame, forms that
 * also post without JavaScript, a redirect after every post): login, the overview and per-article
 * numbers after a reader's visits, lead and purchase, a refund with its e-mail (a reload after it
 * posts nothing again), axe on every page at both widths, and the login throttle (last: it locks
 * this address out of the login for 15 minutes).
 */
test.describe.configure({ mode: "serial" });

const ARTICLE = "emergency-fund-guide";
/** A person's browser: headless Chromium's own user agent is (rightly) counted as a bot. */
const READER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const unique = (tag: string) => `${tag}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.com`;

const PAGES = [
  { path: "/admin", heading: "Overview" },
  { path: "/admin/articles", heading: "Articles" },
  { path: "/admin/orders", heading: "Orders" },
  { path: "/admin/contacts", heading: /^Contacts/ },
  { path: "/admin/messages", heading: /^Messages/ },
  { path: "/admin/email", heading: "E-mail health" },
];

async function logIn(page: Page, path = "/admin") {
  await page.goto(path);
  await expect(page).toHaveURL(/\/admin\/login\?next=/);
  await page.getByLabel("Password").fill(E2E_OWNER_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** The number a stat card shows ("3", "$21.99", "1 of 2"). */
const stat = (page: Page, label: string) => page.locator(`[data-stat="${label}"]`).innerText();
const money = (text: string) => Math.round(Number(text.replace(/[$,]/g, "")) * 100);

async function articleRow(page: Page) {
  await page.goto("/admin/articles?days=7");
  const row = page.getByRole("row", { name: /How to Build an Emergency Fund/ });
  const cells = await row.getByRole("cell").allInnerTexts();
  const [, views, leads, checkouts, sales] = cells.map(Number);
  return { views, leads, checkouts, sales };
}

async function overviewNumbers(page: Page) {
  await page.goto("/admin?days=7");
  return {
    net: money(await stat(page, "Net revenue")),
    paid: Number(await stat(page, "Paid orders")),
    checkouts: await stat(page, "Checkouts"),
    leads: Number(await stat(page, "Leads")),
  };
}

/** A reader in a browser of their own (no owner cookie): two visits to the article, the guide, then the toolkit from the article's promo link. */
async function readerVisitsAndBuys(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ userAgent: READER_UA, baseURL });
  const reader = await context.newPage();
  await reader.goto(`/blog/${ARTICLE}`);
  // A second view the browser has no cached copy of (a reload would be a 304, which is not counted).
  await reader.goto(`/blog/${ARTICLE}?utm_source=newsletter`);
  const form = reader.locator("#lead-form");
  await form.getByRole("textbox", { name: "Your name" }).fill("Reader");
  await form.getByRole("textbox", { name: "Your email" }).fill(unique("reader.lead"));
  await form.getByRole("button", { name: "Send Me the Guide" }).click();
  await expect(reader.getByRole("heading", { name: "You're All Set!" })).toBeVisible();
  await reader
    .getByRole("link", { name: /Get the Toolkit/ })
    .first()
    .click();
  await expect(reader).toHaveURL(new RegExp(`/checkout\\?from=${ARTICLE}$`));
  await expect(reader.locator("html")).toHaveAttribute("data-hydrated", "true");
  const tab = await completeOrder(reader);
  const email = await payOnTestPage(tab, unique("reader.buyer"));
  await expect(tab.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  const downloads = tab.getByRole("region", { name: "Your downloads" });
  const orderPath = await downloads.getByRole("link", { name: /\/orders\// }).getAttribute("href");
  await context.close();
  return { email, orderPath: new URL(orderPath!, "http://x").pathname };
}

test("without a session every page sends the visitor to the login, which is noindex and never cached", async ({ page }) => {
  for (const { path } of [...PAGES, { path: "/admin/orders/1" }, { path: "/admin/export/leads" }]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(`/admin/login?next=${encodeURIComponent(path)}`);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  }
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("heading", { level: 1, name: "Owner login" })).toBeVisible();
});

test("a wrong password is refused and says so", async ({ page }) => {
  allowConsoleErrors(page, /status of 401/);
  await page.goto("/admin/login");
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert")).toHaveText("That password is not right.");
  await expect(page).toHaveURL("/admin/login");
});

/**
 * The numbers are exact, so this runs on a server of its own: the other browser tests, in
 * parallel on the shared one, add leads, checkouts and orders of their own.
 */

test.describe("on a server of its own", () => {
  const { origin: OWN_ORIGIN, mailDir: OWN_MAIL } = useOwnServer("admin", 43);

  test("the owner sees a reader's visits, lead and purchase on the overview and per article, then refunds the order", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await logIn(page);
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    const before = { overview: await overviewNumbers(page), article: await articleRow(page) };

    const { email, orderPath } = await readerVisitsAndBuys(browser, OWN_ORIGIN);
    // The owner's own visit does not count.
    await page.goto(`/blog/${ARTICLE}`);

    const after = { overview: await overviewNumbers(page), article: await articleRow(page) };
    expect(after.article).toEqual({
      views: before.article.views! + 2,
      leads: before.article.leads! + 1,
      checkouts: before.article.checkouts! + 1,
      sales: before.article.sales! + 1,
    });
    expect(after.overview.paid).toBe(before.overview.paid + 1);
    expect(after.overview.net).toBe(before.overview.net + 700);
    expect(after.overview.leads).toBe(before.overview.leads + 1);
    const [paidBefore, startedBefore] = before.overview.checkouts.split(" of ").map(Number);
    expect(after.overview.checkouts).toBe(`${paidBefore! + 1} of ${startedBefore! + 1}`);

    // The order, found by the buyer's address.
    await page.goto("/admin/orders");
    await page.getByRole("searchbox", { name: "Buyer's e-mail (or part of it)" }).fill(email);
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByRole("row", { name: new RegExp(email.replace(/\./g, "\\.")) });
    await expect(row).toContainText("paid");
    await row.getByRole("link", { name: /^FSM-/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Order FSM-/ })).toBeVisible();
    await expect(page.getByText(ARTICLE, { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Downloads per file" })).toContainText("The Step-by-Step Credit Repair Guide");
    // The owner and the buyer's receipt agree on the day, both in the business's zone (New York), named.
    const paid = await page
      .locator("dt", { hasText: /^Paid$/ })
      .locator("xpath=following-sibling::dd[1]")
      .textContent();
    expect(paid).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M E[SD]T$/);
    const receipt = await mailTo(email, /receipt/i, OWN_MAIL);
    const [, month, day, year] = /^([A-Z][a-z]{2}) (\d{1,2}), (\d{4})/.exec(paid!)!;
    expect(receipt.text).toMatch(new RegExp(`Paid on: ${month}[a-z]* ${day}, ${year} \\(Eastern Time\\)`));

    // Refund: asked first, then done.
    await page.getByRole("link", { name: "Refund the order" }).click();
    await expect(page.getByRole("heading", { name: "Refund this order?" })).toBeVisible();
    await page.getByRole("button", { name: "Yes, refund the order" }).click();
    await expect(page.getByRole("status")).toContainText("Refunded: access to the files has ended");
    // A redirect to the order, the question gone: a reload posts nothing again.
    await expect(page).toHaveURL(/\/admin\/orders\/\d+$/);
    const requests = countScripts(page);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: /^Order FSM-/ })).toBeVisible();
    expect(requests.posts()).toEqual([]);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByText("refunded", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Downloads" }).locator("..")).toContainText(
      "Access to the files has ended: the order is refunded.",
    );
    await expect(page.getByRole("heading", { name: "Audit log" }).locator("..")).toContainText("refund (refunded)");

    const notice = await mailTo(email, /refund/i, OWN_MAIL);
    expect(notice.text).toContain("$7.00");
    // The buyer's order page no longer offers the files.
    await page.goto(orderPath);
    await expect(page.getByRole("region", { name: "Your downloads" })).toHaveCount(0);
    await expect(page.locator("main")).toContainText(/refunded/i);

    const refunded = await overviewNumbers(page);
    expect(refunded.net).toBe(before.overview.net);
  });
});

test("a contact message can be marked handled, and the CSV downloads are the export's", async ({ page }) => {
  await page.goto("/contact");
  const subject = `Question ${Date.now()}`;
  await page.getByRole("textbox", { name: /Name/ }).fill("Casey");
  await page.getByRole("textbox", { name: /Email/ }).fill(unique("casey"));
  await page.getByRole("textbox", { name: /Subject/ }).fill(subject);
  await page.getByRole("textbox", { name: /Message/ }).fill("How long do the dispute letters take to work?");
  await page.getByRole("button", { name: /Send/ }).click();
  await expect(page.getByText(/Message sent|Thank you/i).first()).toBeVisible();

  await logIn(page, "/admin/messages");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const message = page.getByRole("article", { name: subject });
  await expect(message).toContainText("How long do the dispute letters take to work?");
  const requests = countScripts(page);
  await message.getByRole("button", { name: `Mark handled: ${subject}` }).click();
  await expect(page.getByRole("status")).toHaveText("Marked handled.");
  await expect(page.getByRole("article", { name: subject })).toContainText("Handled");
  // A redirect after the post: a reload posts nothing again, and the notice was said once.
  await page.reload();
  await expect(page.getByRole("article", { name: subject })).toContainText("Handled");
  expect(requests.posts()).toHaveLength(1);
  await expect(page.getByRole("status")).toHaveCount(0);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
  const { readFileSync } = await import("node:fs");
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toBe("id,name,email,subject,message,created_at");
  expect(csv).toContain(subject);
});

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`every dashboard page has no axe violations at ${viewport.width} px and does not overflow`, async ({ page, browser, baseURL }) => {
    // Every dashboard page in turn (contacts and broadcasts joined them), each with axe.
    test.setTimeout(120_000);
    // An order to show, whatever ran before on this server.
    const { email } = await readerVisitsAndBuys(browser, baseURL!);
    await page.setViewportSize(viewport);
    await logIn(page, `/admin/orders?email=${encodeURIComponent(email)}`);
    const order = new URL(
      await page
        .getByRole("link", { name: /^FSM-/ })
        .first()
        .evaluate((a) => (a as HTMLAnchorElement).href),
    ).pathname;
    for (const { path, heading } of [
      ...PAGES,
      { path: order, heading: /^Order FSM-/ },
      { path: `${order}?confirm=reset`, heading: /^Order FSM-/ },
      { path: `${order}?confirm=refund&product=all`, heading: /^Order FSM-/ },
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expectNoViolations(page, `${path} at ${viewport.width} px`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
      if (process.env.ADMIN_SCREENSHOTS) {
        await page.screenshot({
          path: `${process.env.ADMIN_SCREENSHOTS}/${path.replace(/[/?=]/g, "_")}-${viewport.width}.png`,
          fullPage: true,
        });
      }
    }
    await expectNoViolationsOnLogin(page);
  });
}

async function expectNoViolationsOnLogin(page: Page) {
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL("/admin/login");
  await expectNoViolations(page, "/admin/login");
  await page.goto("/admin");
  await expect(page).toHaveURL("/admin/login?next=%2Fadmin");
}

test("five wrong passwords from one address and the login waits 15 minutes (429 with Retry-After)", async ({ page, request }) => {
  allowConsoleErrors(page, /status of 429/);
  for (let i = 0; i < 5; i++) {
    const answer = await request.post("/admin/login", {
      form: { password: `wrong ${i}` },
      maxRedirects: 0,
    });
    expect([401, 429]).toContain(answer.status());
  }
  await page.goto("/admin/login");
  await page.getByLabel("Password").fill(E2E_OWNER_PASSWORD);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    page.getByRole("button", { name: "Log in" }).click(),
  ]);
  expect(response.status()).toBe(429);
  expect(Number(response.headers()["retry-after"])).toBeGreaterThan(60);
  await expect(page.getByRole("heading", { name: "Too Many Attempts" })).toBeVisible();
});
