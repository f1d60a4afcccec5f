/**
 * Migration 0017: consent by purpose and tags (issue 40). What a database already holds becomes
 * tags in the spellings the site gives today (a lead's form, guide and article topic; a newsletter
 * sign-up; an import; each product bought), and every paid order's buyer gets the buyer purpose's
 * consent record; a pending order gets nothing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";
import { guideTag } from "~/lib/guides";
import { boughtTag, IMPORTED_TAG, LEAD_FORM_TAG, NEWSLETTER_FORM_TAG, topicTag } from "~/lib/tags";
import { migrationsBefore } from "../helpers/migrations";
import { freshPglite } from "../helpers/pglite-template";

const MIGRATION = "0017_consent_purposes_and_tags";
const work = mkdtempSync(join(tmpdir(), "tags-migration-"));

const client = await freshPglite();
const database = drizzle(client);
afterAll(async () => {
  await client.close();
  rmSync(work, { recursive: true, force: true });
});

const rows = async <T>(query: ReturnType<typeof sql>) => (await database.execute<T & Record<string, unknown>>(query)).rows;

it("tags every contact from its earlier records and records a buyer consent per paid order", { timeout: 90_000 }, async () => {
  await migrate(database, { migrationsFolder: migrationsBefore(MIGRATION, work) });
  await database.execute(sql`
    insert into articles (slug, title, subtitle, excerpt, description, category, published_on, reviewed_on, reading_minutes, body, html, image_alt, sort_order, status, publish_at)
    values ('save-first', 'T', 'S', 'E', 'D', 'Saving Money', '2026-01-01', '2026-01-01', 3, 'b', '<p>b</p>', 'a', 1, 'published', now())
  `);
  await database.execute(sql`
    insert into contacts (id, email) values (1, 'lead@example.com'), (2, 'sub@example.com'), (3, 'imp@example.com'), (4, 'buyer@example.com'), (5, 'pending@example.com')
  `);
  await database.execute(
    sql`insert into leads (name, email, lead_magnet, source_page) values ('Lee', 'lead@example.com', 'Credit Repair Starter Guide', 'save-first')`,
  );
  await database.execute(sql`
    insert into consents (contact_id, purpose, source, wording_version) values
      (2, 'newsletter', 'newsletter form /blog', 'v1'), (3, 'newsletter', 'import: old list', 'import')
  `);
  await database.execute(sql`
    insert into orders (provider, provider_session_id, lines, amount_total, currency, status, customer_email, paid_at) values
      ('test', 's1', '[{"id":"toolkit","name":"T","unitAmountCents":700,"quantity":1},{"id":"power-pack","name":"P","unitAmountCents":1499,"quantity":1}]'::jsonb, 2199, 'usd', 'paid', 'buyer@example.com', now()),
      ('test', 's2', '[{"id":"toolkit","name":"T","unitAmountCents":700,"quantity":1}]'::jsonb, 700, 'usd', 'pending', 'pending@example.com', null)
  `);

  await migrate(database, { migrationsFolder: resolve("db/migrations") });

  const tags = await rows<{ email: string; tags: string[] }>(sql`select email, tags from contacts order by email`);
  expect(tags).toEqual([
    { email: "buyer@example.com", tags: [boughtTag("power-pack"), boughtTag("toolkit")] },
    { email: "imp@example.com", tags: [IMPORTED_TAG] },
    { email: "lead@example.com", tags: [guideTag("credit-repair"), LEAD_FORM_TAG, topicTag("Saving Money")] },
    { email: "pending@example.com", tags: [] },
    { email: "sub@example.com", tags: [NEWSLETTER_FORM_TAG] },
  ]);
  const buyerConsents = await rows<{ email: string; source: string }>(sql`
    select c.email, k.source from consents k join contacts c on c.id = k.contact_id where k.purpose = 'buyer'
  `);
  expect(buyerConsents).toEqual([{ email: "buyer@example.com", source: "checkout order 1" }]);
  // The database's own rule for a tag is the site's.
  await expect(database.execute(sql`update contacts set tags = array['Bad Tag'] where id = 1`)).rejects.toThrow();
  await expect(database.execute(sql`update contacts set tags = array['fine', 'no/slash'] where id = 1`)).rejects.toThrow();
  await database.execute(sql`update contacts set tags = array['fine', 'also-fine'] where id = 1`);
});
