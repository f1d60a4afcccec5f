/**
 * The buyer's dispute tracker (decision 074): plain HTML forms that post and re-render, no
 * JavaScript needed. Each dispute shows its due date with the rule and statute, a timeline with
 * today on it, its state, and after an answer the next steps. Knows nothing of the server: the
 * route gives it the view (app/server/disputes/tracker-view.server.ts) and the form's answer.
 */
import type { ReactNode } from "react";
import { Field } from "~/components/ui/field";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/input";
import { MAIL_DAYS, RESULTS_BUSINESS_DAYS, type DisputeState } from "~/lib/dispute-dates";
import {
  DISPUTE_LIMITS,
  DISPUTE_OUTCOME_CHOICES,
  DISPUTE_RECIPIENT_CHOICES,
  OUTCOME_LABELS,
  RECIPIENT_LABELS,
  SENT_VIA_LABELS,
  US_TIME_ZONES,
} from "~/lib/forms/dispute";
import { SENT_VIA } from "~/lib/dispute-dates";
import type { TrackerFormAnswer } from "~/server/disputes/tracker-form.server";
import type { DisputeView, TrackerView } from "~/server/disputes/tracker-view.server";

type TrackerProps = TrackerView;
type TrackerDispute = DisputeView;
/** What the last post answered, when it changed nothing (a success redirects). */
export type TrackerAnswer = Exclude<TrackerFormAnswer, { kind: "done" }> | undefined;

const STATE_STYLES: Record<DisputeState, string> = {
  waiting: "bg-slate-100 text-slate-800 border-slate-300",
  "answer-due": "bg-amber-50 text-amber-900 border-amber-400",
  overdue: "bg-red-50 text-red-800 border-red-400",
  answered: "bg-brand-50 text-brand-900 border-brand-300",
};

const linkClass = "font-bold text-brand-800 underline underline-offset-2";
const cardClass = "mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6";
const selectClass = inputClass({ size: "lg" });
const dateClass = inputClass({ size: "lg", full: false, className: "max-w-full" });

