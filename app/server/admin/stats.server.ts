/**
 * The dashboard's numbers, straight from the tables (no separate analytics store): money and
 * orders from `orders`, leads and subscribers from the one list's filters (its counts), page
 * views from `page_views`. A window is the last N days up to now; the daily series are days in the
 * business's time zone (a sale at 9 PM in New York counts on that evening's day, as its receipt
 * says), the per-article page views UTC days (the counter's own).
 */
import { sql } from "drizzle-orm";
import type { ArticleStatus } from "../../../db/schema";
import { powerPack } from "~/lib/catalogue";
import { zonedDay } from "~/lib/dates";
import type { ContactFilters } from "~/lib/forms/contact-filters";
import { countContacts } from "~/server/audience/audience.server";
import { db, rowsOf } from "~/server/db.server";
import { flushPageViews, utcDay } from "~/server/admin/page-views.server";
import { log } from "~/server/log.server";

export const WINDOWS = [7, 30, 90] as const;
export type WindowDays = (typeof WINDOWS)[number];

export function windowFrom(param: string | null): WindowDays {
  const n = Number(param);
  return (WINDOWS as readonly number[]).includes(n) ? (n as WindowDays) : 30;
}

/** Paid at some point: still paid, or later refunded or disputed. */
const EVER_PAID = sql.raw(`status in ('paid', 'refunded', 'disputed') and paid_at is not null`);
/** What an order (the row `orders` in scope) gave back so far: its products refunded and any unmatched amount. */
const REFUNDED_CENTS = sql.raw(`coalesce((select sum(r.amount_cents) from order_refunds r where r.order_id = orders.id), 0)`);

export type Overview = {
  days: WindowDays;
  grossCents: number;
  refundedCents: number;
  netCents: number;
  /** Orders with something still paid for (partly refunded ones too; never a refunded or disputed one). */
  paidOrders: number;
  /** Of those, the ones whose Power Pack is still paid for. */
  powerPackOrders: number;
  /** Orders refunded whole or in part. */
  refundedOrders: number;
  checkoutsStarted: number;
  checkoutsPaid: number;
  /** New contacts in the window who asked for the guide: the list's `source=guide&added=<days>`. */
  leads: number;
  /** The newsletter audience now: the list's `purpose=newsletter`. */
  newsletterSubscribers: number;
  /** One entry per day of the business's zone, oldest first, today last; revenue net of its sales' refunds. */
  daily: { day: string; revenueCents: number; leads: number }[];
};

const since = (days: number) => new Date(Date.now() - days * 86_400_000);

export async function overview(days: WindowDays, timeZone: string): Promise<Overview> {
  const from = since(days);
  // Refunds net out: what each order gave back (a whole refund or one product), and an order counts
  // as paid only while something of it is still paid for (a refunded or disputed one is not).
  const [money] = rowsOf<{ gross: number; refunded: number; paid: number; bump: number; refundedOrders: number }>(
    await db().execute(sql`
      select coalesce(sum(amount_total), 0)::int as gross,
             coalesce(sum(${REFUNDED_CENTS}), 0)::int as refunded,
             count(*) filter (where status = 'paid')::int as paid,
             count(*) filter (where status = 'paid' and lines @> ${JSON.stringify([{ id: powerPack.id }])}::jsonb
               and not exists (select 1 from order_refunds r where r.order_id = orders.id and r.product_id = ${powerPack.id}))::int as bump,
             count(*) filter (where ${REFUNDED_CENTS} > 0)::int as "refundedOrders"
      from orders where ${EVER_PAID} and paid_at >= ${from}
    `),
  );
  // A checkout started is an order row (written when the buyer pressed the button); paid if it ever was.
  const [funnel] = rowsOf<{ started: number; paid: number }>(
    await db().execute(sql`
      select count(*)::int as started, count(*) filter (where paid_at is not null)::int as paid
      from orders where created_at >= ${from}
    `),
  );
  // The one list's counts (the figures link to the list with the same filters, which shows the same number).
  const [leads, newsletterSubscribers] = await Promise.all([
    countContacts({ source: "guide", added: String(days) as ContactFilters["added"] }),
    countContacts({ purpose: "newsletter" }),
  ]);
  // Each day's sales and leads grouped once (not a query per day): the window's rows are read once, by index.
  const daily = rowsOf<{ day: string; revenue: number; leads: number }>(
    await db().execute(sql`
      with days as (
        select (generate_series(${zonedDay(from, timeZone)}::date, ${zonedDay(new Date(), timeZone)}::date, interval '1 day'))::date as day
      ), sales as (
        select (paid_at at time zone ${timeZone})::date as day, sum(amount_total - ${REFUNDED_CENTS}) as revenue
        from orders where ${EVER_PAID} and paid_at >= ${from} group by 1
      ), new_leads as (
        select (created_at at time zone ${timeZone})::date as day, count(*) as n
        from leads where created_at >= ${from} group by 1
      )
      select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(s.revenue, 0)::int as revenue, coalesce(l.n, 0)::int as leads
      from days d left join sales s on s.day = d.day left join new_leads l on l.day = d.day
      order by d.day
    `),
  );
  return {
    days,
    grossCents: money!.gross,
    refundedCents: money!.refunded,
    netCents: money!.gross - money!.refunded,
    paidOrders: money!.paid,
    powerPackOrders: money!.bump,
    refundedOrders: money!.refundedOrders,
    checkoutsStarted: funnel!.started,
    checkoutsPaid: funnel!.paid,
    leads,
    newsletterSubscribers,
    daily: daily.map((d) => ({ day: d.day, revenueCents: d.revenue, leads: d.leads })),
  };
}

export type ArticleStats = {
  id: number;
  slug: string;
  title: string;
  status: ArticleStatus;
  publishAt: Date | null;
  views: number;
  leads: number;
  checkouts: number;
  sales: number;
};

/**
 * Per article (every one in the database, drafts too): views of its page, leads from its form,
 * checkouts from its promo links and the sales among them (still paid for: not refunded or disputed), counted under its current address and
 * its former ones (a changed slug keeps its figures).
 */
export async function byArticle(days: WindowDays): Promise<ArticleStats[]> {
  // The counter's latest views are in memory for a few seconds: write them first.
  await flushPageViews().catch((error: Error) => log.error(`Page views not written yet: ${error.message}`));
  const from = since(days);
  const rows = rowsOf<Omit<ArticleStats, "publishAt"> & { publish_at: string | Date | null }>(
    await db().execute(sql`
      with names (article_id, slug) as (
        select id, slug from articles union all select article_id, old_slug from article_redirects
      )
      select a.id, a.slug, a.title, a.status, a.publish_at,
             (select coalesce(sum(views), 0) from page_views where path in (select '/blog/' || n.slug from names n where n.article_id = a.id) and day >= ${utcDay(from)}::date)::int as views,
             (select count(*) from leads where source_page in (select n.slug from names n where n.article_id = a.id) and created_at >= ${from})::int as leads,
             (select count(*) from orders where source_article in (select n.slug from names n where n.article_id = a.id) and created_at >= ${from})::int as checkouts,
             (select count(*) from orders where source_article in (select n.slug from names n where n.article_id = a.id) and created_at >= ${from} and status = 'paid')::int as sales
      from articles a
    `),
  );
  return rows
    .map(({ publish_at, ...r }) => ({ ...r, publishAt: publish_at === null ? null : new Date(publish_at) }))
    .sort((a, b) => b.views - a.views || a.title.localeCompare(b.title));
}
