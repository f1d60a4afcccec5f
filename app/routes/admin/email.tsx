import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import type { Route } from "./+types/email";
import { AdminHeading, formatWhen, Notice, StatusBadge, DataTable, rowHead, td, useTimeZone } from "~/components/admin-ui";
import { ButtonForm } from "~/components/dashboard-post";
import { RetryEmailSchema } from "~/lib/row-action-forms";
import { seo } from "~/lib/seo";
import { mailHealth, retryEmail } from "~/server/admin/mail-health.server";
import { redirectWithNotice, requireOwner } from "~/server/admin/owner-session.server";
import { appConfig } from "~/server/config.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "E-mail health", description: "E-mails waiting or failed.", path: "/admin/email" });

const many = (n: number, one: string, more: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : more}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(appConfig(context).owner, request);
  return mailHealth();
}

/** The form's id for a row's Retry: the action answers it by the same id. */
const retryFormId = (id: unknown) => `retry-${String(id)}`;

/** Retry: parsed by the page's schema, then a redirect with what was done (or the refusal on the row that posted). */
export async function action({ request, context }: Route.ActionArgs) {
  const { owner } = appConfig(context);
  await requireOwner(owner, request);
  const submission = parseWithZod(await request.formData(), { schema: RetryEmailSchema });
  const form = retryFormId(submission.payload.id);
  if (submission.status !== "success") return data({ form, result: submission.reply() }, { status: 400 });
  if (!(await retryEmail(submission.value.id))) {
    const refused = "That e-mail was already sent, or is not due yet.";
    return data({ form, result: submission.reply({ formErrors: [refused] }) }, { status: 409 });
  }
  return redirectWithNotice(owner, request, "/admin/email", { ok: true, message: "Queued again: it goes out within seconds." });
}

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
