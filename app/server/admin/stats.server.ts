/**
 * The dashboard's numbers, straight from the tables (no separate analytics store): money and
 * orders from `orders`, leads and subscribers from the one list's filters (its counts), page
 * views from `page_views`. A window is the last N days up to now; the daily series are days in the
 * business's time zone (a sale at 9 PM in New York counts on that evening's day, as its receipt
 * says), the per-article page views UTC days (the counter's own).
 */
import { count, gte } from "drizzle-orm";
import { orders, type ArticleStatus } from "../../../db/schema";
import { zonedDay } from "~/lib/dates";
import type { ContactFilters } from "~/lib/forms/contact-filters";
import { countContacts } from "~/server/audience/audience.server";
import { articleFigures, overviewDaily, overviewMoney } from "~/server/admin/admin.sql.server";
import { db } from "~/server/db.server";
import { utcDay, type PageViewCounter } from "~/server/admin/page-views.server";
import { log } from "~/server/log.server";

export const WINDOWS = [7, 30, 90] as const;
export type WindowDays = (typeof WINDOWS)[number];

export function windowFrom(param: string | null): WindowDays {
  const n = Number(param);
  return (WINDOWS as readonly number[]).includes(n) ? (n as WindowDays) : 30;
}

export type Overview = {
  days: WindowDays;
  grossCents: number;
  refundedCents: number;
  netCents: number;
  /** Orders with something still paid for (partly refunded ones too; never a refunded or disputed one). */
  paidOrders: number;
  /** Of those, the ones with an add-on (the order bump, any line after the first) still paid for. */
  bumpOrders: number;
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
  const money = await overviewMoney(from);
  // A checkout started is an order row (written when the buyer pressed the button); paid if it ever was.
  const [funnel] = await db()
    .select({ started: count(), paid: count(orders.paidAt) })
    .from(orders)
    .where(gte(orders.createdAt, from));
  // The one list's counts (the figures link to the list with the same filters, which shows the same number).
  const [leads, newsletterSubscribers] = await Promise.all([
    countContacts({ source: "guide", added: String(days) as ContactFilters["added"] }),
    countContacts({ purpose: "newsletter" }),
  ]);
  // Each day's sales and leads grouped once (not a query per day): the window's rows are read once, by index.
  const daily = await overviewDaily(from, zonedDay(from, timeZone), zonedDay(new Date(), timeZone), timeZone);
  return {
    days,
    grossCents: money.gross,
    refundedCents: money.refunded,
    netCents: money.gross - money.refunded,
    paidOrders: money.paid,
    bumpOrders: money.bump,
    refundedOrders: money.refundedOrders,
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
 * its former ones (a changed slug keeps its figures). `pageViews`: this server's counter, whose
 * latest views are written first (none where route code is called without one).
 */
export async function byArticle(days: WindowDays, pageViews?: Pick<PageViewCounter, "flush">): Promise<ArticleStats[]> {
  // The counter's latest views are in memory for a few seconds: write them first.
  await pageViews?.flush().catch((error: Error) => log.error(`Page views not written yet: ${error.message}`));
  const from = since(days);
  const rows = await articleFigures(from, utcDay(from));
  return rows.sort((a, b) => b.views - a.views || a.title.localeCompare(b.title));
}
