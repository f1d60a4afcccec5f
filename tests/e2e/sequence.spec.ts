import { join } from "node:path";
import type { Page } from "@playwright/test";
import { allowConsoleErrors, countScripts, downloadGuideFromLink, expect, expectNoViolations, test } from "./fixtures";
import { linkPath, mailTo } from "./mail";
import { dashboardReady, logIn as logInAt, useOwnServer } from "./own-server";

/**
 * The welcome sequence's editor as the owner uses it, on a server of its own: the shipped steps
 * listed with their figures, an edit saved (subject and delay), the text preview, the HTML
 * preview page, a test send to the owner, a save from a second tab refused, pause and resume,
 * and axe at both widths; then a free guide per topic: the owner chooses which guide each category's
 * articles offer, and a reader gets the workbook by e-mail, its PDF through the button.
 */
test.describe.configure({ mode: "serial" });

const { origin: ORIGIN, dataDir: DATA_DIR, mailDir: MAIL } = useOwnServer("sequence", 61, { OWNER_EMAIL: "owner@example.com" });

/** Open an owner page (logging in first when asked), ready for typing (hydrated). */
const logIn = (page: Page, path: string) => logInAt(page, path, ORIGIN);

test("the owner edits a step, previews it, sends a test, and pauses the sequence", async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, "/admin/sequence");
  const table = page.getByRole("region", { name: "Credit Repair Starter Guide: steps" }).getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(7);
  await expect(table.getByRole("rowheader").first()).toHaveText("1. Start here: your three free credit reports");
  await expectNoViolations(page, "sequence list");

  await page.getByRole("link", { name: "Edit step 1" }).click();
  await expect(page.getByTestId("step-preview-text")).toContainText("AnnualCreditReport.com");
  await expect(page.getByTestId("step-preview-text")).toContainText("utm_source=email&utm_campaign=welcome-01-your-three-reports");

  // A second tab opens the same step before the first saves.
  const other = await browser.newPage({ baseURL: ORIGIN, storageState: await page.context().storageState() });
  // The stale tab's save is answered 409, which the browser logs.
  allowConsoleErrors(page, /status of 409/);
  allowConsoleErrors(other, /status of 409/);
  await other.goto(page.url());
  await dashboardReady(other);

  // Checked as she types, by the schema the server parses with: the message beside its field, nothing posted.
  const requests = countScripts(page);
  await page.getByLabel("Subject", { exact: true }).fill("");
  await page.getByLabel("Hours", { exact: true }).fill("30");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("The subject is empty.")).toBeVisible();
  await expect(page.getByText("Hours go up to 23; use days for more.")).toBeVisible();
  await expect(page.getByLabel("Subject", { exact: true })).toHaveAttribute("aria-invalid", "true");
  expect(requests.posts()).toEqual([]);
  await expectNoViolations(page, "sequence editor with messages");
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoViolations(page, "sequence editor with messages at 375 px");
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByLabel("Subject", { exact: true }).fill("Your three free credit reports, step by step");
  await page.getByLabel("Days", { exact: true }).fill("0");
  await page.getByLabel("Hours", { exact: true }).fill("6");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved. It applies to everyone not yet sent this step." })).toBeVisible();
  // The redirect kept the step's editor open; a reload posts nothing again and the notice was said once.
  await expect(page).toHaveURL(/\/admin\/sequence\?guide=credit-repair&step=01-your-three-reports$/);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Step 1: edit" })).toBeVisible();
  expect(requests.posts()).toHaveLength(1);
  await expect(page.getByText("Saved. It applies to everyone not yet sent this step.")).toHaveCount(0);
  await dashboardReady(page);
  await expect(table.getByRole("rowheader").first()).toHaveText("1. Your three free credit reports, step by step");
  await expect(table.getByRole("row").nth(1).getByRole("cell").first()).toHaveText("0 days, 6 h");
  await expectNoViolations(page, "sequence editor");
  await page.screenshot({ path: join(DATA_DIR, "sequence-1280.png"), fullPage: true });

  await other.getByLabel("Subject", { exact: true }).fill("An edit from a stale tab");
  await other.getByRole("button", { name: "Save", exact: true }).click();
  await expect(other.getByRole("alert")).toContainText(/changed in another tab/);
  await other.close();
  await page.reload();
  await expect(table.getByRole("rowheader").first()).toHaveText("1. Your three free credit reports, step by step");

  const preview = await page.request.get("/admin/sequence/01-your-three-reports/preview");
  expect(preview.status()).toBe(200);
  expect(preview.headers()["content-security-policy"]).toContain("default-src 'none'");
  expect(await preview.text()).toContain("Your three free credit reports, step by step");

  await page.reload();
  await dashboardReady(page);
  await page.getByRole("button", { name: "Send the saved step as a test to me" }).click();
  await expect(page.getByText("Test sent to owner@example.com.")).toBeVisible();
  const test = await mailTo("owner@example.com", /\[Test\] Your three free credit reports/, MAIL);
  expect(test.headerLines.find((h) => h.key === "list-unsubscribe-post")?.line).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");

  await page.getByRole("button", { name: "Pause the welcome e-mails" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Every guide's welcome e-mails are paused." })).toBeVisible();
  await page.getByRole("button", { name: "Resume the welcome e-mails" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Every guide's welcome e-mails are running." })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoViolations(page, "sequence editor at 375 px");
});

test("the owner chooses each topic's guide; a reader of a budgeting article gets the workbook through its e-mail", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, "/admin/sequence");
  // Both guides' figures, and the workbook's own three e-mails.
  const figures = page.getByRole("region", { name: "The free guides" }).getByRole("table");
  await expect(figures.getByRole("rowheader")).toHaveText(["Credit Repair Starter Guide", "First Budget Workbook"]);
  await page.getByRole("link", { name: "First Budget Workbook: e-mails" }).click();
  await dashboardReady(page);
  const steps = page.getByRole("region", { name: "First Budget Workbook: steps" }).getByRole("table");
  await expect(steps.getByRole("rowheader")).toHaveText([
    "1. Start your budget with the money coming in",
    "2. The bills that don't come every month",
    "3. One habit that keeps a budget working",
  ]);

  // The shipped choice: budgeting topics offer the workbook. The owner gives Debt Free articles the workbook too.
  await expect(page.getByLabel("Budgeting articles")).toHaveValue("first-budget");
  await expect(page.getByLabel("Debt Free articles")).toHaveValue("credit-repair");
  await page.getByLabel("Debt Free articles").selectOption("first-budget");
  await page.getByRole("button", { name: "Save the guides" }).click();
  await expect(page.getByText("Saved. The articles in Debt Free now offer their new guide.")).toBeVisible();
  await expect(page.getByLabel("Debt Free articles")).toHaveValue("first-budget");
  await expectNoViolations(page, "free guides");
  await page.screenshot({ path: join(DATA_DIR, "guides-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoViolations(page, "free guides at 375 px");
  await page.screenshot({ path: join(DATA_DIR, "guides-375.png"), fullPage: true });

  // A reader in a browser of their own: the Debt Free article now offers the workbook, a credit article the guide.
  const reader = await browser.newPage({ baseURL: ORIGIN });
  await reader.goto("/blog/dispute-credit-errors");
  await expect(reader.getByRole("heading", { name: "Get the free Credit Repair Starter Guide" })).toBeVisible();
  await reader.goto("/blog/debt-snowball-vs-avalanche");
  const form = reader.locator("#lead-form");
  await expect(form.getByRole("heading", { name: "Get the free First Budget Workbook" })).toBeVisible();
  await form.getByRole("textbox", { name: "Your name" }).fill("Wren");
  await form.getByRole("textbox", { name: "Your email" }).fill("wren@example.com");
  await form.getByRole("button", { name: "Send Me the Guide" }).click();
  await expect(form).toContainText("Success! Check your email for your free First Budget Workbook!");
  await reader.screenshot({ path: join(DATA_DIR, "workbook-form-done-1280.png") });

  const mail = await mailTo("wren@example.com", /Your free First Budget Workbook/, MAIL);
  expect(mail.text).toContain("because you asked for the free First Budget Workbook");
  await reader.goto(linkPath(mail, "/guide/"));
  await downloadGuideFromLink(reader, { title: "First Budget Workbook", pdf: "/downloads/first-budget-workbook.pdf" });
  await reader.close();

  // The owner sees it: asked and opened, and the reader waiting for the workbook's first e-mail.
  await page.reload();
  await expect(figures.getByRole("row", { name: /First Budget Workbook/ }).getByRole("cell")).toHaveText([
    "1",
    "1",
    "1",
    "0",
    "0",
    "0",
    "0",
  ]);
  await expect(steps.getByRole("row").nth(1).getByRole("cell").nth(2)).toHaveText("1");
});
