/**
 * Verified buyer reviews (16 CFR 465): written from a paid order's private page, one per order,
 * moderated by the owner on content rules only, and the figures the site draws from them.
 */
import { and, count, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { orders, reviews, siteSettings, type OrderStatus, type ReviewStatus } from "../../../db/schema";
import {
  AUTO_PUBLISH_DAYS_LIMITS,
  DEFAULT_AUTO_PUBLISH_DAYS,
  FLAGGED_WAIT_FACTOR,
  DEFAULT_CHECKOUT_REVIEWS_THRESHOLD,
  HIDE_REASONS,
  likelyBrokenRules,
  REVIEW_LIMITS,
  reviewBadge,
  type ReviewField,
  type ReviewInput,
  ReviewSchema,
  reviewErrors,
} from "~/lib/forms/review";
import { recordAudit } from "~/server/audit.server";
import type { ContentReload } from "~/server/content/article-store.server";
import { changePublicContent } from "~/server/content/content-version.server";
import { db, type Database } from "~/server/db.server";
import { findOrder, orderNumber, type Order } from "~/server/payments/orders.server";

export type Review = typeof reviews.$inferSelect;

/** What the buyer may do with the review of this order. */
export type ReviewAccess =
  | { kind: "closed"; reason: "not-paid" }
  | { kind: "open"; review: Review | null }
  /**
   * Approved, hidden or rejected: the words are final (the owner's decision was about exactly
   * these words). A rejected review stays so until the owner reopens it (reopenable below): were
   * the buyer able to send it again, the same words would wait a week and publish themselves.
   */
  | { kind: "locked"; review: Review };

/**
 * Orders whose buyer may review: paid, and refunded too (a refunded buyer's review is as much a
 * buyer's as any, labelled as refunded where it shows; refusing it would suppress negative
 * reviews, 16 CFR 465.7). Not a disputed (charged-back), failed or unpaid one.
 */
export const REVIEWABLE: readonly OrderStatus[] = ["paid", "refunded"];
const reviewable = (status: OrderStatus) => REVIEWABLE.includes(status);

/** Reviews the buyer may still change: those waiting for a decision, and only those. */
const EDITABLE: readonly ReviewStatus[] = ["pending"];

export async function reviewForOrder(orderId: number): Promise<Review | null> {
  const [row] = await db().select().from(reviews).where(eq(reviews.orderId, orderId));
  return row ?? null;
}

export async function reviewAccess(order: Order): Promise<ReviewAccess> {
  if (!reviewable(order.status)) return { kind: "closed", reason: "not-paid" };
  const review = await reviewForOrder(order.id);
  if (review && !EDITABLE.includes(review.status)) return { kind: "locked", review };
  return { kind: "open", review };
}

export type SubmitResult = "created" | "updated" | "locked" | "rejected" | "not-paid";

/**
 * Write or rewrite the order's review. The order's status is read again here (not taken from
 * the page that showed the form), and the upsert changes only a review that is still editable:
 * a rejected one is not ("rejected"), nor an approved or hidden one ("locked").
 */
export async function submitReview(orderId: number, input: ReviewInput): Promise<SubmitResult> {
  const order = await findOrder(orderId);
  if (!order || !reviewable(order.status)) return "not-paid";
  const now = new Date();
  const rows = await db()
    .insert(reviews)
    .values({ orderId, rating: input.rating, body: input.body, displayName: input.displayName, writtenAt: now })
    .onConflictDoUpdate({
      target: reviews.orderId,
      set: {
        rating: input.rating,
        body: input.body,
        displayName: input.displayName,
        writtenAt: now,
        status: "pending",
        moderationReason: null,
        moderatedAt: null,
        autoPublished: false,
      },
      setWhere: inArray(reviews.status, [...EDITABLE]),
    })
    // PostgreSQL's xmax is 0 on a row this statement inserted, set on one it updated.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  if (rows.length === 0) return (await reviewForOrder(orderId))?.status === "rejected" ? "rejected" : "locked";
  return rows[0]!.inserted ? "created" : "updated";
}

export type Decision =
  | { decision: "approve" }
  | { decision: "reject"; reason: string }
  | { decision: "hide"; reason: string }
  /** A rejected review back to pending: the buyer may change it again, and the owner decides anew. */
  | { decision: "reopen" };

/** From which states each decision may be taken. */
const FROM: Record<Decision["decision"], readonly ReviewStatus[]> = {
  approve: ["pending", "rejected", "hidden"],
  reject: ["pending"],
  hide: ["approved"],
  reopen: ["rejected"],
};
const TO: Record<Decision["decision"], ReviewStatus> = { approve: "approved", reject: "rejected", hide: "hidden", reopen: "pending" };

/**
 * The owner's decision; false when the review is not in a state the decision applies to (a second
 * click). `moderated_at` is when she took it; on a reopened review it is when the wait for a
 * decision began again (publishOverdueReviews counts from it, not from the day it was written).
 */
export async function moderateReview(content: ContentReload, id: number, decision: Decision): Promise<boolean> {
  const reason = "reason" in decision ? decision.reason : null;
  const change = (tx: Pick<Database, "update">) =>
    tx
      .update(reviews)
      .set({ status: TO[decision.decision], moderationReason: reason, moderatedAt: new Date(), autoPublished: false })
      .where(and(eq(reviews.id, id), inArray(reviews.status, [...FROM[decision.decision]])))
      .returning({ id: reviews.id, orderId: reviews.orderId, rating: reviews.rating });
  // What /checkout and the home badge show changes with it (checkout-facts.server.ts); not with a
  // reopening, which moves a review between two states no page shows.
  const updated = decision.decision === "reopen" ? await change(db()) : await changePublicContent(content, change);
  if (updated.length === 0) return false;
  const label = reason ? (HIDE_REASONS.find((r) => r.id === reason)?.label ?? reason) : null;
  const done = decision.decision === "reopen" ? "reopened: pending again" : TO[decision.decision];
  await recordAudit(
    `review-${decision.decision}`,
    `review:${id}`,
    `review of ${orderNumber(updated[0]!.orderId)} ${done}${label ? ` (${label})` : ""}`,
  );
  return true;
}

export type AdminReview = Review & {
  orderNumber: string;
  orderStatus: OrderStatus;
  /** Content rules the text looks like it breaks: then it never publishes itself. */
  flags: ReturnType<typeof likelyBrokenRules>;
};

/** Every review, those waiting first, then newest; with the count in each state. */
export async function reviewsForOwner(): Promise<{ rows: AdminReview[]; counts: Record<ReviewStatus, number> }> {
  const rows = await db()
    .select({ review: reviews, orderStatus: orders.status })
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .orderBy(sql`${reviews.status} = 'pending' desc`, desc(reviews.writtenAt))
    .limit(500);
  const tallies = await db().select({ status: reviews.status, n: count() }).from(reviews).groupBy(reviews.status);
  const counts: Record<ReviewStatus, number> = { pending: 0, approved: 0, rejected: 0, hidden: 0 };
  for (const t of tallies) counts[t.status] = Number(t.n);
  return {
    rows: rows.map(({ review, orderStatus }) => ({
      ...review,
      orderNumber: orderNumber(review.orderId),
      orderStatus,
      flags: likelyBrokenRules(`${review.displayName}\n${review.body}`),
    })),
    counts,
  };
}

export type ReviewSummary = { count: number; average: number };

/** The real count and average of every approved review (whatever its stars). */
export async function approvedSummary(): Promise<ReviewSummary> {
  const [row] = await db()
    .select({ n: count(), average: sql<string | null>`avg(${reviews.rating})` })
    .from(reviews)
    .where(eq(reviews.status, "approved"));
  return { count: Number(row?.n ?? 0), average: Number(row?.average ?? 0) };
}

/** How many reviews /checkout shows at a time: the newest approved ones, whatever their stars. */
export const CHECKOUT_REVIEWS_SHOWN = 6;
export type PublicReview = { id: number; rating: number; body: string; displayName: string; writtenAt: string; refunded: boolean };

/**
 * The reviews block of /checkout, or null until the owner's threshold of approved reviews is
 * reached (then the page keeps its testimonials block). The newest first: never picked by stars.
 */
export async function checkoutReviews(): Promise<{ summary: ReviewSummary; reviews: PublicReview[]; autoPublishDays: number } | null> {
  const summary = await approvedSummary();
  if (summary.count === 0 || summary.count < (await checkoutReviewsThreshold())) return null;
  const rows = await db()
    .select({
      id: reviews.id,
      rating: reviews.rating,
      body: reviews.body,
      displayName: reviews.displayName,
      writtenAt: reviews.writtenAt,
      orderStatus: orders.status,
    })
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .where(eq(reviews.status, "approved"))
    .orderBy(desc(reviews.writtenAt), desc(reviews.id))
    .limit(CHECKOUT_REVIEWS_SHOWN);
  return {
    summary,
    autoPublishDays: await autoPublishDays(),
    reviews: rows.map(({ orderStatus, ...r }) => ({ ...r, writtenAt: r.writtenAt.toISOString(), refunded: orderStatus === "refunded" })),
  };
}

/** The home badge: "4.6 of 5, 12 buyer reviews" from every approved review, or null below its threshold. */
export async function reviewFigures(): Promise<{ value: string; label: string } | null> {
  const summary = await approvedSummary();
  return reviewBadge(summary.count, summary.average, await checkoutReviewsThreshold());
}

const THRESHOLD_KEY = "checkout-reviews-threshold";

export async function checkoutReviewsThreshold(): Promise<number> {
  const [row] = await db().select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, THRESHOLD_KEY));
  const value = row?.value;
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 1 ? value : DEFAULT_CHECKOUT_REVIEWS_THRESHOLD;
}

