/**
 * Migration 0019 (issue 41): readers enrolled in the credit guide's sequence before it gained its
 * sixth step agreed to "about two weeks", so theirs ends at step 5; the workbook's are untouched;
 * every review so far was decided by the owner (none published itself).
 */
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { databaseBefore } from "../helpers/migrations";

const { database, migrate, rows } = await databaseBefore("0019_content_a_counsellor_would_sign");

it("ends earlier readers' credit sequence at step 5 and marks no review as published by the site", { timeout: 90_000 }, async () => {
  await database.execute(
    sql`insert into contacts (id, email, proved_at) values (1, 'ana@example.com', now()), (2, 'ben@example.com', now())`,
  );
  await database.execute(sql`
    insert into sequence_enrollments (contact_id, guide, status, next_position, last_sent_at, next_at) values
      (1, 'credit-repair', 'active', 3, now(), now()), (1, 'first-budget', 'active', 1, now(), now()), (2, 'credit-repair', 'done', 5, now(), now())
  `);
  await database.execute(sql`
    insert into orders (id, provider, provider_session_id, status, amount_total, currency, lines)
    values (1, 'test', 'pending_1', 'paid', 700, 'usd', '[]'::jsonb)
  `);
  await database.execute(
    sql`insert into reviews (order_id, rating, body, display_name, status) values (1, 5, 'Clear letters.', 'Ann L.', 'approved')`,
  );

  await migrate();

  expect(
    await rows(sql`select contact_id as id, guide, last_position as last from sequence_enrollments order by contact_id, guide`),
  ).toEqual([
    { id: 1, guide: "credit-repair", last: 5 },
    { id: 1, guide: "first-budget", last: null },
    { id: 2, guide: "credit-repair", last: 5 },
  ]);
  expect(await rows(sql`select status, auto_published as auto from reviews`)).toEqual([{ status: "approved", auto: false }]);
});
