import { join } from "node:path";
import type { Page } from "@playwright/test";
import { E2E_OWNER_PASSWORD } from "../../playwright.config";
import { allowConsoleErrors, expect, expectNoViolations, test } from "./fixtures";
import { mailTo } from "./mail";
import { useOwnServer } from "./own-server";

/**
 * The welcome sequence's editor as the owner uses it, on a server of its own: the shipped steps
 * listed with their figures, an edit saved (subject and delay), the text preview, the HTML
 * preview page, a test send to the owner, a save from a second tab refused, pause and resume,
 * and axe at both widths.
 */
test.describe.configure({ mode: "serial" });

const { origin: ORIGIN, dataDir: DATA_DIR, mailDir: MAIL } = useOwnServer("sequence", 61, { OWNER_EMAIL: "owner@example.com" });

async function logIn(page: Page, path: string) {
  await page.goto(path);
  if (new URL(page.url()).pathname === "/admin/login") {
    await page.getByLabel("Password").fill(E2E_OWNER_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
  }
  await page.waitForURL((url) => url.pathname === new URL(path, ORIGIN).pathname);
}

test("the owner edits a step, previews it, sends a test, and pauses the sequence", async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, "/admin/sequence");
  const table = page.getByRole("region", { name: "Steps" }).getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(6);
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

  await page.getByLabel("Subject", { exact: true }).fill("Your three free credit reports, step by step");
  await page.getByLabel("Days", { exact: true }).fill("0");
  await page.getByLabel("Hours", { exact: true }).fill("6");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved. It applies to everyone not yet sent this step.")).toBeVisible();
  await expect(table.getByRole("rowheader").first()).toHaveText("1. Your three free credit reports, step by step");
  await expect(table.getByRole("row").nth(1).getByRole("cell").first()).toHaveText("0 days, 6 h");
  await expectNoViolations(page, "sequence editor");
  await page.screenshot({ path: join(DATA_DIR, "sequence-1280.png"), fullPage: true });

  await other.getByLabel("Subject", { exact: true }).fill("An edit from a stale tab");
  await other.getByRole("button", { name: "Save", exact: true }).click();
  await expect(other.getByText(/changed in another tab/)).toBeVisible();
  await other.close();
  await page.reload();
  await expect(table.getByRole("rowheader").first()).toHaveText("1. Your three free credit reports, step by step");

  const preview = await page.request.get("/admin/sequence/01-your-three-reports/preview");
  expect(preview.status()).toBe(200);
  expect(preview.headers()["content-security-policy"]).toContain("default-src 'none'");
  expect(await preview.text()).toContain("Your three free credit reports, step by step");

  await page.reload();
  await page.getByRole("button", { name: "Send the saved step as a test to me" }).click();
  await expect(page.getByText("Test sent to owner@example.com.")).toBeVisible();
  const test = await mailTo("owner@example.com", /\[Test\] Your three free credit reports/, MAIL);
  expect(test.headerLines.find((h) => h.key === "list-unsubscribe-post")?.line).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");

  await page.getByRole("button", { name: "Pause the sequence" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The sequence is paused." })).toBeVisible();
  await page.getByRole("button", { name: "Resume the sequence" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The sequence is running." })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoViolations(page, "sequence editor at 375 px");
});
