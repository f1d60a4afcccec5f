import { useEffect, useRef } from "react";
import { StarRating } from "~/components/star-rating";
import { buttonClass } from "~/components/ui/button";
import { CONTENT_RULES, publishedWithin, REVIEW_LIMITS } from "~/lib/review-rules";
import type { ReviewField } from "~/lib/forms/review";
import { inputClass } from "~/components/ui/input";

export type OwnReview = { rating: number; body: string; displayName: string; status: "pending" | "approved" | "rejected" | "hidden" };

export type ReviewFormState =
  | { kind: "saved"; created: boolean }
  | { kind: "invalid"; errors: Partial<Record<ReviewField, string>>; values: Record<string, string> }
  | { kind: "refused"; message: string };

const STATUS_TEXT: Record<OwnReview["status"], string> = {
  pending: "Waiting for approval. You can still change it below (a change starts the wait again).",
  rejected:
    "Not published: it breaks one of our content rules, so it can no longer be changed here. If you'd like to rewrite it, e-mail us and we can reopen it for you.",
  approved: "Published with “Verified buyer” and its date. It can no longer be changed.",
  hidden: "Taken down. E-mail us if you have a question about it.",
};

/**
 * A buyer's review of their order, on the private order page: a plain form (it works without
 * JavaScript) that the server checks. The rules of 16 CFR 465 are said on the form itself.
 */
export function ReviewForm({
  action,
  own,
  state,
  autoPublishDays,
  refunded,
}: {
  action: string;
  own: OwnReview | null;
  state?: ReviewFormState;
  /** After how many days a review nobody rejected for a content rule publishes itself. */
  autoPublishDays: number;
  /** The order was refunded: the review shows "Refunded" beside "Verified buyer". */
  refunded: boolean;
}) {
  const within = publishedWithin(autoPublishDays);
  const answer = useRef<HTMLDivElement>(null);
  // After a submission the page is new: bring focus to what happened to it.
  useEffect(() => {
    if (state) answer.current?.focus();
  }, [state]);
  // Only a review waiting for a decision can be changed (a rejected one waits for the owner to reopen it: reviews.server.ts).
  const locked = own !== null && own.status !== "pending";
  const values = state?.kind === "invalid" ? state.values : own ? { ...own, rating: String(own.rating) } : {};
  const errors = state?.kind === "invalid" ? state.errors : {};

  return (
    <section
      id="review"
      aria-labelledby="review-heading"
      className="mt-8 scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="review-heading" className="text-lg font-bold text-slate-900">
        {own ? "Your review" : "Review the toolkit"}
      </h2>
      <div ref={answer} tabIndex={-1} className="focus:outline-none">
        {state?.kind === "saved" ? (
          <p role="status" className="mt-3 rounded-lg border border-brand-300 bg-brand-50 p-3 text-brand-900">
            {state.created ? "Thank you! Your review is saved." : "Your review is updated."} It is published {within} unless it breaks one
            of the content rules below.
          </p>
        ) : state?.kind === "refused" ? (
          <p role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
            {state.message}
          </p>
        ) : state?.kind === "invalid" ? (
          <p role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
            Please fix {Object.keys(state.errors).length === 1 ? "the field" : "the fields"} marked below.
          </p>
        ) : null}
      </div>
      {own ? (
        <div className="mt-3 text-slate-700">
          <p>
            <strong className="text-slate-900">Status:</strong> {STATUS_TEXT[own.status]}
          </p>
          {locked ? (
            <figure className="mt-3 rounded-xl bg-slate-50 p-4">
              <StarRating rating={own.rating} />
              <blockquote className="mt-2 break-words whitespace-pre-line text-slate-800">{own.body}</blockquote>
              <figcaption className="mt-2 font-bold text-slate-900">{own.displayName}</figcaption>
            </figure>
          ) : null}
        </div>
      ) : (
        <p className="mt-2 text-slate-700">Tell other readers how the toolkit worked for you, good or bad.</p>
      )}

      {locked ? null : (
        <form method="post" action={`${action}#review`} noValidate className="mt-5 space-y-5">
          <fieldset aria-describedby={errors.rating ? "review-rating-error" : undefined}>
            <legend className="font-bold text-slate-900">Your rating</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {[1, 2, 3, 4, 5].map((n) => (
                <label
                  key={n}
                  className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 has-checked:border-brand-700 has-checked:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="rating"
                    value={n}
                    required
                    defaultChecked={values.rating === String(n)}
                    className="size-4 accent-brand-700"
                  />
                  <span>
                    {n} {n === 1 ? "star" : "stars"}
                  </span>
                </label>
              ))}
            </div>
            {errors.rating ? <FieldError id="review-rating-error">{errors.rating}</FieldError> : null}
          </fieldset>

          <FieldShell
            id="review-body"
            label="Your review"
            hint={`Plain text, ${REVIEW_LIMITS.bodyMin} to ${REVIEW_LIMITS.body.toLocaleString("en-US")} characters.`}
            error={errors.body}
          >
            {(aria) => (
              <textarea
                id="review-body"
                name="body"
                rows={6}
                required
                defaultValue={values.body ?? ""}
                className={inputClass({ size: "lg", block: false, className: "mt-1" })}
                {...aria}
              />
            )}
          </FieldShell>

          <FieldShell
            id="review-name"
            label="Your first name and last initial"
            hint="Shown with your review, for example Maria S."
            error={errors.displayName}
          >
            {(aria) => (
              <input
                id="review-name"
                name="displayName"
                required
                autoComplete="off"
                defaultValue={values.displayName ?? ""}
                className={inputClass({ size: "lg", block: false, className: "mt-1" })}
                {...aria}
              />
            )}
          </FieldShell>

          <div className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
            <p className="font-bold text-slate-900">How we publish reviews</p>
            <p className="mt-1">
              We publish every review that follows these rules {within}, whatever its stars and whether or not it praises us. You get
              nothing for writing one, and what you write changes nothing about your order, refund or support (the FTC&apos;s rule on
              consumer reviews, 16 CFR part 465).
            </p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {CONTENT_RULES.map((r) => (
                <li key={r.id}>{r.rule}</li>
              ))}
            </ul>
            <p className="mt-2">
              You can change your review while it waits for approval. It shows “Verified buyer”
              {refunded ? " and “Refunded” (your order was refunded: your review is as welcome as anyone’s)" : ""} and the date you wrote
              it.
            </p>
          </div>

          <button type="submit" className={buttonClass({ size: "lg" })}>
            {own ? "Update my review" : "Send my review"}
          </button>
        </form>
      )}
    </section>
  );
}

type Aria = { "aria-invalid"?: true; "aria-describedby": string };

/** A labelled field with its hint and, after a failed submission, its message (tied with aria-describedby). */
function FieldShell({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  error?: string;
  children: (aria: Aria) => React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="font-bold text-slate-900">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-700">
        {hint}
      </p>
      {children(error ? { "aria-invalid": true, "aria-describedby": `${id}-error ${id}-hint` } : { "aria-describedby": `${id}-hint` })}
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}

function FieldError({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="mt-1 text-sm font-bold text-red-800">
      {children}
    </p>
  );
}
