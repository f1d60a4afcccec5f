/**
 * /admin/reviews' forms: a review's card with its decisions (approve; reject or hide with a
 * reason; reopen a rejected one) and a whole-number setting with its own Save, each checked by the page's one schema
 * (ReviewsActionSchema) as the owner types and again by the server.
 */
import { getFormProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { formatWhen, StatusBadge } from "~/components/admin-ui";
import { fieldAria, FieldMessage, useDashboardForm } from "~/components/dashboard-form";
import { ButtonForm, FormRefusal, lastFor, type LastPost } from "~/components/dashboard-post";
import { StarRating } from "~/components/star-rating";
import { buttonClass } from "~/components/ui/button";
import { CONTENT_RULES, dayCount, FLAGGED_WAIT_FACTOR, HIDE_REASONS } from "~/lib/review-rules";
import { ReviewsActionSchema } from "~/lib/forms/review-moderation";

const selectClass =
  "rounded-lg border border-slate-400 bg-white px-2 py-1.5 text-sm text-slate-900 focus-visible:outline-3 focus-visible:outline-brand-700";

/** The form's id for a review's decision: the action answers it by the same id. */
export const decisionFormId = (intent: unknown, id: unknown) => `${String(intent)}-${String(id)}`;

function ReasonForm({ id, decision, who, last }: { id: number; decision: "reject" | "hide"; who: string; last: LastPost }) {
  const formId = decisionFormId(decision, id);
  const [form, fields] = useDashboardForm(formId, ReviewsActionSchema, lastFor(last, formId));
  const reasons = decision === "reject" ? CONTENT_RULES : HIDE_REASONS;
  const label = decision === "reject" ? "Reject" : "Hide";
  return (
    <Form method="post" {...getFormProps(form)}>
      <div className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="intent" value={decision} />
        <input type="hidden" name="id" value={id} />
        <label htmlFor={fields.reason.id} className="text-sm text-slate-800">
          {decision === "reject" ? "Breaks the rule" : "Reason"}
        </label>
        <select
          id={fields.reason.id}
          name={fields.reason.name}
          required
          defaultValue=""
          {...fieldAria(fields.reason)}
          className={selectClass}
        >
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
      </div>
      <FieldMessage state={fields.reason} />
      <FormRefusal errors={form.errors} />
    </Form>
  );
}

/** A decision that needs no reason: one button, named for the review it is about. */
function DecisionButton({ intent, review, last }: { intent: "approve" | "reopen"; review: OwnerReview; last: LastPost }) {
  const label = intent === "approve" ? "Approve" : "Reopen";
  return (
    <ButtonForm
      id={decisionFormId(intent, review.id)}
      schema={ReviewsActionSchema}
      last={last}
      intent={intent}
      values={{ id: review.id }}
      label={label}
      ariaLabel={`${label} the review by ${review.displayName}`}
      variant={intent === "approve" ? "primary" : "outline"}
    />
  );
}

/** A review as the owner's list shows it. */
export type OwnerReview = {
  id: number;
  displayName: string;
  status: string;
  rating: number;
  body: string;
  orderId: number;
  orderNumber: string;
  orderStatus: string;
  writtenAt: string;
  moderatedAt: string | null;
  autoPublished: boolean;
  moderationReason: string | null;
  flags: readonly string[];
};

export function ReviewCard({ review, days, zone, last }: { review: OwnerReview; days: number; zone: string; last: LastPost }) {
  return (
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
        {review.orderStatus === "refunded" ? " (refunded: shown as “Refunded”)" : ""}, written {formatWhen(review.writtenAt, zone)}
        {review.moderatedAt
          ? review.autoPublished
            ? `, published by itself ${formatWhen(review.moderatedAt, zone)} (no decision within the days)`
            : review.status === "pending"
              ? `, reopened ${formatWhen(review.moderatedAt, zone)}`
              : `, decided ${formatWhen(review.moderatedAt, zone)}`
          : ""}
        {review.moderationReason
          ? ` (${HIDE_REASONS.find((h) => h.id === review.moderationReason)?.label ?? review.moderationReason})`
          : ""}
      </p>
      {review.status === "pending" && review.flags.length > 0 ? (
        <p className="mt-2 text-sm font-bold text-amber-900" data-testid="review-flags">
          Check it first: it may break “{review.flags.map((f) => CONTENT_RULES.find((c) => c.id === f)?.label ?? f).join("” and “")}”.
          Undecided, it is published {dayCount(FLAGGED_WAIT_FACTOR * days)} after it was {review.moderatedAt ? "reopened" : "written"}.
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-start gap-4">
        {review.status !== "approved" ? <DecisionButton intent="approve" review={review} last={last} /> : null}
        {review.status === "pending" ? <ReasonForm id={review.id} decision="reject" who={review.displayName} last={last} /> : null}
        {/* The buyer cannot send a rejected review again; this puts it back to pending (she then decides, or it publishes itself after the days). */}
        {review.status === "rejected" ? <DecisionButton intent="reopen" review={review} last={last} /> : null}
        {review.status === "approved" ? <ReasonForm id={review.id} decision="hide" who={review.displayName} last={last} /> : null}
      </div>
    </article>
  );
}

/** One whole-number setting of the page, with its own Save. */
export function NumberSetting(p: {
  intent: "threshold" | "auto-publish";
  name: "threshold" | "days";
  label: string;
  /** The Save button's name for a screen reader, beside the page's other Save. */
  saveLabel: string;
  min: number;
  max: number;
  value: number;
  last: LastPost;
}) {
  const [form, fields] = useDashboardForm(p.intent, ReviewsActionSchema, lastFor(p.last, p.intent));
  const field = fields[p.name];
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4">
      <div className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value={p.intent} />
        <div>
          <label htmlFor={field.id} className="block text-sm font-bold text-slate-900">
            {p.label}
          </label>
          <input
            id={field.id}
            name={field.name}
            type="number"
            min={p.min}
            max={p.max}
            required
            defaultValue={p.value}
            {...fieldAria(field)}
            className="mt-1 w-28 rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-3 focus-visible:outline-brand-700"
          />
        </div>
        <button type="submit" aria-label={p.saveLabel} className={buttonClass({ variant: "outline", size: "sm" })}>
          Save
        </button>
      </div>
      <FieldMessage state={field} />
      <FormRefusal errors={form.errors} />
    </Form>
  );
}
