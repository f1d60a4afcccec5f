import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import yauzl from "yauzl";
import { productFiles } from "../../app/lib/product-files";
import { simpleParser, type ParsedMail } from "mailparser";
import type { Locator, Page } from "@playwright/test";
import {
  allowConsoleErrors,
  completeOrder,
  countScripts,
  expect,
  expectNoViolations,
  payOnTestPage,
  requestGuide,
  subscribeOnBlog,
  downloadGuideFromLink,
  test,
} from "./fixtures";
import { linkPath, MAIL_DIR, mailTo } from "./mail";
import { logIn, useOwnServer } from "./own-server";

/**
 * What a buyer and a reader get, in the browser against the built server on its embedded
 * defaults: e-mail goes to .eml files under the server's DATA_DIR/mail, which these tests read
 * with a real mail parser and whose links they follow (tests/e2e/mail.ts).
 */

/** A link of the e-mail's text part, as a path on the server under test. */
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

const unique = (tag: string) => `${tag}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.com`;

/** What a person does to see a group's files: open it by its summary. */
async function openGroup(scope: Locator, label: string) {
  await scope.locator("summary", { hasText: label }).click();
}

async function buy(page: Page, bump: boolean) {
  await page.goto(bump ? "/checkout?bump=1" : "/checkout");
  const tab = await completeOrder(page);
  const email = await payOnTestPage(tab, unique(bump ? "bundle" : "toolkit"));
  await expect(tab.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  return { tab, email };
}

/** The success page's order number ("FSM-000012"), its downloads and the private order page's address. */
async function boughtOrder(tab: Page) {
  const orderNumber = (await tab
    .getByRole("region", { name: "Your purchase" })
    .getByText(/^FSM-\d{6}$/)
    .textContent())!;
  const downloads = tab.getByRole("region", { name: "Your downloads" });
  const orderHref = (await downloads.getByRole("link", { name: /\/orders\// }).getAttribute("href"))!;
  return { orderNumber, downloads, orderHref };
}

for (const bump of [false, true]) {
  test(`a buyer ${bump ? "with" : "without"} the Power Pack downloads the files from the success page, the order page and the receipt`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const { tab, email } = await buy(page, bump);
    const successUrl = tab.url();
    const downloads = tab.getByRole("region", { name: "Your downloads" });
    await expect(downloads.getByRole("heading", { name: "Credit Repair Toolkit" })).toBeVisible();
    await expect(downloads.getByRole("heading", { name: "Dispute Letter Power Pack" })).toHaveCount(bump ? 1 : 0);
    await expect(downloads).toContainText("The Step-by-Step Credit Repair Guide");
    await expect(downloads).toContainText(bump ? "Debt validation request to a collector" : "Budget planner");

    // Each product first offers everything as one zip; its files wait folded in their groups.
    const link = downloads.getByRole("link", { name: "Download The Step-by-Step Credit Repair Guide" });
    await expect(downloads.getByRole("link", { name: /^Download all \(zip\) for the Credit Repair Toolkit, \d+ files/ })).toBeVisible();
    await expect(link).toBeHidden();
    await openGroup(downloads, "Step-by-step credit repair guide");
    // A real download: the guide is a PDF.
    const [download] = await Promise.all([tab.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe("credit-repair-guide.pdf");
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    // The address to keep opens the order page with the same files.
    const orderHref = await downloads.getByRole("link", { name: /\/orders\// }).getAttribute("href");
    await tab.goto(orderHref!);
    await expect(tab.getByRole("heading", { level: 1, name: "Your downloads" })).toBeVisible();
    await expect(tab.getByRole("heading", { name: "Dispute Letter Power Pack" })).toHaveCount(bump ? 1 : 0);
    if (!bump) {
      // A Power Pack file cannot be fetched through a toolkit-only order's link.
      const response = await tab.request.get(`${orderHref}/files/power-pack-letters`);
      expect(response.status()).toBe(404);
    }

    // The receipt in ./data/mail links to a working order page too.
    const receipt = await mailTo(email, /receipt/i);
    expect(receipt.text).toContain(bump ? "$21.99" : "$7.00");
    // One date, one zone, named: the receipt's "Paid on" is the pages' (the business's time zone).
    const paidOn = /Paid on: (.+ \(Eastern Time\))/.exec(receipt.text ?? "")?.[1];
    expect(paidOn).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} \(Eastern Time\)$/);
    await expect(tab.getByRole("main")).toContainText(`Paid on ${paidOn}`);
    await tab.goto(successUrl);
    await expect(tab.getByRole("region", { name: "Your purchase" })).toContainText(`Paid on${paidOn}`);
    await tab.goto(linkPath(receipt, "/orders/"));
    await expect(tab.getByRole("heading", { level: 1, name: "Your downloads" })).toBeVisible();
    await openGroup(tab.getByRole("main"), "Debt payoff calculator");
    const [spreadsheet] = await Promise.all([
      tab.waitForEvent("download"),
      tab.getByRole("link", { name: /Download Debt payoff calculator/ }).click(),
    ]);
    expect(spreadsheet.suggestedFilename()).toBe("debt-payoff-calculator.xlsx");
  });
}

test("the success page shows its link and files only in the browser that paid; another browser gets the lost-link form", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { tab, email } = await buy(page, true);
  const successUrl = tab.url();
  const bought = tab.getByRole("region", { name: "Your purchase" });
  const orderNumber = (await bought.getByText(/^FSM-\d{6}$/).textContent())!;
  await expect(bought).toContainText(`Receipt sent to${email}`);
  const downloads = tab.getByRole("region", { name: "Your downloads" });
  const orderHref = await downloads.getByRole("link", { name: /\/orders\// }).getAttribute("href");

  // Reloading in the buyer's own browser shows the same link (the server stores no new one: tests/integration/delivery.test.ts counts).
  for (let i = 0; i < 3; i++) {
    await tab.reload();
    await expect(tab.getByRole("region", { name: "Your downloads" }).getByRole("link", { name: /\/orders\// })).toHaveAttribute(
      "href",
      orderHref!,
    );
  }

  // Someone else with the same address: the order, but no link, no file, and a masked receipt address.
  const other = await browser.newContext({ baseURL });
  const stranger = await other.newPage();
  await stranger.goto(successUrl);
  await expect(stranger.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  const theirs = stranger.getByRole("region", { name: "Your purchase" });
  await expect(theirs).toContainText(orderNumber);
  await expect(theirs).toContainText("Dispute Letter Power Pack$14.99");
  await expect(theirs).toContainText(`Receipt sent to${email[0]}•••@example.com`);
  await expect(stranger.getByRole("main")).not.toContainText(email);
  await expect(stranger.getByRole("region", { name: "Your downloads" })).toHaveCount(0);
  await expect(stranger.locator('a[href*="/orders/"]:not([href="/orders/lookup"])')).toHaveCount(0);
  await expect(stranger.getByRole("link", { name: /Download/ })).toHaveCount(0);
  expect(await stranger.content()).not.toContain(orderHref!);
  const lookup = stranger.getByRole("region", { name: "Check your e-mail, or get your link again" });
  for (const width of [1280, 375]) {
    await stranger.setViewportSize({ width, height: 900 });
    await expectNoViolations(stranger, `the success page in another browser at ${width}`);
  }
  // Its lost-link form works from there (a form posted from this page is same-origin).
  await lookup.getByRole("textbox", { name: "Email address" }).fill(email);
  await lookup.getByRole("button", { name: "E-mail me my orders" }).click();
  await expect(stranger.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await mailTo(email, /^Your orders$/);
  await other.close();
});

test("Download all gives each product's files in one zip, byte for byte, and counts each file", async ({ page }) => {
  test.setTimeout(60_000);
  const { tab } = await buy(page, true);
  const orderHref = await tab
    .getByRole("region", { name: "Your downloads" })
    .getByRole("link", { name: /\/orders\// })
    .getAttribute("href");
  await tab.goto(orderHref!);
  for (const [productId, name, fileName] of [
    ["toolkit", "Credit Repair Toolkit", "credit-repair-toolkit.zip"],
    ["power-pack", "Dispute Letter Power Pack", "dispute-letter-power-pack.zip"],
  ] as const) {
    const [download] = await Promise.all([
      tab.waitForEvent("download"),
      tab.getByRole("link", { name: new RegExp(`^Download all \\(zip\\) for the ${name}`) }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(fileName);
    const zip = await yauzl.fromBufferPromise(readFileSync(await download.path()), { lazyEntries: true });
    const entries = new Map<string, string>();
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName, sha256(await buffer(await zip.openReadStreamPromise(entry))));
    const files = productFiles(productId);
    expect(entries.size).toBe(files.length);
    for (const file of files) {
      expect(entries.get(`${name}/${file.path.split("/").slice(1).join("/")}`), file.path).toBe(
        sha256(readFileSync(join("products/files", file.path))),
      );
    }
  }
  // Each file in the zip counts as a download of it.
  await tab.reload();
  await openGroup(tab.getByRole("main"), "Step-by-step credit repair guide");
  const guide = tab.getByRole("listitem").filter({ hasText: "The Step-by-Step Credit Repair Guide" });
  await expect(guide).toContainText("downloaded 1 time");
});

// On a server of its own: the owner's log-in, which admin.spec.ts's last test locks out on the shared server.
test.describe("a refund, on a server of its own", () => {
  // One worker for the block: its server has one port (with fullyParallel, two workers would each start it).
  test.describe.configure({ mode: "default" });
  const { mailDir: REFUND_MAIL } = useOwnServer("refund", 83);

  for (const width of [1280, 375]) {
    test(`at ${width} px the owner refunds the Power Pack alone: its files and zip answer 410, the toolkit's stay, the buyer is told`, async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 900 });
      const { tab, email } = await buy(page, true);
      const { orderNumber, downloads, orderHref } = await boughtOrder(tab);
      const href = (selector: string) => downloads.locator(selector).first().getAttribute("href") as Promise<string>;
      const packFile = await href(`a[href$="/files/${productFiles("power-pack")[0]!.id}"]`);
      const packZip = await href('a[href$="/zip/power-pack"]');
      const toolkitFile = await href('a[href$="/files/guide"]');
      const toolkitZip = await href('a[href$="/zip/toolkit"]');

      const owner = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
      const ownerPage = await owner.newPage();
      await logIn(ownerPage, `/admin/orders/${Number(orderNumber.slice(4))}`, baseURL!);
      await ownerPage.getByRole("link", { name: "Refund the Dispute Letter Power Pack only ($14.99)" }).click();
      await expect(ownerPage.getByRole("heading", { name: "Refund the Dispute Letter Power Pack only?" })).toBeVisible();
      await expect(ownerPage.getByRole("main")).toContainText("the Credit Repair Toolkit stays downloadable");
      await expectNoViolations(ownerPage, `the Power Pack refund's confirmation at ${width} px`);
      const yes = ownerPage.getByRole("button", { name: "Yes, refund the Dispute Letter Power Pack only ($14.99)" });
      // On a phone too, every action is reached by scrolling down, never sideways.
      expect(await ownerPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await yes.click();
      await expect(ownerPage.getByRole("status")).toContainText("Refunded the Dispute Letter Power Pack");
      // The answer was a redirect to the order without its question: a reload posts nothing again.
      await expect(ownerPage).toHaveURL(/\/admin\/orders\/\d+$/);
      const requests = countScripts(ownerPage);
      await ownerPage.reload();
      await expect(ownerPage.getByRole("heading", { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
      expect(requests.posts()).toEqual([]);
      await expect(ownerPage.getByRole("alert")).toHaveCount(0);
      await expect(ownerPage.getByText("partly refunded", { exact: true })).toBeVisible();
      await expect(ownerPage.getByRole("main")).toContainText("$7.00 ($21.99 paid, $14.99 refunded)");
      // What is left to refund is the toolkit, and nothing offers the Power Pack again.
      await expect(ownerPage.getByRole("link", { name: "Refund the rest ($7.00)" })).toBeVisible();
      await expect(ownerPage.getByRole("link", { name: /Power Pack only/ })).toHaveCount(0);
      await expectNoViolations(ownerPage, `an order with its Power Pack refunded at ${width} px`);
      await owner.close();

      // The buyer's page: the Power Pack refunded, the toolkit's downloads still there.
      await page.goto(orderHref);
      await expect(page.getByRole("main")).toContainText("Dispute Letter Power Pack: refunded ($14.99 given back to you)");
      await expect(page.getByRole("link", { name: /^Download all \(zip\) for the Credit Repair Toolkit/ })).toBeVisible();
      await expect(page.getByRole("link", { name: /^Download all \(zip\) for the Dispute Letter Power Pack/ })).toHaveCount(0);
      await expectNoViolations(page, `the buyer's order page with the Power Pack refunded at ${width} px`);

      allowConsoleErrors(page, /status of 410/);
      for (const gone of [packFile, packZip]) {
        const response = await page.goto(gone);
        expect(response!.status()).toBe(410);
        await expect(page.getByRole("heading", { level: 1, name: "The Dispute Letter Power Pack was refunded" })).toBeVisible();
        await expect(page.getByRole("link", { name: "See the order" })).toHaveAttribute("href", orderHref);
      }
      for (const kept of [toolkitFile, toolkitZip]) expect((await page.request.get(kept)).status()).toBe(200);

      const notice = await mailTo(email, /refund/i, REFUND_MAIL);
      expect(notice.subject).toBe(`Your refund for the Dispute Letter Power Pack (order ${orderNumber})`);
      expect(notice.text).toContain(`We refunded $14.99 for the Dispute Letter Power Pack (order ${orderNumber})`);
      expect(notice.text).toContain("Your Credit Repair Toolkit stays yours");
    });
  }

  test("a refunded order says so everywhere: no refund offer, and its files and zip answer 410 with a page that explains", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { tab } = await buy(page, true);
    const successUrl = tab.url();
    const { orderNumber, downloads, orderHref } = await boughtOrder(tab);
    const fileHref = (await downloads.locator('a[href*="/files/"]').first().getAttribute("href"))!;
    const zipHref = (await downloads
      .getByRole("link", { name: /^Download all \(zip\) for the Credit Repair Toolkit/ })
      .getAttribute("href"))!;
    await tab.goto(orderHref);
    await expect(tab.getByRole("main")).toContainText("for a full refund");

    // The owner refunds it from the dashboard, in a browser of their own.
    const owner = await browser.newContext({ baseURL });
    const ownerPage = await owner.newPage();
    await logIn(ownerPage, `/admin/orders/${Number(orderNumber.slice(4))}`, baseURL!);
    await ownerPage.getByRole("link", { name: "Refund the order" }).click();
    await ownerPage.getByRole("button", { name: "Yes, refund the order" }).click();
    await expect(ownerPage.getByRole("status")).toContainText("Refunded");
    await owner.close();

    // The order page and the success page: refunded, and no offer of a refund.
    for (const where of [orderHref, successUrl]) {
      await page.goto(where);
      await expect(page.getByRole("heading", { level: 1, name: "This order was refunded" })).toBeVisible();
      await expect(page.getByRole("main")).not.toContainText(/full refund|money-back/);
      await expect(page.getByRole("region", { name: "Your downloads" })).toHaveCount(0);
    }

    // A file and a zip of it, opened from an old bookmark or a receipt: 410 and a page in the site's layout.
    allowConsoleErrors(page, /status of 410/);
    for (const href of [fileHref, zipHref]) {
      const response = await page.goto(href);
      expect(response!.status()).toBe(410);
      expect(response!.headers()["content-type"]).toMatch(/^text\/html/);
      expect(response!.headers()["cache-control"]).toBe("private, no-store");
      await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
      await expect(page.getByRole("heading", { level: 1, name: "This order was refunded" })).toBeVisible();
      await expect(page.getByRole("main")).toContainText(
        "The payment was refunded to you, so this order's downloads are no longer available.",
      );
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await expect(page.getByRole("link", { name: "See the order" })).toHaveAttribute("href", orderHref);
    }
    await expectNoViolations(page, "a refunded order's file");
  });
});

test("the order page, the success page's downloads and the lost-link page pass axe at both widths", async ({ page }) => {
  test.setTimeout(60_000);
  const { tab } = await buy(page, true);
  for (const width of [1280, 375]) {
    await tab.setViewportSize({ width, height: 900 });
    await expectNoViolations(tab, `the success page with downloads at ${width}`);
  }
  // On a phone the downloads of both products fit in about two screens (55 buttons in one column were 8,800 px).
  const box = await tab.getByRole("region", { name: "Your downloads" }).boundingBox();
  expect(box!.height).toBeLessThan(1600);
  await openGroup(tab.getByRole("main"), "16 letter templates (11 for disputes)");
  await expectNoViolations(tab, "the success page with a group of files open, at 375");
  const orderHref = await tab
    .getByRole("region", { name: "Your downloads" })
    .getByRole("link", { name: /\/orders\// })
    .getAttribute("href");
  await tab.goto(orderHref!);
  for (const width of [1280, 375]) {
    await tab.setViewportSize({ width, height: 900 });
    await expectNoViolations(tab, `the order page at ${width}`);
  }
  await tab.goto("/orders/lookup");
  await expectNoViolations(tab, "the lost-link page");
  allowConsoleErrors(tab, /status of 404/);
  await tab.goto("/orders/not-a-real-token");
  await expect(tab.getByRole("heading", { level: 1, name: "We couldn't find that order" })).toBeVisible();
  await expectNoViolations(tab, "an unknown order link");
});

test("a lost link is sent again to a buyer, and the page answers the same for anyone", async ({ page }) => {
  const { email } = await buy(page, false);
  await page.goto("/orders/lookup");
  const address = page.getByRole("textbox", { name: "Email address" });
  allowConsoleErrors(page, /status of 400/);
  await address.fill("not-an-email");
  await page.getByRole("button", { name: "E-mail me my orders" }).click();
  await expect(address).toHaveAccessibleDescription("Invalid Email: Please enter a valid email address.");
  await expect(address).toHaveValue("not-an-email");
  await page.getByRole("textbox", { name: "Email address" }).fill(email.toUpperCase());
  await page.getByRole("button", { name: "E-mail me my orders" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  const mail = await mailTo(email, /^Your orders$/);
  // One link, to the page of every order of the address (decision 071); the order's own page from there.
  await page.goto(linkPath(mail, "/orders/all/"));
  await expect(page.getByRole("heading", { level: 1, name: "Your orders" })).toBeVisible();
  await page.getByRole("link", { name: /^Open the order and its downloads FSM-/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your downloads" })).toBeVisible();

  await page.goto("/orders/lookup");
  await page.getByRole("textbox", { name: "Email address" }).fill(unique("stranger"));
  await page.getByRole("button", { name: "E-mail me my orders" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
});

test("a reader gets the free guide by e-mail and can unsubscribe with one button", async ({ page }) => {
  const email = unique("reader");
  await requestGuide(page, { name: "Rea", email });
  const mail = await mailTo(email);
  // The guide's link is the reader's own (/guide/<token>). What a mail scanner fetches is a page with
  // a button; the reader's press proves the address (starting the tips they agreed to) and gives the PDF.
  const scanned = await page.request.get(linkPath(mail, "/guide/"));
  expect(scanned.status()).toBe(200);
  expect(scanned.headers()["content-type"]).toMatch(/^text\/html/);
  await page.goto(linkPath(mail, "/guide/"));
  await downloadGuideFromLink(page, { title: "Credit Repair Starter Guide", pdf: "/downloads/credit-repair-starter-guide.pdf" });
  await expect(page).toHaveURL(/\/downloads\/credit-repair-starter-guide\.pdf$/);

  await page.goto(linkPath(mail, "/unsubscribe/"));
  await expect(page.getByRole("heading", { name: "Unsubscribe" })).toBeVisible();
  await expectNoViolations(page, "the unsubscribe page");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { name: "You're unsubscribed" })).toBeVisible();

  // The link opened again: it says so, with no second button, and that no form will write to the address again (issue 51).
  await page.goto(linkPath(mail, "/unsubscribe/"));
  await expect(page.getByRole("heading", { name: "You're unsubscribed" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
  await expect(page.getByRole("main")).toContainText("if this address is typed into one of our forms again, we send it nothing");
  await expectNoViolations(page, "a used unsubscribe link");
});

test("after a mail app's one-click unsubscribe, opening the link says 'you're unsubscribed'", async ({ page, baseURL }) => {
  const email = unique("oneclick");
  await requestGuide(page, { name: "Oni", email });
  const mail = await mailTo(email);
  // The List-Unsubscribe header holds this same link (tests/integration/delivery.test.ts). What a mailbox
  // provider's server sends there (RFC 8058): a POST of its own, with no page and no Origin.
  const link = linkPath(mail, "/unsubscribe/");
  const posted = await page.request.post(new URL(link, baseURL).href, { form: { "List-Unsubscribe": "One-Click" } });
  expect(posted.status()).toBe(200);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "You're unsubscribed" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`${email} won't get any more newsletter, guide or review-request e-mails`);
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
});

test("the newsletter asks to confirm by e-mail; the link's page confirms only with its button", async ({ page }) => {
  const email = unique("news");
  await subscribeOnBlog(page, email);
  const mail = await mailTo(email, /confirm/i);
  await page.goto(linkPath(mail, "/newsletter/confirm/"));
  await expect(page.getByRole("heading", { name: "Confirm your subscription" })).toBeVisible();
  await expectNoViolations(page, "the newsletter confirmation page");
  await page.getByRole("button", { name: "Yes, subscribe me" }).click();
  await expect(page.getByRole("heading", { name: "You're subscribed!" })).toBeVisible();

  // The used link opened again: already confirmed, nothing to press.
  await page.goto(linkPath(mail, "/newsletter/confirm/"));
  await expect(page.getByRole("heading", { name: "Already confirmed" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`${email} is already subscribed`);
  await expect(page.getByRole("button", { name: "Yes, subscribe me" })).toHaveCount(0);
  await expectNoViolations(page, "a used confirmation link");

  // A one-click unsubscribe from the same e-mail: the used link then says so, and offers nothing to press (issue 51).
  const unsubscribed = await page.request.post(new URL(linkPath(mail, "/unsubscribe/"), page.url()).href, {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(unsubscribed.status()).toBe(200);
  await page.goto(linkPath(mail, "/newsletter/confirm/"));
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`${email} unsubscribed after this link was sent`);
  await expect(page.getByRole("button", { name: "Yes, subscribe me" })).toHaveCount(0);
  await expectNoViolations(page, "a confirmation link older than an unsubscribe");
});

test("a contact message reaches the owner's inbox with Reply-To set to the sender", async ({ page }) => {
  const email = unique("contact");
  await page.goto("/contact");
  await page.getByRole("textbox", { name: /name/i }).first().fill("Cora");
  await page.getByRole("textbox", { name: /email/i }).first().fill(email);
  await page.getByRole("textbox", { name: /subject/i }).fill("Order question");
  await page.getByRole("textbox", { name: /message/i }).fill("Hello, where is my toolkit?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.locator("#contact-form")).toContainText("Message sent! We aim to reply within one business day.");
  let mail: ParsedMail | undefined;
  await expect
    .poll(async () => {
      for (const name of existsSync(MAIL_DIR) ? readdirSync(MAIL_DIR) : []) {
        const m = await simpleParser(readFileSync(join(MAIL_DIR, name)));
        const replyTo = m.replyTo && !Array.isArray(m.replyTo) ? m.replyTo.value[0]?.address : undefined;
        if (replyTo === email) mail = m;
      }
      return Boolean(mail);
    })
    .toBe(true);
  expect(mail!.subject).toBe("Contact form: Order question");
  expect(mail!.text).toContain("Hello, where is my toolkit?");
});
