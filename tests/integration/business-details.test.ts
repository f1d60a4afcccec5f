/**
 * Issue 53, item 7 (decision 069), on PGlite and (TEST_DB=postgres) PostgreSQL: the owner saves the
 * business's details on /admin/settings; what the pages read (the root loader every page's footer
 * is written from, the legal pages), what the e-mails say (the receipt's Reply-To, refund line,
 * footer and sender, a list e-mail's List-Unsubscribe) follows at once, each change is in the
 * audit log with its old and new value, and a bad value changes nothing. The sale e-mail to the
 * owner goes once per paid order, and not at all once she turns it off. The footers of the built
 * server's cached and prerendered pages are checked in tests/multi/business-details.test.ts and
 * tests/e2e/settings.spec.ts.
 */
import { asc, eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { beforeEach, describe, expect, it } from "vitest";
import { adminAuditLog, outbox, siteSettings } from "../../db/schema";
import type { DashboardAnswer } from "~/lib/dashboard-outcome";
import { BUSINESS_MESSAGES } from "~/lib/forms/business-settings";
import { loader as rootLoader } from "~/root";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import { loader as legalLoader } from "~/routes/legal";
import { db } from "~/server/db.server";
import { businessDefaultsFromEnv, env } from "~/server/env.server";
import { storeLead } from "~/server/forms/leads.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { findOrderBySession, orderNumber } from "~/server/payments/orders.server";
import { findTestOrder, payTestOrder } from "~/server/payments/test-provider.server";
import { useTestSite } from "../helpers/context";
import { useTestDatabase } from "../helpers/db";
import { dashboardServer, flashedNotice, ownerCookie } from "../helpers/owner";
import { call } from "../helpers/routes";
import { rawHeader, useOutboxMail } from "../helpers/smtp";

const ORIGIN = "https://shop.example";

useTestDatabase();
const site = useTestSite();
const mail = useOutboxMail(ORIGIN);
const server = dashboardServer(ORIGIN);
const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: { config: server.config, ...site() } }) as never;

let cookie: string;
beforeEach(async () => {
  mail.smtp().messages.length = 0;
  cookie = await ownerCookie(ORIGIN);
});

const NEW_DETAILS = {
  businessName: "Bright Path Money LLC",
  supportEmail: "Help@BrightPath.example",
  postalAddress: "  PO Box 42  \n\n  Springfield, IL 62701 ",
  signedBy: "Dana Reyes",
  timeZone: "america/chicago",
  saleEmails: "on",
};

function save(fields: Record<string, string>) {
  return call<DashboardAnswer>(() => settingsAction(args(server.post("/admin/settings", fields, cookie))));
}

async function paidOrder(email: string) {
  const { sessionId } = await startCheckout(server.payments, site(), { includeBump: true });
  await payTestOrder((await findTestOrder(sessionId))!, email);
  return (await findOrderBySession(sessionId))!;
}

const text = (m: ParsedMail) => m.text ?? "";
const fromOf = (m: ParsedMail) => m.from?.value[0];
const replyToOf = (m: ParsedMail) => m.replyTo?.value[0]?.address;

