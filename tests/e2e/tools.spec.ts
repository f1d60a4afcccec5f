import type { Page } from "@playwright/test";
import { TOOLS, toolPath } from "../../app/lib/tools/catalog";
import { TOOL_PAGES, toolExamplePath } from "../../app/lib/tools/pages";
import { allowConsoleErrors, countScripts, expect, expectNoViolations, test } from "./fixtures";

/**
 * Issue 12: the four calculators. GET forms: the address holds the inputs and reproduces the
 * result; without JavaScript the Calculate button computes on the server, with it the result
 * follows the typing. The numbers are hand-checked (and in the articles).
 */

const result = (page: Page) => page.locator("#tool-result");
const debtField = (page: Page, label: string, row: number) =>
  page.getByRole("group", { name: `Debt ${row + 1}` }).getByLabel(label, { exact: true });

async function fillDebt(page: Page, row: number, debt: [string, string, string, string]) {
  const [name, balance, apr, minimum] = debt;
  await debtField(page, "Debt name", row).fill(name);
  await debtField(page, "Balance", row).fill(balance);
  await debtField(page, "Interest rate (APR %)", row).fill(apr);
  await debtField(page, "Minimum payment", row).fill(minimum);
}

const ARTICLE_DEBTS: [string, string, string, string][] = [
  ["Medical bill", "500", "0", "50"],
  ["Personal loan", "2000", "10", "75"],
  ["Credit card", "5000", "24", "150"],
];

async function expectArticleNumbers(page: Page) {
  const snowball = result(page).getByRole("region", { name: "Debt snowball" });
  const avalanche = result(page).getByRole("region", { name: "Debt avalanche" });
  await expect(snowball).toContainText("22 months");
  await expect(snowball).toContainText("October 2028");
  await expect(snowball).toContainText("$1,610.10");
  await expect(avalanche).toContainText("21 months");
  await expect(avalanche).toContainText("September 2028");
  await expect(avalanche).toContainText("$1,332.63");
  await expect(result(page)).toContainText("The avalanche saves $277.47 in interest and finishes 1 month sooner.");
  await expect(snowball.getByRole("listitem")).toHaveText([
    "Medical bill: paid off in month 3 (March 2027)",
    "Personal loan: paid off in month 10 (October 2027)",
    "Credit card: paid off in month 22 (October 2028)",
  ]);
  await expect(avalanche.getByRole("listitem").first()).toHaveText("Credit card: paid off in month 19 (July 2028)");
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the debt payoff calculator answers the article's example, and its address reproduces the result", async ({ page, browser }) => {
    await page.goto(toolPath("debt-payoff"));
    await expect(result(page)).toContainText("Fill in the form and your results appear here.");
    for (const [i, debt] of ARTICLE_DEBTS.entries()) await fillDebt(page, i, debt);
    await page.getByLabel("Extra monthly payment").fill("150");
    await page.getByLabel("Month of your first payment").fill("2027-01");
    await page.getByRole("button", { name: "Calculate" }).click();
    await expect(page).toHaveURL(/balance=5000/);
    await expectArticleNumbers(page);

    // The chart says what it shows, and its numbers are in a table.
    await expect(result(page).getByRole("img", { name: "Total balance left, month by month" })).toBeVisible();
    const table = result(page).getByRole("table", { name: /Total balance left/ });
    await expect(table.getByRole("row", { name: /January 2027/ })).toContainText("$7,191.67");
    await expect(table.getByRole("row").last()).toContainText("$0.00");

    // A fresh browser opening the same address sees the same result.
    const other = await browser.newPage({ javaScriptEnabled: false });
    await other.goto(page.url());
    await expectArticleNumbers(other);
    await other.close();
  });

  test("'Add another debt' adds a row and puts the cursor in it; up to 10 debts", async ({ page }) => {
    await page.goto(toolPath("debt-payoff"));
    await fillDebt(page, 0, ARTICLE_DEBTS[0]!);
    await page.getByRole("button", { name: "Add another debt" }).click();
    await expect(page.getByRole("group", { name: /^Debt \d+$/ })).toHaveCount(4);
    await expect(debtField(page, "Debt name", 0)).toHaveValue("Medical bill");
    // No messages for the rows not filled in yet, and the result of what is there.
    await expect(page.locator("[aria-invalid=true]")).toHaveCount(0);
    await expect(result(page)).toContainText("Debt-free in");
    const response = await page.goto(`${toolPath("debt-payoff")}?rows=99`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("group", { name: /^Debt \d+$/ })).toHaveCount(10);
    await expect(page.getByRole("button", { name: "Add another debt" })).toHaveCount(0);
  });

  test("bad input gets a message next to its field and a 400; nothing is computed", async ({ page }) => {
    allowConsoleErrors(page, /status of 400/);
    await page.goto(toolPath("debt-payoff"));
    await fillDebt(page, 0, ["Card", "10000", "24", "150"]);
    await page.getByLabel("Extra monthly payment").fill("lots");
    await page.getByRole("button", { name: "Calculate" }).click();
    await expect(debtField(page, "Minimum payment", 0)).toHaveAttribute("aria-invalid", "true");
    await expect(debtField(page, "Minimum payment", 0)).toHaveAccessibleDescription(
      "A minimum payment of $150.00 doesn't cover this debt's interest of $200.00 a month, so the balance would never go down. Enter at least $200.01.",
    );
    await expect(page.getByLabel("Extra monthly payment")).toHaveAccessibleDescription(/Enter the extra payment as a number, like 150\./);
    await expect(result(page)).toContainText("Fix the fields marked in the form to see your results.");
  });
});

