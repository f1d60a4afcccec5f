import { SUPPORT_REPLY_PROMISE } from "../../app/lib/site";
import { completeOrder, expect, payOnTestPage, test } from "./fixtures";
import { mailTo } from "./mail";

/**
 * Issue 23: one support promise everywhere. Each page that says how fast support replies says it
 * in the same words, as the built server renders it; the e-mails and the toolkit's guide are
 * checked in tests/integration/support-promise.test.ts.
 */
const unique = (tag: string) => `${tag}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.com`;

test("the promise is one sentence, and the one a person can keep", () => {
  // Written out here, not taken from the code under test: changing it is a decision (docs/decisions/030).
  expect(SUPPORT_REPLY_PROMISE).toBe("We aim to reply within one business day.");
});

const PAGES = [
  { path: "/about", where: "main" },
  { path: "/contact", where: "main" },
  { path: "/refund-policy", where: "main" },
  { path: "/", where: "footer" },
] as const;

for (const { path, where } of PAGES) {
  test(`${path} states it in its ${where}, and no other reply time`, async ({ page }) => {
    await page.goto(path);
    const region = where === "main" ? page.getByRole("main") : page.getByRole("contentinfo");
    await expect(region).toContainText(SUPPORT_REPLY_PROMISE);
    await expect(page.locator("body")).not.toContainText(/24 hours|reply within (?!one business day)/i);
  });
}

test("the contact page's FAQ, its e-mail card and the answer to a message say the same", async ({ page }) => {
  await page.goto("/contact");
  const faq = page.locator("details", { hasText: "How quickly will you reply?" });
  await faq.locator("summary").click();
  await expect(faq).toContainText(SUPPORT_REPLY_PROMISE);
  await expect(page.getByRole("main").getByText(SUPPORT_REPLY_PROMISE, { exact: true })).toBeVisible();

  const email = unique("promise");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Pat Example");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Subject", exact: true }).fill("A question");
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("How do I start?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.locator("#contact-form")).toContainText(`Message sent! ${SUPPORT_REPLY_PROMISE}`);
  // The acknowledgement the server sends the sender, as it wrote it.
  const ack = await mailTo(email, /received your message/);
  expect(ack.text).toContain(SUPPORT_REPLY_PROMISE);
});

test("the success page after paying, and the receipt, say the same", async ({ page }) => {
  await page.goto("/checkout");
  const tab = await completeOrder(page);
  const email = await payOnTestPage(tab, unique("promise-buyer"));
  await expect(tab.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  await expect(tab.getByRole("region", { name: "What happens next" })).toContainText(SUPPORT_REPLY_PROMISE);
  await expect(tab.locator("body")).not.toContainText(/24 hours/);
  const receipt = await mailTo(email, /receipt/);
  expect(receipt.text).toContain(SUPPORT_REPLY_PROMISE);
});