export async function setCheckoutReviewsThreshold(content: ContentReload, threshold: number): Promise<void> {
  await changePublicContent(content, (tx) =>
    tx
      .insert(siteSettings)
      .values({ key: THRESHOLD_KEY, value: threshold })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: threshold, updatedAt: new Date() } }),
  );
  await recordAudit("review-threshold", "setting:checkout-reviews-threshold", `checkout shows reviews from ${threshold} approved`);
}

const AUTO_PUBLISH_KEY = "review-auto-publish-days";

/** After how many days a review the owner has not decided on publishes itself. */
export async function autoPublishDays(): Promise<number> {
  const [row] = await db().select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, AUTO_PUBLISH_KEY));
  const value = row?.value;
  return typeof value === "number" &&
    Number.isSafeInteger(value) &&
    value >= AUTO_PUBLISH_DAYS_LIMITS.min &&
    value <= AUTO_PUBLISH_DAYS_LIMITS.max
    ? value
    : DEFAULT_AUTO_PUBLISH_DAYS;
}

export async function setAutoPublishDays(content: ContentReload, days: number): Promise<void> {
  // /checkout and the order page state the days.
  await changePublicContent(content, (tx) =>
    tx
      .insert(siteSettings)
      .values({ key: AUTO_PUBLISH_KEY, value: days })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: days, updatedAt: new Date() } }),
  );
  await recordAudit(
    "review-auto-publish-days",
    `setting:${AUTO_PUBLISH_KEY}`,
    `reviews publish themselves after ${days} days without a decision`,
  );
}

