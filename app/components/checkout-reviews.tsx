import { BadgeCheck } from "lucide-react";
import { StarRating } from "~/components/star-rating";
import { formatDay } from "~/lib/site";
import { formatAverage, reviewPromise } from "~/lib/review-rules";

export type CheckoutReviewsData = {
  summary: { count: number; average: number };
  /** After how many days a review the owner has not decided on publishes itself. */
  autoPublishDays: number;
  reviews: { id: number; rating: number; body: string; displayName: string; writtenAt: string; refunded: boolean }[];
};

/**
 * Verified buyers' reviews: the average and count of every approved review, then the newest ones
 * exactly as written (text only: React escapes it, nothing is parsed as HTML).
 */
export function CheckoutReviews({ summary, reviews, autoPublishDays }: CheckoutReviewsData) {
  return (
    <section aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="text-lg font-bold text-slate-900">
        Reviews from verified buyers
      </h2>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-800" data-testid="reviews-summary">
        {/* The figure is in the words next to it; the stars only draw it. */}
        <span aria-hidden="true">
          <StarRating rating={Math.round(summary.average)} />
        </span>
        <span>
          <strong>{formatAverage(summary.average)} out of 5</strong> from {summary.count} approved review{summary.count === 1 ? "" : "s"}
          {summary.count > reviews.length ? ` (the ${reviews.length} newest shown)` : ""}
        </span>
      </p>
      <p className="mt-1 text-sm text-slate-700">{reviewPromise(autoPublishDays)}</p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {reviews.map((review) => (
          <li key={review.id}>
            <figure className="h-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <StarRating rating={review.rating} />
              <blockquote className="mt-2 break-words whitespace-pre-line text-slate-800">{review.body}</blockquote>
              <figcaption className="mt-3 text-slate-900">
                <span className="font-bold">{review.displayName}</span>
                <span className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
                  <span className="inline-flex items-center gap-1 font-bold text-brand-800">
                    <BadgeCheck aria-hidden="true" className="size-4" /> Verified buyer
                  </span>
                  {review.refunded ? <span className="font-bold text-slate-800">Refunded</span> : null}
                  <time dateTime={review.writtenAt}>{formatDay(review.writtenAt.slice(0, 10))}</time>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
