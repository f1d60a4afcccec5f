import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { E2E_OWNER_ENV, E2E_OWNER_PASSWORD } from "../../playwright.config";
import { allowConsoleErrors, completeOrder, countScripts, expect, expectNoViolations, payOnTestPage, test } from "./fixtures";
import { dashboardReady, useOwnServer } from "./own-server";

/**
 * /admin/contacts as the owner uses it (React forms under one schema each, posting without
 * JavaScript too, a redirect after every post): import a CSV and see a bad file refused with its
 * row, search, open a contact's history, add and lift a suppression, tag and untag, download the
 * contacts CSV; a reload after a post posts nothing again; axe at both widths. Then attribution: a reader follows
 * a list e-mail's link (signed as the mailer signs it; the same address without its signature sets
 * nothing), reads an article, buys with the test provider, and the owner sees the sale under that
 * e-mail on the overview.
 */
test.describe.configure({ mode: "serial" });
// A server of its own: admin.spec's lock-out test makes the shared server refuse this address's
// log-ins for 15 minutes, whenever it happens to run.
useOwnServer("contacts", 73);

/** A person's browser: headless Chromium's own user agent is (rightly) counted as a bot. */
const READER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const imported = { ann: `ann.${run}@example.com`, bo: `bo.${run}@example.com` };

async function logIn(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/admin\/login\?next=/);
  await page.getByLabel("Password").fill(E2E_OWNER_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(path);
}

async function importCsv(page: Page, name: string, csv: string) {
  await page.getByLabel("CSV file", { exact: true }).setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Import", exact: true }).click();
}

async function search(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Search by address or name" }).fill(text);
  await page.getByRole("button", { name: "Search" }).click();
}

