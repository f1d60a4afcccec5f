/**
 * Migration 0018: a free guide per topic (issue 40, item 6). Every earlier lead, step and
 * enrolment belonged to the one guide there was; a proved lead had opened it; each enrolment
 * remembers when its contact last had a step (one step a day across sequences); and afterwards an
 * address can ask for the other guide and be in its sequence too.
 */
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { databaseBefore } from "../helpers/migrations";

const { database, migrate, rows } = await databaseBefore("0018_guides_per_topic");

it(
  "gives every earlier row the credit guide, keeps who opened it and when steps went, and then takes a second guide",
  { timeout: 90_000 },
  async () => {
    await database.execute(sql`
    insert into contacts (id, email, proved_at) values (1, 'ana@example.com', '2026-11-01T10:00:00Z'), (2, 'ben@example.com', null)
  `);
    await database.execute(sql`
    insert into leads (name, email, lead_magnet, source_page) values
      ('Ana', 'ana@example.com', 'Credit Repair Starter Guide', 'a'), ('Ben', 'ben@example.com', 'Credit Repair Starter Guide', 'b')
  `);
    await database.execute(sql`
    insert into sequence_steps (id, position, subject, preview, body, delay_minutes) values ('01-x', 1, 'S', 'P', 'B', 1440)
  `);
    await database.execute(sql`
    insert into sequence_enrollments (contact_id, status, next_position, last_sent_at, next_at) values (1, 'active', 2, now(), now())
  `);
    await database.execute(sql`
    insert into outbox (kind, dedupe_key, to_address, payload, created_at) values
      ('sequence-step', 'seq:1:01-x', 'ana@example.com', '{"contactId": 1, "stepId": "01-x"}'::jsonb, '2026-11-02T10:00:00Z')
  `);

    await migrate();

    expect(
      await rows(
        sql`select email, guide, to_char(opened_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as "openedAt" from leads order by email`,
      ),
    ).toEqual([
      { email: "ana@example.com", guide: "credit-repair", openedAt: "2026-11-01 10:00" },
      { email: "ben@example.com", guide: "credit-repair", openedAt: null },
    ]);
    expect(await rows(sql`select guide, position from sequence_steps`)).toEqual([{ guide: "credit-repair", position: 1 }]);
    expect(
      await rows(
        sql`select contact_id as id, guide, to_char(step_sent_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as at from sequence_enrollments`,
      ),
    ).toEqual([{ id: 1, guide: "credit-repair", at: "2026-11-02 10:00" }]);

    // One lead and one enrolment per address and guide: the other guide is now a row of its own, the same one twice is refused.
    await database.execute(
      sql`insert into leads (name, email, lead_magnet, guide, source_page) values ('Ana', 'ana@example.com', 'W', 'first-budget', 'c')`,
    );
    await expect(
      database.execute(
        sql`insert into leads (name, email, lead_magnet, guide, source_page) values ('Ana', 'ana@example.com', 'W', 'first-budget', 'd')`,
      ),
    ).rejects.toThrow();
    await database.execute(sql`
    insert into sequence_steps (id, guide, position, subject, preview, body, delay_minutes) values ('budget-1', 'first-budget', 1, 'S', 'P', 'B', 0)
  `);
    await database.execute(sql`
    insert into sequence_enrollments (contact_id, guide, status, next_position, last_sent_at, next_at) values (1, 'first-budget', 'active', 1, now(), now())
  `);
    await expect(
      database.execute(sql`
      insert into sequence_enrollments (contact_id, guide, status, next_position, last_sent_at, next_at) values (1, 'first-budget', 'active', 1, now(), now())
    `),
    ).rejects.toThrow();
  },
);