describe("saving the business's details", () => {
  it("shows the environment's details first; a save changes what pages read and logs each change with its old and new value", async () => {
    const defaults = businessDefaultsFromEnv();
    const before = await call<{ details: typeof defaults }>(() => settingsLoader(args(server.get("/admin/settings", cookie))));
    expect(before.data.details).toEqual(defaults);

    const answer = await save(NEW_DETAILS);
    expect(answer.status).toBe(303);
    expect((await flashedNotice(answer, ORIGIN))?.message).toMatch(/^Saved: Business name, Support address, Postal address/);

    // The details as the owner typed them, tidied: the address lower-cased, the postal address's lines trimmed, the zone's own spelling.
    const saved = {
      businessName: "Bright Path Money LLC",
      supportEmail: "help@brightpath.example",
      postalAddress: "PO Box 42\nSpringfield, IL 62701",
      signedBy: "Dana Reyes",
      timeZone: "America/Chicago",
      saleEmails: true,
    };
    expect(site().content.business()).toEqual(saved);
    const root = rootLoader(args(server.get("/")));
    expect(root.business).toEqual({
      businessName: saved.businessName,
      supportEmail: saved.supportEmail,
      postalAddress: saved.postalAddress,
    });
    // A page the owner's dashboard writes dates with: the saved zone.
    const after = await call<{ details: typeof saved; zoneName: string }>(() =>
      settingsLoader(args(server.get("/admin/settings", cookie))),
    );
    expect(after.data.zoneName).toBe("Central Time");

    const audit = await db().select().from(adminAuditLog).orderBy(asc(adminAuditLog.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "business-details", target: "settings:business" });
    expect(audit[0]!.detail).toContain(`Support address: "${defaults.supportEmail}" → "help@brightpath.example"`);
    expect(audit[0]!.detail).toContain(`Business name: "${defaults.businessName}" → "Bright Path Money LLC"`);
    expect(audit[0]!.detail).toContain("Time zone: America/New_York (Eastern Time) → America/Chicago (Central Time)");

    // Saving the same again changes nothing and logs nothing.
    const again = await save(NEW_DETAILS);
    expect((await flashedNotice(again, ORIGIN))?.message).toBe("Nothing changed.");
    expect(await db().select().from(adminAuditLog)).toHaveLength(1);
  });

  it("refuses a bad value with a message beside its field, and saves nothing", async () => {
    const answer = await save({
      ...NEW_DETAILS,
      supportEmail: "Support <help@brightpath.example>",
      postalAddress: "",
      timeZone: "Mars/Olympus",
    });
    expect(answer.status).toBe(400);
    expect(answer.data.result.error).toMatchObject({
      supportEmail: [BUSINESS_MESSAGES.emailShape],
      postalAddress: [BUSINESS_MESSAGES.addressMissing],
      timeZone: [BUSINESS_MESSAGES.zoneUnknown],
    });
    expect(await db().select().from(siteSettings).where(eq(siteSettings.key, "business_details"))).toEqual([]);
    expect(await db().select().from(adminAuditLog)).toEqual([]);
    expect(site().content.business()).toEqual(businessDefaultsFromEnv());
  });

  it("keeps only what differs from the environment, so a field set back to its default follows the environment again", async () => {
    const defaults = businessDefaultsFromEnv();
    await save({ ...NEW_DETAILS, businessName: defaults.businessName, timeZone: defaults.timeZone });
    const [row] = await db().select().from(siteSettings).where(eq(siteSettings.key, "business_details"));
    expect(Object.keys(row!.value as object).sort()).toEqual(["postalAddress", "signedBy", "supportEmail"]);
  });

  it("the legal pages name the saved support address where their text says so", async () => {
    await save(NEW_DETAILS);
    for (const slug of ["privacy", "refund-policy"]) {
      const { data } = await call<{ page: { html: string } }>(() => legalLoader(args(server.get(`/${slug}`))));
      expect(data.page.html).toContain('<a href="mailto:help@brightpath.example">help@brightpath.example</a>');
      expect(data.page.html).not.toContain("{{");
      expect(data.page.html).not.toContain("support@freshstartmoney.com");
    }
  });
});

