/**
 * Sales per list e-mail (issue 26, part 6): orders carry the utm_campaign of the e-mail whose
 * link brought the buyer (`orders.campaign`, set at checkout from the cookie of
 * server/campaign-cookie.ts). For a window like the per-article figures: checkouts started from
 * an e-mail's links, the sales among them (still paid for, as the per-article table counts them:
 * not refunded or disputed) and their revenue (what the orders paid at some point charged, net of
 * what was refunded, a product or the whole).
 */
import { sql } from "drizzle-orm";
import { sweptCampaignCheckouts } from "../../../db/schema";
import type { Tx } from "~/server/db.server";
import { campaignFigureRows } from "~/server/admin/admin.sql.server";
import { listBroadcasts } from "~/server/audience/broadcasts.server";
import { listSteps } from "~/server/audience/sequence.server";
import { GUIDES } from "~/lib/guides";
import { broadcastCampaign, sequenceCampaign } from "~/server/mail/list-compose.server";

export type CampaignFigures = { checkouts: number; sales: number; revenueCents: number };
export type EmailSales = CampaignFigures & { campaign: string; label: string };

/**
 * Checkouts, sales and revenue per campaign, for orders started since `from` (all of them without
 * it: with the checkouts the sweep has deleted since, swept_campaign_checkouts). A window never
 * holds a swept checkout: the dashboard's are 90 days at most, the sweep's ABANDONED_ORDER_DAYS 120.
 */
export async function campaignFigures(from?: Date): Promise<Map<string, CampaignFigures>> {
  const rows = await campaignFigureRows(from);
  return new Map(rows.map(({ campaign, ...figures }) => [campaign, figures]));
}

/**
 * Count checkouts the sweep is deleting (their campaigns, one per order; null for one that came
 * from no e-mail), in the transaction that deletes them: the all-time figures stay as they were.
 */
export async function recordSweptCheckouts(tx: Tx, campaigns: readonly (string | null)[]): Promise<void> {
  const perCampaign = new Map<string, number>();
  for (const campaign of campaigns) if (campaign) perCampaign.set(campaign, (perCampaign.get(campaign) ?? 0) + 1);
  if (perCampaign.size === 0) return;
  await tx
    .insert(sweptCampaignCheckouts)
    .values([...perCampaign].map(([campaign, checkouts]) => ({ campaign, checkouts })))
    .onConflictDoUpdate({
      target: sweptCampaignCheckouts.campaign,
      set: { checkouts: sql`${sweptCampaignCheckouts.checkouts} + excluded.checkouts` },
    });
}

/**
 * Who names which campaigns: each gives the owner's words for the campaigns it knows among those
 * asked about: the welcome sequence's steps and the broadcasts. A new kind of list e-mail adds
 * one entry here; a campaign nobody knows is shown by its raw name.
 */
type CampaignNamer = (campaigns: readonly string[]) => Promise<[campaign: string, label: string][]>;

const CAMPAIGN_NAMERS: CampaignNamer[] = [
  async () =>
    (await listSteps()).map((step) => [sequenceCampaign(step.id), `${GUIDES[step.guide].title}, e-mail ${step.position}: ${step.subject}`]),
  async () => (await listBroadcasts()).map((broadcast) => [broadcastCampaign(broadcast.id), `Broadcast: ${broadcast.subject}`]),
];

export async function campaignLabels(campaigns: readonly string[]): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  if (campaigns.length === 0) return labels;
  for (const namer of CAMPAIGN_NAMERS) {
    for (const [campaign, label] of await namer(campaigns)) if (campaigns.includes(campaign)) labels.set(campaign, label);
  }
  return labels;
}

/** The dashboard's "Sales by e-mail": every campaign with a checkout in the window, best revenue first. */
export async function salesByEmail(days: number, now: Date = new Date()): Promise<EmailSales[]> {
  const figures = await campaignFigures(new Date(now.getTime() - days * 86_400_000));
  const labels = await campaignLabels([...figures.keys()]);
  return [...figures]
    .map(([campaign, f]) => ({ campaign, label: labels.get(campaign) ?? campaign, ...f }))
    .sort((a, b) => b.revenueCents - a.revenueCents || b.checkouts - a.checkouts || a.campaign.localeCompare(b.campaign));
}

/** Each welcome step's sales from its own links (all time), by step id. */
export async function stepSales(): Promise<Map<string, CampaignFigures>> {
  const [steps, figures] = await Promise.all([listSteps(), campaignFigures()]);
  return new Map(steps.map((step) => [step.id, figures.get(sequenceCampaign(step.id)) ?? { checkouts: 0, sales: 0, revenueCents: 0 }]));
}
