import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

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
