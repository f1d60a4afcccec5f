/**
 * The exports at scale (issue 44, item 5: "the contacts and orders CSVs at that size with flat
 * memory"), measured: each export streamed from the open database exactly as the dashboard's
 * download sends it (csvStream, written by React Router's own writeReadableStreamToWritable,
 * which waits for the socket to drain) into a sink that counts bytes, while this process's memory
 * is sampled. Called by `npm run bench:scale` on its seeded database; alone:
 *
 *   DATA_DIR=/tmp/x npx tsx scripts/scale/export-bench.ts [--fill-contacts N] [--fill-orders N] [audience orders ...]
 *
 * `--fill-*` first writes that many contacts (with consents and tags) or orders (with refunds) by
 * generate_series, for a database without the seed (`npm run seed:scale` writes the real thing).
 */
import { Writable } from "node:stream";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { writeReadableStreamToWritable } from "@react-router/node";
import { sql } from "drizzle-orm";
import { shippedProduct } from "../../app/server/shop/shipped-products.server";

import { csvStream, EXPORT_NAMES, exportCsv, type ExportName } from "../../app/server/admin/export.server";
import { closeDatabase, db, openDatabase, parsedRows } from "../../app/server/db.server";
import { toMb, withPeakMemory } from "./peak-memory";
import { z } from "zod";

const toolkit = shippedProduct("toolkit");
const powerPack = shippedProduct("power-pack");

export type ExportBench = {
  name: ExportName;
  rows: number;
  seconds: number;
  /** The CSV's size. */
  bytes: number;
  /** This process's resident memory before the export, and the most it reached during it. */
  startRssMb: number;
  peakRssMb: number;
  /** The JavaScript heap's most (RSS also holds the embedded database's memory, which it keeps). */
  peakHeapMb: number;
};

/** A sink as slow as a socket that takes each chunk on the next turn of the event loop. */
function countingSink(): { sink: Writable; bytes: () => number } {
  let bytes = 0;
  const sink = new Writable({
    highWaterMark: 64 * 1024,
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      setImmediate(done);
    },
  });
  return { sink, bytes: () => bytes };
}

/** Stream one export as the download does; its rows, time, size and memory. */
export async function benchExport(name: ExportName): Promise<ExportBench> {
  let rows = 0;
  async function* counted() {
    for await (const chunk of exportCsv(name)) {
      rows += chunk.rows;
      yield chunk;
    }
  }
  const { sink, bytes } = countingSink();
  const began = performance.now();
  const { memory } = await withPeakMemory(() => writeReadableStreamToWritable(csvStream(counted()), sink));
  return {
    name,
    rows,
    seconds: Math.round(performance.now() - began) / 1000,
    bytes: bytes(),
    startRssMb: toMb(memory.startRss),
    peakRssMb: toMb(memory.peakRss),
    peakHeapMb: toMb(memory.peakHeap),
  };
}

/** Each export in turn (by default the two the issue names: the contacts and the orders). */
export async function benchExports(names: readonly ExportName[] = ["audience", "orders"]): Promise<ExportBench[]> {
  const results: ExportBench[] = [];
  for (const name of names) results.push(await benchExport(name));
  return results;
}

export function formatExportBench(results: readonly ExportBench[]): string {
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(10) : c.padStart(10))).join("  ");
  return [
    line(["export", "rows", "seconds", "MB", "start RSS", "peak RSS", "peak heap"]),
    ...results.map((r) =>
      line([
        r.name,
        r.rows.toLocaleString("en-US"),
        r.seconds.toFixed(2),
        toMb(r.bytes).toFixed(1),
        r.startRssMb.toFixed(1),
        r.peakRssMb.toFixed(1),
        r.peakHeapMb.toFixed(1),
      ]),
    ),
  ].join("\n");
}

/**
 * Contacts for the bench alone, one statement each: every one with a newsletter consent (every
 * tenth given twice, so the latest must be picked), every second a guide's, every seventh a
 * buyer's; every fiftieth unsubscribed (its consents withdrawn); two tags each.
 */
