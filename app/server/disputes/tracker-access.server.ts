/**
 * Which tracker an order link opens (decision 074): the order's mailbox's, when the order bought
 * the toolkit; with the products the order still opens, for the letters it links.
 */
import { orderPagePath } from "~/lib/order-files";
import { orderForToken, productAccess } from "~/server/delivery/order-access.server";
import type { Order } from "~/server/payments/orders.server";
import { trackerAccess } from "~/server/disputes/trackers.server";
import type { TrackerSubject } from "~/server/disputes/tracker-view.server";

export type SubjectLookup = { kind: "ok"; subject: TrackerSubject } | { kind: "invalid" } | { kind: "expired" } | { kind: "none" };

export async function subjectOf(order: Order, token: string): Promise<TrackerSubject | null> {
  const access = trackerAccess(order);
  if (!access) return null;
  const open = order.status === "paid" ? (await productAccess(order.id)).open : [];
  return { ...access, token, open };
}

/** The tracker behind an order page's token: invalid or expired as the link is, "none" for an order without the toolkit. */
export async function trackerSubject(token: string): Promise<SubjectLookup> {
  const found = await orderForToken(token);
  if (found.kind === "invalid") return { kind: "invalid" };
  if (found.kind === "expired") return { kind: "expired" };
  const subject = await subjectOf(found.order, token);
  return subject ? { kind: "ok", subject } : { kind: "none" };
}

/**
 * The tracker for the page of all of a mailbox's orders (decision 071): the mailbox's, opened
 * through its newest order that bought the toolkit (the page's own order links, newest first).
 */
export async function subjectOfOrderPaths(orderPaths: readonly string[]): Promise<TrackerSubject | null> {
  for (const path of orderPaths) {
    const token = path.slice(orderPagePath("").length);
    const found = await orderForToken(token);
    if (found.kind !== "ok") continue;
    const subject = await subjectOf(found.order, token);
    if (subject) return subject;
  }
  return null;
}
