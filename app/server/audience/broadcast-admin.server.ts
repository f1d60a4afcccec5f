/** The owner's side of broadcasts: each one's figures, its preview, and a test send to the owner. */
import { sql } from "drizzle-orm";
import { db, rowsOf } from "~/server/db.server";
import { broadcastLeavers, broadcastStatusCounts } from "~/server/tallies.server";
import { findBroadcast, listBroadcasts, type Broadcast } from "~/server/audience/broadcasts.server";
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
 * Every broadcast, newest first, with its figures (orders: paid orders whose campaign is the
 * broadcast's); or, given an id, only that one (none when it does not exist): the dashboard's
 * progress answer (GET /admin/broadcasts/<id>/progress) counts with the page's own queries.
 */
export async function broadcastsWithFigures(only?: number): Promise<BroadcastWithFigures[]> {
  const list = only === undefined ? await listBroadcasts() : [await findBroadcast(only)].filter((b) => b !== undefined);
  if (list.length === 0) return [];
  // Each broadcast's rows by status from the outbox's running counts (a year of broadcasts is 1.5
  // million rows, issue 44) and so who left after it reached them; what went in the last minute by its index.
  const onlyRows = only === undefined ? sql`` : sql`and (o.payload->>'broadcastId')::int = ${only}`;
  const onlyCampaign = only === undefined ? sql`` : sql`and campaign = ${broadcastCampaign(only)}`;
  const [statuses, lastMinute, leavers] = await Promise.all([
    broadcastStatusCounts(only),
    db().execute(sql`
      select (o.payload->>'broadcastId')::int as id, count(*) as n from outbox o
      where o.sent_at > now() - interval '1 minute' and o.status = 'sent' and o.kind = 'broadcast' ${onlyRows}
      group by 1
    `),
    broadcastLeavers(only),
  ]);
  const perMinute = new Map(rowsOf<{ id: number; n: string | number }>(lastMinute).map((r) => [Number(r.id), Number(r.n)]));
  const sales = rowsOf<{ campaign: string; orders: string | number; revenue: string | number }>(
    await db().execute(sql`
      select campaign, count(*) as orders, coalesce(sum(amount_total), 0) as revenue
      from orders where status = 'paid' and campaign like 'broadcast-%' ${onlyCampaign} group by campaign
    `),
  );
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
