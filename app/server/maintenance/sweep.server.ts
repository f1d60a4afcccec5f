/**
 * Rows nobody will use again, deleted on a schedule (issue 43): checkouts abandoned long ago,
 * links and sessions well past their expiry, and rate-limit counters whose window has ended; and
 * page views past their days rolled up per month (issue 44: growth held). Each statement deletes
 * at most BATCH rows (its own short transaction, so it never holds many locks for long); the next
 * statement takes the next batch, until one finds fewer. The worker calls `sweepExpired()` now and
 * then; running it twice, or on two servers at once, only deletes nothing the second time.
 */
import { and, eq, exists, inArray, isNull, lt, not, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  disputes,
  disputeTrackers,
  downloads,
  emailTokens,
  entitlements,
  orderAccessTokens,
  orderRefunds,
  orders,
  ownerSessions,
  rateLimits,
  reviews,
} from "../../../db/schema";
import { recordSweptCheckouts } from "~/server/admin/email-sales.server";
import { rollUpPageViews } from "~/server/admin/page-views.server";
import { db } from "~/server/db.server";

/** Rows per DELETE statement. */
export const SWEEP_BATCH = 500;

/**
 * A checkout never paid is deleted this long after it started. Stripe's Checkout Session expires
 * within 24 hours and Stripe retries a webhook for 3 days, and a bank debit settles in days: after
 * that an order still pending was abandoned. 120 days, because the dashboard counts checkouts
 * started in its windows (up to 90 days, app/server/admin/stats.server.ts): a sweep never changes them.
 */
export const ABANDONED_ORDER_DAYS = 120;

/**
 * A link is deleted this long after it expired: until then an expired order link still answers
 * "this link has expired" (410, with the form for a new one) rather than "not ours" (404).
 */
export const EXPIRED_LINK_MARGIN_DAYS = 90;

/**
 * A rate-limit counter is deleted this long after its window ended. Until then it answers as
 * expired (its next hit starts a new window, rate-limit-store.server.ts): the margin only keeps the
 * sweep away from a row a request may be resetting at that moment.
 */
export const RATE_LIMIT_MARGIN_MS = 60_000;

/**
 * A dispute in a buyer's tracker is deleted this long after its last change, and a tracker with no
 * dispute left this long after its own (decision 074: the privacy page says so).
 */
export const DISPUTE_KEEP_DAYS = 730;

export type SweepCounts = {
  abandonedOrders: number;
  orderLinks: number;
  emailLinks: number;
  ownerSessions: number;
  rateLimits: number;
  /** Day rows of page views merged into their months (page-views.server.ts). */
  pageViewDays: number;
  /** Disputes and trackers two years past their last change (DISPUTE_KEEP_DAYS). */
  disputes: number;
  disputeTrackers: number;
};

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

/** Run `deleteBatch` (which deletes at most SWEEP_BATCH rows, and says how many) until a batch finds fewer; how many went. */
async function inBatches(deleteBatch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < SWEEP_BATCH) return total;
  }
}

/** Delete the rows of `table` whose `key` a batch of `where` selects, batch after batch; how many went. */
function deleteInBatches(table: PgTable, key: PgColumn, where: SQL | undefined): Promise<number> {
  return inBatches(async () => {
    const batch = db().select({ key }).from(table).where(where).limit(SWEEP_BATCH);
    return (await db().delete(table).where(inArray(key, batch)).returning({ key })).length;
  });
}

/**
 * Delete abandoned checkouts, those from an e-mail's link counted per campaign in the same
 * transaction (recordSweptCheckouts), from the rows the DELETE returned: a second server's sweep
 * at the same moment deletes, and so counts, none of them again.
 */
function deleteAbandonedOrders(now: Date): Promise<number> {
  return inBatches(() =>
    db().transaction(async (tx) => {
      const batch = tx.select({ id: orders.id }).from(orders).where(abandonedOrder(now)).limit(SWEEP_BATCH);
      const deleted = await tx.delete(orders).where(inArray(orders.id, batch)).returning({ campaign: orders.campaign });
      await recordSweptCheckouts(
        tx,
        deleted.map((d) => d.campaign),
      );
      return deleted.length;
    }),
  );
}

/** Something still refers to the order: what it granted, refunded, gave links to, served, or a review of it. */
const referred = () =>
  or(
    ...[entitlements.orderId, orderRefunds.orderId, orderAccessTokens.orderId, downloads.orderId, reviews.orderId].map((column) =>
      exists(
        db()
          .select({ one: sql`1` })
          .from(column.table)
          .where(eq(column, orders.id)),
      ),
    ),
  )!;

/**
 * An abandoned checkout: pending and never paid, started ABANDONED_ORDER_DAYS ago, with nothing
 * referring to it. Kept even then: one with the buyer's address (the hosted page was completed and
 * the dashboard lists it). One from an e-mail link goes too (issue 51: kept for ever, a forged
 * campaign cookie made rows no sweep would delete), counted for the sequence page's all-time
 * figures as it goes (deleteAbandonedOrders).
 */
const abandonedOrder = (now: Date) =>
  and(
    eq(orders.status, "pending"),
    isNull(orders.paidAt),
    lt(orders.createdAt, daysBefore(now, ABANDONED_ORDER_DAYS)),
    isNull(orders.customerEmail),
    not(referred()),
  );

/** Delete abandoned checkouts, expired links, owner sessions, rate-limit counters and stale disputes, and roll up old page views; how many of each. */
export async function sweepExpired(now: Date = new Date()): Promise<SweepCounts> {
  const linkCutoff = daysBefore(now, EXPIRED_LINK_MARGIN_DAYS);
  return {
    abandonedOrders: await deleteAbandonedOrders(now),
    orderLinks: await deleteInBatches(orderAccessTokens, orderAccessTokens.tokenHash, lt(orderAccessTokens.expiresAt, linkCutoff)),
    emailLinks: await deleteInBatches(emailTokens, emailTokens.tokenHash, lt(emailTokens.expiresAt, linkCutoff)),
    // A session past its end is refused at once (owner-session.server.ts); each login deletes them too.
    ownerSessions: await deleteInBatches(ownerSessions, ownerSessions.tokenHash, lt(ownerSessions.expiresAt, now)),
    rateLimits: await deleteInBatches(rateLimits, rateLimits.key, lt(rateLimits.resetAt, new Date(now.getTime() - RATE_LIMIT_MARGIN_MS))),
    pageViewDays: await rollUpPageViews(now),
    disputes: await deleteInBatches(disputes, disputes.id, lt(disputes.updatedAt, daysBefore(now, DISPUTE_KEEP_DAYS))),
    disputeTrackers: await deleteInBatches(
      disputeTrackers,
      disputeTrackers.id,
      and(
        lt(disputeTrackers.updatedAt, daysBefore(now, DISPUTE_KEEP_DAYS)),
        not(
          exists(
            db()
              .select({ one: sql`1` })
              .from(disputes)
              .where(eq(disputes.trackerId, disputeTrackers.id)),
          ),
        ),
      ),
    ),
  };
}
