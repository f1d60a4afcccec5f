/**
 * What each dashboard page reads from the database, at scale (issue 44): the loaders' own server
 * functions, called as the pages call them, for `npm run bench:scale` and for finding the slow
 * one (scripts/scale/time-dashboard.ts prints each
 * one's median time). The pages' full server time, over HTTP, is measured by bench-scale.ts.
 */
import { sql } from "drizzle-orm";
import { searchContacts, contactHistory } from "../../app/server/admin/audience-view.server";
import { salesByEmail } from "../../app/server/admin/email-sales.server";
import { mailHealth } from "../../app/server/admin/mail-health.server";
import { orderDetail, searchOrders } from "../../app/server/admin/order-admin.server";
import { overview } from "../../app/server/admin/stats.server";
import { countAudience } from "../../app/server/audience/audience.server";
import { broadcastsWithFigures } from "../../app/server/audience/broadcast-admin.server";
import { tagsInUse } from "../../app/server/audience/tags.server";
import { db, parsedRows } from "../../app/server/db.server";
import { readProductCatalogue } from "../../app/server/shop/product-store.server";
import { z } from "zod";

const SampleSchema = z.object({
  contactId: z.coerce.number(),
  contactEmail: z.string(),
  name: z.string(),
  orderId: z.coerce.number(),
  buyer: z.string(),
  broadcastId: z.coerce.number(),
});
export type Sample = z.infer<typeof SampleSchema>;

/** A contact, an order and a broadcast of the seeded data to open, the same on every run. */
export async function sampleIds(): Promise<Sample> {
  const [row] = parsedRows(
    await db().execute(sql`
      select coalesce((select id from contacts where email like 'reader%' order by id offset 4242 limit 1),
                      (select min(id) from contacts)) as "contactId",
             coalesce((select email from contacts where email like 'reader%' order by id offset 4242 limit 1),
                      (select min(email) from contacts), 'reader') as "contactEmail",
             coalesce((select split_part(name, ' ', 2) from contacts where name is not null order by id offset 777 limit 1),
                      (select min(split_part(name, ' ', 2)) from contacts), 'Garcia') as name,
             coalesce((select max(id) - 100 from orders having max(id) > 100), (select max(id) from orders), 1) as "orderId",
             coalesce((select customer_email from orders where customer_email is not null order by id offset 1234 limit 1),
                      (select min(customer_email) from orders), 'buyer') as buyer,
             coalesce((select max(id) from broadcasts), 1) as "broadcastId"
    `),
    SampleSchema,
  );
  return row!;
}

/** Each page's reads, by the page's address. */
export function dashboardReads(s: Sample): { page: string; read: () => Promise<unknown> }[] {
  const zone = "America/New_York";
  return [
    { page: "/admin (30 days)", read: () => Promise.all([overview(30, zone), salesByEmail(30)]) },
    { page: "/admin?days=90", read: () => Promise.all([overview(90, zone), salesByEmail(90)]) },
    { page: "/admin/contacts", read: () => Promise.all([searchContacts("", 1), tagsInUse()]) },
    { page: "/admin/contacts?page=1000", read: () => searchContacts("", 1000) },
    { page: "/admin/contacts?q=<address>", read: () => searchContacts(s.contactEmail.slice(0, 12), 1) },
    { page: "/admin/contacts?q=<name>", read: () => searchContacts(s.name, 1) },
    { page: "/admin/contacts?purpose=newsletter", read: () => searchContacts("", 1, { purpose: "newsletter" }) },
    { page: "/admin/contacts?tag=imported&bought=yes", read: () => searchContacts("", 1, { tag: "imported", bought: "yes" }) },
    { page: "/admin/contacts?source=guide&added=30", read: () => searchContacts("", 1, { source: "guide", added: "30" }) },
    { page: "/admin/contacts/<id>", read: () => contactHistory(s.contactId, zone) },
    { page: "/admin/orders", read: () => searchOrders({ page: 1 }) },
    { page: "/admin/orders?page=400", read: () => searchOrders({ page: 400 }) },
    { page: "/admin/orders?email=<buyer>", read: () => searchOrders({ email: s.buyer, page: 1 }) },
    { page: "/admin/orders/<id>", read: async () => orderDetail(s.orderId, await readProductCatalogue()) },
    { page: "/admin/broadcasts", read: () => Promise.all([broadcastsWithFigures(), tagsInUse()]) },
    { page: "/admin/broadcasts/<id>/progress", read: () => broadcastsWithFigures(s.broadcastId) },
    {
      page: "/admin/broadcasts/recipients (newsletter)",
      read: () => countAudience({ audiences: ["newsletter"], includeTags: [], excludeTags: [] }),
    },
    {
      page: "/admin/broadcasts/recipients (guide + buyers, tags)",
      read: () => countAudience({ audiences: ["guide", "buyers"], includeTags: ["topic-credit-repair"], excludeTags: ["imported"] }),
    },
    { page: "/admin/email", read: () => mailHealth() },
  ];
}

export async function timeReads(reads: ReturnType<typeof dashboardReads>, runs = 5): Promise<{ page: string; ms: number }[]> {
  const out: { page: string; ms: number }[] = [];
  for (const { page, read } of reads) {
    await read(); // warm
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await read();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    out.push({ page, ms: Math.round(times[Math.floor(times.length / 2)]! * 10) / 10 });
  }
  return out;
}