/**
 * Since when a pending review has waited for a decision: since it was written, or since the owner
 * reopened it (moderated_at, later; null on a review she never decided on, which greatest() skips).
 */
const waitingSince = sql<Date>`greatest(${reviews.writtenAt}, ${reviews.moderatedAt})`.mapWith(reviews.writtenAt);

/**
 * Publish every review that has waited the owner's days with no decision; one a content rule a
 * machine can check flags (likelyBrokenRules) gets twice the days, so she sees it first, but no
 * review waits for ever (16 CFR 465.7). Runs before each pass of the outbox worker, on every
 * server: the update's condition makes a second server's run a no-op. Returns how many it published.
 */
export async function publishOverdueReviews(content: ContentReload, now: Date = new Date()): Promise<number> {
  const days = await autoPublishDays();
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const flaggedCutoff = new Date(now.getTime() - FLAGGED_WAIT_FACTOR * days * 24 * 60 * 60 * 1000);
  const waiting = await db()
    .select({ id: reviews.id, body: reviews.body, displayName: reviews.displayName, since: waitingSince })
    .from(reviews)
    .where(and(eq(reviews.status, "pending"), lte(reviews.writtenAt, cutoff), lte(waitingSince, cutoff)))
    .orderBy(reviews.writtenAt, reviews.id)
    .limit(500);
  const ids = waiting
    .filter((r) => likelyBrokenRules(`${r.displayName}\n${r.body}`).length === 0 || r.since <= flaggedCutoff)
    .map((r) => r.id);
  if (ids.length === 0) return 0;
  const published = await changePublicContent(content, (tx) =>
    tx
      .update(reviews)
      .set({ status: "approved", moderatedAt: now, moderationReason: null, autoPublished: true })
      // Still waiting and still as old: a buyer's rewrite since (a new written_at) waits again.
      .where(and(inArray(reviews.id, ids), eq(reviews.status, "pending"), lte(reviews.writtenAt, cutoff), lte(waitingSince, cutoff)))
      .returning({ id: reviews.id, orderId: reviews.orderId }),
  );
  for (const r of published) {
    await recordAudit(
      "review-auto-publish",
      `review:${r.id}`,
      `review of ${orderNumber(r.orderId)} published: no decision within the set days`,
    );
  }
  return published.length;
}

