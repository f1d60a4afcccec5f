import { data, Link } from "react-router";
import type { Route } from "./+types/reviews";
import { AdminHeading, formatWhen, Notice, Panel, StatusBadge, useTimeZone } from "~/components/admin-ui";
import { StarRating } from "~/components/star-rating";
import { buttonClass } from "~/components/ui/button";
import {
  AUTO_PUBLISH_DAYS_LIMITS,
  AutoPublishDaysSchema,
  FLAGGED_WAIT_FACTOR,
  CONTENT_RULES,
  dayCount,
  formatAverage,
  HIDE_REASONS,
  ModerationSchema,
  REVIEW_BADGE_THRESHOLD,
  reviewBadge,
  ThresholdSchema,
} from "~/lib/reviews";
import { seo } from "~/lib/seo";
import { z } from "zod";
import { requireOwner } from "~/server/admin/owner-session.server";
import { appConfig } from "~/server/config.server";
import { parseSubmission } from "~/server/forms/submission.server";
import {
  approvedSummary,
  autoPublishDays,
  checkoutReviewsThreshold,
  moderateReview,
  reviewsForOwner,
  setAutoPublishDays,
  setCheckoutReviewsThreshold,
} from "~/server/content/reviews.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Reviews", description: "Buyers' reviews waiting for a decision.", path: "/admin/reviews", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(appConfig(context).owner, request);
  const [{ rows, counts }, summary, threshold, days] = await Promise.all([
    reviewsForOwner(),
    approvedSummary(),
    checkoutReviewsThreshold(),
    autoPublishDays(),
  ]);
  return {
    counts,
    summary,
    threshold,
    days,
    rows: rows.map((r) => ({ ...r, writtenAt: r.writtenAt.toISOString(), moderatedAt: r.moderatedAt?.toISOString() ?? null })),
  };
}

/** Any text fields: which schema applies depends on the form's intent. */
const AnyFields = z.record(z.string(), z.string());

export async function action({ request, context }: Route.ActionArgs) {
  await requireOwner(appConfig(context).owner, request);
  // Read once, the one way (size, encoding, repeated fields); each intent's schema checks it below.
  const submission = await parseSubmission(request, AnyFields);
  if (submission.unreadable) return data({ ok: false, message: "That decision was not understood." }, { status: 400 });
  const fields: Record<string, unknown> = submission.payload ?? {};
  if (fields.intent === "threshold") {
    const parsed = ThresholdSchema.safeParse(fields);
    if (!parsed.success) return data({ ok: false, message: parsed.error.issues[0]!.message }, { status: 400 });
    await setCheckoutReviewsThreshold(parsed.data.threshold);
    return { ok: true, message: `Saved: /checkout shows reviews once ${parsed.data.threshold} are approved.` };
  }
  if (fields.intent === "auto-publish") {
    const parsed = AutoPublishDaysSchema.safeParse(fields);
    if (!parsed.success) return data({ ok: false, message: parsed.error.issues[0]!.message }, { status: 400 });
    await setAutoPublishDays(parsed.data.days);
    return { ok: true, message: `Saved: a review you have not decided on is published after ${parsed.data.days} days.` };
  }
  const parsed = ModerationSchema.safeParse(fields);
  if (!parsed.success) {
    const missingReason = parsed.error.issues.find((i) => i.path[0] === "reason");
    return data({ ok: false, message: missingReason?.message ?? "That decision was not understood." }, { status: 400 });
  }
  const changed = await moderateReview(parsed.data.id, parsed.data);
  const done = {
    approve: "Approved: it shows as written.",
    reject: "Rejected: it will not be shown.",
    hide: "Hidden: it no longer shows.",
  };
  return changed ? { ok: true, message: done[parsed.data.decision] } : { ok: false, message: "That review was already decided." };
}

const selectClass =
  "rounded-lg border border-slate-400 bg-white px-2 py-1.5 text-sm text-slate-900 focus-visible:outline-3 focus-visible:outline-brand-700";

