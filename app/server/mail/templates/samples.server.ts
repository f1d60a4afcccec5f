/**
 * Every message with sample data, rendered by the same templates the outbox uses: for the
 * previews (scripts/preview-mail.tsx), the spam score test and the render-time measurement.
 */
import type { OutboxKind } from "../../../../db/schema";
import type { ComposedMail } from "~/server/mail/list-compose.server";
import type { MailContext } from "~/server/mail/render.server";
import { contactAckMail } from "~/server/mail/templates/contact-ack.server";
import { contactOwnerMail } from "~/server/mail/templates/contact-owner.server";
import { guideMail } from "~/server/mail/templates/guide.server";
import { lostLinkMail } from "~/server/mail/templates/lost-link.server";
import { newsletterConfirmMail } from "~/server/mail/templates/newsletter-confirm.server";
import type { MoneyLine } from "~/server/mail/templates/parts.server";
import { receiptMail } from "~/server/mail/templates/receipt.server";
import { refundMail } from "~/server/mail/templates/refund.server";
import { reviewRequestMail } from "~/server/mail/templates/review-request.server";
import { composeBroadcast, composeStep } from "~/server/mail/list-compose.server";
import { parseSequenceFiles } from "~/server/audience/sequence-content.server";
import { GUIDE_IDS } from "~/lib/guides";
import { powerPack, toolkit } from "~/lib/catalogue";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** The welcome sequence's shipped steps, read from their content files. */
const SEQUENCE_DIR = resolve("app/content/sequence");
const SEQUENCE_STEPS = parseSequenceFiles(
  Object.fromEntries(
    readdirSync(SEQUENCE_DIR).flatMap((guide) =>
      readdirSync(join(SEQUENCE_DIR, guide))
        .filter((f) => f.endsWith(".md"))
        .map((f) => [join(SEQUENCE_DIR, guide, f), readFileSync(join(SEQUENCE_DIR, guide, f), "utf8")]),
    ),
  ),
);

export const SAMPLE_CONTEXT: MailContext = {
  businessName: "Fresh Start Money",
  businessAddress: "1234 Example Street, Suite 100\nAustin, TX 78701\nUnited States",
  supportEmail: "support@freshstartmoney.com",
  origin: "https://freshstartmoney.com",
  timeZone: "America/New_York",
};

const ctx = SAMPLE_CONTEXT;
const paidAt = new Date("2026-11-23T18:04:00Z");
const lines: MoneyLine[] = [
  { name: "Credit Repair Toolkit", amountCents: 700 },
  { name: "Dispute Letter Power Pack", amountCents: 1499 },
];
const orderUrl = "https://freshstartmoney.com/orders/FSM-000123?key=Zk3q9Xv0bT7mP2sLw8Yc4RnA1dEhU6gJ";
const unsubscribeUrl = "https://freshstartmoney.com/unsubscribe?token=0f9a8c7e6d5b4a3928171605f4e3d2c1";

export type Sample = { name: string; kind: OutboxKind; compose: () => Promise<ComposedMail> };

