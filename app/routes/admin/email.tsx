import { getFormProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/email";
import { AdminHeading, formatWhen, Notice, StatusBadge, DataTable, rowHead, td, useTimeZone } from "~/components/admin-ui";
import { ButtonForm, FormRefusal, lastFor } from "~/components/dashboard-post";
import { useDashboardForm } from "~/components/dashboard-form";
import { buttonClass } from "~/components/ui/button";
import { EmailActionSchema, LiftSendSuppressionsSchema, RetryEmailSchema } from "~/lib/forms/row-actions";
import { fromZonedInput, toZonedInput } from "~/lib/dates";
import { seo } from "~/lib/seo";
import { mailHealth, retryEmail } from "~/server/admin/mail-health.server";
import { countSuppressionsAtSend, liftSuppressionsAtSend } from "~/server/admin/send-suppressions.server";
import { businessTimeZone } from "~/server/dates.server";
import { wakeOutbox } from "~/server/mail/outbox.server";
import { probeNow } from "~/server/mail/sending-state.server";
import { inputClass } from "~/components/ui/input";
import { dashboardAction, dashboardLoader } from "~/server/admin/dashboard-route.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "E-mail health", description: "E-mails waiting or failed.", path: "/admin/email" });

const many = (n: number, one: string, more: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : more}`;

/** The period the lift of suppressions recorded at send looks at: the address's `from` and `to`, or the last 7 days. */
function liftPeriod(url: URL, zone: string) {
  // Up to the end of this minute by default: the form carries minutes, and a lift must include what was just counted.
  const to =
    (url.searchParams.get("to") && fromZonedInput(url.searchParams.get("to")!, zone)) ||
    new Date(Math.ceil((Date.now() + 1) / 60_000) * 60_000);
  const from = (url.searchParams.get("from") && fromZonedInput(url.searchParams.get("from")!, zone)) || new Date(to.getTime() - 7 * DAY_MS);
  return from < to ? { from, to } : { from: new Date(to.getTime() - 7 * DAY_MS), to };
}

export const loader = dashboardLoader(async ({ request, context }: Route.LoaderArgs) => {
  const zone = businessTimeZone(context);
  const period = liftPeriod(new URL(request.url), zone);
  const [health, atSend] = await Promise.all([mailHealth(), countSuppressionsAtSend(period.from, period.to)]);
  return { ...health, lift: { from: toZonedInput(period.from, zone), to: toZonedInput(period.to, zone), ...atSend } };
});

const DAY_MS = 24 * 60 * 60 * 1000;
const LIFT_FORM = "lift-send-suppressions";

/** The form's id for a row's Retry: the action answers it by the same id. */
const retryFormId = (id: unknown) => `retry-${String(id)}`;

/** Retry: parsed by the page's schema, then a redirect with what was done (or the refusal on the row that posted). */
export const action = dashboardAction({
  schema: EmailActionSchema,
  form: ({ intent, id }) => (intent === LIFT_FORM ? LIFT_FORM : intent === "retry-sending" ? "retry-sending" : retryFormId(id)),
  run: async (value, { context }: Route.ActionArgs) => {
    if (value.intent === "retry-sending") {
      const tried = await probeNow();
      if (tried) wakeOutbox();
      return {
        done: tried
          ? "Trying now: if the mail server takes the message, sending resumes and the waiting e-mails go out within a minute."
          : "Sending is not paused: e-mails are going out.",
        to: "/admin/email",
      };
    }
    if (value.intent === "lift-send-suppressions") {
      const zone = businessTimeZone(context);
      const from = fromZonedInput(value.from, zone);
      const to = fromZonedInput(value.to, zone);
      if (!from || !to) return { refused: "Choose a date and time that exists.", status: 400 };
      const { lifted, leftBefore } = await liftSuppressionsAtSend(from, to);
      const kept = leftBefore > 0 ? ` ${leftBefore} stayed suppressed: they had unsubscribed or been removed before.` : "";
      const readers = lifted === 1 ? "1 reader's suppression" : `${lifted.toLocaleString("en-US")} readers' suppressions`;
      return { done: `${readers} lifted, with the consents they had.${kept}`, to: "/admin/email" };
    }
    if (!(await retryEmail(value.id))) return { refused: "That e-mail was already sent, or is not due yet.", status: 409 };
    return { done: "Queued again: it goes out within seconds.", to: "/admin/email" };
  },
});

