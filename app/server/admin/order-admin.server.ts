/**
 * Orders as the owner sees them: search by e-mail, one order with its files' download counts,
 * and the three actions (resend the receipt, reset the download count, refund the order or one
 * product of it), each recorded in the audit log; amounts net of refunds.
 */
import { desc, eq, ilike, inArray, sql } from "drizzle-orm";
import { downloads, orderRefunds, orders, outbox } from "../../../db/schema";
import type { OrderPost } from "~/lib/forms/dashboard";
import { auditEntries, recordAudit, type AuditEntry } from "~/server/audit.server";
import { db } from "~/server/db.server";
import { orderFiles, type ProductNames } from "~/server/delivery/order-access.server";
import { findOrder, orderNumber, type Order } from "~/server/payments/orders.server";
import { outboxValues, wakeOutbox } from "~/server/mail/outbox.server";
import type { Payments } from "~/server/payments/provider.server";
import { alreadyRequestedMessage, refundOrder } from "~/server/payments/refunds.server";
import { refundsOf } from "~/server/payments/refund-events.server";

export type OrderRow = {
  id: number;
  number: string;
  email: string | null;
  status: Order["status"];
  /** The status as the owner reads it: "partly refunded" for a paid order with a product (or an amount) given back. */
  statusLabel: string;
  /** Given back so far, and what the order brings in net of it. */
  refundedCents: number;
  netCents: number;
  items: string[];
  amountCents: number;
  provider: string;
  sourceArticle: string | null;
  /** The promotion code used, and what it took off. */
  promotionCode: string | null;
  discountCents: number;
  createdAt: Date;
  paidAt: Date | null;
};

type Refunds = { refundedCents: number };

const toRow = (o: Order, { refundedCents }: Refunds): OrderRow => ({
  id: o.id,
  number: orderNumber(o.id),
  email: o.customerEmail,
  status: o.status,
  statusLabel: o.status === "paid" && refundedCents > 0 ? "partly refunded" : o.status,
  refundedCents,
  netCents: o.amountTotal - refundedCents,
  items: o.lines.map((l) => l.name),
  amountCents: o.amountTotal,
  provider: o.provider,
  sourceArticle: o.sourceArticle,
  promotionCode: o.promotionCode,
  discountCents: o.discountCents,
  createdAt: o.createdAt,
  paidAt: o.paidAt,
});

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Newest first; `email` narrows to addresses containing it. Abandoned checkouts (pending, no address) are left out unless asked for. */
export async function searchOrders({ email, page, pageSize = 25 }: { email?: string; page: number; pageSize?: number }) {
  const where = email
    ? ilike(orders.customerEmail, `%${escapeLike(email)}%`)
    : sql`${orders.status} <> 'pending' or ${orders.customerEmail} is not null`;
  const rows = await db()
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  const shown = rows.slice(0, pageSize);
  const refunded = await refundedCentsOf(shown.map((o) => o.id));
  return { rows: shown.map((o) => toRow(o, { refundedCents: refunded.get(o.id) ?? 0 })), hasMore: rows.length > pageSize };
}

/** What was given back, per order, for a page of orders at once. */
async function refundedCentsOf(ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db()
    .select({ orderId: orderRefunds.orderId, cents: sql<number>`sum(${orderRefunds.amountCents})::int` })
    .from(orderRefunds)
    .where(inArray(orderRefunds.orderId, ids))
    .groupBy(orderRefunds.orderId);
  return new Map(rows.map((r) => [r.orderId, r.cents]));
}

export type OrderDetail = OrderRow & {
  /** Each product of the order, refunded or not, with what its line charged. */
  lines: { productId: string; name: string; amountCents: number; fullCents: number | null; refunded: boolean }[];
  /** Refunded at the provider but matching no product (e.g. an amount typed in Stripe's dashboard): the owner should look. */
  unmatchedCents: number;
  files: { productName: string; name: string; fileId: string; downloads: number }[];
  emails: { kind: string; status: string; createdAt: Date; sentAt: Date | null; lastError: string | null }[];
  audit: AuditEntry[];
};