function Errors({ answer, intent, disputeId }: { answer: TrackerAnswer; intent: string; disputeId?: number }) {
  if (!answer || answer.kind !== "invalid" || answer.intent !== intent) return null;
  if (disputeId !== undefined && answer.disputeId !== String(disputeId)) return null;
  return (
    <div role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
      <p className="font-bold">Please check the form: nothing was saved.</p>
      <ul className="mt-1 list-disc pl-5">
        {Object.values(answer.errors).map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

const errorOf = (answer: TrackerAnswer, intent: string, field: string, disputeId?: number) =>
  answer?.kind === "invalid" && answer.intent === intent && (disputeId === undefined || answer.disputeId === String(disputeId))
    ? answer.errors[field]
    : undefined;

const valueOf = (answer: TrackerAnswer, intent: string, field: string) =>
  answer?.kind === "invalid" && answer.intent === intent ? answer.values[field] : undefined;

function Timeline({ points, label }: { points: TrackerDispute["timeline"]; label: string }) {
  return (
    <div className="mt-4">
      <div aria-hidden="true" className="relative mx-2 h-2 rounded-full bg-slate-200">
        {points.map((p) => (
          <span
            key={`${p.label}-${p.day}`}
            className={`absolute top-1/2 size-3 -translate-x-1/2 -translate-y-1/2 rounded-full ${p.today ? "size-4 bg-accent-500 ring-2 ring-slate-900" : "bg-brand-700"}`}
            style={{ left: `${p.position}%` }}
          />
        ))}
      </div>
      <ol aria-label={label} className="mt-3 grid gap-1 text-sm text-slate-700 sm:grid-cols-2">
        {points.map((p) => (
          <li key={`${p.label}-${p.day}`} className={p.today ? "font-bold text-slate-900" : undefined}>
            {p.today ? "▶ " : ""}
            {p.label}: {p.text}
          </li>
        ))}
      </ol>
    </div>
  );
}

function SmallForm({ children, intent, disputeId, label }: { children: ReactNode; intent: string; disputeId: number; label: string }) {
  return (
    <form method="post" className="mt-3 flex flex-wrap items-end gap-3" aria-label={label}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="disputeId" value={disputeId} />
      {children}
    </form>
  );
}

function DisputeCard({ d, mode, today, answer }: { d: TrackerDispute; mode: TrackerProps["mode"]; today: string; answer: TrackerAnswer }) {
  const heading = `dispute-${d.id}-heading`;
  return (
    <article aria-labelledby={heading} className={cardClass} id={`dispute-${d.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={heading} className="text-lg font-bold text-slate-900">
          {d.to}: {d.about}
        </h3>
        <p className={`rounded-full border px-3 py-1 text-sm font-bold ${STATE_STYLES[d.state]}`} data-state={d.state}>
          {d.stateLabel}
        </p>
      </div>
      <p className="mt-2 text-slate-700">{d.stateText}</p>

      <dl className="mt-4 grid gap-x-6 gap-y-2 text-slate-800 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600">Sent</dt>
          <dd>
            {d.sentOn}, {d.sentVia.toLowerCase()}
            {d.letter ? ` (${d.letter})` : ""}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Received</dt>
          <dd>
            {d.received.text}
            {d.received.assumed ? <span className="block text-sm text-slate-700">({d.received.why})</span> : null}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-sm text-slate-600">Answer due</dt>
          <dd>
            <strong className="text-slate-900" data-due={d.due.day}>
              {d.due.text}
            </strong>
            <span className="block text-sm text-slate-700">
              {d.due.explanation} ({d.due.statute})
            </span>
            <span className="block text-sm text-slate-700">
              {d.results.explanation} Latest: {d.results.text} ({d.results.statute})
            </span>
          </dd>
        </div>
        {d.afterAnnualReport ? (
          <div>
            <dt className="text-sm text-slate-600">Follows</dt>
            <dd>your free annual report</dd>
          </div>
        ) : null}
        {d.moreInfoOn ? (
          <div>
            <dt className="text-sm text-slate-600">More information sent</dt>
            <dd>{d.moreInfoOn}</dd>
          </div>
        ) : null}
      </dl>

      <Timeline points={d.timeline} label={`Timeline of the dispute to ${d.to}`} />

      <p className="mt-4">
        <a href={d.icsPath} className={linkClass} download>
          Add the due date to your calendar (.ics)
        </a>
      </p>

      {d.outcome ? (
        <section aria-labelledby={`${heading}-next`} className="mt-5 rounded-xl bg-slate-50 p-4">
          <h4 id={`${heading}-next`} className="font-bold text-slate-900">
            Answer: {d.outcome.label}
            {d.outcome.on ? `, ${d.outcome.on}` : ""}. Next steps
          </h4>
          <ol className="mt-2 list-decimal space-y-2 pl-5 text-slate-800">
            {d.outcome.steps.map((step) => (
              <li key={step.text}>
                {step.text}
                {step.statute ? <span className="text-slate-700"> ({step.statute})</span> : null}
                {step.letter ? (
                  <>
                    {" "}
                    Your letter:{" "}
                    <a href={step.letter.href} className={linkClass}>
                      {step.letter.title} (Word)
                    </a>
                    .
                  </>
                ) : null}
                {step.link ? (
                  <>
                    {" "}
                    <a href={step.link.href} className={linkClass} rel="noopener noreferrer">
                      {step.link.label}
                    </a>
                  </>
                ) : null}
              </li>
            ))}
          </ol>
          <p className="mt-2 text-sm text-slate-700">No step here can promise a result: the law sets deadlines and duties, not outcomes.</p>
        </section>
      ) : null}

      {mode === "open" ? (
        <details
          className="mt-5 rounded-xl border border-slate-200 p-4"
          open={answer?.kind === "invalid" && answer.disputeId === String(d.id)}
        >
          <summary className="cursor-pointer font-bold text-brand-800">Update this dispute</summary>
          <Errors answer={answer} intent="outcome" disputeId={d.id} />
          <Errors answer={answer} intent="received" disputeId={d.id} />
          <Errors answer={answer} intent="more-info" disputeId={d.id} />
          {d.outcome ? null : (
            <SmallForm intent="outcome" disputeId={d.id} label={`Record the answer from ${d.to}`}>
              <div className="min-w-48 grow">
                <label className="block font-bold text-slate-900" htmlFor={`outcome-${d.id}`}>
                  Their answer
                </label>
                <select id={`outcome-${d.id}`} name="outcome" className={selectClass} required>
                  {DISPUTE_OUTCOME_CHOICES.map((o) => (
                    <option key={o} value={o}>
                      {OUTCOME_LABELS[o]}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label className="block font-bold text-slate-900" htmlFor={`outcome-on-${d.id}`}>
                  Date of the answer
                </label>
                <input
                  id={`outcome-on-${d.id}`}
                  type="date"
                  name="outcomeOn"
                  max={today}
                  defaultValue={today}
                  required
                  className={dateClass}
                  aria-invalid={errorOf(answer, "outcome", "outcomeOn", d.id) ? true : undefined}
                />
              </div>
              <button type="submit" className={buttonClass()}>
                Record the answer
              </button>
            </SmallForm>
          )}
          {d.received.assumed ? (
            <SmallForm intent="received" disputeId={d.id} label={`Record when ${d.to} received it`}>
              <div>
                <label className="block font-bold text-slate-900" htmlFor={`received-${d.id}`}>
                  Date they received it
                </label>
                <input id={`received-${d.id}`} type="date" name="receivedOn" max={today} required className={dateClass} />
              </div>
              <button type="submit" className={buttonClass({ variant: "outline" })}>
                Save the date
              </button>
            </SmallForm>
          ) : null}
          {d.moreInfoOn || d.outcome ? null : (
            <SmallForm intent="more-info" disputeId={d.id} label={`Record more information sent to ${d.to}`}>
              <div>
                <label className="block font-bold text-slate-900" htmlFor={`more-info-${d.id}`}>
                  I sent more information on
                </label>
                <input id={`more-info-${d.id}`} type="date" name="moreInfoOn" max={today} required className={dateClass} />
              </div>
              <button type="submit" className={buttonClass({ variant: "outline" })}>
                Save
              </button>
            </SmallForm>
          )}
        </details>
      ) : null}
      <form method="post" className="mt-4">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="disputeId" value={d.id} />
        <button type="submit" className={buttonClass({ variant: "ghost", size: "sm" })}>
          Delete this dispute<span className="sr-only"> to {d.to}</span>
        </button>
      </form>
    </article>
  );
}

function AddForm({ letters, today, answer }: { letters: TrackerProps["letters"]; today: string; answer: TrackerAnswer }) {
  const v = (field: string) => valueOf(answer, "add", field);
  const e = (field: string) => errorOf(answer, "add", field);
  return (
    <section aria-labelledby="add-dispute-heading" className={cardClass} id="add-dispute">
      <h2 id="add-dispute-heading" className="text-lg font-bold text-slate-900">
        Add a dispute
      </h2>
      <p className="mt-1 text-slate-700">
        Only what the dates need. Leave out account numbers and your Social Security number: the bureau and the date are enough.
      </p>
      <Errors answer={answer} intent="add" />
      <form method="post" className="mt-4 space-y-5">
        <input type="hidden" name="intent" value="add" />
        <Field id="recipient" label="Where it went" error={e("recipient")}>
          {(aria) => (
            <select name="recipient" required defaultValue={v("recipient") ?? "equifax"} className={selectClass} {...aria}>
              {DISPUTE_RECIPIENT_CHOICES.map((r) => (
                <option key={r} value={r}>
                  {RECIPIENT_LABELS[r]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id="furnisherName"
          label="Lender's or collector's name"
          hint="Only for a dispute sent to a lender or collector directly."
          error={e("furnisherName")}
        >
          {(aria) => (
            <input
              name="furnisherName"
              maxLength={DISPUTE_LIMITS.furnisherName}
              defaultValue={v("furnisherName") ?? ""}
              autoComplete="off"
              className={inputClass({ size: "lg" })}
              {...aria}
            />
          )}
        </Field>
        <Field id="about" label="What it disputes" hint="A few words, for example: late payment, March 2024." error={e("about")}>
          {(aria) => (
            <input
              name="about"
              required
              maxLength={DISPUTE_LIMITS.about}
              defaultValue={v("about") ?? ""}
              autoComplete="off"
              className={inputClass({ size: "lg" })}
              {...aria}
            />
          )}
        </Field>
        <Field id="letterId" label="The letter you used" error={e("letterId")}>
          {(aria) => (
            <select name="letterId" required defaultValue={v("letterId") ?? letters[0]?.id} className={selectClass} {...aria}>
              {letters.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.title}
                </option>
              ))}
              <option value="other">Another letter</option>
            </select>
          )}
        </Field>
        <fieldset>
          <legend className="font-bold text-slate-900">How you sent it</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {SENT_VIA.map((via) => (
              <label
                key={via}
                className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 has-checked:border-brand-700 has-checked:bg-brand-50"
              >
                <input
                  type="radio"
                  name="sentVia"
                  value={via}
                  required
                  defaultChecked={(v("sentVia") ?? "mail") === via}
                  className="size-4 accent-brand-700"
                />
                {SENT_VIA_LABELS[via]}
              </label>
            ))}
          </div>
          {e("sentVia") ? <p className="mt-1 text-sm text-red-800">{e("sentVia")}</p> : null}
        </fieldset>
        <Field id="sentOn" label="Date you sent it" error={e("sentOn")}>
          {(aria) => (
            <input type="date" name="sentOn" required max={today} defaultValue={v("sentOn") ?? ""} className={dateClass} {...aria} />
          )}
        </Field>
        <Field
          id="receivedOn"
          label="Date they received it (if you know)"
          hint={`From the certified-mail receipt or the online confirmation. Unknown? We assume mail arrives ${MAIL_DAYS} business days after you send it, and online or phone disputes the same day, and we say so beside the date.`}
          error={e("receivedOn")}
        >
          {(aria) => (
            <input type="date" name="receivedOn" max={today} defaultValue={v("receivedOn") ?? ""} className={dateClass} {...aria} />
          )}
        </Field>
        <div className="flex items-start gap-3">
          <input
            id="afterAnnualReport"
            type="checkbox"
            name="afterAnnualReport"
            aria-describedby="afterAnnualReport-hint"
            defaultChecked={v("afterAnnualReport") === "on"}
            className="mt-1 size-5 accent-brand-700"
          />
          <div>
            <label htmlFor="afterAnnualReport" className="font-bold text-slate-900">
              It follows my free annual credit report
            </label>
            <p id="afterAnnualReport-hint" className="text-sm text-slate-700">
              A dispute to a bureau after the free report from AnnualCreditReport.com has 45 days (15 U.S.C. 1681j(a)(3)).
            </p>
          </div>
        </div>
        <button type="submit" className={buttonClass({ size: "lg" })}>
          Add the dispute
        </button>
      </form>
    </section>
  );
}

function ZoneForm({
  zone,
  zoneName,
  zoneChosen,
  answer,
}: Pick<TrackerProps, "zone" | "zoneName" | "zoneChosen"> & { answer: TrackerAnswer }) {
  const zones = US_TIME_ZONES.some((z) => z.zone === zone) ? US_TIME_ZONES : [{ zone, label: zoneName }, ...US_TIME_ZONES];
  return (
    <form method="post" className="mt-3 flex flex-wrap items-end gap-3" aria-label="Your time zone">
      <input type="hidden" name="intent" value="time-zone" />
      <div className="min-w-56 grow">
        <label htmlFor="timeZone" className="block font-bold text-slate-900">
          Your time zone{zoneChosen ? "" : " (ours until you choose)"}
        </label>
        <select id="timeZone" name="timeZone" defaultValue={zone} className={selectClass}>
          {zones.map((z) => (
            <option key={z.zone} value={z.zone}>
              {z.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClass({ variant: "outline" })}>
        Save time zone
      </button>
      <Errors answer={answer} intent="time-zone" />
    </form>
  );
}

/** The whole tracker: how the dates work, each dispute, the add form, the downloads and the delete. */
export function DisputeTracker({
  view,
  answer,
  done,
  exportPath,
}: {
  view: TrackerProps;
  answer: TrackerAnswer;
  done?: string;
  exportPath: string;
}) {
  return (
    <div>
      {done ? (
        <p role="status" className="mt-6 rounded-lg border border-brand-300 bg-brand-50 p-3 text-brand-900">
          {done}
        </p>
      ) : null}
      {answer?.kind === "refused" ? (
        <p role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">
          {answer.message}
        </p>
      ) : null}
      {view.mode === "closed" ? (
        <p className="mt-6 rounded-lg bg-slate-100 p-3 text-slate-800">
          This order was refunded. Your tracker stays here to read, download or delete; it takes no new entries and sends no reminders.
        </p>
      ) : null}

      <section aria-labelledby="how-heading" className={cardClass}>
        <h2 id="how-heading" className="text-lg font-bold text-slate-900">
          How the dates work
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
          <li>
            A credit bureau has 30 days, or up to 45 if you send more relevant information within those 30 days, counting the day it
            received your dispute (15 U.S.C. 1681i(a)(1)(A) and (B)); 45 after your free annual report (15 U.S.C. 1681j(a)(3)). It must send
            you the results within {RESULTS_BUSINESS_DAYS} business days of finishing (1681i(a)(6)(A)).
          </li>
          <li>
            A lender or collector you dispute with directly has the same 30 or 45 days, and must send you its results within them (12 CFR
            1022.43(e)(3)).
          </li>
          <li>
            Business days are Monday to Friday, except federal holidays (observed on the Friday before or the Monday after when they fall on
            a weekend).
          </li>
          <li>
            Days are counted in your time zone: today is <strong className="text-slate-900">{view.todayText}</strong> ({view.zoneName}).
          </li>
        </ul>
        <p className="mt-3 text-sm text-slate-700">
          These are the deadlines the law sets; we can't promise any answer or result. This is not legal advice.
        </p>
        <ZoneForm zone={view.zone} zoneName={view.zoneName} zoneChosen={view.zoneChosen} answer={answer} />
        <p className="mt-3 text-sm text-slate-700">
          {view.remindersStopped
            ? "Reminders are stopped for this tracker."
            : view.mode === "open"
              ? "We e-mail you on each due date, and once more 5 business days later if no answer is recorded. Each e-mail has a link that stops them."
              : "No reminders are sent for a refunded order."}
        </p>
      </section>

      <h2 className="mt-10 text-xl font-bold text-slate-900">
        {view.disputes.length === 0 ? "No disputes yet" : `Your disputes (${view.disputes.length})`}
      </h2>
      {view.disputes.map((d) => (
        <DisputeCard key={d.id} d={d} mode={view.mode} today={view.today} answer={answer} />
      ))}

      {view.mode === "open" ? <AddForm letters={view.letters} today={view.today} answer={answer} /> : null}

      <section aria-labelledby="your-data-heading" className={cardClass}>
        <h2 id="your-data-heading" className="text-lg font-bold text-slate-900">
          Your data
        </h2>
        <p className="mt-1 text-slate-700">
          The tracker keeps only what you entered here, for the dates and the reminders. Entries are deleted two years after their last
          change.
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <a href={exportPath} className={buttonClass({ variant: "outline" })} download>
            Download everything (CSV)
          </a>
          <form method="post">
            <input type="hidden" name="intent" value="delete-all" />
            <button type="submit" className={buttonClass({ variant: "ghost" })}>
              Delete everything in my tracker
            </button>
          </form>
        </div>
      </section>
    </div>
  );
}