test("the owner imports contacts (a bad file is refused whole), searches, reads a history, suppresses, lifts and exports", async ({
  page,
}) => {
  // A refused import answers 400, which the browser logs.
  allowConsoleErrors(page, /status of 400/);
  await logIn(page, "/admin/contacts");
  await expect(page.getByRole("heading", { level: 1, name: /^Contacts \(\d+\)$/ })).toBeVisible();

  // A file with a bad row: refused with the row and why; its good row is not imported either.
  await importCsv(page, "bad.csv", `email,name,consent_source\nnot.bad.${run}@example.com,Nat,fair\nnot-an-address,X,fair\n`);
  await expect(page.getByRole("alert")).toContainText("1 row is not right, so nothing was imported.");
  await expect(page.getByRole("alert")).toContainText('Row 3: "not-an-address" is not a valid e-mail address.');
  await importCsv(page, "no-source.csv", `email,name\nno.source.${run}@example.com,Nia\n`);
  await expect(page.getByRole("alert")).toContainText("The file has no consent_source column.");
  await search(page, run);
  await expect(page.getByText(`No contact matches “${run}”.`)).toBeVisible();

  // A good one, with the same person twice in different case.
  await importCsv(
    page,
    "workshop.csv",
    `Email,Name,Consent source\n${imported.ann},Ann,2025 workshop sheet\n${imported.bo.toUpperCase()},Bo,2025 workshop sheet\n${imported.bo},,2025 workshop sheet\n`,
  );
  await expect(page.getByRole("status")).toContainText(
    "Imported 3 rows: 2 new, 0 already known (updated), 1 repeated in the file (merged). 2 newsletter consents recorded. No e-mail was sent.",
  );
  // The import's answer was a redirect to the list: a reload imports nothing again.
  await expect(page).toHaveURL("/admin/contacts");
  const requests = countScripts(page);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: /^Contacts \(\d+\)$/ })).toBeVisible();
  expect(requests.posts()).toEqual([]);

  // The one list's filters: the two imported, found by where they came from; none of them asked for the guide.
  await page.getByLabel("Came from").selectOption("import");
  await search(page, run);
  await expect(page).toHaveURL(/source=import/);
  await expect(page.getByRole("row")).toHaveCount(3);
  await page.getByLabel("Came from").selectOption("guide");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText(`No contact matches “${run}” with these filters.`)).toBeVisible();
  await page.getByLabel("Came from").selectOption("");

  await search(page, `ann.${run}`);
  const row = page.getByRole("row", { name: new RegExp(imported.ann.replace(/\./g, "\\.")) });
  await expect(row).toContainText("Newsletter");
  await expect(page.getByRole("row")).toHaveCount(2); // the header and Ann
  await row.getByRole("link", { name: imported.ann }).click();

  await expect(page.getByRole("heading", { level: 1, name: imported.ann })).toBeVisible();
  const consents = page.getByRole("region", { name: "Consent records" });
  await expect(consents).toContainText("import: 2025 workshop sheet");
  const history = page.getByRole("region", { name: "History entries" });
  await expect(history).toContainText("Imported from a CSV file");
  await expect(history).toContainText("from workshop.csv: newsletter consent from import: 2025 workshop sheet");
  await expect(history).not.toContainText("E-mail:");

  await page.getByLabel("Reason (optional, for your records)").fill("asked by phone");
  await page.getByRole("button", { name: "Stop list e-mail to this address" }).click();
  await expect(page.getByRole("status")).toContainText("Suppressed: no list e-mail goes to this address now.");
  await expect(page.getByTestId("contact-suppression")).toContainText("Suppressed by you");
  await expect(page.getByTestId("contact-suppression")).toContainText("asked by phone");
  await expect(history).toContainText("Consent withdrawn: newsletter");
  await page.getByRole("button", { name: "Lift the suppression" }).click();
  await expect(page.getByRole("status")).toContainText("Suppression lifted.");
  await expect(page.getByTestId("contact-suppression")).toContainText("None");

  await page.goto("/admin/contacts");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download all contacts (CSV)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audience-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toMatch(/^email,name,created_at,proved_at,suppression,suppression_detail,suppressed_at,/);
  const bo = csv.split("\r\n").find((line) => line.startsWith(`${imported.bo},`));
  expect(bo).toContain(",Bo,");
  expect(bo).toContain(",import: 2025 workshop sheet,import,");
});

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`the contacts pages have no axe violations at ${viewport.width} px and do not overflow`, async ({ page }) => {
    allowConsoleErrors(page, /status of 400/);
    await page.setViewportSize(viewport);
    await logIn(page, "/admin/contacts");
    await importCsv(page, "axe.csv", `email,consent_source\naxe.${viewport.width}.${run}@example.com,axe check\nbroken\n`);
    await expect(page.getByRole("alert")).toBeVisible();
    await expectNoViolations(page, `/admin/contacts with an import refused at ${viewport.width} px`);
    await importCsv(page, "axe.csv", `email,consent_source\naxe.${viewport.width}.${run}@example.com,axe check\n`);
    await expect(page.getByRole("status")).toBeVisible();
    await expectNoViolations(page, `/admin/contacts after an import at ${viewport.width} px`);
    await search(page, `axe.${viewport.width}.${run}`);
    await page.getByRole("link", { name: `axe.${viewport.width}.${run}@example.com` }).click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoViolations(page, `a contact at ${viewport.width} px`);
    for (const path of ["/admin/contacts", page.url()]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(0);
    }
  });
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
]) {
  test(`at ${viewport.width} px a contact's tag is checked beside its field, added, removed, and a reload posts nothing again`, async ({
    page,
  }) => {
    allowConsoleErrors(page, /status of 409/);
    await page.setViewportSize(viewport);
    const email = `tags.${viewport.width}.${run}@example.com`;
    await logIn(page, "/admin/contacts");
    await importCsv(page, "tags.csv", `email,consent_source\n${email},tag check\n`);
    await expect(page.getByRole("status")).toBeVisible();
    await search(page, email);
    await page.getByRole("link", { name: email }).click();
    await expect(page.getByRole("heading", { level: 1, name: email })).toBeVisible();
    await dashboardReady(page);

    // Not a tag: said beside the field as the owner leaves it, in the schema's words, before any post.
    const requests = countScripts(page);
    const field = page.getByRole("combobox", { name: "Add a tag" });
    await field.fill("no/slash");
    await field.blur();
    await expect(page.getByText(/^A tag is 1 to 40 letters, digits and hyphens/)).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await page.getByRole("button", { name: "Add tag" }).click();
    expect(requests.posts()).toEqual([]);
    await expectNoViolations(page, `a contact with a tag refused at ${viewport.width} px`);

    await field.fill("Workshop VIP");
    await page.getByRole("button", { name: "Add tag" }).click();
    await expect(page.getByRole("status")).toHaveText("Tagged.");
    const tags = page.getByRole("list", { name: "This contact's tags" });
    await expect(tags.getByRole("link", { name: "workshop-vip" })).toBeVisible();
    await expectNoViolations(page, `a contact just tagged at ${viewport.width} px`);

    // The post's answer was a redirect back to the contact: a reload posts nothing again, and the tag is there once.
    await expect(page).toHaveURL(/\/admin\/contacts\/\d+$/);
    const reloaded = countScripts(page);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: email })).toBeVisible();
    expect(reloaded.posts()).toEqual([]);
    await expect(tags.getByRole("link", { name: "workshop-vip" })).toHaveCount(1);
    await expect(page.getByRole("alert")).toHaveCount(0);

    // The same tag again: refused on its form, nothing changed.
    await field.fill("workshop-vip");
    await page.getByRole("button", { name: "Add tag" }).click();
    await expect(page.getByRole("alert")).toHaveText(`This contact has the tag workshop-vip already.`);
    await expectNoViolations(page, `a contact with a tag refused by the server at ${viewport.width} px`);

    await page.getByRole("button", { name: "Remove the tag workshop-vip" }).click();
    await expect(page.getByRole("status")).toHaveText("Tag removed.");
    // The import's own tag stays.
    await expect(tags.getByRole("link")).toHaveText(["imported"]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "the contact is wider than the screen").toBeLessThanOrEqual(0);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the import form posts the file and the page shows the result when it is done", async ({ page }) => {
    await logIn(page, "/admin/contacts");
    const email = `nojs.${run}@example.com`;
    await importCsv(page, "nojs.csv", `email,consent_source,tags\n${email},no-script check,"No JS"\n`);
    await expect(page.getByRole("status")).toContainText(
      "Imported 1 row: 1 new, 0 already known (updated), 0 repeated in the file (merged). 1 newsletter consent recorded. No e-mail was sent.",
    );
    await search(page, email);
    await expect(page.getByRole("row", { name: new RegExp(email.replace(/\./g, "\\.")) })).toContainText("imported, no-js");
  });
});