function ReasonForm({ id, decision, who }: { id: number; decision: "reject" | "hide"; who: string }) {
  const reasons = decision === "reject" ? CONTENT_RULES : HIDE_REASONS;
  const label = decision === "reject" ? "Reject" : "Hide";
  return (
    <form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="decision" value={decision} />
      <label htmlFor={`${decision}-${id}`} className="text-sm text-slate-800">
        {decision === "reject" ? "Breaks the rule" : "Reason"}
      </label>
      <select id={`${decision}-${id}`} name="reason" required defaultValue="" className={selectClass}>
        <option value="" disabled>
          Choose…
        </option>
        {reasons.map((r) => (
          <option key={r.id} value={r.id}>
            {r.label}
          </option>
        ))}
      </select>
      <button type="submit" aria-label={`${label} the review by ${who}`} className={buttonClass({ variant: "outline", size: "sm" })}>
        {label}
      </button>
    </form>
  );
}

/** One whole-number setting of the page, with its own Save. */
function NumberSetting(p: {
  intent: string;
  id: string;
  name: string;
  label: string;
  /** The Save button's name for a screen reader, beside the page's other Save. */
  saveLabel: string;
  min: number;
  max: number;
  value: number;
}) {
  return (
    <form method="post" className="mt-4 flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value={p.intent} />
      <div>
        <label htmlFor={p.id} className="block text-sm font-bold text-slate-900">
          {p.label}
        </label>
        <input
          id={p.id}
          name={p.name}
          type="number"
          min={p.min}
          max={p.max}
          required
          defaultValue={p.value}
          className="mt-1 w-28 rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-3 focus-visible:outline-brand-700"
        />
      </div>
      <button type="submit" aria-label={p.saveLabel} className={buttonClass({ variant: "outline", size: "sm" })}>
        Save
      </button>
    </form>
  );
}

