import { describe, expect, it } from "vitest";
import { formatCents } from "~/lib/site";
import { formatPaidOn } from "~/server/dates.server";
import type { MailContext, RenderedMail } from "~/server/mail/render.server";
import { contactOwnerMail } from "~/server/mail/templates/contact-owner.server";
import { GUIDE_IDS, type GuideId } from "~/lib/guides";
import { guideMail } from "~/server/mail/templates/guide.server";
import { lostLinkMail } from "~/server/mail/templates/lost-link.server";
import { newsletterConfirmMail } from "~/server/mail/templates/newsletter-confirm.server";
import type { MoneyLine } from "~/server/mail/templates/parts.server";
import { receiptMail } from "~/server/mail/templates/receipt.server";
import { refundMail } from "~/server/mail/templates/refund.server";

const ctx: MailContext = {
  businessName: "Fresh Start Money",
  businessAddress: "1234 Example Street, Suite 100\nAustin, TX 78701",
  supportEmail: "support@freshstartmoney.com",
  origin: "https://freshstartmoney.com",
  timeZone: "America/New_York",
};

/** How a URL appears inside an HTML attribute. */
const inHtml = (url: string) => url.replaceAll("&", "&amp;");

const paidAt = new Date("2026-11-23T18:00:00Z");
const lines: MoneyLine[] = [
  { name: "Credit Repair Toolkit", amountCents: 700 },
  { name: "Dispute Letter Power Pack", amountCents: 1499 },
];
const orderUrl = "https://freshstartmoney.com/orders/FSM-000123?key=abc123&v=1";
const unsubscribeUrl = "https://freshstartmoney.com/unsubscribe?token=tok-987&list=news";
const evilName = "<b>Ann</b>";

const receiptProps = {
  orderNumber: "FSM-000123",
  paidAt,
  lines,
  totalCents: 2199,
  orderUrl,
  products: [
    { name: "Credit Repair Toolkit", fileCount: 25 },
    { name: "Dispute Letter Power Pack", fileCount: 33 },
  ],
  toolkit: true,
};
const receipt = await receiptMail(ctx, receiptProps);
/** The toolkit as the product store names it (a real send reads it there). */
const TOOLKIT = { name: "Credit Repair Toolkit", priceCents: 700 };
/** A guide e-mail to `name`, the links fixed. */
const guideFor = (name: string, guide: GuideId = "credit-repair") =>
  guideMail(ctx, { guide, name, guideUrl: "https://x.test/g.pdf", toolkit: TOOLKIT, toolkitUrl: "https://x.test/t", unsubscribeUrl });
const guide = await guideMail(ctx, {
  guide: "credit-repair",
  name: evilName,
  guideUrl: "https://freshstartmoney.com/downloads/credit-repair-starter-guide.pdf",
  toolkit: TOOLKIT,
  toolkitUrl: "https://freshstartmoney.com/checkout",
  unsubscribeUrl,
});
const contact = await contactOwnerMail(ctx, {
  name: evilName,
  email: "ann@example.com",
  subject: "Help\r\nBcc: victim@example.com\nX-Evil: 1",
  message: "First line\nSecond <i>line</i> & more\r\n\r\n<script>alert(1)</script>",
  receivedAt: paidAt,
  messageId: 42,
});
const newsletter = await newsletterConfirmMail(ctx, {
  confirmUrl: "https://freshstartmoney.com/newsletter/confirm?token=xyz&a=1",
  unsubscribeUrl,
});
const refunded = await refundMail(ctx, { orderNumber: "FSM-000123", kind: "refunded", lines, totalCents: 2199 });
const disputed = await refundMail(ctx, { orderNumber: "FSM-000123", kind: "disputed", lines, totalCents: 2199 });
const purchasesUrl = "https://freshstartmoney.com/orders/all/YWxsLW9yZGVycy1zYW1wbGUtdG9rZW4tZm9yLXRoZS10ZXN0";
const lostLink = await lostLinkMail(ctx, { purchasesUrl, orderCount: 2, linkDays: 30 });

const listMails: Record<string, RenderedMail> = { guide, newsletter };
const transactionalMails: Record<string, RenderedMail> = { receipt, contact, refunded, disputed, lostLink };
const allMails = Object.entries({ ...listMails, ...transactionalMails });