test("a reader who clicked an e-mail's link, read an article and bought is counted under that e-mail on the overview", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const campaign = `broadcast-${Date.now()}`;
  const context = await browser.newContext({ userAgent: READER_UA, baseURL });
  const reader = await context.newPage();
  // Typed by hand, without the signature our e-mails' links carry: the page as usual, and no cookie.
  await reader.goto(`/?utm_source=email&utm_campaign=${campaign}`);
  await expect(reader.getByRole("heading", { level: 1 })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === "fsm_campaign")).toBeUndefined();
  // The link as a list e-mail carries it: utm_sig, from the rule (HMAC-SHA256 of "fsm_campaign_link:<campaign>"
  // under this server's SESSION_SECRET, 16 base64url characters). broadcasts.spec follows one from a sent e-mail.
  const sig = createHmac("sha256", E2E_OWNER_ENV.SESSION_SECRET).update(`fsm_campaign_link:${campaign}`).digest("base64url").slice(0, 16);
  await reader.goto(`/?utm_source=email&utm_campaign=${campaign}&utm_sig=${sig}`);
  // The campaign and its signature (the server's SESSION_SECRET): "broadcast-….<43 base64url characters>".
  expect((await context.cookies()).find((c) => c.name === "fsm_campaign")?.value).toMatch(new RegExp(`^${campaign}\\.[\\w-]{43}$`));
  // Reads an article first (no utm on this address), then buys from its promo link.
  await reader.goto("/blog/emergency-fund-guide");
  await reader
    .getByRole("link", { name: /Get the Toolkit/ })
    .first()
    .click();
  await expect(reader).toHaveURL(/\/checkout\?from=emergency-fund-guide$/);
  await expect(reader.locator("html")).toHaveAttribute("data-hydrated", "true");
  const tab = await completeOrder(reader);
  await payOnTestPage(tab);
  await expect(tab.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  await context.close();

  await logIn(page, "/admin?days=7");
  const table = page.getByRole("region", { name: "Sales by e-mail, per campaign" });
  const row = table.locator(`tr[data-campaign="${campaign}"]`);
  await expect(row.getByRole("rowheader")).toHaveText(campaign);
  expect(await row.getByRole("cell").allInnerTexts()).toEqual(["1", "1", "$7.00"]);
  await expectNoViolations(page, "/admin with sales by e-mail");
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoViolations(page, "/admin with sales by e-mail at 375 px");
});
