/**
 * `npm run db:migrate`: apply db/migrations to the configured database (DATABASE_URL, or the
 * embedded one in DATA_DIR) without starting the server. The server also migrates at boot.
 */
import { closeDatabase, openDatabase } from "../app/server/db.server";

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR || "./data";
try {
  const opened = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  console.log(`Migrations applied (${opened.kind === "postgres" ? "PostgreSQL at DATABASE_URL" : `embedded database in ${dataDir}`}).`);
  await closeDatabase();
} catch (error) {
  console.error(`Migration failed: ${(error as Error).message}`);
  process.exit(1);
}