export type ReviewFormAnswer =
  | { kind: "saved"; created: boolean }
  | { kind: "invalid"; errors: Partial<Record<ReviewField, string>>; values: Record<string, string> }
  | { kind: "refused"; message: string };

const REFUSED_NOT_PAID = "Only a paid or refunded order can be reviewed: this one was disputed or not paid, so it can't be reviewed.";
const REFUSED_LOCKED = "Your review has been published as you wrote it, so it can no longer be changed. Questions? E-mail us.";
/** Said plainly (the order page already shows "Not published"): sending it again changes nothing. */
export const REFUSED_REJECTED =
  "Your review was not published: it breaks one of our content rules, so it can't be sent again from this page. If you'd like to rewrite it, e-mail us and we can reopen it for you.";

/** The order page's review form: read, check, store; the answer and its HTTP status. */
export async function answerReviewForm(order: Order, request: Request): Promise<{ answer: ReviewFormAnswer; status: number }> {
  if (!reviewable(order.status)) return { answer: { kind: "refused", message: REFUSED_NOT_PAID }, status: 403 };
  const form = await request.formData().catch(() => null);
  const fields: Record<string, string> = {};
  for (const [key, value] of form ?? []) {
    if (typeof value === "string" && (key === "rating" || key === "body" || key === "displayName")) fields[key] = value;
  }
  const values = {
    body: (fields.body ?? "").slice(0, REVIEW_LIMITS.body + 100),
    displayName: (fields.displayName ?? "").slice(0, 100),
    rating: fields.rating ?? "",
  };
  const parsed = ReviewSchema.safeParse(fields);
  if (!parsed.success) return { answer: { kind: "invalid", errors: reviewErrors(parsed.error.issues), values }, status: 400 };
  const result = await submitReview(order.id, parsed.data);
  if (result === "not-paid") return { answer: { kind: "refused", message: REFUSED_NOT_PAID }, status: 403 };
  if (result === "locked") return { answer: { kind: "refused", message: REFUSED_LOCKED }, status: 409 };
  if (result === "rejected") return { answer: { kind: "refused", message: REFUSED_REJECTED }, status: 409 };
  return { answer: { kind: "saved", created: result === "created" }, status: 200 };
}
