import { join } from "node:path";
import type { Page } from "@playwright/test";
import { allowConsoleErrors, completeOrder, countScripts, expect, expectNoViolations, payOnTestPage, test } from "./fixtures";
import { linkPath, mailTo } from "./mail";
import { logIn, useOwnServer } from "./own-server";

/**
 * The buyers' mail (decision 071) as the owner and a buyer use it, on a server of its own: one
 * person buys twice under two spellings of one Gmail address (the second time with the Power Pack,
 * refunded later on its own), another person buys once. The owner composes an update to the
 * toolkit's buyers, sees its text and HTML previews, sends a test to herself, confirms a send that
 * names the product and the count, and sees it sent; each buyer gets it once, with their own
 * order page and a one-click stop that ends updates only. Then the lost-link form sends one link
 * to one page with every order of the mailbox, each opening its own order page, no one else's.
 * Axe and screenshots at 1280 and 375 px.
 */
test.describe.configure({ mode: "serial" });

const {
  origin: ORIGIN,
  dataDir: DATA_DIR,
  mailDir: MAIL,
} = useOwnServer("buyers", 67, {
  OWNER_EMAIL: "owner@example.com",
  // 20 a minute: the update's second copy leaves 3 s after its first, long enough to watch its progress.
  MAIL_RATE_PER_MINUTE: "20",
});

const JANE = "janedoe@gmail.com";
const SAM = "sam.buyer@example.com";
const SUBJECT = "New in your toolkit: a letter for medical debt";
const orders: Record<"janeFirst" | "janeSecond" | "sam", string> = { janeFirst: "", janeSecond: "", sam: "" };

async function buy(page: Page, bump: boolean, email: string): Promise<string> {
  await page.goto(bump ? "/checkout?bump=1" : "/checkout");
  const tab = await completeOrder(page);
  await payOnTestPage(tab, email);
  await expect(tab.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  return (await tab
    .getByRole("region", { name: "Your purchase" })
    .getByText(/^FSM-\d{6}$/)
    .textContent())!;
}

/** Nothing wider than the window: a phone scrolls down, never sideways. */
async function expectNoSidewaysScroll(page: Page, state: string) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide, `${state} scrolls sideways`).toBeLessThanOrEqual(0);
}

test("one person buys twice under two spellings of their address, another once; the Power Pack alone is refunded", async ({ page }) => {
  test.setTimeout(120_000);
  orders.janeFirst = await buy(page, false, "Jane.Doe+first@Gmail.com");
  orders.janeSecond = await buy(page, true, JANE);
  orders.sam = await buy(page, false, SAM);
  await logIn(page, `/admin/orders/${Number(orders.janeSecond.slice(4))}`, ORIGIN);
  await page.getByRole("link", { name: /^Refund the Dispute Letter Power Pack only/ }).click();
  await page.getByRole("button", { name: /^Yes, refund the Dispute Letter Power Pack only/ }).click();
  await expect(page.getByRole("status")).toContainText(/refund/i);
});

