/** The orders table: creating a pending order and finding orders. Status changes live in fulfilment.server.ts. */
import { randomUUID } from "node:crypto";
import { and, eq, isNotNull, like } from "drizzle-orm";
import { orders, type StoredOrderLine } from "../../../db/schema";
import { db, type Executor } from "~/server/db.server";
import type { PaymentProviderName } from "~/server/payments/provider.server";

export type Order = typeof orders.$inferSelect;

/** "FSM-000123": how the buyer and support name an order. */
export function orderNumber(id: number): string {
  return `FSM-${String(id).padStart(6, "0")}`;
}

/**
 * A new order, pending until the provider says it is paid. It is written before the provider's
 * session exists (with a placeholder session id), so a payment can never land on no order.
 */
export async function createPendingOrder(
  input: {
    provider: PaymentProviderName;
    lines: StoredOrderLine[];
    amountTotal: number;
    currency: string;
    /** The article whose promo link started this checkout. */
    sourceArticle?: string | null;
    /** The hash of the starting browser's key (delivery/buyer-key.server.ts). */
    buyerKeyHash?: string | null;
    /** The utm_campaign of the list e-mail that brought the buyer (app/lib/campaign.ts). */
    campaign?: string | null;
    /** A promotion code's use, held by this order until `sessionExpiresAt` (payments/promotions.server.ts). */
    promotion?: { codeId: number; code: string; discountCents: number; buyer: string | null; sessionExpiresAt: Date } | null;
  },
  exec: Executor = db(),
): Promise<Order> {
  const { promotion } = input;
  const [row] = await exec
    .insert(orders)
    .values({
      provider: input.provider,
      providerSessionId: `pending_${randomUUID()}`,
      lines: input.lines,
      amountTotal: input.amountTotal,
      currency: input.currency,
      sourceArticle: input.sourceArticle ?? null,
      buyerKeyHash: input.buyerKeyHash ?? null,
      campaign: input.campaign ?? null,
      status: "pending",
      ...(promotion
        ? {
            promotionCodeId: promotion.codeId,
            promotionCode: promotion.code,
            discountCents: promotion.discountCents,
            promotionBuyer: promotion.buyer,
            sessionExpiresAt: promotion.sessionExpiresAt,
          }
        : {}),
    })
    .returning();
  return row!;
}

export async function attachSession(orderId: number, sessionId: string): Promise<void> {
  await db()
    .update(orders)
    .set({ providerSessionId: sessionId, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), like(orders.providerSessionId, "pending\\_%")));
}

/** A checkout that never reached the provider: its placeholder order goes. */
export async function discardPendingOrder(orderId: number): Promise<void> {
  await db()
    .delete(orders)
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending"), like(orders.providerSessionId, "pending\\_%")));
}

export async function findOrderBySession(sessionId: string): Promise<Order | undefined> {
  const [row] = await db().select().from(orders).where(eq(orders.providerSessionId, sessionId)).limit(1);
  return row;
}

export async function findOrderByPaymentId(paymentId: string): Promise<Order | undefined> {
  const [row] = await db().select().from(orders).where(eq(orders.providerPaymentId, paymentId)).limit(1);
  return row;
}

export async function findOrder(id: number): Promise<Order | undefined> {
  const [row] = await db().select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/** The test provider's page asks for the buyer's e-mail, as Stripe Checkout does. */
export async function setCustomerEmail(orderId: number, email: string): Promise<void> {
  await db().update(orders).set({ customerEmail: email, updatedAt: new Date() }).where(eq(orders.id, orderId));
}

/** The test page's Cancel: its session ends, and a code's use it held is free again. */
export async function endTestSession(orderId: number, at: Date): Promise<void> {
  await db()
    .update(orders)
    .set({ sessionExpiresAt: at, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending"), isNotNull(orders.sessionExpiresAt)));
}
