import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { allowConsoleErrors, countScripts, expect, expectNoViolations, subscribeOnBlog, test } from "./fixtures";
import { linkPath, mailTo } from "./mail";
import { dashboardReady, logIn, useOwnServer } from "./own-server";

/**
 * Broadcasts as the owner uses them, on a server of its own: two readers confirm the newsletter,
 * the owner composes a broadcast, sees its recipients and its text and HTML previews, sends a
 * test to themself, is refused a schedule in the past, sends it, and finds it in the archive with
 * its figures; each reader gets it once with its one-click unsubscribe, and following its link (signed,
 * utm_sig) sets the campaign cookie, the same address unsigned or mis-signed none. Then the editor (React,
 * Conform, the page's one schema): the count follows the ticked boxes without a page load, and
 * the page says beside each field what the server would (an empty subject, no audience, a past
 * schedule) before anything is posted. Then a broadcast's progress: its bar and figures rise and
 * it ends "sent" without a page load, while the owner types the next one; on a phone its Pause
 * and Cancel are in reach. Every post redirects (a reload posts nothing). Axe at 1280 and 375 px.
 */
test.describe.configure({ mode: "serial" });

// 20 a minute: a broadcast's second e-mail leaves 3 s after its first, slow enough to watch.
const {
  origin: ORIGIN,
  dataDir: DATA_DIR,
  mailDir: MAIL,
} = useOwnServer("broadcasts", 71, {
  OWNER_EMAIL: "owner@example.com",
  MAIL_RATE_PER_MINUTE: "20",
});
const READERS = ["bc.one@example.com", "bc.two@example.com"];