describe.each(allMails)("%s", (_name, mail) => {
  it("has a subject, an HTML part and a text part", () => {
    expect(mail.subject.trim()).not.toBe("");
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).toMatch(/^<!DOCTYPE html><html lang="en"/);
    expect(mail.html).toContain(`<title>`);
    expect(mail.text.trim().length).toBeGreaterThan(100);
    // Written for people, not an HTML dump.
    expect(mail.text).not.toMatch(/<(p|a|td|tr|table|div|span|br)\b/i);
    expect(mail.text).not.toMatch(/&(amp|lt|gt|quot|#x?[0-9a-f]+);/i);
  });

  it("is e-mail safe: no images, no remote sources, no scripts", () => {
    expect(mail.html).not.toMatch(/<img/i);
    expect(mail.html).not.toMatch(/\ssrc\s*=\s*["']?https?:/i);
    expect(mail.html).not.toMatch(/<script/i);
    expect(mail.html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(mail.html).not.toMatch(/<link\b/i);
    expect(mail.html).not.toContain("http://");
  });

  it("has the footer in both parts: business name, postal address, support address", () => {
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("Fresh Start Money");
      expect(part).toContain("1234 Example Street, Suite 100");
      expect(part).toContain("Austin, TX 78701");
      expect(part).toContain("support@freshstartmoney.com");
    }
    expect(mail.html).toContain('href="mailto:support@freshstartmoney.com"');
    // The address's line break is kept.
    expect(mail.html).toMatch(/Suite 100(<\/span>)?<span><br\/>Austin/);
    expect(mail.text).toContain("Suite 100\nAustin, TX 78701");
  });
});

describe("list and transactional messages", () => {
  it.each(Object.entries(listMails))("%s carries the unsubscribe URL in both parts", (_name, mail) => {
    expect(mail.html).toContain(`href="${inHtml(unsubscribeUrl)}"`);
    expect(mail.text).toContain(unsubscribeUrl);
    expect(mail.text).toMatch(/Unsubscribe: https:/);
  });

  it.each(Object.entries(transactionalMails))("%s has no unsubscribe line", (_name, mail) => {
    expect(mail.html).not.toContain("unsubscribe?");
    expect(mail.text).not.toContain("unsubscribe?");
    expect(mail.html).not.toMatch(/Unsubscribe/);
    expect(mail.text).not.toMatch(/Unsubscribe/);
  });
});

describe("escaping user input", () => {
  it("never greets with a name holding markup, escaped or not", () => {
    for (const part of [guide.html, guide.text]) {
      expect(part).toContain("Hi there,");
      expect(part).not.toMatch(/<b>|&lt;b&gt;|Hi [^t]/);
    }
    expect(guide.subject).not.toContain("Ann");
  });

  it("never repeats a name a mail client would make into a link (the form takes anyone's address)", async () => {
    for (const name of [
      "www.cheap-pills.example",
      "cheap-pills.example Bob",
      "http://x.test",
      "HTTPS://X.TEST/a",
      "ann@x.test",
      "spam.co",
    ]) {
      for (const guide of GUIDE_IDS) {
        const mail = await guideFor(name, guide);
        expect(mail.text).toContain("Hi there,");
        for (const part of [mail.text, mail.html]) expect(part).not.toMatch(/cheap-pills|x\.test\/a|ann@|spam\.co|http:\/\/x/i);
      }
    }
    for (const name of ["Ann", "Ann-Marie Lee", "O’Brien", "José"]) {
      for (const guide of GUIDE_IDS) expect((await guideFor(name, guide)).text).toContain(`Hi ${name.split(" ")[0]},`);
    }
  });

  it("greets only with a name made of Latin letters, spaces, apostrophes and hyphens (after NFKC): no text a stranger could send someone", async () => {
    for (const [name, injected] of [
      ["evil．com", "evil"], // full-width dot (U+FF0E), which some mail clients still link
      ["evil。com", "evil"], // ideographic full stop
      ["evil｡com", "evil"], // half-width ideographic full stop
      ["evilꓸcomᐟwin", "evil"], // a Lisu letter that looks like a dot, a Canadian syllabic that looks like a slash
      ["ｅｖｉｌ．ｃｏｍ", "evil"], // full-width letters and dot: NFKC makes them "evil.com"
      ["bob.com", "bob"],
      ["evil\u0307com", "evil"], // a combining dot above nothing composes with
      ["call 555-0100", "555"],
      ["Ann 555-0100", "555"],
      ["Ann2", "Ann2"],
      ["Ann ２", "Hi Ann"], // a full-width digit
      ["Ann, call 555 0100 now", "555"],
      ["WIN $500 now", "WIN"],
      ["evil/com", "evil"],
      ["Bob bob＠evil", "bob"],
      ["🎁 Gift", "Gift"],
      ["Ann ❤", "❤"],
      ["Ann (Lee)", "(Lee)"],
      ["- -", "Hi -"],
      ["Аnn", "Аnn"], // a Cyrillic А (U+0410) in front of Latin letters
      ["Раураl", "Раураl"], // Cyrillic look-alikes of "Paypal"
      ["李", "李"],
      ["Αλέξης", "Αλέξης"],
    ] as const) {
      const mail = await guideFor(name);
      expect(mail.text, name).toContain("Hi there,");
      for (const part of [mail.text, mail.html]) expect(part, name).not.toContain(injected);
    }
    for (const [name, first] of [
      ["Ann", "Ann"],
      ["  Ann   Lee ", "Ann"],
      ["Mary-Jane O'Neil", "Mary-Jane"],
      ["O'Brien", "O'Brien"],
      ["O’Brien", "O’Brien"],
      ["José", "José"],
      ["Zoë", "Zoë"],
      ["Zoe\u0308 Smith", "Zoë"], // a decomposed ë: NFKC composes it
      ["Ｊｏｓé", "José"], // full-width letters: the greeting shows them as NFKC writes them
      ["Ñuñez", "Ñuñez"],
      ["Søren Åberg", "Søren"],
      ["François", "François"],
      ["Groß", "Groß"],
      ["Nguyễn", "Nguyễn"],
      ["Jean‐Luc", "Jean‐Luc"], // U+2010 hyphen
    ] as const) {
      expect((await guideFor(name)).text, name).toContain(`Hi ${first},`);
    }
  });

  it("greets without a name when there is none", async () => {
    for (const guide of GUIDE_IDS) expect((await guideFor("   ", guide)).text).toContain("Hi there,");
  });

  it("escapes the contact message and keeps its line breaks", () => {
    expect(contact.html).not.toContain("<b>Ann</b>");
    expect(contact.html).not.toContain("<i>line</i>");
    expect(contact.html).not.toContain("<script");
    expect(contact.html).toContain("&lt;b&gt;Ann&lt;/b&gt;");
    expect(contact.html).toContain("Second &lt;i&gt;line&lt;/i&gt; &amp; more");
    expect(contact.html).toMatch(/First line<\/span><span><br\/>Second/);
    expect(contact.text).toContain("First line\nSecond <i>line</i> & more\n\n<script>alert(1)</script>");
  });
});

describe("contactOwnerMail", () => {
  it("strips CR/LF from the subject", async () => {
    expect(contact.subject).toBe("Contact form: Help Bcc: victim@example.com X-Evil: 1");
    expect(contact.subject).not.toMatch(/[\r\n]/);
    expect(
      (await contactOwnerMail(ctx, { name: "A", email: "a@b.c", subject: "\r\n", message: "x", receivedAt: paidAt, messageId: 1 })).subject,
    ).toBe("Contact form: (no subject)");
  });

  it("shows the sender, the received time, the id and the reply line", () => {
    for (const part of [contact.html, contact.text]) {
      expect(part).toContain("ann@example.com");
      expect(part).toContain("Nov 23, 2026, 1:00 PM EST");
      expect(part).toContain("#42");
    }
    expect(contact.html).toContain('href="mailto:ann@example.com"');
    expect(contact.text).toContain("Reply to this e-mail to answer <b>Ann</b> directly.");
  });
});

describe("receiptMail", () => {
  it("has the expected subject", () => {
    expect(receipt.subject).toBe("Your Credit Repair Toolkit: receipt and downloads (order FSM-000123)");
  });

  it("shows the lines, the $21.99 total and the paid date in both parts", () => {
    for (const part of [receipt.html, receipt.text]) {
      expect(part).toContain("$7.00");
      expect(part).toContain("$14.99");
      expect(part).toContain("$21.99");
      expect(part).toContain("No recurring charges");
      expect(part).toContain("FSM-000123");
    }
    expect(receipt.text).toContain("Total: $21.99");
    expect(receipt.text).toContain("Paid on: November 23, 2026 (Eastern Time)");
    expect(receipt.html).toMatch(/Paid on<\/td>.*November 23, 2026 \(Eastern Time\)<\/td>/s);
  });

  it("dates the payment by the business's day, not UTC's: 02:30 UTC on Nov 29 was the evening of Nov 28 in New York", async () => {
    const late = await receiptMail(ctx, { ...receiptProps, paidAt: new Date("2026-11-29T02:30:00Z") });
    expect(late.text).toContain("Paid on: November 28, 2026 (Eastern Time)");
    expect(late.text).not.toContain("November 29");
    // The receipt's words are the pages' (formatPaidOn): one function, so they cannot drift apart.
    expect(late.text).toContain(`Paid on: ${formatPaidOn(new Date("2026-11-29T02:30:00Z"), "America/New_York")}`);
  });

  it("names the toolkit's guide and plan only to a buyer of the toolkit; another product's receipt counts its files", async () => {
    expect(receipt.text).toContain("Where to start");
    expect(receipt.text).toContain("step-by-step guide");
    const other = await receiptMail(ctx, {
      ...receiptProps,
      lines: [{ name: "Spring Budget Kit", amountCents: 1200 }],
      totalCents: 1200,
      products: [{ name: "Spring Budget Kit", fileCount: 2 }],
      toolkit: false,
    });
    for (const part of [other.text, other.html]) {
      expect(part).not.toMatch(/Where to start|step-by-step guide|30-day action plan/);
      expect(part).toContain("30-day money-back guarantee");
    }
    expect(other.text).toContain("Spring Budget Kit (2 files)");
    expect(other.subject).toBe("Your Spring Budget Kit: receipt and downloads (order FSM-000123)");
  });

  it("follows another configured zone, and names it", async () => {
    const tokyo = await receiptMail({ ...ctx, timeZone: "Asia/Tokyo" }, { ...receiptProps, paidAt: new Date("2026-11-28T20:00:00Z") });
    expect(tokyo.text).toContain("Paid on: November 29, 2026 (Japan Standard Time)");
  });

  it("links the order page in both parts, with the button and the lookup page", () => {
    expect(receipt.html).toContain(`href="${inHtml(orderUrl)}"`);
    expect(receipt.html).toContain("Open my downloads");
    expect(receipt.text).toContain(`Open my downloads:\n${orderUrl}`);
    expect(receipt.html).toContain('href="https://freshstartmoney.com/orders/lookup"');
    expect(receipt.text).toContain("https://freshstartmoney.com/orders/lookup");
  });

  it("states the guarantee, the private link and support accurately", () => {
    for (const part of [receipt.html, receipt.text]) {
      expect(part).toMatch(/within 30 days of your purchase/);
      expect(part).toMatch(/full refund/);
      expect(part).toMatch(/one year/);
      expect(part).toMatch(/don’t forward/);
      expect(part).toMatch(/We aim to reply within one business day\./);
      expect(part).toMatch(/step-by-step guide/);
      expect(part).toMatch(/30-day action plan/);
    }
  });
});

describe("refundMail", () => {
  it("says the refund went to the original payment method and access ended", () => {
    for (const part of [refunded.html, refunded.text]) {
      expect(part).toContain("$21.99");
      expect(part).toContain("original payment method");
      expect(part).toContain("several business days");
      expect(part).toContain("Download access for this order has ended");
    }
  });

  it("says a disputed payment paused access and how to reach support", () => {
    for (const part of [disputed.html, disputed.text]) {
      expect(part).toContain("disputed");
      expect(part).toContain("paused");
      expect(part).toContain("If this was a mistake");
    }
    expect(disputed.subject).not.toBe(refunded.subject);
  });
});

describe("lostLinkMail", () => {
  it("carries one link, to the page of all the address's orders, and no order's own link", () => {
    expect(lostLink.subject).toBe("Your orders");
    for (const part of [lostLink.html, lostLink.text]) {
      expect(part).toContain("See my orders");
      expect(part).toContain("both of your orders");
      expect(part).toContain("This link works for 30 days");
      expect(part).toContain("nobody can see your orders without this link");
      // The site's own pages it links: the purchases page once (the header's home link aside), no order page.
      const siteLinks = [...part.matchAll(/https:\/\/freshstartmoney\.com\/[^\s"<>()]*/g)].map((m) => m[0]);
      expect(siteLinks.filter((link) => link.includes("/orders/"))).toEqual([purchasesUrl]);
    }
    expect(lostLink.html).toContain(`href="${inHtml(purchasesUrl)}"`);
  });
});

describe("newsletterConfirmMail", () => {
  it("asks to confirm, and says ignoring it means no subscription", () => {
    expect(newsletter.subject).toBe("Please confirm your subscription");
    for (const part of [newsletter.html, newsletter.text]) {
      expect(part).toContain("Yes, subscribe me");
      expect(part).toContain("twice a month");
      expect(part).toContain("you won’t be subscribed");
    }
    expect(newsletter.html).toContain(`href="${inHtml("https://freshstartmoney.com/newsletter/confirm?token=xyz&a=1")}"`);
  });
});

describe("formatting", () => {
  it("formats money for the US", () => {
    expect(formatCents(700)).toBe("$7.00");
    expect(formatCents(2199)).toBe("$21.99");
    expect(formatCents(123456)).toBe("$1,234.56");
  });
});
