import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { logIn, useOwnServer } from "./own-server";

/**
 * The contacts import of a large file (issue 44) as the owner sees it: the page says how far the
 * server is while the upload runs (rows checked so far, then the merge), then what was done. A
 * server of its own, started empty.
 */
const { origin } = useOwnServer("contacts-import", 87);

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function search(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Search by address or name" }).fill(text);
  await page.getByRole("button", { name: "Search" }).click();
}

/** A large export as an owner brings from another service: `rows` people with a tags column, every 20th repeating an earlier address. */
function bigExport(rows: number, prefix: string): Buffer {
  const lines = ["Email Address,First Name,Consent source,Tags"];
  for (let i = 0; i < rows; i++) {
    lines.push(
      i % 20 === 19
        ? `${prefix}${i - 10}@big.example.com,,2024 webinar,webinar`
        : `${prefix}${i}@big.example.com,Reader ${i},Kit export,"kit, group ${i % 7}"`,
    );
  }
  return Buffer.from(`${lines.join("\n")}\n`);
}

test("a 40,000-row file shows how far the import is while it runs, then what was done", async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, "/admin/contacts", origin);
  await page
    .getByLabel("CSV file", { exact: true })
    .setInputFiles({ name: "kit-export.csv", mimeType: "text/csv", buffer: bigExport(40_000, `big.${run}.`) });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  // The page asks the server every second: rows checked so far, then the merge. (Alone it shows in
  // a few seconds; beside another worker's tests on the embedded database the upload once took
  // over 30 s to start: issue 57.)
  await expect(page.getByTestId("import-progress")).toContainText(/kit-export\.csv: [\d,]+ rows checked so far|Adding them to your list/, {
    timeout: 75_000,
  });
  await expect(page.getByRole("status")).toContainText(
    "Imported 40,000 rows: 38,000 new, 0 already known (updated), 2,000 repeated in the file (merged). 38,000 newsletter consents recorded. No e-mail was sent.",
    { timeout: 90_000 },
  );
  await expect(page.getByTestId("import-progress")).toHaveCount(0);
  // Row 20 repeated row 10's address: one contact, with both rows' tags.
  await search(page, `big.${run}.9@`);
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("row", { name: new RegExp(`big\\.${run}\\.9@`) })).toContainText("group-2, imported, kit, webinar");
});