export default function EmailHealth({ loaderData: h, actionData }: Route.ComponentProps) {
  const zone = useTimeZone();
  return (
    <>
      <AdminHeading title="E-mail health" />
      {h.late.count > 0 ? (
        <Notice ok={false}>
          {many(h.late.count, "e-mail", "e-mails")} sent as they come (receipts, guides, links, messages){" "}
          {h.late.count === 1 ? "has" : "have"} waited over {h.late.minutes} minutes, the oldest since{" "}
          {formatWhen(h.late.oldestDueAt, zone)}. Check the last error below, the SMTP settings and the server log.
        </Notice>
      ) : null}
      <p className="mt-2 text-slate-700" data-testid="mail-totals">
        {h.sent} sent, {h.queued} waiting to go out now (receipts, guides, links, messages: sent as they come), {h.failed} failed,{" "}
        {h.suppressed} not sent on purpose (unsubscribed or no longer relevant), {h.scheduled} scheduled for later (review requests a week
        after each payment, welcome-sequence steps on their delay).
      </p>
      <h2 className="mt-6 text-lg font-bold text-slate-900">List e-mail waiting its turn</h2>
      <p className="mt-2 max-w-3xl text-slate-700" data-testid="list-waiting">
        {h.listWaiting === 0
          ? "No broadcast or welcome-sequence e-mail is waiting."
          : `${many(h.listWaiting, "list e-mail", "list e-mails")} waiting. Not late: broadcasts and welcome-sequence steps go out at the shared send rate, after everything else, and a paused broadcast's e-mails wait for it to resume.`}
      </p>
      {h.listWaitingBy.length > 0 ? (
        <ul className="mt-2 list-disc pl-6 text-slate-700">
          {h.listWaitingBy.map((w) => (
            <li key={w.broadcastId ?? "sequence"}>
              {w.broadcastId === null ? (
                <>Welcome sequence: {many(w.waiting, "e-mail", "e-mails")}</>
              ) : (
                <>
                  Broadcast{" "}
                  <Link to="/admin/broadcasts" className="text-brand-800 underline underline-offset-2">
                    &ldquo;{w.subject}&rdquo;
                  </Link>{" "}
                  ({w.status}): {many(w.waiting, "e-mail", "e-mails")}
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <LiftSendSuppressions lift={h.lift} last={actionData} />
      {h.rows.length === 0 ? (
        <p className="mt-6 text-slate-700">No e-mail sent as it comes is waiting, and nothing failed.</p>
      ) : (
        <DataTable
          label="E-mails sent as they come that are waiting, and failed e-mails"
          columns={["E-mail", "Status", "Last error", { label: "Action", hidden: true }]}
        >
          {h.rows.map((r) => (
            <tr key={r.id}>
              <th scope="row" className={rowHead}>
                {r.kind} to <span className="break-all">{r.toAddress}</span>
                <span className="block text-xs font-normal text-slate-700">
                  queued {formatWhen(r.createdAt, zone)}, {r.attempts} attempt{r.attempts === 1 ? "" : "s"}
                </span>
              </th>
              <td className={td}>
                <StatusBadge status={r.status === "pending" ? "queued" : r.status} />
              </td>
              <td className={`${td} break-words`}>{r.lastError ?? "-"}</td>
              <td className={td}>
                <ButtonForm
                  id={retryFormId(r.id)}
                  schema={RetryEmailSchema}
                  last={actionData}
                  intent="retry"
                  values={{ id: r.id }}
                  label="Retry"
                  ariaLabel={`Retry the ${r.kind} e-mail to ${r.toAddress}`}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}

/**
 * For a list already damaged (before decision 065 any refusal at send suppressed the reader): the
 * suppressions recorded at send in a period, counted for the period chosen (a GET form), then
 * lifted in one action with the consents they ended.
 */
function LiftSendSuppressions({
  lift,
  last,
}: {
  lift: Route.ComponentProps["loaderData"]["lift"];
  last: Route.ComponentProps["actionData"];
}) {
  const [form, fields] = useDashboardForm(LIFT_FORM, LiftSendSuppressionsSchema, lastFor(last, LIFT_FORM));
  return (
    <section aria-labelledby="lift-title" className="mt-8 max-w-3xl">
      <h2 id="lift-title" className="text-lg font-bold text-slate-900">
        Readers suppressed by a sending problem
      </h2>
      <p className="mt-2 text-slate-700">
        Before this version, any refusal by the mail server marked the reader it happened to as a hard bounce, even when the refusal was
        about the site&rsquo;s own sender address, key or account. Choose the period of such a problem to lift the hard bounces recorded
        when sending in it, with the consents, newsletter subscription and welcome e-mails they ended. Readers who had unsubscribed before
        stay as they are.
      </p>
      <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
        <label className="text-sm font-bold text-slate-900">
          From
          <input type="datetime-local" name="from" defaultValue={lift.from} className={inputClass()} />
        </label>
        <label className="text-sm font-bold text-slate-900">
          To
          <input type="datetime-local" name="to" defaultValue={lift.to} className={inputClass()} />
        </label>
        <button type="submit" className={buttonClass({ variant: "outline", size: "sm" })}>
          Count them
        </button>
      </Form>
      <p className="mt-3 text-slate-700" data-testid="lift-count">
        {lift.liftable === 0
          ? "No hard bounce recorded when sending in this period can be lifted."
          : `${lift.liftable.toLocaleString("en-US")} ${lift.liftable === 1 ? "reader was" : "readers were"} marked as a hard bounce when sending in this period.`}
        {lift.leftBefore > 0 ? ` ${lift.leftBefore.toLocaleString("en-US")} more had unsubscribed before and stay suppressed.` : ""}
      </p>
      {lift.liftable > 0 ? (
        <Form method="post" {...getFormProps(form)} className="mt-2">
          <input type="hidden" name="intent" value="lift-send-suppressions" />
          <input type="hidden" name={fields.from.name} value={lift.from} />
          <input type="hidden" name={fields.to.name} value={lift.to} />
          <button type="submit" className={buttonClass({ variant: "primary", size: "sm" })}>
            Lift {lift.liftable === 1 ? "this suppression" : `these ${lift.liftable.toLocaleString("en-US")} suppressions`}
          </button>
          <FormRefusal errors={form.errors} />
        </Form>
      ) : null}
    </section>
  );
}
