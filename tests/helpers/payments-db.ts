import pg from "pg";
import { sql } from "drizzle-orm";
import { closeDatabase, db, openDatabase } from "~/server/db.server";

/**
 * A fresh database for one test file: in-memory PGlite by default, or (TEST_DB=postgres) a new
 * database on the PostgreSQL server at TEST_DATABASE_URL, dropped afterwards. Migrations run on
 * open, exactly as at start-up.
 */
export async function openFreshDatabase(label: string): Promise<() => Promise<void>> {
  if (process.env.TEST_DB !== "postgres") {
    await openDatabase({});
    return closeDatabase;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `test_${label}_${process.pid}_${Date.now()}`.replace(/[^a-z0-9_]/gi, "_").toLowerCase();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await openDatabase({ databaseUrl: url.href });
  return async () => {
    await closeDatabase();
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await dropper.end();
  };
}

export async function emptyPaymentTables(): Promise<void> {
  await db().execute(sql`truncate table orders, processed_events restart identity`);
}
