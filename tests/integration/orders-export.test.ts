/**
 * The orders CSV (issue 44, item 5): one row per order with what was bought, paid and given back,
 * written through the payment provider's own event statements; paged by id across page
 * boundaries; streamed to the owner's download one page at a time, no faster than it is read.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, type StoredOrderLine } from "../../db/schema";
import { shippedProduct } from "~/server/shop/shipped-products.server";

import { loader as exportLoader } from "~/routes/admin/export";
import { csvStream, exportCsv } from "~/server/admin/export.server";
import { db } from "~/server/db.server";
import { createPendingOrder } from "~/server/payments/orders.server";
import { applyPaymentEvent } from "~/server/payments/fulfilment.server";
import { applyRefundEvent } from "~/server/payments/refund-events.server";
import { useTestDatabase } from "../helpers/db";
import { dashboardServer, ownerCookie } from "../helpers/owner";

const toolkit = shippedProduct("toolkit");
const powerPack = shippedProduct("power-pack");

useTestDatabase();
const ORIGIN = "https://shop.example";
const server = dashboardServer(ORIGIN);

const HEADER =
  "id,order_number,created_at,paid_at,status,provider,customer_email,products,amount_total_cents,currency," +
  "amount_refunded_cents,refunded_products,source_article,campaign";

let n = 0;
/** An order as a checkout writes it, then paid (and refunded) by the provider's events. */
async function order({
  email,
  bump = false,
  pay = true,
  refund,
  from = null,
  campaign = null,
}: {
  email?: string;
  bump?: boolean;
  pay?: boolean;
  refund?: "whole" | "power-pack";
  from?: string | null;
  campaign?: string | null;
}): Promise<number> {
  n += 1;
  const lines: StoredOrderLine[] = [{ id: toolkit.id, name: toolkit.name, unitAmountCents: toolkit.priceCents, quantity: 1 }];
  if (bump) lines.push({ id: powerPack.id, name: powerPack.name, unitAmountCents: powerPack.priceCents, quantity: 1 });
  const amountCents = lines.reduce((sum, l) => sum + l.unitAmountCents, 0);
  const created = await createPendingOrder({
    provider: "test",
    lines,
    amountTotal: amountCents,
    currency: "usd",
    sourceArticle: from,
    campaign,
  });
  if (!pay) return created.id;
  const sessionId = `cs_export_${n}`;
  await applyPaymentEvent({
    eventId: `evt_paid_${n}`,
    eventType: "checkout.session.completed",
    provider: "test",
    sessionId,
    orderRef: created.id,
    outcome: "paid",
    amountCents,
    currency: "usd",
    customerEmail: email ?? null,
    paymentId: `pi_export_${n}`,
  });
  if (refund) {
    await applyRefundEvent({
      eventId: `evt_refund_${n}`,
      eventType: "charge.refunded",
      provider: "test",
      sessionId,
      claim: refund === "whole" ? { kind: "whole" } : { kind: "product", productId: powerPack.id },
    });
  }
  return created.id;
}

