/**
 * A year of a working site's data, at a size of your choosing (issue 44): contacts with their
 * consents, tags, events and suppressions; page views; orders with refunds; broadcasts with their
 * outbox rows. Written through the site's own statements wherever one exists: the audience's
 * consent statement for a set (`recordConsentSet`, the import's merge's) for every
 * contact, the payment provider's event statements (`applyPaymentEvent`, `applyRefundEvent`) for
 * every order, the page-view counter's upsert, and `saveBroadcast` + `startBroadcast` (the
 * dashboard's "Send now", which queues the recipients in the outbox in one statement) for every
 * broadcast. What the site only ever writes with "now" (created_at, paid_at, sent_at) is then
 * spread over the past year by plain UPDATEs, and the mail a year has already sent is marked sent.
 *
 * Deterministic: the same sizes give the same rows (addresses, tags, who bought, who unsubscribed
 * are functions of each row's number), so figures can be compared between runs and databases.
 */
import { count, like, max, sql } from "drizzle-orm";
import pLimit from "p-limit";
import { contacts, pageViews, type StoredOrderLine } from "../../db/schema";
import { CATEGORIES } from "~/lib/article-meta";
import { shippedProduct } from "~/server/shop/shipped-products.server";

import { GUIDE_IDS, GUIDES, guideTag } from "~/lib/guides";
import { LEAD_CONSENT, NEWSLETTER_CONSENT } from "~/lib/site";
import { IMPORTED_TAG, LEAD_FORM_TAG, NEWSLETTER_FORM_TAG, topicTag } from "~/lib/tags";
import { recordConsentSet } from "~/server/audience/audience.sql.server";
import { saveBroadcast, startBroadcast } from "~/server/audience/broadcasts.server";
import { db } from "~/server/db.server";
import { createPendingOrder } from "~/server/payments/orders.server";
import { applyPaymentEvent } from "~/server/payments/fulfilment.server";
import { applyRefundEvent } from "~/server/payments/refund-events.server";

const toolkit = shippedProduct("toolkit");
const powerPack = shippedProduct("power-pack");

export type SeedSizes = {
  contacts: number;
  pageViews: number;
  orders: number;
  broadcasts: number;
};

export const FULL_SIZES: SeedSizes = { contacts: 100_000, pageViews: 1_000_000, orders: 20_000, broadcasts: 50 };

/** The addresses the seed writes: a domain of its own (RFC 2606's example.com is reserved for this). */
export const seedAddress = (n: number) => `reader${n}@seed${n % 97}.example.com`;

const FIRST = ["Maria", "James", "Aisha", "Luis", "Keisha", "Tom", "Priya", "Dwayne", "Rosa", "Kevin", "Tanya", "Sam"];
const LAST = ["S.", "Johnson", "Okafor", "Garcia", "Brown", "Nguyen", "Lee", "Williams", "Smith", "Davis"];

/** Rows per statement while seeding contacts. */
const BATCH = 5_000;

/** A row's share, 0 to 99, for "1 in N of them" rules (stable per row and rule). */
const share = (n: number, rule: number) => (n * 2_654_435_761 + rule * 40_503) % 100;

type Progress = (line: string) => void;

/**
 * Contacts in three kinds, as a year of a site brings them: a guide reader (the lead form, with its
 * guide and topic tags), a newsletter subscriber who confirmed (double opt-in), and an owner's
 * import (Mailchimp or Kit). A quarter of guide readers later joined the newsletter too. Then 4 % unsubscribe
 * and 1 % bounce (their consents withdrawn, as `suppress()` does), and 45 % proved their address.
 */
