import { readFileSync } from "node:fs";
import { allowConsoleErrors, completeOrder, countScripts, expect, expectNoViolations, payOnTestPage, test } from "./fixtures";
import { linkPath, mailTo } from "./mail";

/**
 * The buyer's dispute tracker (issue 54, decision 074) in the browser against the built server,
 * with JavaScript off as well as on it would work the same (the page ships no framework script):
 * a dispute added, its due date and state, the calendar file and the CSV, delete all; axe clean.
 */
/** A zone of the tracker's list where 9 AM today has passed, and today's date there ("the test clock" is the dates chosen). */
function zonePastNine(): { zone: string; today: Date } {
  // Between them, every hour of the day has one (New York 14:00-04:00 UTC, Puerto Rico 13:00-03:00, Guam 23:00-13:00).
  for (const zone of ["America/New_York", "America/Puerto_Rico", "Pacific/Guam"]) {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        hourCycle: "h23",
      })
        .formatToParts(new Date())
        .map((p) => [p.type, p.value]),
    );
    // Past 9 AM, and not so late that the day ends during the test.
    if (Number(parts.hour) >= 9 && Number(parts.hour) < 23) {
      return { zone, today: new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day))) };
    }
  }
  throw new Error("no zone of the list is between 9 AM and 11 PM now");
}

const isoDay = (d: Date, offset: number) => new Date(d.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

const unique = () => `tracker.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.com`;

test("a buyer adds a dispute, sees its due date and state, downloads the .ics and the CSV, and deletes everything", async ({ page }) => {
  test.setTimeout(60_000);
  // The refused form answers 400, as every form that changes nothing does.
  allowConsoleErrors(page, /status of 400/);
  await page.goto("/checkout");
  const tab = await completeOrder(page);
  await payOnTestPage(tab, unique());
  await expect(tab.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  const orderHref = (await tab
    .getByRole("region", { name: "Your downloads" })
    .getByRole("link", { name: /\/orders\// })
    .getAttribute("href"))!;

  await page.goto(orderHref);
  const mine = page.getByRole("region", { name: "My disputes" });
  await expect(mine).toContainText("Add it to your tracker");
  const requests = countScripts(page);
  await mine.getByRole("link", { name: "Open my dispute tracker" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My disputes" })).toBeVisible();
  // Plain HTML: no framework script on the tracker.
  expect(requests.reactBundle()).toEqual([]);
  await expect(page.getByText("Business days are Monday to Friday, except federal holidays")).toBeVisible();

  // An account number is refused, and nothing is stored.
  const form = page.getByRole("region", { name: "Add a dispute" });
  await form.getByLabel("Where it went").selectOption("equifax");
  await form.getByLabel("What it disputes").fill("late payment, account 4111111111111111");
  await form.getByLabel("Date you sent it").fill("2026-03-02");
  await form.getByLabel("Date they received it (if you know)").fill("2026-03-05");
  await form.getByRole("button", { name: "Add the dispute" }).click();
  await expect(page.getByRole("alert")).toContainText("Leave out account numbers: the bureau and the date are enough");
  await expect(page.getByRole("heading", { name: "No disputes yet" })).toBeVisible();
  await expectNoViolations(page, "the tracker with a refused field");

  await form.getByLabel("What it disputes").fill("late payment, March 2024");
  await form.getByRole("button", { name: "Add the dispute" }).click();
  await expect(page.getByRole("status")).toHaveText("Dispute added. Its due date is below.");
  const card = page.getByRole("article", { name: "Equifax: late payment, March 2024" });
  await expect(card).toContainText("Friday, April 3, 2026");
  await expect(card).toContainText("15 U.S.C. 1681i(a)(1)(A)");
  await expect(card).toContainText("Overdue");
  await expect(card.getByRole("list", { name: "Timeline of the dispute to Equifax" })).toContainText("Today:");
  await expectNoViolations(page, "the tracker with a dispute");

  const [ics] = await Promise.all([page.waitForEvent("download"), card.getByRole("link", { name: /calendar \(\.ics\)/ }).click()]);
  const calendar = readFileSync((await ics.path())!, "utf8");
  expect(calendar).toContain("DTSTART;VALUE=DATE:20260403\r\n");
  expect(calendar).toContain("BEGIN:VEVENT");

  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download everything (CSV)" }).click()]);
  expect(csv.suggestedFilename()).toBe("my-disputes.csv");
  expect(readFileSync((await csv.path())!, "utf8")).toContain('Equifax,,"late payment, March 2024"');

  // Recording the answer shows the next steps.
  await card.getByText("Update this dispute").click();
  await card.getByLabel("Their answer").selectOption("verified");
  await card.getByRole("button", { name: "Record the answer" }).click();
  await expect(page.getByRole("article", { name: "Equifax: late payment, March 2024" })).toContainText("1681i(a)(6)(B)(iii)");

  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByRole("button", { name: "Delete everything in my tracker" }).click();
  await expect(page.getByRole("status")).toHaveText("Everything in your tracker was deleted.");
  await expect(page.getByRole("heading", { name: "No disputes yet" })).toBeVisible();
  await expectNoViolations(page, "the tracker after delete all");
});

test("a reminder arrives on the due date, links the tracker, and one click stops the reminders", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto("/checkout");
  const tab = await completeOrder(page);
  const email = await payOnTestPage(tab, unique());
  await expect(tab.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  const orderHref = (await tab
    .getByRole("region", { name: "Your downloads" })
    .getByRole("link", { name: /\/orders\// })
    .getAttribute("href"))!;
  await page.goto(`${orderHref}/disputes`);

  // The buyer's zone, asked once; then a dispute received 29 days ago there: its 30th day, the due date, is today.
  const { zone, today } = zonePastNine();
  await page.getByRole("combobox", { name: /^Your time zone/ }).selectOption(zone);
  await page.getByRole("button", { name: "Save time zone" }).click();
  await expect(page.getByRole("status")).toHaveText("Time zone saved.");
  await expect(page.getByRole("combobox", { name: /^Your time zone/ })).toHaveValue(zone);
  const form = page.getByRole("region", { name: "Add a dispute" });
  await form.getByLabel("Where it went").selectOption("experian");
  await form.getByLabel("What it disputes").fill("collection I don't recognise");
  await form.getByLabel("Date you sent it").fill(isoDay(today, -31));
  await form.getByLabel("Date they received it (if you know)").fill(isoDay(today, -29));
  await form.getByRole("button", { name: "Add the dispute" }).click();
  await expect(page.getByRole("article", { name: "Experian: collection I don't recognise" })).toContainText("Answer due");

  // Its 9 AM has passed: the outbox sends it now.
  const reminder = await mailTo(email, /^Your dispute with Experian: the answer is due today$/);
  expect(reminder.text).toContain("15 U.S.C. 1681i(a)(1)(A)");
  await page.goto(linkPath(reminder, "/orders/"));
  await expect(page.getByRole("heading", { level: 1, name: "My disputes" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Experian: collection I don't recognise" })).toBeVisible();

  await page.goto(linkPath(reminder, "/disputes/stop/"));
  await page.getByRole("button", { name: "Stop reminders" }).click();
  await expect(page.getByRole("heading", { name: "Dispute reminders stopped" })).toBeVisible();
  await expectNoViolations(page, "the reminders' stop page");
});