test("a calculator with messages has no axe violations", async ({ page }) => {
  allowConsoleErrors(page, /status of 400/);
  await page.goto(`${toolPath("debt-payoff")}?name=Card&balance=10000&apr=24&minimum=150&extra=lots`);
  await expect(debtField(page, "Minimum payment", 0)).toHaveAttribute("aria-invalid", "true");
  // Without the page script's help the first field to fix has the focus.
  await expect(debtField(page, "Minimum payment", 0)).toBeFocused();
  await expectNoViolations(page, "debt payoff with messages");
});

test("crafted addresses get a 400 or the bare form, never a 500, and answer fast", async ({ request }) => {
  const long = "9".repeat(5000);
  const rows = Array.from({ length: 30 }, () => "name=x&balance=100&apr=5&minimum=10").join("&");
  const cases: [string, number][] = [
    [`${toolPath("debt-payoff")}?balance=-5&apr=5&minimum=1`, 400],
    [`${toolPath("debt-payoff")}?balance=1e309&apr=5&minimum=1`, 400],
    [`${toolPath("debt-payoff")}?balance=${long}&apr=5&minimum=1`, 400],
    [`${toolPath("debt-payoff")}?${rows}`, 400],
    [`${toolPath("debt-payoff")}?balance=100&apr=500&minimum=1`, 400],
    [`${toolPath("debt-payoff")}?balance=100&balance=200&apr=1`, 400],
    [`${toolPath("debt-payoff")}?start=2027-13&balance=100&apr=5&minimum=10`, 400],
    [`${toolPath("debt-payoff")}?rows=abc`, 200],
    [`${toolPath("debt-payoff")}?utm_source=x`, 200],
    [`${toolPath("credit-utilization")}?cardBalance=5&limit=0`, 400],
    [`${toolPath("budget")}?pay=3000&needsPct=60`, 400],
    [`${toolPath("emergency-fund")}?expenses=2000&months=0`, 400],
    [`${toolPath("debt-payoff")}/schedule.csv?balance=x`, 400],
  ];
  for (const [url, status] of cases) {
    const started = Date.now();
    const response = await request.get(url);
    expect(response.status(), url.slice(0, 120)).toBe(status);
    expect(Date.now() - started, url.slice(0, 120)).toBeLessThan(2000);
  }
  // The slowest honest case: 10 debts that take the full 30 years.
  const slow = Array.from({ length: 10 }, (_, i) => `name=d${i}&balance=1000000&apr=24&minimum=20001`).join("&");
  const response = await request.get(`${toolPath("debt-payoff")}?${slow}`);
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain("More than 30 years");
});