export default function Reviews({ loaderData: r, actionData }: Route.ComponentProps) {
  const zone = useTimeZone();
  const badge = reviewBadge(r.summary.count, r.summary.average, r.threshold);
  return (
    <>
      <AdminHeading title={`Reviews (${r.counts.pending} waiting)`} />
      {actionData ? <Notice ok={actionData.ok}>{actionData.message}</Notice> : null}

      <Panel title="Decide on content, never on stars" id="rules-heading">
        <p className="mt-2 text-slate-700">
          Approve every review that follows these rules, positive or negative; reject or hide one only for a rule it breaks. Reviews show
          exactly as the buyer wrote them: nobody edits them. Suppressing negative reviews, or rewarding positive ones, is against the
          FTC&apos;s rule on consumer reviews (16 CFR 465.4 and 465.7).
        </p>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-800">
          {CONTENT_RULES.map((rule) => (
            <li key={rule.id}>
              <strong>{rule.label}:</strong> {rule.rule}
            </li>
          ))}
        </ul>
      </Panel>

      <Panel title="What the site shows" id="figures-heading">
        <p className="mt-2 text-slate-700" data-figure="summary">
          {r.summary.count === 0
            ? "No approved reviews yet."
            : `${r.summary.count} approved review${r.summary.count === 1 ? "" : "s"}, average ${formatAverage(r.summary.average)} out of 5 (shown on /checkout with every review counted).`}
        </p>
        <p className="mt-2 text-slate-700">
          /checkout shows the newest approved reviews instead of the testimonials once{" "}
          {r.summary.count >= r.threshold ? "it has reached" : "it reaches"} {r.threshold} approved.
        </p>
        <p className="mt-2 text-slate-700" data-figure="home-badge">
          Home page badge:{" "}
          {badge === null
            ? `from ${Math.max(REVIEW_BADGE_THRESHOLD, r.threshold)} approved reviews (and not before /checkout shows them) it shows their average and count (“4.6 of 5, ${Math.max(REVIEW_BADGE_THRESHOLD, r.threshold)} buyer reviews”), linked to them; until then, the number of free articles.`
            : `“${badge.value}, ${badge.label}”, linked to the reviews on /checkout: every approved review counts, whatever its stars.`}
        </p>
        <NumberSetting
          intent="threshold"
          id="threshold"
          name="threshold"
          label="Approved reviews before /checkout shows them"
          saveLabel="Save the number of reviews"
          min={1}
          max={100}
          value={r.threshold}
        />
      </Panel>

      <Panel title="If you don't decide" id="auto-publish-heading">
        <p className="mt-2 text-slate-700">
          A review you leave waiting is published by itself after {dayCount(r.days)}, so no review waits for ever (16 CFR 465.7). One that
          looks like it has a link, an e-mail address or a long number waits twice as long ({dayCount(FLAGGED_WAIT_FACTOR * r.days)}) so you
          can decide on it by the rules first. /checkout and the order page state the days.
        </p>
        <NumberSetting
          intent="auto-publish"
          id="auto-publish-days"
          name="days"
          label="Days before an undecided review is published"
          saveLabel="Save the days"
          min={AUTO_PUBLISH_DAYS_LIMITS.min}
          max={AUTO_PUBLISH_DAYS_LIMITS.max}
          value={r.days}
        />
      </Panel>

      {r.rows.length === 0 ? (
        <p className="mt-6 text-slate-700">No reviews yet. Buyers can write one from their order page.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {r.rows.map((review) => (
            <li key={review.id}>
              <article
                aria-labelledby={`review-${review.id}`}
                className={`rounded-2xl border bg-white p-4 shadow-sm sm:p-5 ${review.status === "pending" ? "border-brand-600" : "border-slate-200"}`}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 id={`review-${review.id}`} className="text-lg font-bold break-words text-slate-900">
                    {review.displayName}
                  </h2>
                  <StatusBadge status={review.status} />
                </div>
                <StarRating rating={review.rating} className="mt-1" />
                <p className="mt-2 break-words whitespace-pre-line text-slate-800">{review.body}</p>
                <p className="mt-2 text-sm text-slate-700">
                  <Link to={`/admin/orders/${review.orderId}`} className="font-bold text-brand-800 underline underline-offset-2">
                    {review.orderNumber}
                  </Link>
                  {review.orderStatus === "refunded" ? " (refunded: shown as “Refunded”)" : ""}, written{" "}
                  {formatWhen(review.writtenAt, zone)}
                  {review.moderatedAt
                    ? review.autoPublished
                      ? `, published by itself ${formatWhen(review.moderatedAt, zone)} (no decision within the days)`
                      : `, decided ${formatWhen(review.moderatedAt, zone)}`
                    : ""}
                  {review.moderationReason
                    ? ` (${HIDE_REASONS.find((h) => h.id === review.moderationReason)?.label ?? review.moderationReason})`
                    : ""}
                </p>
                {review.status === "pending" && review.flags.length > 0 ? (
                  <p className="mt-2 text-sm font-bold text-amber-900" data-testid="review-flags">
                    Check it first: it may break “
                    {review.flags.map((f) => CONTENT_RULES.find((c) => c.id === f)?.label ?? f).join("” and “")}”. Undecided, it is
                    published {dayCount(FLAGGED_WAIT_FACTOR * r.days)} after it was written.
                  </p>
                ) : null}
                <div className="mt-3 flex flex-wrap items-center gap-4">
                  {review.status !== "approved" ? (
                    <form method="post">
                      <input type="hidden" name="id" value={review.id} />
                      <input type="hidden" name="decision" value="approve" />
                      <button
                        type="submit"
                        aria-label={`Approve the review by ${review.displayName}`}
                        className={buttonClass({ size: "sm" })}
                      >
                        Approve
                      </button>
                    </form>
                  ) : null}
                  {review.status === "pending" ? <ReasonForm id={review.id} decision="reject" who={review.displayName} /> : null}
                  {review.status === "approved" ? <ReasonForm id={review.id} decision="hide" who={review.displayName} /> : null}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
