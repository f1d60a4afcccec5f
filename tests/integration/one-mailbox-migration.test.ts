/**
 * Migration 0016: one mailbox, one contact (issue 40). A database holding the variant spellings the
 * old address check let in (a display name, a comment, a Gmail dot and "+tag") ends with one contact
 * per mailbox, keeping the strictest suppression, every consent and event, one enrollment, one
 * newsletter row (the unsubscribe stands), and every stored address in its one spelling.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";
import { migrationsBefore } from "../helpers/migrations";
import { freshPglite } from "../helpers/pglite-template";

const MIGRATION = "0016_one_mailbox_one_contact";
const work = mkdtempSync(join(tmpdir(), "one-mailbox-"));

const client = await freshPglite();
const database = drizzle(client);
afterAll(async () => {
  await client.close();
  rmSync(work, { recursive: true, force: true });
});

const rows = async <T>(query: ReturnType<typeof sql>) => (await database.execute<T & Record<string, unknown>>(query)).rows;

it(
  "merges the spellings of one mailbox into its oldest contact, the strictest suppression and every record kept",
  { timeout: 90_000 },
  async () => {
    await migrate(database, { migrationsFolder: migrationsBefore(MIGRATION, work) });
    // The victim unsubscribed; then a stranger signed the address up four more ways.
    await database.execute(sql`
    insert into contacts (id, email, name, suppression, suppressed_at, suppression_detail, proved_at) values
      (1, 'victim@example.com', 'Vic', 'unsubscribed', '2026-11-20T10:00:00Z', 'unsubscribe link', '2026-11-19T10:00:00Z'),
      (2, 'x<victim@example.com>', 'Prize', null, null, null, null),
      (3, '(c)victim@example.com', null, null, null, null, null),
      (4, 'victim@example.com(2)', null, null, null, null, null),
      (5, 'a.nn+news@gmail.com', null, null, null, null, null),
      (6, 'ann@gmail.com', 'Ann', null, null, null, '2026-11-21T10:00:00Z'),
      (7, 'bob@example.com', 'Bob', null, null, null, null)
  `);
    await database.execute(sql`select setval('contacts_id_seq', 7)`);
    await database.execute(sql`
    insert into consents (contact_id, purpose, source, wording_version) values
      (1, 'guide_followups', 'lead-form /blog/a', 'v1'),
      (2, 'guide_followups', 'lead-form /blog/a', 'v1'),
      (3, 'newsletter', 'newsletter /blog', 'v1'),
      (5, 'newsletter', 'newsletter /blog', 'v1'),
      (6, 'guide_followups', 'lead-form /blog/b', 'v1')
  `);
    await database.execute(sql`
    insert into contact_events (contact_id, kind, detail) values (1, 'consent', 'first'), (2, 'consent', 'variant'), (5, 'consent', 'gmail variant')
  `);
    await database.execute(sql`
    insert into sequence_enrollments (contact_id, status, next_position, last_sent_at, next_at, created_at) values
      (2, 'active', 2, now(), now(), '2026-11-22T10:00:00Z'),
      (3, 'active', 1, now(), now(), '2026-11-23T10:00:00Z'),
      (5, 'active', 3, now(), now(), '2026-11-20T10:00:00Z'),
      (6, 'active', 1, now(), now(), '2026-11-21T10:00:00Z')
  `);
    await database.execute(sql`
    insert into newsletter_subscribers (email, status, unsubscribed_at, confirmed_at) values
      ('victim@example.com', 'unsubscribed', '2026-11-20T10:00:00Z', '2026-11-18T10:00:00Z'),
      ('(c)victim@example.com', 'confirmed', null, '2026-11-22T10:00:00Z'),
      ('a.nn+news@gmail.com', 'pending', null, null),
      ('a.nn@gmail.com', 'confirmed', null, '2026-11-21T10:00:00Z')
  `);
    await database.execute(sql`
    insert into leads (name, email, lead_magnet, source_page) values
      ('Vic', 'victim@example.com', 'guide', 'a'), ('Prize', 'x<victim@example.com>', 'guide', 'a'), ('Ann', 'A.nn@gmail.com', 'guide', 'b')
  `);
    await database.execute(sql`
    insert into orders (provider, provider_session_id, lines, amount_total, currency, status, customer_email)
    values ('test', 's1', '[]'::jsonb, 700, 'usd', 'paid', 'Ann.Lee+shop@Outlook.com')
  `);
    await database.execute(sql`
    insert into outbox (kind, dedupe_key, to_address, payload, status) values
      ('guide', 'g1', 'x<victim@example.com>', '{}'::jsonb, 'pending'),
      ('guide', 'g0', 'x<victim@example.com>', '{}'::jsonb, 'sent')
  `);

    await migrate(database, { migrationsFolder: resolve("db/migrations") });

    expect(
      await rows<{ id: number; email: string; name: string | null; suppression: string | null; proved: boolean }>(
        sql`select id, email, name, suppression, proved_at is not null as proved from contacts order by id`,
      ),
    ).toEqual([
      { id: 1, email: "victim@example.com", name: "Vic", suppression: "unsubscribed", proved: true },
      { id: 5, email: "ann@gmail.com", name: "Ann", suppression: null, proved: true },
      { id: 7, email: "bob@example.com", name: "Bob", suppression: null, proved: false },
    ]);
    // Every consent kept, on the survivor; the unsubscribed mailbox's are all withdrawn.
    expect(
      await rows<{ contact: number; purpose: string; withdrawn: boolean }>(
        sql`select contact_id as contact, purpose, withdrawn_at is not null as withdrawn from consents order by id`,
      ),
    ).toEqual([
      { contact: 1, purpose: "guide_followups", withdrawn: true },
      { contact: 1, purpose: "guide_followups", withdrawn: true },
      { contact: 1, purpose: "newsletter", withdrawn: true },
      { contact: 5, purpose: "newsletter", withdrawn: false },
      { contact: 5, purpose: "guide_followups", withdrawn: false },
    ]);
    const events = await rows<{ contact: number; kind: string; detail: string }>(
      sql`select contact_id as contact, kind, detail from contact_events order by id`,
    );
    expect(events.filter((e) => e.kind === "consent").map((e) => [e.contact, e.detail])).toEqual([
      [1, "first"],
      [1, "variant"],
      [5, "gmail variant"],
    ]);
    expect(events.filter((e) => e.kind === "merged").map((e) => [e.contact, e.detail])).toEqual([
      [1, 'Spelled "x<victim@example.com>": the same mailbox, now one contact'],
      [1, 'Spelled "(c)victim@example.com": the same mailbox, now one contact'],
      [1, 'Spelled "victim@example.com(2)": the same mailbox, now one contact'],
      [5, 'Spelled "ann@gmail.com": the same mailbox, now one contact'],
    ]);
    // One enrollment per mailbox, the group's earliest; none running for the unsubscribed one.
    expect(
      await rows<{ contact: number; status: string; position: number }>(
        sql`select contact_id as contact, status, next_position as position from sequence_enrollments order by contact_id`,
      ),
    ).toEqual([
      { contact: 1, status: "stopped", position: 2 },
      { contact: 5, status: "active", position: 3 },
    ]);
    expect(await rows<{ email: string; status: string }>(sql`select email, status from newsletter_subscribers order by id`)).toEqual([
      { email: "victim@example.com", status: "unsubscribed" },
      { email: "ann@gmail.com", status: "confirmed" },
    ]);
    expect(await rows<{ email: string; name: string }>(sql`select email, name from leads order by id`)).toEqual([
      { email: "victim@example.com", name: "Vic" },
      { email: "ann@gmail.com", name: "Ann" },
    ]);
    expect(await rows<{ email: string }>(sql`select customer_email as email from orders`)).toEqual([{ email: "ann.lee@outlook.com" }]);
    expect(await rows<{ to: string; status: string }>(sql`select to_address as to, status from outbox order by dedupe_key`)).toEqual([
      { to: "x<victim@example.com>", status: "sent" },
      { to: "victim@example.com", status: "pending" },
    ]);
    // Nothing of the migration's own is left behind.
    expect(await rows(sql`select 1 from information_schema.tables where table_name = 'contact_merge_0016'`)).toEqual([]);
    expect(await rows(sql`select 1 from pg_proc where proname = 'mailbox_0016'`)).toEqual([]);
  },
);