export const SAMPLES: Sample[] = [
  {
    name: "receipt",
    kind: "receipt",
    compose: async () => ({
      mail: await receiptMail(ctx, {
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
    }),
  },
  {
    name: "receipt-toolkit-only",
    kind: "receipt",
    compose: async () => ({
      mail: await receiptMail(ctx, {
        orderNumber: "FSM-000124",
        paidAt,
        lines: lines.slice(0, 1),
        totalCents: 700,
        orderUrl: orderUrl.replace("000123", "000124"),
        products: [{ name: "Credit Repair Toolkit", fileCount: 25 }],
      }),
    }),
  },
  // One guide e-mail per guide ("guide" is the credit guide's, as before there were two).
  ...GUIDE_IDS.map((guide, i): Sample => ({
    name: i === 0 ? "guide" : `guide-${guide}`,
    kind: "guide",
    compose: async () => ({
      unsubscribeUrl,
      mail: await guideMail(ctx, {
        guide,
        name: i === 0 ? "Ann-Marie <b>Lee</b>" : "Ann-Marie Lee",
        guideUrl: `https://freshstartmoney.com/guide/sample-token?guide=${guide}`,
        toolkitUrl: "https://freshstartmoney.com/resources",
        unsubscribeUrl,
      }),
    }),
  })),
  {
    name: "contact",
    kind: "contact-owner",
    compose: async () => ({
      replyTo: "ann.lee.with.a.long.address@example-mail-provider.com",
      mail: await contactOwnerMail(ctx, {
        name: "Ann <b>Lee</b>",
        email: "ann.lee.with.a.long.address@example-mail-provider.com",
        subject: "Question about my dispute\r\nBcc: someone@example.com",
        message:
          "Hi,\n\nI sent the first letter on March 3 and haven't heard back.\n  - Should I send the follow-up letter?\n  - Or wait longer?\n\n<script>alert(1)</script> & thanks!\nhttps://example.com/a/very/long/link/that/might/overflow/a/narrow/phone/screen/if/nothing/wraps/it\n\nAnn",
        receivedAt: paidAt,
        messageId: 42,
      }),
    }),
  },
  {
    name: "contact-ack",
    kind: "contact-ack",
    compose: async () => ({ mail: await contactAckMail(ctx, {}) }),
  },
  {
    name: "newsletter-confirm",
    kind: "newsletter-confirm",
    compose: async () => ({
      unsubscribeUrl,
      mail: await newsletterConfirmMail(ctx, {
        confirmUrl: "https://freshstartmoney.com/newsletter/confirm?token=7c1d2e3f4a5b6c7d8e9f",
        unsubscribeUrl,
      }),
    }),
  },
  {
    name: "refunded",
    kind: "access-ended",
    compose: async () => ({ mail: await refundMail(ctx, { orderNumber: "FSM-000123", kind: "refunded", lines, totalCents: 2199 }) }),
  },
  {
    name: "refunded-power-pack",
    kind: "access-ended",
    compose: async () => ({
      mail: await refundMail(ctx, {
        orderNumber: "FSM-000123",
        kind: "refunded",
        lines,
        totalCents: 2199,
        part: { refunded: lines.filter((l) => l.name === powerPack.name), kept: [toolkit.name] },
      }),
    }),
  },
  {
    name: "disputed",
    kind: "access-ended",
    compose: async () => ({ mail: await refundMail(ctx, { orderNumber: "FSM-000123", kind: "disputed", lines, totalCents: 2199 }) }),
  },
  {
    name: "review-request",
    kind: "review-request",
    compose: async () => ({
      unsubscribeUrl,
      mail: await reviewRequestMail(ctx, {
        orderNumber: "FSM-000123",
        paidAt,
        productNames: lines.map((l) => l.name),
        reviewUrl: `${orderUrl}#review`,
        unsubscribeUrl,
      }),
    }),
  },
  {
    name: "lost-link",
    kind: "lost-link",
    compose: async () => ({
      mail: await lostLinkMail(ctx, {
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
    }),
  },
  ...SEQUENCE_STEPS.map((step): Sample => ({
    name: `sequence-${step.id}`,
    kind: "sequence-step",
    // Composed as the outbox composes a step (list-compose.server.ts): signed, and the last one
    // inviting the reader to the newsletter.
    compose: () =>
      composeStep(
        {
          ...step,
          last: step.position === Math.max(...SEQUENCE_STEPS.filter((s) => s.guide === step.guide).map((s) => s.position)),
          newsletterInvitationUrl: "https://freshstartmoney.com/newsletter/confirm/Zm9yLXRoZS1zYW1wbGUtb25seS1ub3QtYS1yZWFsLWxpbms",
        },
        ctx,
        unsubscribeUrl,
      ),
  })),
  {
    name: "broadcast",
    kind: "broadcast",
    // Composed as the outbox composes a broadcast (list-compose.server.ts).
    compose: async () =>
      composeBroadcast(
        {
          id: 7,
          subject: "Three things to check on your credit report this month",
          preview: "Ten minutes with your free reports, and what to do if something is wrong.",
          body: [
            "Hi,",
            "",
            "A quick monthly habit that pays off: pull one of your free reports and check three things.",
            "",
            "1. **Accounts you don’t recognize.** An unfamiliar account can be a mix-up or identity theft.",
            "2. **Late payments that weren’t late.** Keep your bank statements handy to compare.",
            "3. **Balances and limits.** A wrong limit makes your utilization look higher than it is.",
            "",
            "If you find an error, our guide to [disputing credit report errors](/blog/dispute-credit-errors) walks through the letter and the timeline the Fair Credit Reporting Act gives the bureaus.",
            "",
            "You can get your reports free every week at [AnnualCreditReport.com](https://www.annualcreditreport.com).",
            "",
            "Talk soon,",
            "The Fresh Start Money team",
          ].join("\n"),
        },
        ctx,
        unsubscribeUrl,
      ),
  },
];
