/**
 * The measures `npm run bench:scale` takes for issue 44 (items 5 and 6), on both databases: the
 * exports' bench streams every row of each export, byte for byte what the download sends, and the
 * database's size names each table with its exact rows.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { exportCsv } from "~/server/admin/export.server";
import { db } from "~/server/db.server";
import { databaseSize, formatDatabaseSize } from "../../scripts/scale/db-size";
import { benchExports, fillContacts, fillOrders } from "../../scripts/scale/export-bench";
import { rowsOf, useTestDatabase } from "../helpers/db";

useTestDatabase();

async function csvBytes(name: "audience" | "orders") {
  let bytes = 0;
  for await (const chunk of exportCsv(name)) bytes += Buffer.byteLength(chunk.csv);
  return bytes;
}

describe("the scale measures", () => {
  it("stream each export whole (across pages) and report its rows and bytes", async () => {
    await fillContacts(2_345);
    await fillOrders(1_234);
    const [audience, orders] = await benchExports(["audience", "orders"]);
    expect(audience).toMatchObject({ name: "audience", rows: 2_345, bytes: await csvBytes("audience") });
    expect(orders).toMatchObject({ name: "orders", rows: 1_234, bytes: await csvBytes("orders") });
    for (const r of [audience!, orders!]) {
      expect(r.seconds).toBeGreaterThan(0);
      expect(r.peakRssMb).toBeGreaterThanOrEqual(r.startRssMb);
    }
    // The fill's rules, as the CSV shows them: every fiftieth contact unsubscribed, every tenth
    // consented to the newsletter twice (its latest wording exported), every 25th order refunded.
    let audienceCsv = "";
    for await (const chunk of exportCsv("audience")) audienceCsv += chunk.csv;
    expect(audienceCsv.match(/,unsubscribed,unsubscribe link,/g)).toHaveLength(46);
    expect(audienceCsv).toMatch(/^exportbench10@bench\.example\.com,Reader 10,[^\r\n]*,import: export bench,v2,/m);
    const [refunded] = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from orders where status = 'refunded'`));
    let ordersCsv = "";
    for await (const chunk of exportCsv("orders")) ordersCsv += chunk.csv;
    expect(ordersCsv.match(/,refunded,/g)).toHaveLength(refunded!.n);
  });

  it("reports the database's size: each table with its indexes and its exact rows, and the whole", async () => {
    await fillContacts(1_000);
    const size = await databaseSize();
    const table = (name: string) => size.tables.find((t) => t.name === name);
    expect(table("contacts")).toMatchObject({ rows: 1_000 });
    expect(table("consents")).toMatchObject({ rows: 500 + 1_000 + 100 + 142 });
    expect(table("orders")).toMatchObject({ rows: 0 });
    expect(table("page_views_monthly")).toBeDefined();
    expect(table("contacts")!.mb).toBeGreaterThan(0);
    const sum = size.tables.reduce((n, t) => n + t.mb, 0);
    expect(size.totalMb).toBeGreaterThan(sum);
    // Largest first, as the report lists them.
    expect(size.tables.map((t) => t.mb)).toEqual([...size.tables.map((t) => t.mb)].sort((a, b) => b - a));
    expect(formatDatabaseSize(size)).toMatch(/^contacts\s+\d+\.\d\d\s+1,000$/m);
  });
});
