/**
 * Issue 52, item 1: fulfilment is one transaction of steps (lock the order, claimEvent,
 * grantEntitlements, recordConsent, queueMail). A step failing late undoes the earlier ones, so the
 * event is not claimed and a retry applies it; two deliveries of one paid event at once grant once
 * and queue one receipt. On PGlite and on PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { consents, contacts, entitlements, orders, outbox, processedEvents } from "../../db/schema";
import { orderLines } from "~/lib/catalogue";
import { db } from "~/server/db.server";
import { applyPaymentEvent, type PaymentEvent } from "~/server/payments/fulfilment.server";
import { attachSession, createPendingOrder } from "~/server/payments/orders.server";
import { useTestDatabase } from "../helpers/db";

/** A review request that cannot be queued: the step after the receipt throws while this is set. */
const failing = vi.hoisted(() => ({ kind: null as string | null }));
vi.mock("~/server/mail/outbox-queue.server", async (original) => {
  const real = await original<typeof import("~/server/mail/outbox-queue.server")>();
  return {
    ...real,
    queueMail: (async (...args: Parameters<typeof real.queueMail>) => {
      if (args[1] === failing.kind) throw new Error(`queueing ${args[1]} failed`);
      return real.queueMail(...args);
    }) as typeof real.queueMail,
  };
});

useTestDatabase();

async function paidEvent(session: string, eventId: string): Promise<{ event: PaymentEvent; orderId: number; products: string[] }> {
  const priced = orderLines(
    { id: "toolkit", name: "Credit Repair Toolkit", priceCents: 700 },
    { id: "power-pack", name: "Dispute Letter Power Pack", priceCents: 1499 },
    { includeBump: true },
  );
  const order = await createPendingOrder({
    provider: "test",
    lines: priced.lines,
    amountTotal: priced.totalCents,
    currency: priced.currency,
  });
  await attachSession(order.id, session);
  return {
    orderId: order.id,
    products: priced.lines.map((l) => l.id),
    event: {
      eventId,
      eventType: "checkout.session.completed",
      provider: "test",
      sessionId: session,
      outcome: "paid",
      amountCents: priced.totalCents,
      currency: priced.currency,
      customerEmail: "Buyer@Example.com",
      paymentId: "pi_1",
    },
  };
}

async function stored(orderId: number) {
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  const [buyer] = await db().select().from(contacts).where(eq(contacts.email, "buyer@example.com"));
  return {
    status: order!.status,
    paidAt: order!.paidAt,
    granted: (await db().select().from(entitlements).where(eq(entitlements.orderId, orderId))).map((e) => e.productId).sort(),
    buyer,
    consents: buyer ? await db().select().from(consents).where(eq(consents.contactId, buyer.id)) : [],
    mail: (await db().select().from(outbox).where(eq(outbox.toAddress, "buyer@example.com"))).map((m) => m.dedupeKey).sort(),
    claimed: (await db().select().from(processedEvents)).map((e) => e.eventId),
  };
}

describe("applyPaymentEvent's steps in one transaction", () => {
  it("leave no grant, no consent, no mail and no claim when a later step fails, so the retry applies it", async () => {
    const { event, orderId, products } = await paidEvent("cs_fails_once", "evt_fails_once");
    failing.kind = "review-request";
    try {
      await expect(applyPaymentEvent(event)).rejects.toThrow("queueing review-request failed");
    } finally {
      failing.kind = null;
    }
    expect(await stored(orderId)).toMatchObject({
      status: "pending",
      paidAt: null,
      granted: [],
      buyer: undefined,
      consents: [],
      mail: [],
      claimed: [],
    });

    // The provider delivers the event again: now it applies, once.
    expect(await applyPaymentEvent(event)).toBe("applied");
    const after = await stored(orderId);
    expect(after).toMatchObject({ status: "paid", granted: [...products].sort(), claimed: ["evt_fails_once"] });
    expect(after.mail).toEqual([`receipt:${orderId}`, `review-request:${orderId}`]);
    expect(after.consents.map((c) => [c.purpose, c.source])).toEqual([["buyer", `checkout order ${orderId}`]]);
  });

  it("grant once and queue one receipt for two deliveries of one paid event at once", async () => {
    const { event, orderId, products } = await paidEvent("cs_twice", "evt_twice");
    const results = await Promise.all([applyPaymentEvent(event), applyPaymentEvent({ ...event })]);
    expect(results.sort()).toEqual(["applied", "duplicate"]);
    const after = await stored(orderId);
    expect(after).toMatchObject({ status: "paid", granted: [...products].sort(), claimed: ["evt_twice"] });
    expect(after.mail).toEqual([`receipt:${orderId}`, `review-request:${orderId}`]);
    expect(after.consents).toHaveLength(1);
  });

  it("grant once and queue one receipt for two different paid events for one order at once", async () => {
    const { event, orderId } = await paidEvent("cs_two_events", "evt_completed");
    const results = await Promise.all([
      applyPaymentEvent(event),
      applyPaymentEvent({ ...event, eventId: "evt_async_succeeded", eventType: "checkout.session.async_payment_succeeded" }),
    ]);
    expect(results).toEqual(["applied", "applied"]);
    const after = await stored(orderId);
    expect(after.mail).toEqual([`receipt:${orderId}`, `review-request:${orderId}`]);
    expect(after.consents).toHaveLength(1);
    expect(after.claimed.sort()).toEqual(["evt_async_succeeded", "evt_completed"]);
  });
});
