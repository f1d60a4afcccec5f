/**
 * One page for all of a buyer's purchases (issue 53, decision 071): the lost-link e-mail carries
 * one link to it, a random token stored only as its hash (email_tokens, purpose "purchases"), for
 * the address's canonical spelling, valid PURCHASES_LINK_DAYS. The page lists every order of that
 * mailbox that was ever paid (paid, refunded, disputed), newest first, each with its products, its
 * date, its status (refunded parts shown) and a link to its own order page. Those links are derived
 * from the page's token (the success page's way, buyer-key.server.ts), so a reload adds none.
 */
import { createHmac } from "node:crypto";
import { and, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { emailTokens, orderAccessTokens, orderRefunds, orders } from "../../../db/schema";
import { canonicalEmail } from "~/lib/email-address";
import { orderPagePath, PURCHASES_LINK_DAYS } from "~/lib/order-files";
import { db } from "~/server/db.server";
import { formatPaidOn } from "~/server/dates.server";
import { ORDER_LINK_DAYS } from "~/server/delivery/order-access.server";
import { maskEmail } from "~/server/delivery/order-view.server";
import { orderNumber } from "~/server/payments/orders.server";
import { hashToken, isTokenShaped, newToken } from "~/server/tokens.server";

/** At most this many orders are listed (newest first): far more than any one person buys here. */
const MOST_ORDERS = 200;

/** Orders a buyer has: ever paid (a checkout never paid is nobody's purchase). */
const purchasesOf = (email: string) => and(eq(orders.customerEmail, canonicalEmail(email)), isNotNull(orders.paidAt));

/** How many orders this address has (the lost-link e-mail goes only when there is one). */
export async function countPurchases(email: string): Promise<number> {
  return db().$count(orders, purchasesOf(email));
}

/** A new link to the page of every order of this address; the token is returned once, for the e-mail that carries it. */
export async function mintPurchasesLink(email: string): Promise<string> {
  const { token, hash } = newToken();
  await db()
    .insert(emailTokens)
    .values({
      tokenHash: hash,
      email: canonicalEmail(email),
      purpose: "purchases",
      expiresAt: new Date(Date.now() + PURCHASES_LINK_DAYS * 86_400_000),
    });
  return token;
}

export type PurchaseStatus = "paid" | "partly-refunded" | "refunded" | "disputed";

export type Purchase = {
  orderNumber: string;
  /** The receipt's "Paid on", in the business's zone and naming it. */
  paidOn: string;
  status: PurchaseStatus;
  lines: { name: string; amountCents: number; refunded: boolean }[];
  totalCents: number;
  refundedCents: number;
  /** Its own order page (the downloads while it is paid; why not, once refunded or disputed). */
  orderPath: string;
};

export type PurchasesView =
  { kind: "invalid" } | { kind: "expired" } | { kind: "ok"; maskedEmail: string; expiresOn: string; orders: Purchase[] };

/** The order page's link from this page's token: the same on every view, stored the first time. */
async function orderLinkFrom(pageToken: string, orderId: number): Promise<string> {
  const token = createHmac("sha256", pageToken).update(`purchases-page:${orderId}`).digest("base64url");
  await db()
    .insert(orderAccessTokens)
    .values({
      tokenHash: hashToken(token),
      orderId,
      purpose: "purchases-page",
      expiresAt: new Date(Date.now() + ORDER_LINK_DAYS * 86_400_000),
    })
    .onConflictDoNothing({ target: orderAccessTokens.tokenHash });
  return token;
}

function statusOf(status: string, refundedProducts: number, lines: number): PurchaseStatus {
  if (status === "refunded") return "refunded";
  if (status === "disputed") return "disputed";
  return refundedProducts > 0 && refundedProducts < lines ? "partly-refunded" : refundedProducts > 0 ? "refunded" : "paid";
}

/**
 * What the page shows for a token: 404 for one that is not ours, 410 once expired, otherwise every
 * order of its mailbox and none of anyone else's. A GET writes only the order links (once each).
 */
export async function purchasesView(token: string, timeZone: string): Promise<PurchasesView> {
  if (!isTokenShaped(token)) return { kind: "invalid" };
  const [link] = await db()
    .select({ email: emailTokens.email, expiresAt: emailTokens.expiresAt })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, "purchases")))
    .limit(1);
  if (!link) return { kind: "invalid" };
  if (link.expiresAt.getTime() <= Date.now()) return { kind: "expired" };
  const found = await db()
    .select()
    .from(orders)
    .where(purchasesOf(link.email))
    .orderBy(desc(orders.paidAt), desc(orders.id))
    .limit(MOST_ORDERS);
  const refunds =
    found.length === 0
      ? []
      : await db()
          .select({ orderId: orderRefunds.orderId, productId: orderRefunds.productId, amountCents: orderRefunds.amountCents })
          .from(orderRefunds)
          .where(
            inArray(
              orderRefunds.orderId,
              found.map((o) => o.id),
            ),
          );
  const purchases = await Promise.all(
    found.map(async (order): Promise<Purchase> => {
      const own = refunds.filter((r) => r.orderId === order.id);
      const refundedIds = new Set(own.flatMap((r) => (r.productId ? [r.productId] : [])));
      const whole = order.status === "refunded";
      return {
        orderNumber: orderNumber(order.id),
        paidOn: formatPaidOn(order.paidAt!, timeZone),
        status: statusOf(order.status, refundedIds.size, order.lines.length),
        lines: order.lines.map((l) => ({
          name: l.name,
          amountCents: l.unitAmountCents * l.quantity,
          refunded: whole || refundedIds.has(l.id),
        })),
        totalCents: order.amountTotal,
        // An order refunded before refunds were recorded by product (migration 0020) has no rows: its whole total went back.
        refundedCents: own.length === 0 && whole ? order.amountTotal : own.reduce((n, r) => n + r.amountCents, 0),
        orderPath: orderPagePath(await orderLinkFrom(token, order.id)),
      };
    }),
  );
  return { kind: "ok", maskedEmail: maskEmail(link.email), expiresOn: formatPaidOn(link.expiresAt, timeZone), orders: purchases };
}