export async function fillContacts(count: number): Promise<void> {
  await db().execute(sql`
    insert into contacts (email, name, created_at, proved_at, suppression, suppressed_at, suppression_detail, tags)
    select 'exportbench' || n || '@bench.example.com', 'Reader ' || n, now() - make_interval(secs => n * 300),
           case when n % 3 = 0 then now() - make_interval(secs => n * 200) end,
           case when n % 50 = 0 then 'unsubscribed' end, case when n % 50 = 0 then now() end,
           case when n % 50 = 0 then 'unsubscribe link' end,
           array['newsletter', 'topic-' || (n % 5)]::text[]
    from generate_series(1, ${count}) as n
  `);
  await db().execute(sql`
    insert into consents (contact_id, purpose, source, wording_version, created_at, withdrawn_at)
    select c.id, p.purpose, 'import: export bench', 'v' || p.version, c.created_at + make_interval(days => p.version),
           case when c.suppression is not null then c.suppressed_at end
    from contacts c
    cross join (values ('guide_followups', 1, 2), ('newsletter', 1, 1), ('newsletter', 2, 10), ('buyer', 1, 7)) as p(purpose, version, every)
    where c.email like 'exportbench%' and c.id % p.every = 0
    order by c.id, p.purpose, p.version
  `);
}

/**
 * Orders for the bench alone: a third with the Power Pack; every twelfth abandoned (pending, no
 * address); every twenty-fifth refunded whole; every fortieth with the Power Pack partly refunded.
 */
export async function fillOrders(count: number): Promise<void> {
  const line = (p: { id: string; name: string; priceCents: number }) => ({
    id: p.id,
    name: p.name,
    unitAmountCents: p.priceCents,
    quantity: 1,
  });
  const one = JSON.stringify([line(toolkit)]);
  const two = JSON.stringify([line(toolkit), line(powerPack)]);
  await db().execute(sql`
    insert into orders (provider, provider_session_id, lines, amount_total, currency, status, customer_email, provider_payment_id,
                        source_article, campaign, created_at, paid_at)
    select 'test', 'exportbench_' || n, case when n % 3 = 0 then ${two}::jsonb else ${one}::jsonb end,
           case when n % 3 = 0 then ${toolkit.priceCents + powerPack.priceCents}::int else ${toolkit.priceCents}::int end, 'usd',
           case when n % 12 = 0 then 'pending' when n % 25 = 0 then 'refunded' else 'paid' end,
           case when n % 12 <> 0 then 'buyer' || n || '@bench.example.com' end,
           case when n % 12 <> 0 then 'pi_exportbench_' || n end,
           case when n % 4 = 0 then 'dispute-credit-errors' end, case when n % 9 = 0 then 'broadcast-' || (n % 50) end,
           now() - make_interval(secs => n * 1500), case when n % 12 <> 0 then now() - make_interval(secs => n * 1500 - 60) end
    from generate_series(1, ${count}) as n
  `);
  await db().execute(sql`
    insert into order_refunds (order_id, product_id, amount_cents, event_id)
    select o.id, l->>'id', (l->>'unitAmountCents')::int, 'evt_exportbench_' || o.id
    from orders o cross join jsonb_array_elements(o.lines) as l
    where o.provider_session_id like 'exportbench\\_%'
      and (o.status = 'refunded' or (o.status = 'paid' and o.id % 40 = 0 and l->>'id' = ${powerPack.id} ))
  `);
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { "fill-contacts": { type: "string" }, "fill-orders": { type: "string" } },
  });
  const names = (positionals.length ? positionals : ["audience", "orders"]) as ExportName[];
  const unknown = names.filter((n) => !EXPORT_NAMES.includes(n));
  if (unknown.length) throw new Error(`No such export: ${unknown.join(", ")} (one of ${EXPORT_NAMES.join(", ")})`);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR || "./data";
  await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    const contacts = Number(values["fill-contacts"] ?? 0);
    const orders = Number(values["fill-orders"] ?? 0);
    if (contacts || orders) {
      const [seen] = parsedRows(
        await db().execute(sql`select count(*)::int as n from contacts where email like 'exportbench%@bench.example.com'`),
        z.object({ n: z.number() }),
      );
      if (seen!.n > 0) throw new Error("This database was filled by the bench already.");
      const began = performance.now();
      if (contacts) await fillContacts(contacts);
      if (orders) await fillOrders(orders);
      console.error(`Filled ${contacts} contacts and ${orders} orders in ${((performance.now() - began) / 1000).toFixed(1)} s`);
    }
    console.log(formatExportBench(await benchExports(names)));
  } finally {
    await closeDatabase();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error: Error) => {
    console.error(`Export bench failed: ${error.message}`);
    process.exit(1);
  });
}