test("the owner writes to the toolkit's buyers: compose, preview, test, confirm the product and the count, send, see it sent", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, "/admin/updates", ORIGIN);
  await expect(page.getByText("No updates yet.")).toBeVisible();
  await expectNoViolations(page, "updates, empty");

  await page.getByRole("link", { name: "New update" }).click();
  // An empty subject is refused beside the field, with the server's words, before anything is posted.
  const requests = countScripts(page);
  await page.getByLabel(/^Product/).selectOption({ label: "Credit Repair Toolkit (2 buyers now)" });
  await page.getByLabel("Subject", { exact: true }).fill("   ");
  await page.getByLabel("Subject", { exact: true }).blur();
  await expect(page.getByText("The subject is empty.")).toBeVisible();
  expect(requests.posts()).toEqual([]);
  await page.getByLabel("Subject", { exact: true }).fill(SUBJECT);
  await page.getByLabel(/^Preview text/).fill("One more letter, and a corrected budget planner.");
  await page
    .getByLabel(/^Body/)
    .fill("Hi,\n\nThe toolkit you bought has **a new letter** for medical debt. Read [how to use it](/blog/dispute-credit-errors).");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("heading", { name: /^Update \d+: draft$/ })).toBeVisible();
  await expect(page.getByTestId("recipients")).toHaveText("As saved, it would go to 2 buyers of the Credit Repair Toolkit now.");
  const text = page.getByTestId("update-preview-text");
  await expect(text).toContainText("You’re getting this because you bought the Credit Repair Toolkit");
  await expect(text).toContainText("Stop product updates");
  await expect(text).toContainText("Open your order page");
  await expectNoViolations(page, "update editor");
  await page.screenshot({ path: join(DATA_DIR, "update-editor-1280.png"), fullPage: true });

  const preview = await page.request.get(`/admin/updates/${page.url().match(/edit=(\d+)/)![1]}/preview`);
  expect(preview.status()).toBe(200);
  expect(preview.headers()["content-security-policy"]).toContain("default-src 'none'");
  expect(await preview.text()).toContain(SUBJECT);

  await page.getByRole("button", { name: "Send the saved update as a test to me" }).click();
  await expect(page.getByText("Test sent to owner@example.com.")).toBeVisible();
  const testMail = await mailTo("owner@example.com", /^\[Test\] New in your toolkit/, MAIL);
  expect(testMail.headerLines.find((h) => h.key === "list-unsubscribe-post")?.line).toBe(
    "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
  );

  // The question names the product and the count; nothing goes until it is answered.
  await page.getByRole("link", { name: "Send the saved update…" }).click();
  const question = page.getByRole("heading", { name: `Send “${SUBJECT}” to 2 buyers of the Credit Repair Toolkit?` });
  await expect(question).toBeVisible();
  await expectNoViolations(page, "the send's confirmation");
  await page.screenshot({ path: join(DATA_DIR, "update-confirm-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoViolations(page, "the send's confirmation at 375 px");
  await expectNoSidewaysScroll(page, "the send's confirmation at 375 px");
  await page.screenshot({ path: join(DATA_DIR, "update-confirm-375.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "Yes, send to 2 buyers" }).click();
  await expect(page.getByText("Sending to 2 buyers of the Credit Repair Toolkit.")).toBeVisible();
  // The broadcast's progress card: its bar and Pause while it sends, then "sent" without a reload.
  const card = page.getByTestId("underway");
  await expect(card.getByRole("button", { name: `Pause “${SUBJECT}”` })).toBeVisible();
  await expect(card.getByRole("progressbar")).toBeVisible();
  await expect(card.getByRole("status")).toHaveText(
    `“${SUBJECT}” is now sent: nothing more goes out. Bounces, unsubscribes and orders keep coming in: reload the page later for them.`,
    {
      timeout: 30_000,
    },
  );

  for (const email of [JANE, SAM]) {
    const mail = await mailTo(email, /^New in your toolkit/, MAIL);
    // The header as sent, unfolded: the buyer's own stop link first (on the built site's PUBLIC_ORIGIN), then the support mailto.
    const header = mail.headerLines.find((h) => h.key === "list-unsubscribe")!.line.replace(/\r?\n\s+/g, " ");
    expect(header).toMatch(/^List-Unsubscribe: <https?:\/\/[^/>]+\/updates\/stop\/[\w-]{43}>, <mailto:[^>]+>$/);
    expect(mail.text).toContain("Stop product updates");
  }
  // The list: sent to both, nothing left, no edit.
  await expect
    .poll(
      async () => {
        await page.goto("/admin/updates");
        return page
          .getByRole("row", { name: /New in your toolkit/ })
          .getByRole("cell")
          .nth(1)
          .textContent();
      },
      { timeout: 30_000 },
    )
    .toBe("sent");
  const row = page.getByRole("row", { name: /New in your toolkit/ });
  await expect(row.getByRole("cell").nth(0)).toHaveText("Credit Repair Toolkit");
  await expect(row.getByRole("cell").nth(2)).toHaveText("2");
  await expect(row.getByRole("cell").nth(3)).toHaveText("0");
  await expectNoViolations(page, "updates, sent");
  await page.screenshot({ path: join(DATA_DIR, "updates-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoViolations(page, "updates at 375 px");
  await expectNoSidewaysScroll(page, "updates at 375 px");
  await page.goto("/admin/updates?new");
  await expectNoViolations(page, "a new update at 375 px");
  await expectNoSidewaysScroll(page, "a new update at 375 px");
  await page.screenshot({ path: join(DATA_DIR, "update-new-375.png"), fullPage: true });
});

test("the update opens the buyer's own order page, and its stop link ends product updates only", async ({ page }) => {
  const mail = await mailTo(JANE, /^New in your toolkit/, MAIL);
  await page.goto(linkPath(mail, "/orders/"));
  await expect(page.getByRole("heading", { level: 1, name: "Your downloads" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`Order ${orders.janeSecond}`);
  await page.goto(linkPath(mail, "/updates/stop/"));
  await expect(page.getByRole("heading", { level: 1, name: "Stop product updates" })).toBeVisible();
  await expectNoViolations(page, "the stop page");
  await page.getByRole("button", { name: "Stop product updates" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Product updates stopped" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("Your receipts still arrive");
});

test("the lost-link form sends one link, to one page with every order of the mailbox and no one else's", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/orders/lookup");
  await page.getByRole("textbox", { name: "Email address" }).fill("JANE.DOE@gmail.com");
  await page.getByRole("button", { name: "E-mail me my orders" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  const mail = await mailTo(JANE, /^Your orders$/, MAIL);
  const links = (mail.text ?? "").split(/\s+/).filter((w) => /^https?:\/\/[^/]+\/orders\//.test(w));
  expect(links).toHaveLength(1);
  expect(links[0]).toMatch(/\/orders\/all\/[\w-]{43}$/);

  const requests = countScripts(page);
  const answer = await page.goto(linkPath(mail, "/orders/all/"));
  expect(answer?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { level: 1, name: "Your orders" })).toBeVisible();
  // No React in the browser: the page is complete as HTML.
  expect(requests.reactBundle()).toEqual([]);
  const list = page.getByRole("list", { name: "Orders" });
  await expect(list.getByRole("heading", { level: 2 })).toHaveText([`Order ${orders.janeSecond}`, `Order ${orders.janeFirst}`]);
  await expect(page.getByRole("main")).not.toContainText(orders.sam);
  const second = page.getByRole("article", { name: `Order ${orders.janeSecond}` });
  await expect(second).toContainText("Partly refunded");
  await expect(second).toContainText("Dispute Letter Power Pack(refunded)");
  await expect(second).toContainText("$14.99 was given back to you.");
  await expect(page.getByRole("article", { name: `Order ${orders.janeFirst}` })).toContainText("Paid");
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoViolations(page, `the page of every order at ${width}`);
    await expectNoSidewaysScroll(page, `the page of every order at ${width}`);
    await page.screenshot({ path: join(DATA_DIR, `orders-all-${width}.png`), fullPage: true });
  }
  await page.getByRole("link", { name: `Open the order and its downloads ${orders.janeFirst}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your downloads" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`Order ${orders.janeFirst}`);

  allowConsoleErrors(page, /status of 404/);
  await page.goto(`/orders/all/${"x".repeat(43)}`);
  await expect(page.getByRole("heading", { level: 1, name: "We couldn't find that page" })).toBeVisible();
  await expectNoViolations(page, "an unknown link to the page of every order");
});