async function seedContacts(total: number, say: Progress): Promise<void> {
  for (let from = 1; from <= total; from += BATCH) {
    const to = Math.min(total, from + BATCH - 1);
    const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i);
    const leads = numbers.filter((n) => n % 10 < 5);
    const subscribers = numbers.filter((n) => (n % 10 >= 5 && n % 10 < 8) || (n % 10 < 5 && share(n, 1) < 25));
    const imported = numbers.filter((n) => n % 10 >= 8);

    if (leads.length > 0) {
      const rows = leads.map((n) => {
        const guide = GUIDE_IDS[n % GUIDE_IDS.length]!;
        const category = CATEGORIES[n % CATEGORIES.length]!;
        return {
          email: seedAddress(n),
          name: `${FIRST[n % FIRST.length]} ${LAST[(n >> 3) % LAST.length]}`,
          guide,
          title: GUIDES[guide].title,
          page: `${category.toLowerCase().replace(/ /g, "-")}-article`,
          tags: [guideTag(guide), LEAD_FORM_TAG, topicTag(category)].sort(),
        };
      });
      await recordConsentSet(
        db(),
        sql`select i.email, i.name, 'lead form /blog/' || i.page as source, i.tags,
          'guide_followups for the ' || i.title || ' from the lead form on /blog/' || i.page || ${` (wording ${LEAD_CONSENT.version})`} as detail
          from input i join lead l on l.email = i.email`,
        { purpose: "guide_followups", wordingVersion: LEAD_CONSENT.version },
        sql`input as (
          select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            as r(email text, name text, guide text, title text, page text, tags text[])
        ), lead as (
          insert into leads (name, email, lead_magnet, guide, source_page)
          select name, email, title, guide, page from input
          on conflict (email, guide) do nothing
          returning email
        )`,
      );
    }
    if (subscribers.length > 0) {
      const rows = subscribers.map((n) => ({ email: seedAddress(n), page: n % 3 === 0 ? "/" : "/blog" }));
      await recordConsentSet(
        db(),
        sql`select s.email, null::text as name, 'newsletter form ' || s.consent_page as source,
          array[${NEWSLETTER_FORM_TAG}]::text[] as tags,
          'newsletter from the newsletter form on ' || s.consent_page || ${` (wording ${NEWSLETTER_CONSENT.version}), confirmed by e-mail`} as detail
          from subscriber s`,
        { purpose: "newsletter", wordingVersion: NEWSLETTER_CONSENT.version },
        sql`input as (
          select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(email text, page text)
        ), subscriber as (
          insert into newsletter_subscribers (email, status, consent_page, consent_version, confirmed_at)
          select email, 'confirmed', page, ${NEWSLETTER_CONSENT.version}, now() from input
          on conflict (email) do nothing
          returning email, consent_page
        )`,
      );
    }
    if (imported.length > 0) {
      const rows = imported.map((n) => ({
        email: seedAddress(n),
        name: n % 4 === 0 ? null : `${FIRST[n % FIRST.length]} ${LAST[(n >> 2) % LAST.length]}`,
        source: n % 20 < 10 ? "Mailchimp audience export, 2025" : "Kit subscribers, workshop sign-ups",
        tags: [IMPORTED_TAG, ...(n % 3 === 0 ? ["workshop-2025"] : [])].sort(),
      }));
      await recordConsentSet(
        db(),
        sql`select r.email, r.name, 'import: ' || r.source as source, r.tags,
          'from seed.csv: newsletter consent from import: ' || r.source as detail, 'from seed.csv: kept suppressed' as kept_detail
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(email text, name text, source text, tags text[])`,
        { purpose: "newsletter", wordingVersion: "import", skipSuppressed: true, eventKind: "import" },
      );
    }
    say(`contacts: ${to.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}`);
  }

  // A year of arrivals, proofs and leavings (spread by each row's number), 10,000 contacts per
  // statement (each inside PostgreSQL's query timeout, with the tables' triggers).
  const [top] = await db()
    .select({ last: max(contacts.id) })
    .from(contacts);
  const last = top?.last ?? 0;
  for (let from = 0; from <= last; from += 10_000) {
    const range = sql`between ${from} and ${from + 9_999}`;
    await db().execute(sql`
      update contacts set created_at = now() - make_interval(secs => (id * 7919 % 31536000)),
        proved_at = case when (id * 31 % 100) < 45 then now() - make_interval(secs => (id * 7919 % 31536000) / 2) end
      where email like '%.example.com' and id ${range}
    `);
    await db().execute(sql`
      update consents k set created_at = c.created_at from contacts c
      where c.id = k.contact_id and c.email like '%.example.com' and c.id ${range}
    `);
    await db().execute(sql`
      update contact_events e set created_at = c.created_at from contacts c
      where c.id = e.contact_id and c.email like '%.example.com' and c.id ${range}
    `);
  }
  // As suppress() does for each: the suppression, its consents withdrawn, its subscription ended, an event.
  await suppressSeeded(
    sql`update contacts set suppression = case when id % 100 < 4 then 'unsubscribed' else 'hard_bounce' end,
        suppressed_at = created_at + interval '30 days',
        suppression_detail = case when id % 100 < 4 then 'unsubscribe link' else 'SMTP 550 5.1.1 user unknown' end
      where email like '%.example.com' and id % 100 < 5 and suppression is null`,
    "seeded",
  );

  await db().execute(sql`
    insert into contact_events (contact_id, kind, detail, created_at)
    select id, 'proved', 'guide e-mail link', proved_at from contacts where email like '%.example.com' and proved_at is not null
  `);
}

