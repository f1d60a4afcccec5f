/**
 * The running counts the database keeps for the dashboard (issue 44, migration 0025): after every
 * kind of change the site makes to the outbox and the contacts (a form's one-row statement, a
 * broadcast's 1,000-row queue, sends recorded, a cancel, an upsert that updates instead of
 * inserting, tags added and removed, rows deleted), each count read from them is what COUNT(*)
 * over the rows says; folding them changes no count; a rolled-back change leaves none behind.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/server/db.server";
import {
  broadcastLeavers,
  broadcastStatusCounts,
  compactTallies,
  contactCount,
  outboxStatusCounts,
  tagCounts,
} from "~/server/tallies.server";
import { rowsOf, useTestDatabase } from "../helpers/db";

useTestDatabase();

/** What COUNT(*) says now, in the shapes the tallies give. */
async function counted() {
  const byStatus = rowsOf<{ status: string; n: number }>(await db().execute(sql`select status, count(*)::int as n from outbox group by 1`));
  const byBroadcast = rowsOf<{ id: number; status: string; n: number }>(
    await db().execute(sql`
      select (payload->>'broadcastId')::int as id, status, count(*)::int as n from outbox where kind = 'broadcast' group by 1, 2
    `),
  );
  const [contacts] = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from contacts`));
  const tags = rowsOf<{ tag: string; contacts: number }>(
    await db().execute(sql`select tag, count(*)::int as contacts from contacts, unnest(tags) tag group by tag order by tag`),
  );
  // The broadcasts page's own definition before issue 44: every broadcast row joined with its contact.
  const leavers = rowsOf<{ id: number; bounced: number; unsubscribed: number }>(
    await db().execute(sql`
      select (o.payload->>'broadcastId')::int as id,
        count(*) filter (where c.suppression = 'hard_bounce' and c.suppressed_at >= o.created_at)::int as bounced,
        count(*) filter (where c.suppression in ('unsubscribed', 'complaint') and o.sent_at is not null and c.suppressed_at >= o.sent_at)::int as unsubscribed
      from outbox o left join contacts c on c.id = (o.payload->>'contactId')::int
      where o.kind = 'broadcast' group by 1 order by 1
    `),
  ).filter((r) => r.bounced + r.unsubscribed > 0);
  return {
    outbox: Object.fromEntries(byStatus.map((r) => [r.status, r.n])),
    broadcasts: Object.fromEntries(byBroadcast.map((r) => [`${r.id}:${r.status}`, r.n])),
    contacts: contacts!.n,
    tags,
    leavers,
  };
}

/** What the tallies say, in the same shapes. */
async function tallied() {
  const broadcasts: Record<string, number> = {};
  for (const [id, statuses] of await broadcastStatusCounts())
    for (const [status, n] of statuses) if (n !== 0) broadcasts[`${id}:${status}`] = n;
  return {
    outbox: Object.fromEntries([...(await outboxStatusCounts())].filter(([, n]) => n !== 0)),
    broadcasts,
    contacts: await contactCount(),
    tags: await tagCounts(),
    leavers: [...(await broadcastLeavers())]
      .map(([id, figures]) => ({ id, ...figures }))
      .filter((r) => r.bounced + r.unsubscribed > 0)
      .sort((a, b) => a.id - b.id),
  };
}

const outboxRow = (kind: string, key: string, payload: string) =>
  sql`insert into outbox (kind, dedupe_key, to_address, payload) values (${kind}, ${key}, 'a@example.com', ${payload}::jsonb)`;

describe("the dashboard's running counts", () => {
  it("equal COUNT(*) after each kind of change, and folding them changes none", async () => {
    expect(await tallied()).toEqual(await counted());

    // Contacts: a batch with tags, then an upsert that updates some (tags merged) and adds others.
    await db().execute(sql`
      insert into contacts (email, tags)
      select 'reader' || i || '@example.com', case when i % 2 = 0 then array['imported', 'topic-budgeting'] else array['lead-form'] end
      from generate_series(1, 1000) i
    `);
    await db().execute(sql`
      insert into contacts (email, tags)
      select 'reader' || i || '@example.com', array['vip'] from generate_series(990, 1010) i
      on conflict (email) do update set tags = merge_tags(contacts.tags, excluded.tags)
    `);
    await db().execute(sql`update contacts set tags = array_remove(tags, 'imported') where id % 10 = 0`);
    await db().execute(sql`update contacts set name = 'Same tags' where id < 50`);
    expect(await tallied()).toEqual(await counted());

    // The outbox: a form's one row, a broadcast's 1,000 queued in one statement, another's 300.
    await db().execute(outboxRow("guide", "guide:1", `{"leadId": 1, "name": "A", "guide": "credit-repair"}`));
    await db().execute(sql`
      insert into outbox (kind, dedupe_key, to_address, payload)
      select 'broadcast', 'bc:7:' || c.id, c.email, jsonb_build_object('broadcastId', 7, 'contactId', c.id) from contacts c where c.id <= 1000
    `);
    await db().execute(sql`
      insert into outbox (kind, dedupe_key, to_address, payload)
      select 'broadcast', 'bc:8:' || c.id, c.email, jsonb_build_object('broadcastId', 8, 'contactId', c.id) from contacts c where c.id <= 300
      on conflict (dedupe_key) do nothing
    `);
    // A repeated queue changes nothing; a claim changes no status; sends, failures and a cancel do.
    await db().execute(sql`
      insert into outbox (kind, dedupe_key, to_address, payload)
      select 'broadcast', 'bc:8:' || c.id, c.email, jsonb_build_object('broadcastId', 8, 'contactId', c.id) from contacts c where c.id <= 300
      on conflict (dedupe_key) do nothing
    `);
    await db().execute(sql`update outbox set locked_until = now() + interval '1 minute', attempts = attempts + 1 where id % 3 = 0`);
    await db().execute(sql`update outbox set status = 'sent', sent_at = now() where id % 3 = 0`);
    await db().execute(sql`update outbox set status = 'failed' where id % 7 = 1 and status = 'pending'`);
    await db().execute(sql`update outbox set status = 'cancelled' where (payload->>'broadcastId')::int = 8 and status = 'pending'`);
    await db().execute(sql`delete from outbox where id % 11 = 0`);
    expect(await tallied()).toEqual(await counted());

    // Recipients who leave: some unsubscribe after their broadcast went, some bounce, one complains
    // (replacing an unsubscribe), one's bounce is lifted by the owner, one left before it went.
    await db().execute(sql`
      update contacts set suppression = 'unsubscribed', suppressed_at = now() + interval '1 hour' where id % 5 = 1 and id <= 600
    `);
    await db().execute(
      sql`update contacts set suppression = 'hard_bounce', suppressed_at = now() + interval '1 hour' where id % 5 = 2 and id <= 600`,
    );
    await db().execute(sql`update contacts set suppression = 'complaint', suppressed_at = now() + interval '2 hours' where id = 6`);
    await db().execute(sql`update contacts set suppression = null, suppressed_at = null where id = 7`);
    await db().execute(sql`update contacts set suppression = 'unsubscribed', suppressed_at = now() - interval '1 day' where id = 11`);
    // A row sent after its contact left (a race), and a new broadcast queued to some who left.
    await db().execute(
      sql`update outbox set status = 'sent', sent_at = now() where kind = 'broadcast' and (payload->>'contactId')::int in (16, 17)`,
    );
    await db().execute(sql`
      insert into outbox (kind, dedupe_key, to_address, payload)
      select 'broadcast', 'bc:9:' || c.id, c.email, jsonb_build_object('broadcastId', 9, 'contactId', c.id) from contacts c where c.id <= 40
    `);
    const left = await counted();
    expect(left.leavers.length).toBeGreaterThan(1);
    expect(left.leavers.reduce((n, r) => n + r.bounced, 0)).toBeGreaterThan(10);
    expect(left.leavers.reduce((n, r) => n + r.unsubscribed, 0)).toBeGreaterThan(10);
    expect(await tallied()).toEqual(left);

    // A change rolled back leaves no count behind.
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`update outbox set status = 'suppressed' where status = 'pending'`);
        await tx.execute(sql`delete from contacts where id % 2 = 0`);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await tallied()).toEqual(await counted());

    // Contacts deleted (their consents and events go with them).
    await db().execute(sql`delete from contacts where id % 4 = 0`);
    const before = await counted();
    expect(await tallied()).toEqual(before);
    expect(before.contacts).toBeGreaterThan(700);
    expect(before.contacts).toBeLessThan(1010);

    // Folded: one row per key, the same counts; twice at once, still the same.
    const [rows] = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from outbox_tallies`));
    const folded = await compactTallies();
    expect(folded.outbox).toBe(rows!.n);
    const [after] = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from outbox_tallies`));
    expect(after!.n).toBeLessThan(rows!.n);
    const [keys] = rowsOf<{ n: number }>(
      await db().execute(sql`
        select count(*)::int as n from (select distinct case when kind = 'broadcast' then payload->>'broadcastId' end, status from outbox) k
      `),
    );
    expect(after!.n).toBe(keys!.n);
    expect(folded.leavers).toBeGreaterThan(0);
    await Promise.all([compactTallies(), compactTallies()]);
    expect(await tallied()).toEqual(before);
  });
});
