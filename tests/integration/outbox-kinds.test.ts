/**
 * The outbox's kinds are a CHECK in the database: the migration that adds it applies to a
 * database that already holds messages of every kind, and afterwards an unknown kind is refused.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsBefore } from "../helpers/migrations";
import { freshPglite } from "../helpers/pglite-template";
import { afterAll, describe, expect, it } from "vitest";
import { OUTBOX_KINDS } from "../../db/schema";

const MIGRATION = "0006_outbox_kind_check";
const work = mkdtempSync(join(tmpdir(), "outbox-kinds-"));

// The migrator the server runs (db.server.ts), on a database of this test's own.
const client = await freshPglite();
const database = drizzle(client);

const insert = (kind: string, key: string) =>
  database.execute(
    sql`insert into outbox (kind, dedupe_key, to_address, payload) values (${kind}, ${key}, 'ann@example.com', '{}'::jsonb)`,
  );

async function kindsStored(): Promise<string[]> {
  return (await database.execute<{ kind: string }>(sql`select kind from outbox order by id`)).rows.map((r) => r.kind);
}

afterAll(async () => {
  await client.close();
  rmSync(work, { recursive: true, force: true });
});

describe("the outbox kind CHECK", () => {
  it("applies to a database holding a message of every kind, keeps them, then refuses an unknown kind", { timeout: 90_000 }, async () => {
    await migrate(database, { migrationsFolder: migrationsBefore(MIGRATION, work) });
    // Before the migration the column takes any text, as every server so far has written it: a
    // message of every kind there was then (the sender's acknowledgement came later, migration
    // 0009, the review request, 0010, the welcome sequence's steps, 0011, broadcasts, 0014, the
    // sale e-mail to the owner, 0030, a product's opening to its waitlist, 0031, and updates to
    // buyers, 0032, and dispute reminders, 0035).
    const later = [
      "contact-ack",
      "review-request",
      "sequence-step",
      "broadcast",
      "owner-sale",
      "product-open",
      "product-update",
      "dispute-reminder",
    ];
    const kindsThen = OUTBOX_KINDS.filter((kind) => !later.includes(kind));
    for (const kind of kindsThen) await insert(kind, `${kind}:old`);

    await migrate(database, { migrationsFolder: resolve("db/migrations") });
    expect(await kindsStored()).toEqual(kindsThen);
    // Messages written before due_at existed (0010) were due when written: their day of retries is unchanged.
    const due = await database.execute<{ same: boolean }>(sql`select due_at = created_at as same from outbox`);
    expect(due.rows.map((r) => r.same)).toEqual(kindsThen.map(() => true));
    const refused = (await insert("newsletter", "newsletter:1").catch((error: unknown) => error)) as { cause?: Error };
    expect(refused.cause?.message).toMatch(/violates check constraint "outbox_kind_check"/);
    for (const kind of OUTBOX_KINDS) await insert(kind, `${kind}:new`);
    expect(await kindsStored()).toHaveLength(kindsThen.length + OUTBOX_KINDS.length);
  });
});