/**
 * Page views: one counter per UTC day and page, as the site's counter writes them (its upsert), for
 * every page the site serves, over the past 365 days, `total` views in all, the home page and the
 * first articles the most viewed.
 */
async function seedPageViews(total: number, paths: readonly string[], say: Progress): Promise<void> {
  const weights = paths.map((_, i) => 1 / (i + 1));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const days = 365;
  for (let day = 0; day < days; day += 30) {
    const values = [];
    for (let d = day; d < Math.min(days, day + 30); d++) {
      const date = new Date(Date.now() - (d + 1) * 86_400_000).toISOString().slice(0, 10);
      for (const [i, path] of paths.entries()) {
        // Traffic grows through the year (the older the day, the fewer the views) and varies by weekday.
        const growth = 0.5 + (days - d) / days;
        const views = Math.round(((total / days) * (weights[i]! / weightSum) * growth * (0.8 + ((d * 7 + i) % 5) / 10)) / 1.0);
        if (views > 0) values.push(sql`(${date}::date, ${path}, ${views}::int)`);
      }
    }
    if (values.length === 0) continue;
    await db().execute(sql`
      insert into page_views (day, path, views) values ${sql.join(values, sql`, `)}
      on conflict (day, path) do update set views = page_views.views + excluded.views
    `);
  }
  const [row] = await db()
    .select({ views: sql<number>`coalesce(sum(${pageViews.views}), 0)`.mapWith(Number), rows: count() })
    .from(pageViews);
  say(`page views: ${Number(row?.views).toLocaleString("en-US")} views in ${Number(row?.rows).toLocaleString("en-US")} rows`);
}

/**
 * Orders as the payment provider's events make them: a pending order (the checkout), then the
 * provider's "paid" event (its entitlements, the buyer's contact and consent, its receipt and
 * review request in the outbox), 30 % with the Power Pack; 8 % never paid (abandoned checkouts);
 * 3 % refunded whole and 2 % refunded the Power Pack only. Two in three buyers are on the list.
 */