describe("the e-mails follow the saved details", () => {
  it("a receipt: Reply-To the support address, the refund line, the footer's name and postal address, the sender's name", async () => {
    await save(NEW_DETAILS);
    const order = await paidOrder("buyer@example.com");
    await mail.flush();
    const [receipt] = mail.received("buyer@example.com");
    expect(receipt, "the receipt").toBeDefined();
    expect(replyToOf(receipt!)).toBe("help@brightpath.example");
    expect(text(receipt!)).toMatch(/reply to this e-mail or write to help@brightpath\.example within 30 days of your purchase/);
    expect(text(receipt!)).toContain("-- \nBright Path Money LLC\nPO Box 42\nSpringfield, IL 62701\nSupport: help@brightpath.example");
    expect(text(receipt!)).not.toContain("freshstartmoney.com");
    expect(text(receipt!)).toContain(`Order: ${orderNumber(order.id)}`);
    // Paid on, in the saved zone and named.
    expect(text(receipt!)).toMatch(/Paid on: \w+ \d+, \d{4} \(Central Time\)/);
    // The sender's name was the business's: it follows; its address is still MAIL_FROM's.
    expect(fromOf(receipt!)).toEqual({ name: "Bright Path Money LLC", address: "support@freshstartmoney.com" });
  });

  it("a list e-mail's List-Unsubscribe mailto names the saved support address", async () => {
    await save(NEW_DETAILS);
    expect(await storeLead({ name: "Ana", email: "ana@example.com", sourcePage: "emergency-fund-guide" })).toBe("created");
    await mail.flush();
    const [guide] = mail.received("ana@example.com");
    expect(rawHeader(guide!, "list-unsubscribe")).toMatch(
      new RegExp(`^<${ORIGIN}/unsubscribe/[A-Za-z0-9_-]{43}>, <mailto:help@brightpath\\.example\\?subject=unsubscribe>$`),
    );
    expect(replyToOf(guide!)).toBe("help@brightpath.example");
  });

  it("before any save, the environment's: Reply-To and the refund line name its support address", async () => {
    await paidOrder("first@example.com");
    await mail.flush();
    const [receipt] = mail.received("first@example.com");
    expect(replyToOf(receipt!)).toBe(businessDefaultsFromEnv().supportEmail);
    expect(text(receipt!)).toContain(`write to ${businessDefaultsFromEnv().supportEmail} within 30 days`);
  });
});

describe("the sale e-mail to the owner", () => {
  const saleRows = () => db().select().from(outbox).where(eq(outbox.kind, "owner-sale"));

  it("goes once per paid order, to OWNER_EMAIL: the order, the products, the amount, the buyer and the order's dashboard page", async () => {
    const order = await paidOrder("maria@example.com");
    // The provider's event again (a retry): nothing more is queued.
    await payTestOrder((await findTestOrder(order.providerSessionId))!, "maria@example.com");
    expect(await saleRows()).toHaveLength(1);
    await mail.flush();
    const sent = mail.received(env().OWNER_EMAIL).filter((m) => m.subject?.startsWith("New sale"));
    expect(sent).toHaveLength(1);
    const sale = sent[0]!;
    expect(sale.subject).toBe(`New sale: $21.99, order ${orderNumber(order.id)}`);
    expect(text(sale)).toContain("Credit Repair Toolkit: $7.00");
    expect(text(sale)).toContain("Dispute Letter Power Pack: $14.99");
    expect(text(sale)).toContain("Total: $21.99");
    expect(text(sale)).toContain("Buyer: maria@example.com");
    expect(text(sale)).toContain(`${ORIGIN}/admin/orders/${order.id}`);
    // Replying writes to the buyer.
    expect(replyToOf(sale)).toBe("maria@example.com");
  });

  it("goes no more once the owner turns it off, and again once she turns it on", async () => {
    const { saleEmails: _on, ...off } = NEW_DETAILS;
    expect((await save(off)).status).toBe(303);
    expect(site().content.business().saleEmails).toBe(false);
    await paidOrder("quiet@example.com");
    expect(await saleRows()).toEqual([]);
    await mail.flush();
    expect(mail.received("quiet@example.com")).toHaveLength(1);
    expect(mail.received(env().OWNER_EMAIL).filter((m) => m.subject?.startsWith("New sale"))).toEqual([]);
    const audit = await db().select().from(adminAuditLog).orderBy(asc(adminAuditLog.id));
    expect(audit.at(-1)!.detail).toContain("Sale e-mail to the owner: on → off");

    await save(NEW_DETAILS);
    const order = await paidOrder("loud@example.com");
    expect((await saleRows()).map((row) => row.dedupeKey)).toEqual([`owner-sale:${order.id}`]);
  });
});