test("the schedule downloads as CSV: both plans, month by month", async ({ request }) => {
  const response = await request.get(`${toolPath("debt-payoff")}/schedule.csv?${TOOL_PAGES["debt-payoff"].example}&start=2027-01`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.headers()["content-disposition"]).toBe('attachment; filename="debt-payoff-schedule.csv"');
  const lines = (await response.text()).trim().split("\r\n");
  expect(lines[0]).toBe(
    "Strategy,Month #,Month,Medical bill: payment,Medical bill: balance left,Personal loan: payment,Personal loan: balance left,Credit card: payment,Credit card: balance left,Interest,Total paid,Total balance left",
  );
  expect(lines[1]).toBe("Snowball,1,2027-01,200.00,300.00,75.00,1941.67,150.00,4950.00,116.67,425.00,7191.67");
  expect(lines).toHaveLength(1 + 22 + 21);
  expect(lines.at(-1)).toMatch(/^Avalanche,21,2028-09,.*,0\.00$/);
});

test.describe("with JavaScript on", () => {
  test("the result follows the typing without a page load, the address follows, and the page loads no React", async ({ page }) => {
    allowConsoleErrors(page, /status of 400/);
    const requests = countScripts(page);
    await page.goto(`${toolExamplePath("debt-payoff")}&start=2027-01`);
    await expectArticleNumbers(page);
    expect(requests.reactBundle()).toEqual([]);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    const snowball = result(page).getByRole("region", { name: "Debt snowball" });
    await debtField(page, "Balance", 2).fill("6000");
    await expect(snowball).not.toContainText("22 months");
    await expect(page).toHaveURL(/balance=6000/);
    const typed = await snowball.textContent();
    // A field that needs fixing gets its message as you type, and the result says what to do.
    await debtField(page, "Interest rate (APR %)", 2).fill("abc");
    await expect(debtField(page, "Interest rate (APR %)", 2)).toHaveAttribute("aria-invalid", "true");
    await expect(debtField(page, "Interest rate (APR %)", 2)).toHaveAccessibleDescription(/Enter the interest rate as a number/);
    await expect(result(page)).toContainText("Fix the fields marked in the form");
    await debtField(page, "Interest rate (APR %)", 2).fill("24");
    await expect(debtField(page, "Interest rate (APR %)", 2)).not.toHaveAttribute("aria-invalid");
    await expect(snowball).toHaveText(typed!);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // The address reproduces what is on screen, as the server computes it.
    await page.reload();
    await expect(debtField(page, "Balance", 2)).toHaveValue("6000");
    await expect(snowball).toHaveText(typed!);
  });

  test("prints the result without the form, the menu or the footer", async ({ page }) => {
    await page.goto(toolExamplePath("debt-payoff"));
    await expect(page.getByRole("button", { name: "Print or save as PDF" })).toBeVisible();
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("heading", { name: "Your results" })).toBeVisible();
    await expect(result(page).getByRole("img", { name: "Total balance left, month by month" })).toBeVisible();
    for (const hidden of [
      page.getByRole("form", { name: "Your numbers" }),
      page.getByRole("contentinfo"),
      page.getByRole("navigation", { name: "Main" }),
      page.getByRole("button", { name: "Print or save as PDF" }),
      page.getByRole("link", { name: /Download the month-by-month schedule/ }),
    ]) {
      await expect(hidden).toBeHidden();
    }
  });
});