async function seedOrders(total: number, contacts: number, concurrency: number, say: Progress): Promise<void> {
  const limit = pLimit(concurrency);
  let done = 0;
  const one = async (n: number) => {
    const bump = share(n, 2) < 30;
    const lines: StoredOrderLine[] = [{ id: toolkit.id, name: toolkit.name, unitAmountCents: toolkit.priceCents, quantity: 1 }];
    if (bump) lines.push({ id: powerPack.id, name: powerPack.name, unitAmountCents: powerPack.priceCents, quantity: 1 });
    const amount = lines.reduce((sum, line) => sum + line.unitAmountCents, 0);
    const order = await createPendingOrder({
      provider: "test",
      lines,
      amountTotal: amount,
      currency: "usd",
      sourceArticle: n % 4 === 0 ? "dispute-credit-errors" : null,
      campaign: n % 9 === 0 ? `broadcast-${(n % 50) + 1}` : null,
    });
    const sessionId = `seed_session_${n}`;
    if (share(n, 3) < 8) return; // abandoned at the hosted page
    const email = n % 3 === 0 ? `buyer${n}@shop.example.com` : seedAddress(((n * 13) % Math.max(1, contacts)) + 1);
    await applyPaymentEvent({
      eventId: `seed_paid_${n}`,
      eventType: "checkout.session.completed",
      provider: "test",
      sessionId,
      orderRef: order.id,
      outcome: "paid",
      amountCents: amount,
      currency: "usd",
      customerEmail: email,
      paymentId: `seed_payment_${n}`,
    });
    const refund = share(n, 4);
    if (refund < 3) {
      await applyRefundEvent({
        eventId: `seed_refund_${n}`,
        eventType: "charge.refunded",
        provider: "test",
        sessionId,
        claim: { kind: "whole" },
      });
    } else if (refund < 5 && bump) {
      await applyRefundEvent({
        eventId: `seed_refund_${n}`,
        eventType: "charge.refunded",
        provider: "test",
        sessionId,
        claim: { kind: "product", productId: powerPack.id },
      });
    }
  };
  await Promise.all(
    Array.from({ length: total }, (_, i) =>
      limit(async () => {
        await one(i + 1);
        done += 1;
        if (done % 2_000 === 0 || done === total) say(`orders: ${done.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}`);
      }),
    ),
  );
  // A year of sales: each order's times moved back together; the mail it caused went at the time.
  await db().execute(sql`
    with moved as (
      update orders set created_at = created_at - make_interval(secs => (id * 7919 % 31536000)),
        paid_at = paid_at - make_interval(secs => (id * 7919 % 31536000)),
        updated_at = updated_at - make_interval(secs => (id * 7919 % 31536000))
      where provider_session_id like 'seed\\_%' or provider_session_id like 'pending\\_%'
      returning id, created_at
    ), refunds as (
      update order_refunds r set created_at = m.created_at + interval '5 days' from moved m where r.order_id = m.id
    )
    update entitlements e set granted_at = m.created_at from moved m where e.order_id = m.id
  `);
  await db().execute(sql`
    update outbox set status = 'sent', attempts = 1, sent_at = o.paid_at, created_at = o.paid_at, due_at = o.paid_at, next_attempt_at = o.paid_at,
      sent_info = '250 2.0.0 OK (seeded)'
    from orders o
    where outbox.kind in ('receipt', 'review-request', 'access-ended') and outbox.status = 'pending'
      and (outbox.payload->>'orderId')::int = o.id and o.paid_at is not null
  `);
}

/**
 * Broadcasts, one a week for a year, each made and sent as the dashboard does ("Send now": its
 * recipients queued in the outbox in one statement), then recorded as sent at its week: every
 * fifth to the whole newsletter, the others to a topic's readers. 2 % of each one's rows failed
 * or were suppressed at send time, the rest went.
 */
async function seedBroadcasts(total: number, say: Progress): Promise<{ queued: number; seconds: number }[]> {
  const timings: { queued: number; seconds: number }[] = [];
  for (let i = 1; i <= total; i++) {
    const category = CATEGORIES[i % CATEGORIES.length]!;
    const wide = i % 5 === 0;
    const saved = await saveBroadcast({
      intent: "save",
      id: 0,
      version: 1,
      subject: wide ? `This month on the site (${i})` : `New on ${category} (${i})`,
      preview: "What's new, and one thing to do this week.",
      body: `Hello,\n\nThis week: one step you can take on ${category.toLowerCase()}.\n\nThanks for reading.`,
      audiences: ["newsletter"],
      includeTags: wide ? [] : [topicTag(category), IMPORTED_TAG],
      excludeTags: [],
    });
    if (!("saved" in saved)) throw new Error(`Broadcast ${i} not saved: ${saved.refused}`);
    const started = performance.now();
    const outcome = await startBroadcast({ id: saved.saved, version: 1, when: "now", scheduledAt: undefined });
    const seconds = (performance.now() - started) / 1000;
    if (!("started" in outcome) || outcome.started !== "now") throw new Error(`Broadcast ${i} not started: ${JSON.stringify(outcome)}`);
    timings.push({ queued: outcome.queued, seconds });
    const weeksAgo = total - i + 1;
    await db().execute(sql`
      with sent as (
        update outbox set status = case when id % 50 = 0 then 'failed' when id % 50 = 1 then 'suppressed' else 'sent' end,
          attempts = 1, sent_at = now() - make_interval(days => ${weeksAgo * 7}),
          created_at = now() - make_interval(days => ${weeksAgo * 7}), due_at = now() - make_interval(days => ${weeksAgo * 7}),
          next_attempt_at = now() - make_interval(days => ${weeksAgo * 7}),
          sent_info = case when id % 50 = 0 then null else '250 2.0.0 OK (seeded)' end,
          last_error = case when id % 50 = 0 then '421 4.7.0 try again later (seeded)' end,
          send_started_at = now() - make_interval(days => ${weeksAgo * 7})
        where kind = 'broadcast' and (payload->>'broadcastId')::int = ${saved.saved} and status = 'pending'
        returning id
      )
      update broadcasts set status = 'sent', started_at = now() - make_interval(days => ${weeksAgo * 7}),
        finished_at = now() - make_interval(days => ${weeksAgo * 7}) + interval '3 hours',
        created_at = now() - make_interval(days => ${weeksAgo * 7 + 1})
      where id = ${saved.saved}
    `);
    if (i % 10 === 0 || i === total)
      say(`broadcasts: ${i} of ${total} (the last queued ${outcome.queued.toLocaleString("en-US")} in ${seconds.toFixed(2)} s)`);
  }
  return timings;
}

