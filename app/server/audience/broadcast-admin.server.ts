/** The owner's side of broadcasts: each one's figures, its preview, and a test send to the owner. */
import { and, count, eq, gt, inArray, like, sql } from "drizzle-orm";
import { BROADCAST_KINDS, orders, outbox } from "../../../db/schema";
import { db } from "~/server/db.server";
import { broadcastLeavers, broadcastStatusCounts } from "~/server/tallies.server";
import { findBroadcast, listBroadcasts, type Broadcast, type BroadcastSort } from "~/server/audience/broadcasts.server";
import { previewListMessage, sendListMessageTest } from "~/server/mail/mailer.server";
import { broadcastCampaign, composeBroadcast } from "~/server/mail/list-compose.server";

export type BroadcastFigures = {
  /** Waiting in the outbox (not yet sent, not stopped). */
  queued: number;
  sent: number;
  failed: number;
  /** Not sent on purpose at send time (suppressed since it was queued). */
  suppressed: number;
  /** Its sending began but the sending process died before the answer was recorded: it may have arrived. */
  interrupted: number;
  cancelled: number;
  /** Sent in the last minute. */
  perMinute: number;
  /** Recipients whose address hard-bounced after it was queued (at send or through the webhook). */
  bounced: number;
  /** Recipients who unsubscribed or complained after it was sent to them. */
  unsubscribed: number;
  orders: number;
  revenueCents: number;
};

const ZERO: BroadcastFigures = {
  queued: 0,
  sent: 0,
  failed: 0,
  suppressed: 0,
  interrupted: 0,
  cancelled: 0,
  perMinute: 0,
  bounced: 0,
  unsubscribed: 0,
  orders: 0,
  revenueCents: 0,
};

export type BroadcastWithFigures = Broadcast & { figures: BroadcastFigures };

/**
 * Every broadcast (of a sort: the newsletter's, or the product updates), newest first, with its
 * figures (orders: paid orders whose campaign is the broadcast's); or, given an id, only that one
 * of either sort (none when it does not exist): the dashboard's progress answer
 * (GET /admin/broadcasts/<id>/progress) counts with the page's own queries.
 */
export async function broadcastsWithFigures(only?: number, sort: BroadcastSort = "newsletter"): Promise<BroadcastWithFigures[]> {
  const list = only === undefined ? await listBroadcasts(sort) : [await findBroadcast(only)].filter((b) => b !== undefined);
  if (list.length === 0) return [];
  // Each broadcast's rows by status from the outbox's running counts (a year of broadcasts is 1.5
  // million rows, issue 44) and so who left after it reached them; what went in the last minute by its index.
  const broadcastId = sql<number>`(${outbox.payload}->>'broadcastId')::int`.mapWith(Number);
  const [statuses, lastMinute, leavers] = await Promise.all([
    broadcastStatusCounts(only),
    db()
      .select({ id: broadcastId, n: count() })
      .from(outbox)
      .where(
        and(
          gt(outbox.sentAt, sql`now() - interval '1 minute'`),
          eq(outbox.status, "sent"),
          inArray(outbox.kind, [...BROADCAST_KINDS]),
          only === undefined ? undefined : sql`${broadcastId} = ${only}`,
        ),
      )
      .groupBy(broadcastId),
    broadcastLeavers(only),
  ]);
  const perMinute = new Map(lastMinute.map((r) => [r.id, r.n]));
  const sales = await db()
    .select({
      campaign: orders.campaign,
      orders: count(),
      revenue: sql<number>`coalesce(sum(${orders.amountTotal}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(
      and(
        eq(orders.status, "paid"),
        like(orders.campaign, "broadcast-%"),
        only === undefined ? undefined : eq(orders.campaign, broadcastCampaign(only)),
      ),
    )
    .groupBy(orders.campaign);
  const byCampaign = new Map(sales.map((r) => [r.campaign, r]));
  return list.map((b) => {
    const counts = statuses.get(b.id);
    const s = byCampaign.get(broadcastCampaign(b.id));
    const figures: BroadcastFigures = {
      ...ZERO,
      queued: counts?.get("pending") ?? 0,
      sent: counts?.get("sent") ?? 0,
      failed: counts?.get("failed") ?? 0,
      suppressed: counts?.get("suppressed") ?? 0,
      interrupted: counts?.get("interrupted") ?? 0,
      cancelled: counts?.get("cancelled") ?? 0,
      perMinute: perMinute.get(b.id) ?? 0,
      bounced: leavers.get(b.id)?.bounced ?? 0,
      unsubscribed: leavers.get(b.id)?.unsubscribed ?? 0,
    };
    figures.orders = Number(s?.orders ?? 0);
    figures.revenueCents = Number(s?.revenue ?? 0);
    return { ...b, figures };
  });
}

/** The broadcast's HTML and text as readers will get them (the unsubscribe link a placeholder). */
export async function previewBroadcast(id: number) {
  const broadcast = await findBroadcast(id);
  return broadcast && previewListMessage(broadcast, composeBroadcast);
}

/** A test send of the saved broadcast to OWNER_EMAIL, outside the outbox (no contact, no count). */
export async function sendBroadcastTest(id: number): Promise<string | undefined> {
  const broadcast = await findBroadcast(id);
  return broadcast && sendListMessageTest(broadcast, composeBroadcast, "broadcast", `bc:${id}`);
}