test.describe("the other calculators, with hand-checked numbers", () => {
  test("credit utilization: $1,350 of $4,500 is 30%; $900 more to reach 10%", async ({ page }) => {
    await page.goto(toolExamplePath("credit-utilization"));
    await expect(result(page)).toContainText("Overall utilization");
    await expect(result(page)).toContainText("30%");
    await expect(result(page)).toContainText("$1,350.00 of $4,500.00 in limits: at or under 30%.");
    await expect(result(page)).toContainText("Pay down $900.00 in total to get to 10%.");
    const table = result(page).getByRole("table", { name: "Card by card" });
    const cells = (name: RegExp) => table.getByRole("row", { name }).getByRole("cell");
    await expect(cells(/Everyday card/)).toHaveText(["$450.00", "$1,500.00", "30%", "At or under 30%", "$300.00"]);
    await expect(cells(/Store card/)).toHaveText(["$900.00", "$3,000.00", "30%", "At or under 30%", "$600.00"]);
    await expect(cells(/All cards/)).toHaveText(["$1,350.00", "$4,500.00", "30%", "At or under 30%", "$900.00"]);
  });

  test("budget: $2,800 splits into $1,400, $840 and $560; the article's example spends it all", async ({ page }) => {
    await page.goto(toolExamplePath("budget"));
    const table = result(page).getByRole("table");
    await expect(table.getByRole("row", { name: /Needs \(50%\)/ })).toContainText("$1,400.00");
    await expect(table.getByRole("row", { name: /Wants \(30%\)/ })).toContainText("$840.00");
    await expect(table.getByRole("row", { name: /Savings & extra debt payments \(20%\)/ })).toContainText("$560.00");
    await expect(result(page)).toContainText("Everything you entered adds up to $2,800.00 of your $2,800.00: every dollar has a job.");
  });

  test("budget: a split that does not add up to 100 is refused", async ({ page }) => {
    allowConsoleErrors(page, /status of 400/);
    const response = await page.goto(`${toolPath("budget")}?pay=3000&needsPct=60&wantsPct=30&savingsPct=20`);
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("alert")).toHaveText("The three percentages must add up to 100; they add up to 110.");
  });

  test("emergency fund: $2,000 x 3 = $6,000; $1,500 saved is 25%; $300 a month takes 15 months", async ({ page }) => {
    await page.goto(toolExamplePath("emergency-fund"));
    await expect(result(page)).toContainText("Your target$6,000.00");
    await expect(result(page)).toContainText("Still to save$4,500.00");
    await expect(result(page)).toContainText("Funded so far25%");
    await expect(result(page)).toContainText("15 months at this pace");
    await expect(result(page)).toContainText("$1,000 starter goal");
    await expect(result(page)).toContainText("You have it: $1,000.00 set aside.");
  });
});

test("the tools are listed on /tools, /resources, /blog and in the sitemap; each links its article", async ({ page, request }) => {
  await page.goto("/tools");
  for (const tool of TOOLS) {
    await expect(page.getByRole("link", { name: `Open the ${tool.name.toLowerCase()} calculator` })).toHaveAttribute(
      "href",
      toolPath(tool.slug),
    );
  }
  for (const path of ["/resources", "/blog"]) {
    await page.goto(path);
    for (const tool of TOOLS)
      await expect(page.getByRole("link", { name: new RegExp(`^Open the calculator\\s*: ${tool.title}$`) })).toHaveAttribute(
        "href",
        toolPath(tool.slug),
      );
  }
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const tool of TOOLS) expect(sitemap).toContain(`${toolPath(tool.slug)}</loc>`);
  await page.goto(toolPath("emergency-fund"));
  await page.getByRole("link", { name: "How to Build an Emergency Fund (Even on a Tight Budget)" }).click();
  await expect(page.getByRole("link", { name: "emergency fund calculator" })).toHaveAttribute("href", toolPath("emergency-fund"));
});
