/**
 * Migration 0011 makes one audience of what a database already holds: every lead, newsletter
 * subscriber and buyer becomes one contact (one per address, whatever its case), the old
 * suppression list becomes the contacts' suppression, newsletter sign-ups become consents, and no
 * lead stored before the follow-up wording gets a guide_followups consent.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsBefore } from "../helpers/migrations";
import { freshPglite } from "../helpers/pglite-template";
import { afterAll, expect, it } from "vitest";

const MIGRATION = "0011_audience_and_sequence";
const work = mkdtempSync(join(tmpdir(), "audience-backfill-"));

const client = await freshPglite();
const database = drizzle(client);
afterAll(async () => {
  await client.close();
  rmSync(work, { recursive: true, force: true });
});

it(
  "backfills contacts, suppressions and consents from leads, subscribers, orders and the old suppression list",
  { timeout: 90_000 },
  async () => {
    await migrate(database, { migrationsFolder: migrationsBefore(MIGRATION, work) });
    await database.execute(sql`
    insert into leads (name, email, lead_magnet, source_page) values ('Ann', 'ann@example.com', 'guide', 'dispute-credit-errors'),
      ('Bob', 'bob@example.com', 'guide', 'emergency-fund-guide')
  `);
    await database.execute(sql`
    insert into newsletter_subscribers (email, status, consent_page, consent_version, confirmed_at)
    values ('Ann@Example.com', 'confirmed', '/blog', '2026-11-23', '2026-11-24T10:00:00Z'),
           ('cy@example.com', 'pending', '/blog/x', '2026-11-23', null)
  `);
    await database.execute(sql`
    insert into orders (provider, provider_session_id, lines, amount_total, currency, status, customer_email)
    values ('test', 's1', '[]'::jsonb, 700, 'usd', 'paid', 'dee@example.com'),
           ('test', 's2', '[]'::jsonb, 700, 'usd', 'pending', 'eve@example.com')
  `);
    await database.execute(sql`insert into email_suppressions (email, reason) values ('bob@example.com', 'unsubscribe link')`);

    await migrate(database, { migrationsFolder: resolve("db/migrations") });

    const contacts = (
      await database.execute<{ email: string; name: string | null; suppression: string | null; proved: boolean }>(
        sql`select email, name, suppression, proved_at is not null as proved from contacts order by email`,
      )
    ).rows;
    expect(contacts).toEqual([
      { email: "ann@example.com", name: "Ann", suppression: null, proved: true },
      { email: "bob@example.com", name: "Bob", suppression: "unsubscribed", proved: false },
      { email: "cy@example.com", name: null, suppression: null, proved: false },
      { email: "dee@example.com", name: null, suppression: null, proved: false },
    ]);
    const consents = (
      await database.execute<{ email: string; purpose: string; version: string }>(
        sql`select c.email, k.purpose, k.wording_version as version from consents k join contacts c on c.id = k.contact_id order by c.email`,
      )
    ).rows;
    expect(consents).toEqual([
      { email: "ann@example.com", purpose: "newsletter", version: "2026-11-23" },
      { email: "cy@example.com", purpose: "newsletter", version: "2026-11-23" },
    ]);
    const tables = (
      await database.execute<{ name: string }>(
        sql`select table_name as name from information_schema.tables where table_name = 'email_suppressions'`,
      )
    ).rows;
    expect(tables).toEqual([]);
  },
);
