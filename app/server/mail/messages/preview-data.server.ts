/** Sample data the messages' previews share: the business, a paid order and its links. */
import type { MailContext } from "~/server/mail/render.server";
import type { MoneyLine } from "~/server/mail/templates/parts.server";

export const SAMPLE_CONTEXT: MailContext = {
  businessName: "Fresh Start Money",
  businessAddress: "1234 Example Street, Suite 100\nAustin, TX 78701\nUnited States",
  supportEmail: "support@freshstartmoney.com",
  origin: "https://freshstartmoney.com",
  timeZone: "America/New_York",
  // A stand-in, no server's secret: the samples' list links carry a signature (utm_sig) as readers' do.
  campaignSecret: "sample-only-not-any-server-s-session-secret",
};

export const SAMPLE_PAID_AT = new Date("2026-11-23T18:04:00Z");
export const SAMPLE_LINES: MoneyLine[] = [
  { name: "Credit Repair Toolkit", amountCents: 700 },
  { name: "Dispute Letter Power Pack", amountCents: 1499 },
];
export const SAMPLE_ORDER_URL = "https://freshstartmoney.com/orders/FSM-000123?key=Zk3q9Xv0bT7mP2sLw8Yc4RnA1dEhU6gJ";
export const SAMPLE_UNSUBSCRIBE_URL = "https://freshstartmoney.com/unsubscribe?token=0f9a8c7e6d5b4a3928171605f4e3d2c1";
/** The toolkit as the samples name it (a real message names the product store's). */
export const SAMPLE_TOOLKIT = { name: "Credit Repair Toolkit", priceCents: 700 };
