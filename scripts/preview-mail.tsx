/**
 * Writes every e-mail with sample data, to look at in a browser or a text editor:
 *   npx tsx scripts/preview-mail.tsx OUTDIR
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { MailContext, RenderedMail } from "../app/server/mail/render.server.tsx";
import { contactOwnerMail } from "../app/server/mail/templates/contact-owner.server.tsx";
import { guideMail } from "../app/server/mail/templates/guide.server.tsx";
import { lostLinkMail } from "../app/server/mail/templates/lost-link.server.tsx";
import { newsletterConfirmMail } from "../app/server/mail/templates/newsletter-confirm.server.tsx";
import type { MoneyLine } from "../app/server/mail/templates/parts.server.tsx";
import { receiptMail } from "../app/server/mail/templates/receipt.server.tsx";
import { refundMail } from "../app/server/mail/templates/refund.server.tsx";

const outDir = process.argv[2];
if (!outDir) {
  console.error("Usage: npx tsx scripts/preview-mail.tsx OUTDIR");
  process.exit(1);
}

const ctx: MailContext = {
  businessName: "Fresh Start Money",
  businessAddress: "1234 Example Street, Suite 100\nAustin, TX 78701\nUnited States",
  supportEmail: "support@freshstartmoney.com",
  origin: "https://freshstartmoney.com",
};

const paidAt = new Date("2026-11-23T18:04:00Z");
const lines: MoneyLine[] = [
  { name: "Credit Repair Toolkit", amountCents: 700 },
  { name: "Dispute Letter Power Pack", amountCents: 1499 },
];
const orderUrl = "https://freshstartmoney.com/orders/FSM-000123?key=Zk3q9Xv0bT7mP2sLw8Yc4RnA1dEhU6gJ";
const unsubscribeUrl = "https://freshstartmoney.com/unsubscribe?token=0f9a8c7e6d5b4a3928171605f4e3d2c1";

const mails: Record<string, Promise<RenderedMail>> = {
  receipt: receiptMail(ctx, {
    orderNumber: "FSM-000123",
    paidAt,
    lines,
    totalCents: 2199,
    orderUrl,
    products: [
      { name: "Credit Repair Toolkit", fileCount: 25 },
      { name: "Dispute Letter Power Pack", fileCount: 33 },
    ],
  }),
  "receipt-toolkit-only": receiptMail(ctx, {
    orderNumber: "FSM-000124",
    paidAt,
    lines: lines.slice(0, 1),
    totalCents: 700,
    orderUrl: orderUrl.replace("000123", "000124"),
    products: [{ name: "Credit Repair Toolkit", fileCount: 25 }],
  }),
  guide: guideMail(ctx, {
    name: "Ann-Marie <b>Lee</b>",
    guideUrl: "https://freshstartmoney.com/downloads/credit-repair-starter-guide.pdf",
    toolkitUrl: "https://freshstartmoney.com/checkout",
    unsubscribeUrl,
  }),
  contact: contactOwnerMail(ctx, {
    name: "Ann <b>Lee</b>",
    email: "ann.lee.with.a.long.address@example-mail-provider.com",
    subject: "Question about my dispute\r\nBcc: someone@example.com",
    message:
      "Hi,\n\nI sent the first letter on March 3 and haven't heard back.\n  - Should I send the follow-up letter?\n  - Or wait longer?\n\n<script>alert(1)</script> & thanks!\nhttps://example.com/a/very/long/link/that/might/overflow/a/narrow/phone/screen/if/nothing/wraps/it\n\nAnn",
    receivedAt: paidAt,
    messageId: 42,
  }),
  "newsletter-confirm": newsletterConfirmMail(ctx, {
    confirmUrl: "https://freshstartmoney.com/newsletter/confirm?token=7c1d2e3f4a5b6c7d8e9f",
    unsubscribeUrl,
  }),
  refunded: refundMail(ctx, { orderNumber: "FSM-000123", kind: "refunded", lines, totalCents: 2199 }),
  disputed: refundMail(ctx, { orderNumber: "FSM-000123", kind: "disputed", lines, totalCents: 2199 }),
  "lost-link": lostLinkMail(ctx, {
    orders: [
      { orderNumber: "FSM-000123", paidAt, productNames: ["Credit Repair Toolkit", "Dispute Letter Power Pack"], orderUrl },
      {
        orderNumber: "FSM-000098",
        paidAt: new Date("2026-02-02T15:00:00Z"),
        productNames: ["Credit Repair Toolkit"],
        orderUrl: orderUrl.replace("000123", "000098"),
      },
    ],
  }),
};

const dir = resolve(outDir);
mkdirSync(dir, { recursive: true });
for (const [name, pending] of Object.entries(mails)) {
  const mail = await pending;
  writeFileSync(join(dir, `${name}.html`), mail.html);
  writeFileSync(join(dir, `${name}.txt`), mail.text);
  console.log(`${name}: ${mail.subject}`);
}
console.log(`Wrote ${Object.keys(mails).length} messages to ${dir}`);
