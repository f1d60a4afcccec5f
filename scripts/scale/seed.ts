/**
 * `npm run seed:scale -- [--contacts N] [--page-views N] [--orders N] [--broadcasts N] [--concurrency N]`
 * fills the configured database (DATABASE_URL, or the embedded one in DATA_DIR; stop the server
 * first: the embedded database allows one process at a time) with a year of a working site's data
 * (scripts/scale/seed-data.ts). Defaults: issue 44's sizes, 100,000 contacts, 1,000,000 page views,
 * 20,000 orders, 50 broadcasts. Refuses a database it seeded already.
 */
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import { closeDatabase, openDatabase } from "../../app/server/db.server";
import { FULL_SIZES, seedScale, type SeedSizes } from "./seed-data";
import { sitePagePaths } from "./site-paths";

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      contacts: { type: "string" },
      "page-views": { type: "string" },
      orders: { type: "string" },
      broadcasts: { type: "string" },
      concurrency: { type: "string" },
    },
  });
  const size = (value: string | undefined, fallback: number, name: string) => {
    const n = value === undefined ? fallback : Number(value);
    if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number of 0 or more (got "${value}").`);
    return n;
  };
  const sizes: SeedSizes = {
    contacts: size(values.contacts, FULL_SIZES.contacts, "contacts"),
    pageViews: size(values["page-views"], FULL_SIZES.pageViews, "page-views"),
    orders: size(values.orders, FULL_SIZES.orders, "orders"),
    broadcasts: size(values.broadcasts, FULL_SIZES.broadcasts, "broadcasts"),
  };
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR || "./data";
  await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  const concurrency = size(values.concurrency, databaseUrl ? 4 : 1, "concurrency") || 1;
  console.error(`Seeding ${databaseUrl ? "PostgreSQL (DATABASE_URL)" : `the embedded database in ${dataDir}`}: ${JSON.stringify(sizes)}`);
  try {
    const report = await seedScale(sizes, { paths: sitePagePaths(), concurrency, say: (line) => console.error(`  ${line}`) });
    console.error(`Seeded in ${JSON.stringify(report.seconds)} seconds.`);
  } finally {
    await closeDatabase();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error: Error) => {
    console.error(`Seeding failed: ${error.message}`);
    process.exit(1);
  });
}
