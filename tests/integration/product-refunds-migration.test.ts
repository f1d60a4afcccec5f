/**
 * Migration 0020 (issue 42): an order refunded before refunds were per product reads as every one
 * of its products refunded, at what its lines charged; a paid order has none, and a product row is
 * unique per order.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseBefore } from "../helpers/migrations";

describe("migration 0020_product_refunds", () => {
  it("gives a refunded order a row per product, a paid one none, and refuses a second row for one product", async () => {
    const { migrate, rows } = await databaseBefore("0020_product_refunds");
    const lines = JSON.stringify([
      { id: "toolkit", name: "Credit Repair Toolkit", unitAmountCents: 700, quantity: 1 },
      { id: "power-pack", name: "Dispute Letter Power Pack", unitAmountCents: 1499, quantity: 1 },
    ]);
    await rows(sql`
      insert into orders (provider, provider_session_id, lines, amount_total, currency, status, paid_at)
      values ('test', 'test_refunded', ${lines}::jsonb, 2199, 'usd', 'refunded', now()),
             ('test', 'test_paid', ${lines}::jsonb, 2199, 'usd', 'paid', now())
    `);
    await migrate();
    expect(
      await rows(
        sql`select o.status, r.product_id, r.amount_cents from order_refunds r join orders o on o.id = r.order_id order by r.amount_cents`,
      ),
    ).toEqual([
      { status: "refunded", product_id: "toolkit", amount_cents: 700 },
      { status: "refunded", product_id: "power-pack", amount_cents: 1499 },
    ]);
    await expect(
      rows(sql`insert into order_refunds (order_id, product_id, amount_cents, event_id) values (1, 'toolkit', 700, 'evt_again')`),
    ).rejects.toThrow();
  });
});