test("two readers confirm the newsletter", async ({ page }) => {
  for (const email of READERS) {
    await subscribeOnBlog(page, email);
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

  // The test's answer was a redirect: a reload shows the page again, posts nothing, and the notice was said once.
  await page.reload();
  await expect(page.getByRole("heading", { name: /^Broadcast \d+: draft$/ })).toBeVisible();
  await expect(page.getByText("Test sent to owner@example.com.")).toHaveCount(0);

  // A time in the past: the page refuses it beside the field, with the server's words; nothing is sent.
  await page.getByLabel("At", { exact: true }).check();
  const at = page.getByLabel("Date and time (Eastern Time)");
  await at.fill("2020-01-01T09:00");
  await page.getByRole("button", { name: "Send the saved broadcast", exact: true }).click();
  await expect(page.getByText("That time is in the past: choose a time from now on, or send it now.")).toBeVisible();
  await expect(at).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Now", { exact: true }).check();
  await page.getByRole("button", { name: "Send the saved broadcast", exact: true }).click();
  await expect(page.getByText("Sending to 2 recipients.")).toBeVisible();
  // A reload after sending posts nothing again (the answer was a redirect) and shows no error.
  await page.reload();
  await expect(page.getByRole("alert")).toHaveCount(0);
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

test("a reader who follows the broadcast's link gets its campaign cookie; the same address without its signature gives none", async ({
  browser,
}) => {
  // In the text part as "how to dispute an error (<address>)": the address, to its closing parenthesis.
  const text = String((await mailTo(READERS[0]!, /^Three things/, MAIL)).text);
  const sent = new URL(text.match(/https?:\/\/[^\s()]+\/blog\/dispute-credit-errors\?[^\s()]+/)![0]);
  expect(sent.searchParams.get("utm_sig")).toMatch(/^[\w-]{16}$/);
  const link = sent.pathname + sent.search;
  const campaignCookie = async (path: string) => {
    const context = await browser.newContext({ baseURL: ORIGIN });
    const page = await context.newPage();
    const answer = await page.goto(path);
    expect(answer?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === "fsm_campaign")?.value;
    await context.close();
    return cookie;
  };
  // The campaign and the cookie's own signature (the server's SESSION_SECRET): "broadcast-1.<43 base64url characters>".
  expect(await campaignCookie(link)).toMatch(/^broadcast-1\.[\w-]{43}$/);
  const url = new URL(link, ORIGIN);
  url.searchParams.delete("utm_sig");
  expect(await campaignCookie(url.pathname + url.search)).toBeUndefined();
  url.searchParams.set("utm_sig", "AAAAAAAAAAAAAAAA");
  expect(await campaignCookie(url.pathname + url.search)).toBeUndefined();
});

/** The message the page shows for this field (tied to it by aria-describedby), or "" when there is none. */
async function fieldMessage(field: Locator): Promise<string> {
  const id = await field.getAttribute("aria-describedby");
  if (!id || (await field.getAttribute("aria-invalid")) !== "true") return "";
  return (await field.page().locator(`[id="${id}"]`).textContent()) ?? "";
}

/** A mark on the window: gone after any page load. */
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  return () => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);
}

/**
 * The editor's schedule is in the business's zone (New York, the server's default): a browser in
 * Honolulu (UTC-10) gets New York's next minute as the earliest time. Sweden writes dates as ISO does.
 */
const newYorkMinute = new Intl.DateTimeFormat("sv-SE", { timeZone: "America/New_York", dateStyle: "short", timeStyle: "short" });
const earliestNewYork = (at: number) => newYorkMinute.format(Math.floor(at / 60_000) * 60_000 + 60_000).replace(" ", "T");

test.describe("in a browser ten hours behind UTC", () => {
  test.use({ timezoneId: "Pacific/Honolulu" });

  test("the editor counts the ticked audiences at once and checks the form before posting", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(page, "/admin/broadcasts?new", ORIGIN);
    const requests = countScripts(page);
    const stayed = await markPage(page);
    const count = page.getByTestId("recipients");
    const newsletter = page.getByLabel("Confirmed newsletter subscribers");
    const guide = page.getByLabel("Newsletter subscribers who also asked for a free guide");

    // Nothing filled: the page says what the server would, beside the field, and nothing is posted.
    await page.getByRole("button", { name: "Save draft" }).click();
    const subject = page.getByLabel("Subject", { exact: true });
    await expect(subject).toBeFocused();
    await expect.poll(() => fieldMessage(subject)).toBe("The subject is empty.");
    await subject.fill("   ");
    await expect.poll(() => fieldMessage(subject)).toBe("The subject is empty.");
    await subject.fill("Two readers, one tip");
    await expect.poll(() => fieldMessage(subject)).toBe("");
    expect(await subject.getAttribute("maxlength")).toBe("150");
    await page.getByLabel(/^Preview text/).fill("A tip for the two of you.");
    await page.getByLabel(/^Body/).fill("Hello,\n\nOne tip.");
    await page.getByRole("button", { name: "Save draft" }).click();
    const noAudience = page.getByText("Tick at least one audience: who should get it?");
    await expect(noAudience).toBeVisible();
    await expect(newsletter).toHaveAttribute("aria-invalid", "true");
    expect(requests.posts()).toEqual([]);

    // Ticking asks the server, and the live region says it; no page load.
    await expect(count).toBeHidden();
    await newsletter.check();
    await expect(count).toHaveText(
      "As ticked (not saved yet), it would go to 2 recipients now (after unsubscribes, bounces and complaints).",
    );
    await expect(noAudience).toBeHidden();
    expect(await stayed()).toBe(true); // no page load so far
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.waitForURL(/edit=2$/);
    await expect(count).toHaveText("As saved, it would go to 2 recipients now (after unsubscribes, bounces and complaints).");

    const onSaved = await markPage(page);
    // The first answer is held back until after the second: only the newest question's is shown.
    let held = true;
    await page.route("**/admin/broadcasts/recipients?**", async (route) => {
      if (held) {
        held = false;
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
      await route.continue().catch(() => {}); // the browser may have given up on it (a newer question)
    });
    await guide.check();
    await page.waitForTimeout(400); // past the pause after a change: the first question is asked
    await newsletter.uncheck();
    await expect(count).toHaveText(
      "As ticked (not saved yet), it would go to 0 recipients now (after unsubscribes, bounces and complaints).",
    );
    await page.waitForTimeout(1800);
    await expect(count).toContainText("0 recipients");
    await page.unroute("**/admin/broadcasts/recipients?**");
    await guide.uncheck();
    await newsletter.check();
    await expect(count).toHaveText("As saved, it would go to 2 recipients now (after unsubscribes, bounces and complaints).");
    expect(await onSaved()).toBe(true);
    expect(requests.posts()).toHaveLength(1); // the one save
    await expectNoViolations(page, "broadcast editor, live count");
    await page.screenshot({ path: join(DATA_DIR, "broadcast-editor-live-1280.png"), fullPage: true });

    // A schedule in the past, or none, is refused by the browser with the server's words; "Now" needs no time.
    await page.getByLabel("At", { exact: true }).check();
    const at = page.getByLabel("Date and time (Eastern Time)");
    await page.getByRole("button", { name: "Send the saved broadcast", exact: true }).click();
    await expect.poll(() => fieldMessage(at)).toBe("Choose when to send it.");
    await at.fill("2020-01-01T09:00");
    const before = Date.now();
    await page.getByRole("button", { name: "Send the saved broadcast", exact: true }).click();
    await expect(at).toBeFocused();
    await expect.poll(() => fieldMessage(at)).toBe("That time is in the past: choose a time from now on, or send it now.");
    // Its earliest time is the next minute in New York, not in the browser's own time zone.
    expect(await page.evaluate(() => new Date().getTimezoneOffset())).toBe(600);
    expect([earliestNewYork(before), earliestNewYork(Date.now())]).toContain(await at.getAttribute("min"));
    await page.getByLabel("Now", { exact: true }).check();
    await expect.poll(() => fieldMessage(at)).toBe("");
    expect(requests.posts()).toHaveLength(1);
    expect(await onSaved()).toBe(true);

    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoViolations(page, "broadcast editor at 375 px");
    await page.screenshot({ path: join(DATA_DIR, "broadcast-editor-live-375.png"), fullPage: true });

    // A time typed is New York's, and every place names it: the answer, the row, the field again.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel("At", { exact: true }).check();
    await at.fill("2099-07-04T09:15");
    await page.getByRole("button", { name: "Send the saved broadcast", exact: true }).click();
    await expect(page.getByText("Scheduled for Jul 4, 2099, 9:15 AM EDT, to 2 recipients as of now.")).toBeVisible();
    const row = page.getByRole("row", { name: /Two readers, one tip/ });
    await expect(row.locator("[data-when]")).toHaveText("for Jul 4, 2099, 9:15 AM EDT");
    await expect(page.getByLabel("Date and time (Eastern Time)")).toHaveValue("2099-07-04T09:15");
    await page.getByRole("button", { name: "Cancel “Two readers, one tip”" }).click();
    await expect(page.getByText("Cancelled: nothing more goes out.")).toBeVisible();
  });
});

test("the owner watches a broadcast's figures rise and end without a page load, typing the next one meanwhile", async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, "/admin/broadcasts?new", ORIGIN);
  await page.getByLabel("Subject", { exact: true }).fill("Watch it go out");
  await page.getByLabel(/^Preview text/).fill("One tip, one reader at a time.");
  await page.getByLabel(/^Body/).fill("Hello,\n\nOne more tip.");
  await page.getByLabel("Confirmed newsletter subscribers").check();
  await page.getByRole("button", { name: "Save draft" }).click();
  await page.waitForURL(/edit=\d+$/);
  await page.getByLabel("Now", { exact: true }).check();
  await page.getByRole("button", { name: "Send the saved broadcast", exact: true }).click();
  await expect(page.getByText("Sending to 2 recipients.")).toBeVisible();
  const card = page.getByRole("region", { name: "Watch it go out" });
  await expect(card.getByRole("progressbar")).toBeVisible();
  await expect(card.getByTestId("time-left")).toContainText(/of 2 done/);

  // The next broadcast's form, and from here on no page load.
  await page.getByRole("link", { name: "New broadcast" }).click();
  await page.waitForURL(/\?new$/);
  const stayed = await markPage(page);
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/progress")) asked.push(request.url());
  });
  const row = page.getByRole("row", { name: /Watch it go out/ });
  const sent = row.locator("[data-figure=sent]");
  const status = row.getByRole("cell").first();
  await expect(status).toHaveText("sending");
  // The second e-mail waits for the send rate: at most the first has gone.
  expect(Number(await sent.textContent())).toBeLessThan(2);
  await expect(card.getByRole("button", { name: "Pause “Watch it go out”" })).toBeVisible();
  // On a phone, the sending broadcast's Pause and Cancel are on the screen, with no sideways scrolling
  // (quick, while it sends: axe at 375 px runs below, once it has ended).
  await page.setViewportSize({ width: 375, height: 812 });
  for (const name of ["Pause “Watch it go out”", "Cancel “Watch it go out”"]) {
    const box = await page.getByRole("button", { name }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: join(DATA_DIR, "broadcast-progress-sending-375.png") });
  await page.setViewportSize({ width: 1280, height: 900 });
  const subject = page.getByLabel("Subject", { exact: true });
  await subject.fill("Next month: one more tip");
  await page.screenshot({ path: join(DATA_DIR, "broadcast-progress-sending-1280.png"), fullPage: true });

  await expect(sent).toHaveText("2", { timeout: 12_000 });
  await expect(row.locator("[data-figure=queued]")).toHaveText("0");
  // Marked sent by the outbox's next pass (every 5 s), then seen at the next question.
  await expect(status).toHaveText("sent", { timeout: 12_000 });
  await expect(card.getByRole("progressbar")).toHaveAttribute("value", "2");
  await expect(card.getByRole("status")).toHaveText(
    "“Watch it go out” is now sent: nothing more goes out. Bounces, unsubscribes and orders keep coming in: reload the page later for them.",
  );
  const finishedAt = Date.now();
  const askedWhenFinished = asked.length;
  expect(askedWhenFinished).toBeGreaterThan(0);
  await expect(card.getByRole("button")).toHaveCount(0); // no Pause or Cancel for a sent broadcast
  expect(await subject.inputValue()).toBe("Next month: one more tip");
  expect(await stayed()).toBe(true); // the figures changed in place
  await expectNoViolations(page, "broadcasts, progress");
  await page.screenshot({ path: join(DATA_DIR, "broadcast-progress-sent-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoViolations(page, "broadcasts, progress at 375 px");
  await page.screenshot({ path: join(DATA_DIR, "broadcast-progress-sent-375.png"), fullPage: true });

  // A sent broadcast is asked no more: nothing in the next interval.
  await page.waitForTimeout(Math.max(0, finishedAt + 5_500 - Date.now()));
  expect(asked).toHaveLength(askedWhenFinished);
  expect(await stayed()).toBe(true);
});

test("the owner tags a reader by hand, and the editor counts a segment of tags as they are ticked, then sends to it", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // The first reader's contact page: the form's own tag is there; the owner adds one of hers.
  await logIn(page, `/admin/contacts?q=${encodeURIComponent(READERS[0]!)}`, ORIGIN);
  await page.getByRole("link", { name: READERS[0]! }).click();
  const tags = page.getByRole("list", { name: "This contact's tags" });
  await expect(tags).toContainText("newsletter-form");
  await page.getByLabel("Add a tag").fill("Workshop 2025");
  await page.getByRole("button", { name: "Add tag" }).click();
  await expect(page.getByText("Tagged.")).toBeVisible();
  await expect(tags.getByRole("link", { name: "workshop-2025" })).toBeVisible();
  await expectNoViolations(page, "contact with tags");
  allowConsoleErrors(page, /status of 400/); // the refused tag's answer
  await page.getByLabel("Add a tag").fill("no/slash");
  await page.getByRole("button", { name: "Add tag" }).click();
  await expect(page.getByText(/^A tag is 1 to 40 letters, digits and hyphens/)).toBeVisible();

  // The list filters by the tag.
  await tags.getByRole("link", { name: "workshop-2025" }).click();
  await expect(page.getByRole("heading", { name: "Contacts (1)" })).toBeVisible();
  await expect(page.getByRole("link", { name: READERS[0]! })).toBeVisible();
  await expect(page.getByRole("link", { name: READERS[1]! })).toHaveCount(0);

  await page.goto("/admin/broadcasts?new");
  await dashboardReady(page);
  await page.getByLabel("Subject", { exact: true }).fill("For the workshop crowd");
  await page.getByLabel(/^Preview text/).fill("What we promised at the workshop.");
  await page.getByLabel(/^Body/).fill("Hello,\n\nThe workbook is coming.");
  const count = page.getByTestId("recipients");
  await page.getByLabel("Confirmed newsletter subscribers").check();
  await expect(count).toContainText("2 recipients");
  const include = page.getByRole("group", { name: /^Only those with any of these tags/ });
  const exclude = page.getByRole("group", { name: /^Leave out those with any of these tags/ });
  await exclude.getByLabel(/^workshop-2025/).check();
  await expect(count).toHaveText("As ticked (not saved yet), it would go to 1 recipient now (after unsubscribes, bounces and complaints).");
  await exclude.getByLabel(/^workshop-2025/).uncheck();
  await include.getByLabel(/^workshop-2025/).check();
  await expect(count).toHaveText("As ticked (not saved yet), it would go to 1 recipient now (after unsubscribes, bounces and complaints).");
  await expectNoViolations(page, "broadcast editor with tags");
  await page.screenshot({ path: join(DATA_DIR, "broadcast-tags-1280.png"), fullPage: true });
  await page.getByRole("button", { name: "Save draft" }).click();
  await page.waitForURL(/edit=\d+$/);
  await expect(count).toHaveText("As saved, it would go to 1 recipient now (after unsubscribes, bounces and complaints).");
  await expect(include.getByLabel(/^workshop-2025/)).toBeChecked();
  await page.getByLabel("Now", { exact: true }).check();
  await page.getByRole("button", { name: "Send the saved broadcast", exact: true }).click();
  await expect(page.getByText("Sending to 1 recipient.")).toBeVisible();
  await mailTo(READERS[0]!, /For the workshop crowd/, MAIL);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/admin/broadcasts?new");
  await expectNoViolations(page, "broadcast editor with tags at 375 px");
  await page.screenshot({ path: join(DATA_DIR, "broadcast-tags-375.png"), fullPage: true });
});