/**
 * Readers who left after broadcasts reached them, as the unsubscribe link and the bounce webhook
 * record it (suppress()): 2 % of those a broadcast went to unsubscribed some weeks into the year,
 * a seventh of them because their address bounced.
 */
async function seedLeavers(): Promise<void> {
  await suppressSeeded(
    sql`update contacts c set suppression = case when c.id % 7 = 0 then 'hard_bounce' else 'unsubscribed' end,
        suppressed_at = now() - make_interval(days => (c.id % 300)),
        suppression_detail = case when c.id % 7 = 0 then 'SMTP 550 5.1.1 user unknown' else 'unsubscribe link' end
      where c.suppression is null and c.id % 100 between 50 and 51
        and exists (select 1 from outbox o where o.kind = 'broadcast' and (o.payload->>'contactId')::int = c.id)`,
    "seeded, after broadcasts",
  );
}

/**
 * What suppress() does, for the contacts `update` suppresses (an UPDATE of contacts without its
 * RETURNING): their consents withdrawn and their subscription ended at the suppression's time, and
 * an event each, in one statement.
 */
async function suppressSeeded(update: ReturnType<typeof sql>, detail: string): Promise<void> {
  await db().execute(sql`
    with gone as (${update} returning id, email, suppression, suppressed_at),
    withdrawn as (
      update consents k set withdrawn_at = g.suppressed_at from gone g where k.contact_id = g.id and k.withdrawn_at is null
    ), ended as (
      update newsletter_subscribers s set status = 'unsubscribed', unsubscribed_at = g.suppressed_at
      from gone g where s.email = g.email and s.status <> 'unsubscribed'
    )
    insert into contact_events (contact_id, kind, detail, created_at)
    select id, 'suppressed', suppression || ': ' || ${detail}, suppressed_at from gone
  `);
}

export type SeedReport = { seconds: Record<keyof SeedSizes, number>; broadcastQueues: { queued: number; seconds: number }[] };

/** Fill the open database (see the module's comment). `paths`: the pages the site serves, for page views. */
export async function seedScale(
  sizes: SeedSizes,
  options: { paths: readonly string[]; concurrency?: number; say?: Progress },
): Promise<SeedReport> {
  const say = options.say ?? (() => {});
  const [existing] = await db().select({ n: count() }).from(contacts).where(like(contacts.email, "%.example.com"));
  if (Number(existing?.n) > 0) throw new Error("This database was seeded already: seed an empty one (a new DATA_DIR or database).");
  const seconds = { contacts: 0, pageViews: 0, orders: 0, broadcasts: 0 };
  const timed = async <T>(key: keyof SeedSizes, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await run();
    seconds[key] = Math.round((performance.now() - started) / 100) / 10;
    return result;
  };
  await timed("contacts", () => seedContacts(sizes.contacts, say));
  await timed("pageViews", () => seedPageViews(sizes.pageViews, options.paths, say));
  await timed("orders", () => seedOrders(sizes.orders, sizes.contacts, options.concurrency ?? 1, say));
  const broadcastQueues = await timed("broadcasts", async () => {
    const queues = await seedBroadcasts(sizes.broadcasts, say);
    await seedLeavers();
    return queues;
  });
  await db().execute(sql`analyze`);
  return { seconds, broadcastQueues };
}
