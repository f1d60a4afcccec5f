/**
 * The scheduled sweep (issues 43, 44 and 51): what the database holds before and after. Abandoned
 * checkouts long past go (those from an e-mail's link counted per campaign), and links, owner sessions and rate-limit counters well past their
 * expiry; a paid order, a fresh pending one, one anything still refers to, every link still valid
 * (or just expired) and every counter in its window stay. (Its page-view roll-up: page-views-rollup.test.ts.)
 */
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  disputes,
  disputeTrackers,
  emailTokens,
  entitlements,
  orderAccessTokens,
  orders,
  ownerSessions,
  rateLimits,
  sweptCampaignCheckouts,
} from "../../db/schema";
import { db } from "~/server/db.server";
import {
  ABANDONED_ORDER_DAYS,
  DISPUTE_KEEP_DAYS,
  EXPIRED_LINK_MARGIN_DAYS,
  RATE_LIMIT_MARGIN_MS,
  SWEEP_BATCH,
  sweepExpired,
} from "~/server/maintenance/sweep.server";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();
beforeEach(async () => {
  await db().execute(sql`TRUNCATE owner_sessions`);
});

const NOW = new Date("2030-06-01T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

let serial = 0;
async function order(fields: Partial<typeof orders.$inferInsert> & { note: string }): Promise<number> {
  const { note, ...rest } = fields;
  const [row] = await db()
    .insert(orders)
    .values({
      provider: "test",
      providerSessionId: `${note}-${serial++}`,
      lines: [],
      amountTotal: 700,
      currency: "usd",
      status: "pending",
      ...rest,
    })
    .returning({ id: orders.id });
  return row!.id;
}

const remaining = async () => ({
  orders: (await db().select({ id: orders.id, session: orders.providerSessionId }).from(orders).orderBy(orders.id)).map((o) =>
    o.session.replace(/-\d+$/, ""),
  ),
  orderLinks: (await db().select({ purpose: orderAccessTokens.purpose }).from(orderAccessTokens).orderBy(orderAccessTokens.purpose)).map(
    (t) => t.purpose,
  ),
  emailLinks: (await db().select({ email: emailTokens.email }).from(emailTokens).orderBy(emailTokens.email)).map((t) => t.email),
  ownerSessions: (await db().select({ hash: ownerSessions.tokenHash }).from(ownerSessions).orderBy(ownerSessions.tokenHash)).map(
    (s) => s.hash,
  ),
});

describe("sweepExpired", () => {
  it("deletes abandoned checkouts and long-expired links and sessions, and keeps everything else", async () => {
    const old = daysAgo(ABANDONED_ORDER_DAYS + 1);
    await order({ note: "abandoned", createdAt: old });
    await order({ note: "abandoned-from-an-article", createdAt: old, sourceArticle: "budgeting-tips-that-work" });
    await order({ note: "fresh-pending", createdAt: daysAgo(ABANDONED_ORDER_DAYS - 1) });
    await order({ note: "paid", createdAt: old, status: "paid", paidAt: old, customerEmail: "buyer@example.com" });
    await order({ note: "failed", createdAt: old, status: "failed" });
    await order({ note: "pending-with-address", createdAt: old, customerEmail: "slow-bank@example.com" });
    await order({ note: "pending-from-an-email", createdAt: old, campaign: "welcome-3-toolkit" });
    await order({ note: "pending-from-an-email", createdAt: old, campaign: "welcome-3-toolkit" });
    await order({ note: "pending-from-a-broadcast", createdAt: old, campaign: "broadcast-12" });
    await order({ note: "fresh-pending-from-a-broadcast", createdAt: daysAgo(ABANDONED_ORDER_DAYS - 1), campaign: "broadcast-12" });
    const granted = await order({ note: "pending-but-granted", createdAt: old });
    await db().insert(entitlements).values({ orderId: granted, productId: "toolkit" });
    const linked = await order({ note: "pending-with-a-link", createdAt: old });

    const paidOrder = (
      await db()
        .select({ id: orders.id })
        .from(orders)
        .where(sql`status = 'paid'`)
    )[0]!.id;
    const link = (purpose: string, orderId: number, expiresAt: Date) =>
      db()
        .insert(orderAccessTokens)
        .values({ tokenHash: `hash-${purpose}`, orderId, purpose, expiresAt });
    await link("receipt-long-expired", paidOrder, daysAgo(EXPIRED_LINK_MARGIN_DAYS + 1));
    await link("receipt-just-expired", paidOrder, daysAgo(EXPIRED_LINK_MARGIN_DAYS - 1));
    await link("receipt-valid", paidOrder, daysAgo(-300));
    await link("success-page-long-expired", linked, daysAgo(EXPIRED_LINK_MARGIN_DAYS + 1));

    const emailLink = (email: string, purpose: "unsubscribe" | "newsletter-confirm" | "prove", expiresAt: Date) =>
      db()
        .insert(emailTokens)
        .values({ tokenHash: `hash-${email}`, email, purpose, expiresAt });
    await emailLink("confirm-long-expired@example.com", "newsletter-confirm", daysAgo(EXPIRED_LINK_MARGIN_DAYS + 1));
    await emailLink("unsubscribe-just-expired@example.com", "unsubscribe", daysAgo(EXPIRED_LINK_MARGIN_DAYS - 1));
    await emailLink("unsubscribe-valid@example.com", "unsubscribe", daysAgo(-700));

    await db()
      .insert(ownerSessions)
      .values([
        { tokenHash: "session-ended", expiresAt: daysAgo(1) },
        { tokenHash: "session-open", expiresAt: daysAgo(-1) },
      ]);

    expect(await sweepExpired(NOW)).toEqual({
      abandonedOrders: 5,
      orderLinks: 2,
      emailLinks: 1,
      ownerSessions: 1,
      rateLimits: 0,
      pageViewDays: 0,
      disputes: 0,
      disputeTrackers: 0,
    });
    expect(await remaining()).toEqual({
      orders: [
        "fresh-pending",
        "paid",
        "failed",
        "pending-with-address",
        "fresh-pending-from-a-broadcast",
        "pending-but-granted",
        "pending-with-a-link",
      ],
      orderLinks: ["receipt-just-expired", "receipt-valid"],
      emailLinks: ["unsubscribe-just-expired@example.com", "unsubscribe-valid@example.com"],
      ownerSessions: ["session-open"],
    });
    // Checkouts from an e-mail's links go too (a forged campaign cookie once made rows no sweep took), counted per campaign as they go.
    expect(await db().select().from(sweptCampaignCheckouts).orderBy(sweptCampaignCheckouts.campaign)).toEqual([
      { campaign: "broadcast-12", checkouts: 1 },
      { campaign: "welcome-3-toolkit", checkouts: 2 },
    ]);
    // The order whose only link was swept now has nothing referring to it: the next sweep takes it.
    expect(await sweepExpired(NOW)).toEqual({
      abandonedOrders: 1,
      orderLinks: 0,
      emailLinks: 0,
      ownerSessions: 0,
      rateLimits: 0,
      pageViewDays: 0,
      disputes: 0,
      disputeTrackers: 0,
    });
    expect((await remaining()).orders).not.toContain("pending-with-a-link");
    // Counted once: a later sweep (or a second server's) adds to the counts only what it deletes.
    await order({ note: "pending-from-an-email", createdAt: daysAgo(ABANDONED_ORDER_DAYS + 1), campaign: "welcome-3-toolkit" });
    expect((await sweepExpired(NOW)).abandonedOrders).toBe(1);
    expect(await sweepExpired(NOW)).toMatchObject({ abandonedOrders: 0 });
    expect(await db().select().from(sweptCampaignCheckouts).orderBy(sweptCampaignCheckouts.campaign)).toEqual([
      { campaign: "broadcast-12", checkouts: 1 },
      { campaign: "welcome-3-toolkit", checkouts: 3 },
    ]);
  });

  it("deletes in batches until none is left", async () => {
    const rows = SWEEP_BATCH * 2 + 3;
    await db()
      .insert(emailTokens)
      .values(
        Array.from({ length: rows }, (_, i) => ({
          tokenHash: `hash-${i}`,
          email: `r${i}@example.com`,
          purpose: "unsubscribe" as const,
          expiresAt: daysAgo(EXPIRED_LINK_MARGIN_DAYS + 10),
        })),
      );
    await emailLink("kept@example.com");
    expect((await sweepExpired(NOW)).emailLinks).toBe(rows);
    expect((await remaining()).emailLinks).toEqual(["kept@example.com"]);
  });
});

describe("the sweep of abandoned checkouts from e-mails", () => {
  it("deletes them batch after batch, each counted once for its campaign", async () => {
    const rows = SWEEP_BATCH * 2 + 3;
    await db().execute(sql`
      insert into orders (provider, provider_session_id, lines, amount_total, currency, status, campaign, created_at)
      select 'test', 'abandoned-' || n, '[]'::jsonb, 700, 'usd', 'pending', case when n % 3 = 0 then 'broadcast-7' else 'welcome-1-start' end,
             ${daysAgo(ABANDONED_ORDER_DAYS + 5)}::timestamptz
      from generate_series(1, ${rows}) as n
    `);
    expect((await sweepExpired(NOW)).abandonedOrders).toBe(rows);
    expect(await db().select().from(orders)).toEqual([]);
    // 1,003 orders: every third (334 of them) from the broadcast.
    expect(await db().select().from(sweptCampaignCheckouts).orderBy(sweptCampaignCheckouts.campaign)).toEqual([
      { campaign: "broadcast-7", checkouts: 334 },
      { campaign: "welcome-1-start", checkouts: rows - 334 },
    ]);
  });
});

describe("the sweep of rate-limit counters", () => {
  const counters = async () => (await db().select({ key: rateLimits.key }).from(rateLimits).orderBy(rateLimits.key)).map((r) => r.key);
  const at = (ms: number) => new Date(NOW.getTime() + ms);

  it("deletes the counters whose window ended over a minute ago, batch after batch, and keeps the others", async () => {
    const ended = SWEEP_BATCH * 2 + 3;
    // As many clients as a busy hour brings, each posted once and gone.
    await db().execute(sql`
      insert into rate_limits (key, hits, reset_at)
      select 'form:203.0.113.' || n, 1, ${at(-RATE_LIMIT_MARGIN_MS - 60_000)}::timestamptz - make_interval(secs => n)
      from generate_series(1, ${ended}) as n
    `);
    await db()
      .insert(rateLimits)
      .values([
        { key: "login:just-ended", hits: 5, resetAt: at(-RATE_LIMIT_MARGIN_MS / 2) },
        { key: "login:in-its-window", hits: 3, resetAt: at(60_000) },
        { key: "form:in-its-window", hits: 1, resetAt: at(1_000) },
      ]);
    expect((await sweepExpired(NOW)).rateLimits).toBe(ended);
    expect(await counters()).toEqual(["form:in-its-window", "login:in-its-window", "login:just-ended"]);
    expect((await sweepExpired(NOW)).rateLimits).toBe(0);
    expect(await counters()).toHaveLength(3);
  });
});

async function emailLink(email: string) {
  await db()
    .insert(emailTokens)
    .values({ tokenHash: `hash-${email}`, email, purpose: "unsubscribe", expiresAt: daysAgo(-30) });
}

describe("the sweep of the buyers' dispute trackers (decision 074)", () => {
  it("deletes a dispute two years after its last change, and a tracker left empty two years after its own", async () => {
    expect(DISPUTE_KEEP_DAYS).toBe(730);
    const [stale, active] = await db()
      .insert(disputeTrackers)
      .values([
        { email: "stale@example.com", updatedAt: daysAgo(731) },
        { email: "active@example.com", updatedAt: daysAgo(731) },
        { email: "empty@example.com", updatedAt: daysAgo(729) },
      ])
      .returning();
    const dispute = (trackerId: number, about: string, updatedAt: Date) => ({
      trackerId,
      recipient: "equifax" as const,
      about,
      sentVia: "mail" as const,
      sentOn: "2028-01-10",
      updatedAt,
    });
    await db()
      .insert(disputes)
      .values([
        dispute(stale!.id, "old", daysAgo(731)),
        dispute(active!.id, "older", daysAgo(800)),
        dispute(active!.id, "recent", daysAgo(10)),
      ]);
    const counts = await sweepExpired(NOW);
    expect(counts).toMatchObject({ disputes: 2, disputeTrackers: 1 });
    // The stale tracker went with its last dispute; the one with a recent dispute stays, as does one changed within two years.
    expect((await db().select().from(disputeTrackers)).map((t) => t.email).sort()).toEqual(["active@example.com", "empty@example.com"]);
    expect((await db().select().from(disputes)).map((d) => d.about)).toEqual(["recent"]);
  });
});
