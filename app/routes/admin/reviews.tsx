import type { Route } from "./+types/reviews";
import { AdminHeading, Panel, useTimeZone } from "~/components/admin-ui";
import { decisionFormId, NumberSetting, ReviewCard } from "~/components/review-moderation";
import {
  AUTO_PUBLISH_DAYS_LIMITS,
  CONTENT_RULES,
  dayCount,
  FLAGGED_WAIT_FACTOR,
  formatAverage,
  REVIEW_BADGE_THRESHOLD,
  reviewBadge,
} from "~/lib/forms/review";
import { ReviewsActionSchema, THRESHOLD_LIMITS, type ReviewsPost } from "~/lib/forms/review-moderation";
import { seo } from "~/lib/seo";
import type { ContentReload } from "~/server/content/article-store.server";
import { articlesOf } from "~/server/content/site-content.server";
import {
  approvedSummary,
  autoPublishDays,
  checkoutReviewsThreshold,
  moderateReview,
  reviewsForOwner,
  setAutoPublishDays,
  setCheckoutReviewsThreshold,
} from "~/server/content/reviews.server";
import { dashboardAction, dashboardLoader } from "~/server/admin/dashboard-route.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Reviews", description: "Buyers' reviews waiting for a decision.", path: "/admin/reviews" });

export const loader = dashboardLoader(async (_: Route.LoaderArgs) => {
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
});

const DONE = {
  approve: "Approved: it shows as written.",
  reject: "Rejected: it will not be shown.",
  hide: "Hidden: it no longer shows.",
  reopen: "Reopened: it waits for your decision again, and the buyer can change it from the order page.",
} as const;

/** One server function per intent; what was done, or why nothing was (a review decided meanwhile). */
async function run(content: ContentReload, value: ReviewsPost): Promise<{ done: string } | { refused: string }> {
  switch (value.intent) {
    case "threshold":
      await setCheckoutReviewsThreshold(content, value.threshold);
      return { done: `Saved: /checkout shows reviews once ${value.threshold} are approved.` };
    case "auto-publish":
      await setAutoPublishDays(content, value.days);
      return { done: `Saved: a review you have not decided on is published after ${value.days} days.` };
    default: {
      const decision = "reason" in value ? { decision: value.intent, reason: value.reason } : { decision: value.intent };
      const changed = await moderateReview(content, value.id, decision);
      return changed ? { done: DONE[value.intent] } : { refused: "That review was already decided." };
    }
  }
}

/** Every form of the page posts here: parsed by the page's one schema, then a redirect with what was done (or the refusal on the form). */
export const action = dashboardAction({
  schema: ReviewsActionSchema,
  form: ({ intent, id }) => (intent === "threshold" || intent === "auto-publish" ? intent : decisionFormId(intent, id)),
  run: async (value, { context }: Route.ActionArgs) => {
    const outcome = await run(articlesOf(context), value);
    if ("refused" in outcome) return { refused: outcome.refused, status: 409 };
    return { done: outcome.done, to: "/admin/reviews" };
  },
});

export default function Reviews({ loaderData: r, actionData }: Route.ComponentProps) {
  const zone = useTimeZone();
  const badge = reviewBadge(r.summary.count, r.summary.average, r.threshold);
  return (
    <>
      <AdminHeading title={`Reviews (${r.counts.pending} waiting)`} />

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
          name="threshold"
          label="Approved reviews before /checkout shows them"
          saveLabel="Save the number of reviews"
          min={THRESHOLD_LIMITS.min}
          max={THRESHOLD_LIMITS.max}
          value={r.threshold}
          last={actionData}
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
          name="days"
          label="Days before an undecided review is published"
          saveLabel="Save the days"
          min={AUTO_PUBLISH_DAYS_LIMITS.min}
          max={AUTO_PUBLISH_DAYS_LIMITS.max}
          value={r.days}
          last={actionData}
        />
      </Panel>

      {r.rows.length === 0 ? (
        <p className="mt-6 text-slate-700">No reviews yet. Buyers can write one from their order page.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {r.rows.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} days={r.days} zone={zone} last={actionData} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