async function csv(pageSize?: number): Promise<string> {
  let text = "";
  for await (const chunk of exportCsv("orders", pageSize)) text += chunk.csv;
  return text;
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** The CSV's records as cells (none of these rows holds a quoted comma or line break). */
const records = (text: string) =>
  text
    .split("\r\n")
    .filter(Boolean)
    .map((line) => line.split(","));

describe("the orders export", () => {
  it("says what each order bought, paid and got back, in cents, one row per order", async () => {
    await order({ email: "paid@example.com", from: "dispute-credit-errors" });
    await order({ email: "partly@example.com", bump: true, refund: "power-pack", campaign: "welcome-3-toolkit" });
    await order({ email: "refunded@example.com", bump: true, refund: "whole" });
    await order({ pay: false, from: "budgeting-tips-that-work" });

    const [header, ...rows] = records(await csv());
    expect(header!.join(",")).toBe(HEADER);
    // Times are the database's: each created_at an ISO instant, paid_at after it; then compared without them.
    for (const row of rows) expect(row[2]).toMatch(ISO);
    expect(rows.slice(0, 3).every((row) => ISO.test(row[3]!) && row[3]! >= row[2]!)).toBe(true);
    expect(rows.map(([id, number, , paidAt, ...rest]) => [id, number, paidAt === "" ? "" : "paid at", ...rest])).toEqual([
      [
        "1",
        "FSM-000001",
        "paid at",
        "paid",
        "test",
        "paid@example.com",
        "Credit Repair Toolkit",
        "700",
        "usd",
        "0",
        "",
        "dispute-credit-errors",
        "",
      ],
      [
        "2",
        "FSM-000002",
        "paid at",
        "paid",
        "test",
        "partly@example.com",
        "Credit Repair Toolkit + Dispute Letter Power Pack",
        "2199",
        "usd",
        "1499",
        "Dispute Letter Power Pack",
        "",
        "welcome-3-toolkit",
      ],
      [
        "3",
        "FSM-000003",
        "paid at",
        "refunded",
        "test",
        "refunded@example.com",
        "Credit Repair Toolkit + Dispute Letter Power Pack",
        "2199",
        "usd",
        "2199",
        "Credit Repair Toolkit + Dispute Letter Power Pack",
        "",
        "",
      ],
      ["4", "FSM-000004", "", "pending", "test", "", "Credit Repair Toolkit", "700", "usd", "0", "", "budgeting-tips-that-work", ""],
    ]);
  });

  it("counts an amount refunded at the provider that matches no product, and names no product for it", async () => {
    const id = await order({ email: "odd@example.com" });
    await db().execute(
      sql`insert into order_refunds (order_id, product_id, amount_cents, event_id) values (${id}, null, 150, 'evt_manual')`,
    );
    const [, row] = records(await csv());
    expect(row!.slice(8, 12)).toEqual(["700", "usd", "150", ""]);
  });

  it("neutralises an address a spreadsheet would read as a formula", async () => {
    // A valid address (RFC 5322 allows = and + in the local part) that the provider hands back as typed.
    await order({ email: "=1+2@example.com" });
    const [, row] = records(await csv());
    expect(row![6]).toBe("'=1+2@example.com");
  });

  it("pages by id across page boundaries: every order once, in order, whatever the page size", async () => {
    for (let i = 0; i < 7; i++) await order({ email: `buyer${i}@example.com`, bump: i % 2 === 0, refund: i === 4 ? "whole" : undefined });
    // A deleted order leaves a gap in the ids: the next page starts after the last id seen, not at a count.
    await db()
      .delete(orders)
      .where(sql`id = 3`);
    const whole = await csv();
    const ids = records(whole)
      .slice(1)
      .map((row) => Number(row[0]));
    expect(ids).toEqual([1, 2, 4, 5, 6, 7]);
    for (const pageSize of [1, 2, 5, 6]) expect(await csv(pageSize)).toBe(whole);
    const chunks: number[] = [];
    for await (const chunk of exportCsv("orders", 2)) chunks.push(chunk.rows);
    expect(chunks).toEqual([0, 2, 2, 2]);
  });

  it("is the owner's download /admin/export/orders, with the same bytes", async () => {
    await order({ email: "paid@example.com" });
    const cookie = await ownerCookie(ORIGIN, server.config);
    const response = (await exportLoader(server.args(server.get("/admin/export/orders", cookie), { name: "orders" }))) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d\d-\d\d\.csv"$/);
    expect(await response.text()).toBe(await csv());
    const anonymous = (await exportLoader(server.args(server.get("/admin/export/orders"), { name: "orders" })).catch(
      (thrown: unknown) => thrown,
    )) as Response;
    // Not the owner: sent to the login, no CSV.
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("Location")).toMatch(/^\/admin\/login/);
  });
});

describe("the download's stream", () => {
  it("asks for the next page only when the reader has taken the last one", async () => {
    let pagesMade = 0;
    async function* pages() {
      for (let i = 0; i < 100; i++) {
        pagesMade += 1;
        yield { csv: `page ${i}\r\n` };
      }
    }
    const reader = csvStream(pages()).getReader();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
    await settle();
    // Nothing read yet: at most one page made ahead (the stream's queue holds one chunk).
    expect(pagesMade).toBeLessThanOrEqual(1);
    const decoder = new TextDecoder();
    for (let i = 0; i < 3; i++) expect(decoder.decode((await reader.read()).value)).toBe(`page ${i}\r\n`);
    await settle();
    expect(pagesMade).toBeLessThanOrEqual(4);
    // A client that goes away ends the pages: the generator is closed, nothing more is made.
    await reader.cancel();
    const made = pagesMade;
    await settle();
    expect(pagesMade).toBe(made);
    expect(made).toBeLessThan(100);
  });
});
