/**
 * The database's size (issue 44, item 6: "the database's size after a year of the seeded traffic
 * is reported"): the whole database, and each of the site's tables with its indexes and TOAST
 * (pg_total_relation_size) and its exact row count. The same catalog queries on PGlite and
 * PostgreSQL. Called by `npm run bench:scale`; alone:
 *
 *   DATA_DIR=./data npx tsx scripts/scale/db-size.ts      (or DATABASE_URL=postgres://...)
 */
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { closeDatabase, db, openDatabase, parsedRows } from "../../app/server/db.server";
import { z } from "zod";

export type DatabaseSize = { totalMb: number; tables: { name: string; mb: number; rows: number }[] };

/** A size or a count: a bigint, a string from node-postgres, a number from PGlite. */
const size = z.coerce.number();

const mb = (bytes: number) => Math.round((Number(bytes) / 1024 / 1024) * 100) / 100;

/**
 * Sizes in MB (two decimals), largest table first. `totalMb` is the whole database as stored,
 * the system catalogs included (about 7 to 8 MB for an empty one), so it is more than the tables' sum.
 */
export async function databaseSize(): Promise<DatabaseSize> {
  const [total] = parsedRows(await db().execute(sql`select pg_database_size(current_database()) as bytes`), z.object({ bytes: size }));
  const tables = parsedRows(
    await db().execute(sql`
      select c.relname as name, pg_total_relation_size(c.oid) as bytes
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname = current_schema()
      order by pg_total_relation_size(c.oid) desc, c.relname
    `),
    z.object({ name: z.string(), bytes: size }),
  );
  const sized: DatabaseSize["tables"] = [];
  for (const table of tables) {
    // Exact, not pg_class.reltuples (an estimate, -1 before the table's first ANALYZE).
    const [count] = parsedRows(
      await db().execute(sql`select count(*) as rows from ${sql.identifier(table.name)}`),
      z.object({ rows: size }),
    );
    sized.push({ name: table.name, mb: mb(table.bytes), rows: Number(count!.rows) });
  }
  return { totalMb: mb(total!.bytes), tables: sized };
}

/** The report as a table for a terminal or a note. */
export function formatDatabaseSize({ totalMb, tables }: DatabaseSize): string {
  const width = Math.max(5, ...tables.map((t) => t.name.length));
  const line = (name: string, size: string, rows: string) => `${name.padEnd(width)}  ${size.padStart(10)}  ${rows.padStart(12)}`;
  return [
    line("table", "MB", "rows"),
    ...tables.map((t) => line(t.name, t.mb.toFixed(2), t.rows.toLocaleString("en-US"))),
    line("(database)", totalMb.toFixed(2), ""),
  ].join("\n");
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR || "./data";
  await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    console.log(formatDatabaseSize(await databaseSize()));
  } finally {
    await closeDatabase();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error: Error) => {
    console.error(`Could not measure the database: ${error.message}`);
    process.exit(1);
  });
}
