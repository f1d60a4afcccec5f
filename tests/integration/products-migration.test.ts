/**
 * Migration 0031 (issue 53, item 4): a former price typed on the old /admin/prices becomes price
 * history only where the orders bear it out (an order in its dates charged that price for the
 * product, and none another); a record nobody was charged is dropped with the table.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseBefore } from "../helpers/migrations";

describe("migration 0031_products_as_data", () => {
  it("keeps a former price the orders bear out as history, drops one they contradict or do not show, and drops the table", async () => {
    const { migrate, rows } = await databaseBefore("0031_products_as_data");
    const line = (cents: number) =>
      JSON.stringify([{ id: "power-pack", name: "Dispute Letter Power Pack", unitAmountCents: cents, quantity: 1 }]);
    await rows(sql`
      insert into orders (provider, provider_session_id, lines, amount_total, currency, status, paid_at, created_at)
      values ('test', 'test_at_27', ${line(2700)}::jsonb, 2700, 'usd', 'paid', '2026-03-10T12:00:00Z', '2026-03-10T12:00:00Z'),
             ('test', 'test_at_1499', ${line(1499)}::jsonb, 1499, 'usd', 'paid', '2026-08-10T12:00:00Z', '2026-08-10T12:00:00Z')
    `);
    await rows(sql`
      insert into former_prices (product_id, price_cents, charged_from, charged_until)
      values ('power-pack', 2700, '2026-03-01', '2026-04-30'),
             ('power-pack', 2700, '2026-08-01', '2026-09-30'),
             ('power-pack', 3500, '2026-05-01', '2026-06-30')
    `);
    await migrate();
    const utc = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD HH24:MI')`);
    expect(
      await rows(
        sql`select product_id, price_cents, ${utc("valid_from")} as valid_from, ${utc("valid_until")} as valid_until from product_prices`,
      ),
    ).toEqual([{ product_id: "power-pack", price_cents: 2700, valid_from: "2026-03-01 00:00", valid_until: "2026-05-01 00:00" }]);
    expect(await rows(sql`select to_regclass('former_prices') as kept`)).toEqual([{ kept: null }]);
  });
});
