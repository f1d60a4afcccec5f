import { join } from "node:path";
import { allowConsoleErrors, expect, expectNoViolations, test } from "./fixtures";
import { linkPath, mailTo } from "./mail";
import { logIn, useOwnServer } from "./own-server";

/**
 * Broadcasts as the owner uses them, on a server of its own: two readers confirm the newsletter,
 * the owner composes a broadcast, sees its recipients and its text and HTML previews, sends a
 * test to themself, is refused a schedule in the past, sends it, and finds it in the archive with
 * its figures; each reader gets it once with its one-click unsubscribe. Axe at 1280 and 375 px.
 */
test.describe.configure({ mode: "serial" });

const { origin: ORIGIN, dataDir: DATA_DIR, mailDir: MAIL } = useOwnServer("broadcasts", 71, { OWNER_EMAIL: "owner@example.com" });
const READERS = ["bc.one@example.com", "bc.two@example.com"];

test("two readers confirm the newsletter", async ({ page }) => {
  for (const email of READERS) {
    await page.goto("/blog");
    await page.getByRole("textbox", { name: "Email address" }).fill(email);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.locator("#newsletter")).toContainText("Almost done!");
    await page.goto(linkPath(await mailTo(email, /confirm/i, MAIL), "/newsletter/confirm/"));
    await page.getByRole("button", { name: "Yes, subscribe me" }).click();
    await expect(page.getByRole("heading", { name: "You're subscribed!" })).toBeVisible();
  }
});

test("the owner composes, previews, test-sends and sends a broadcast, then finds it in the archive", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, "/admin/broadcasts", ORIGIN);
  await expect(page.getByText("No broadcasts yet.")).toBeVisible();
  await expectNoViolations(page, "broadcasts, empty");

  await page.getByRole("link", { name: "New broadcast" }).click();
  await page.getByLabel("Subject", { exact: true }).fill("Three things to check on your credit report");
  await page.getByLabel(/^Preview text/).fill("Ten minutes with your free reports.");
  await page.getByLabel(/^Body/).fill("Hi,\n\nRead [how to dispute an error](/blog/dispute-credit-errors).\n\n<script>alert(1)</script>");
  await page.getByLabel("Confirmed newsletter subscribers").check();
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByTestId("recipients")).toHaveText(/would go to 2 recipients now/);
  const text = page.getByTestId("broadcast-preview-text");
  await expect(text).toContainText("utm_source=email&utm_campaign=broadcast-1");
  await expect(text).toContainText("<script>alert(1)</script>");
  await expectNoViolations(page, "broadcast editor");
  await page.screenshot({ path: join(DATA_DIR, "broadcast-editor-1280.png"), fullPage: true });

  const preview = await page.request.get("/admin/broadcasts/1/preview");
  expect(preview.status()).toBe(200);
  expect(preview.headers()["content-security-policy"]).toContain("default-src 'none'");
  const html = await preview.text();
  expect(html).toContain("Three things to check on your credit report");
  expect(html).not.toContain("<script>");

  await page.getByRole("button", { name: "Send the saved broadcast as a test to me" }).click();
  await expect(page.getByText("Test sent to owner@example.com.")).toBeVisible();
  const testMail = await mailTo("owner@example.com", /\[Test\] Three things/, MAIL);
  expect(testMail.headerLines.find((h) => h.key === "list-unsubscribe-post")?.line).toBe(
    "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
  );

  // A time in the past is refused (400, which the browser logs), and nothing is sent.
  allowConsoleErrors(page, /status of 400/);
  await page.getByLabel("At", { exact: true }).check();
  await page.getByLabel("Date and time (UTC)").fill("2020-01-01T09:00");
  await page.getByRole("button", { name: "Send the saved broadcast", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("That time is in the past: choose a time from now on, or send it now.");

  await page.getByLabel("Now", { exact: true }).check();
  await page.getByRole("button", { name: "Send the saved broadcast", exact: true }).click();
  await expect(page.getByText("Sending to 2 recipients.")).toBeVisible();
  for (const email of READERS) {
    const mail = await mailTo(email, /^Three things/, MAIL);
    expect(mail.headerLines.find((h) => h.key === "list-unsubscribe-post")?.line).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(mail.text).toContain(`/blog/dispute-credit-errors?utm_source=email&utm_campaign=broadcast-1`);
  }

  // The archive: sent to both, nothing left to send, no edit.
  await expect
    .poll(
      async () => {
        await page.goto("/admin/broadcasts");
        return page
          .getByRole("row", { name: /Three things/ })
          .getByRole("cell")
          .first()
          .textContent();
      },
      { timeout: 20_000 },
    )
    .toBe("sent");
  const row = page.getByRole("row", { name: /Three things/ });
  await expect(row.getByRole("cell").nth(2)).toHaveText("2");
  await expect(row.getByRole("link", { name: "Edit broadcast 1" })).toHaveCount(0);
  await expectNoViolations(page, "broadcasts archive");
  await page.screenshot({ path: join(DATA_DIR, "broadcasts-1280.png"), fullPage: true });

  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoViolations(page, "broadcasts archive at 375 px");
  await page.screenshot({ path: join(DATA_DIR, "broadcasts-375.png"), fullPage: true });
  await page.goto("/admin/broadcasts?new");
  await expectNoViolations(page, "new broadcast at 375 px");
  await page.screenshot({ path: join(DATA_DIR, "broadcast-new-375.png"), fullPage: true });
});