export async function orderDetail(id: number, names: ProductNames): Promise<OrderDetail | undefined> {
  const order = await findOrder(id);
  if (!order) return undefined;
  const [products, refunds] = await Promise.all([orderFiles(id, names), refundsOf(id)]);
  const emails = await db()
    .select({ kind: outbox.kind, status: outbox.status, createdAt: outbox.createdAt, sentAt: outbox.sentAt, lastError: outbox.lastError })
    .from(outbox)
    .where(sql`${outbox.payload}->>'orderId' = ${String(id)}`)
    .orderBy(desc(outbox.id));
  return {
    ...toRow(order, refunds),
    lines: order.lines.map((l) => ({
      productId: l.id,
      name: l.name,
      amountCents: l.unitAmountCents * l.quantity,
      fullCents: l.fullUnitCents === undefined ? null : l.fullUnitCents * l.quantity,
      refunded: refunds.products.includes(l.id),
    })),
    unmatchedCents: refunds.unmatchedCents,
    files: products.flatMap((p) =>
      p.groups.flatMap((g) =>
        g.files.map((f) => ({
          productName: p.name,
          name: `${f.title}${f.variant ? ` (${f.variant})` : ""} (${f.format.toUpperCase()})`,
          fileId: f.id,
          downloads: f.downloads,
        })),
      ),
    ),
    emails,
    audit: await auditEntries({ target: `order:${id}` }),
  };
}

export type ActionOutcome = { ok: boolean; message: string };

/** A new receipt with a fresh order link (the first one's dedupe key is taken, so this one has its own). */
export async function resendReceipt(id: number): Promise<ActionOutcome> {
  const order = await findOrder(id);
  if (!order) return { ok: false, message: "No such order." };
  if (order.status !== "paid") return { ok: false, message: `The order is ${order.status}: only a paid order has a receipt.` };
  if (!order.customerEmail) return { ok: false, message: "The order has no e-mail address." };
  await db()
    .insert(outbox)
    .values(
      outboxValues({
        kind: "receipt",
        dedupeKey: `receipt:${id}:resend:${Date.now()}`,
        toAddress: order.customerEmail,
        payload: { orderId: id },
      }),
    );
  await recordAudit("resend-receipt", `order:${id}`, `receipt queued to ${order.customerEmail}`);
  wakeOutbox();
  return { ok: true, message: `A new receipt is on its way to ${order.customerEmail}.` };
}

/** The buyer reached the soft download limit: start their counts again. */
export async function resetDownloads(id: number): Promise<ActionOutcome> {
  const order = await findOrder(id);
  if (!order) return { ok: false, message: "No such order." };
  const removed = await db().delete(downloads).where(eq(downloads.orderId, id)).returning({ count: downloads.count });
  const total = removed.reduce((n, r) => n + r.count, 0);
  await recordAudit("reset-downloads", `order:${id}`, `${total} download(s) over ${removed.length} file(s) reset`);
  return { ok: true, message: `Download counts reset (${total} download${total === 1 ? "" : "s"} cleared).` };
}

/** `product`: one product of the order, or "all" (everything not refunded yet); `timeZone`: the business's, for the dates a refusal names. */
export async function refundFromDashboard(payments: Payments, id: number, product: string, timeZone: string): Promise<ActionOutcome> {
  const order = await findOrder(id);
  if (!order) return { ok: false, message: "No such order." };
  const productId = product === "all" ? undefined : product;
  const result = await refundOrder(payments, order, productId, timeZone);
  const name = productId ? (order.lines.find((l) => l.id === productId)?.name ?? productId) : "";
  const messages: Record<typeof result.kind, string> = {
    refunded: productId
      ? `Refunded the ${name}: access to its files has ended, the rest of the order stays, and the refund e-mail naming it is on its way.`
      : "Refunded: access to the files has ended and the refund e-mail is on its way.",
    requested: productId
      ? `Stripe accepted the refund of the ${name}: access to its files ends and the refund e-mail goes out when Stripe confirms it (moments).`
      : "Stripe accepted the refund: access ends and the refund e-mail goes out when Stripe confirms it (moments).",
    "already-refunded": productId ? `The ${name} was already refunded.` : "This order was already refunded.",
    "already-requested": result.kind === "already-requested" ? alreadyRequestedMessage(result, timeZone) : "",
    "not-refundable": `Not refunded: ${"reason" in result ? result.reason : ""}.`,
    failed: `Not refunded: ${"reason" in result ? result.reason : ""}.`,
  };
  const ok = result.kind === "refunded" || result.kind === "requested";
  await recordAudit(
    "refund",
    `order:${id}`,
    `${result.kind}${productId ? ` ${productId}` : ""}${result.kind === "requested" ? ` ${result.refundId}` : ""}${"status" in result && result.status ? ` (${result.status})` : ""}${"reason" in result ? `: ${result.reason}` : ""}`,
  );
  return { ok, message: messages[result.kind] };
}

/** The order page's post, parsed by its schema (OrderActionSchema): one server function per intent; `timeZone`: the business's. */
export function runOrderPost(payments: Payments, id: number, post: OrderPost, timeZone: string): Promise<ActionOutcome> {
  switch (post.intent) {
    case "resend":
      return resendReceipt(id);
    case "reset":
      return resetDownloads(id);
    case "refund":
      return refundFromDashboard(payments, id, post.product, timeZone);
  }
}
