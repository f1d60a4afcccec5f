import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll } from "vitest";
import { freshPglite } from "./pglite-template";

/**
 * A copy of db/migrations as it was before `tag` (in `workDir`): its files and journal entries up to
 * it. The migrator applies only migrations newer than the last one applied, so a database migrated
 * with this copy is one last migrated before `tag` existed; migrating it again applies `tag` and
 * what followed, as a deploy would.
 */
export function migrationsBefore(tag: string, workDir: string): string {
  const dir = join(workDir, "migrations-before");
  cpSync(resolve("db/migrations"), dir, { recursive: true });
  const journalPath = join(dir, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at <= 0) throw new Error(`No migration ${tag} after the first in db/migrations/meta/_journal.json`);
  for (const later of journal.entries.slice(at)) rmSync(join(dir, `${later.tag}.sql`));
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/**
 * A fresh embedded database for a migration's test, migrated up to just before `tag`: `migrate()`
 * then applies `tag` and what followed, as a deploy would. `rows` runs a query and returns its rows.
 */
export async function databaseBefore(tag: string) {
  const work = mkdtempSync(join(tmpdir(), `${tag}-`));
  const client = await freshPglite();
  const database = drizzle(client);
  afterAll(async () => {
    await client.close();
    rmSync(work, { recursive: true, force: true });
  });
  await migrateTo(database, migrationsBefore(tag, work));
  return {
    database,
    /** Apply every migration there is. */
    migrate: () => migrateTo(database, resolve("db/migrations")),
    rows: async <T>(query: SQL) => (await database.execute<T & Record<string, unknown>>(query)).rows,
  };
}

const migrateTo = (database: ReturnType<typeof drizzle>, migrationsFolder: string) => migrate(database, { migrationsFolder });
