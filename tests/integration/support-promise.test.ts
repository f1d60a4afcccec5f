/**
 * Issue 23: one support promise everywhere. Every e-mail that says how fast support replies, the
 * refund policy as the site renders it, the contact form's answer and the toolkit's guide as
 * printed (the PDF the buyer downloads) say it in the words of SUPPORT_REPLY_PROMISE, and none
 * names another reply time. The pages are checked in the browser (tests/e2e/support-promise.spec.ts).
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { getLegalPage } from "~/content/legal.server";
import { MESSAGES } from "~/lib/form-outcomes";
import { SUPPORT_REPLY_PROMISE } from "~/lib/site";
import { SAMPLES } from "~/server/mail/messages/previews.server";
import { PRODUCT_FILES_DIR } from "../../products/build/manifest";

/** Any statement of a reply time: "reply within ...", "get back to you within ...", "24 hours". */
const REPLY_TIME = /(reply|respond|answer|get back to you)[^.]{0,40}within|\b24 hours\b/i;

/** The text a person reads: tags out, entities and white space as the eye sees them. */
function visible(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;|&rsquo;|’/g, "'")
    .replace(/&nbsp;|\s+/g, " ");
}

/** Every statement of a reply time in a text, each as its sentence. */
function replyTimes(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => REPLY_TIME.test(s));
}

it("is written out once, and the check below recognises it", () => {
  expect(SUPPORT_REPLY_PROMISE).toBe("We aim to reply within one business day.");
  expect(replyTimes(`Hello. ${SUPPORT_REPLY_PROMISE} Bye.`)).toEqual([SUPPORT_REPLY_PROMISE]);
  expect(replyTimes("We reply within 24 hours. We'll get back to you within a day.")).toHaveLength(2);
});

describe("e-mails", () => {
  it.each(SAMPLES.map((s) => [s.name, s] as const))("%s states the one promise, or none", async (_name, sample) => {
    const { mail } = await sample.compose();
    for (const part of [mail.text, visible(mail.html)]) {
      for (const sentence of replyTimes(part)) expect(sentence).toContain(SUPPORT_REPLY_PROMISE);
    }
  });

  it("every message about an order or a message states it (the guide, the newsletter confirmation and the owner's copy need not)", async () => {
    const stating: string[] = [];
    for (const sample of SAMPLES) if ((await sample.compose()).mail.text.includes(SUPPORT_REPLY_PROMISE)) stating.push(sample.name);
    expect(stating.sort()).toEqual(
      [
        "contact-ack",
        "dispute-reminder-due",
        "dispute-reminder-follow-up",
        "disputed",
        "lost-link",
        "lost-link-one-order",
        "receipt",
        "receipt-other-product",
        "receipt-toolkit-only",
        "receipt-with-code",
        "refunded",
        "refunded-power-pack",
        "review-request",
      ].sort(),
    );
  });
});

describe("the refund policy, the contact form and the toolkit's guide", () => {
  it("the refund policy's page states it, and no other reply time", () => {
    const text = visible(getLegalPage("refund-policy")!.html);
    expect(text).toContain(SUPPORT_REPLY_PROMISE);
    for (const sentence of replyTimes(text)) expect(sentence).toContain(SUPPORT_REPLY_PROMISE);
  });

  it("the contact form's answer is the promise", () => {
    expect(MESSAGES.contact.success).toMatchObject({ title: "Message sent!", description: SUPPORT_REPLY_PROMISE });
  });

  it("the guide as printed (products/files) states it in its support chapter, and no other reply time", () => {
    const pdf = fileURLToPath(new URL("toolkit/credit-repair-guide.pdf", PRODUCT_FILES_DIR));
    const text = execFileSync("pdftotext", [pdf, "-"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }).replace(/\s+/g, " ");
    const chapter = text.slice(text.lastIndexOf("E-mail support access"));
    expect(chapter).toContain(SUPPORT_REPLY_PROMISE);
    for (const sentence of replyTimes(text)) expect(sentence).toContain(SUPPORT_REPLY_PROMISE);
  });
});
