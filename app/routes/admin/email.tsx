import { data } from "react-router";
import type { Route } from "./+types/email";
import { AdminHeading, formatWhen, Notice, StatusBadge, DataTable, rowHead, td } from "~/components/admin-ui";
import { buttonClass } from "~/components/ui/button";
import { RowActionSchema } from "~/lib/admin-forms";
import { parseSubmission } from "~/server/forms/submission.server";
import { seo } from "~/lib/seo";
import { mailHealth, retryEmail } from "~/server/admin/mail-health.server";
import { requireOwner } from "~/server/admin/owner-session.server";
import { appConfig } from "~/server/config.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "E-mail health", description: "E-mails waiting or failed.", path: "/admin/email", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(appConfig(context).owner, request);
  return mailHealth();
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireOwner(appConfig(context).owner, request);
  const submission = await parseSubmission(request, RowActionSchema);
  if (!submission.ok) return data({ ok: false, message: "No such e-mail." }, { status: 400 });
  const queued = await retryEmail(submission.value.id);
  return queued
    ? { ok: true, message: "Queued again: it goes out within seconds." }
    : { ok: false, message: "That e-mail was already sent, or is not due yet." };
}

export default function EmailHealth({ loaderData: h, actionData }: Route.ComponentProps) {
  return (
    <>
      <AdminHeading title="E-mail health" />
      <p className="mt-2 text-slate-700">
        {h.sent} sent, {h.queued} waiting, {h.failed} failed, {h.suppressed} not sent on purpose (unsubscribed or no longer relevant),{" "}
        {h.scheduled} scheduled for later (review requests, a week after each payment).
      </p>
      {actionData ? <Notice ok={actionData.ok}>{actionData.message}</Notice> : null}
      {h.rows.length === 0 ? (
        <p className="mt-6 text-slate-700">Nothing waiting and nothing failed.</p>
      ) : (
        <DataTable label="E-mails waiting or failed" columns={["E-mail", "Status", "Last error", { label: "Action", hidden: true }]}>
          {h.rows.map((r) => (
            <tr key={r.id}>
              <th scope="row" className={rowHead}>
                {r.kind} to <span className="break-all">{r.toAddress}</span>
                <span className="block text-xs font-normal text-slate-700">
                  queued {formatWhen(r.createdAt)}, {r.attempts} attempt{r.attempts === 1 ? "" : "s"}
                </span>
              </th>
              <td className={td}>
                <StatusBadge status={r.status === "pending" ? "queued" : r.status} />
              </td>
              <td className={`${td} break-words`}>{r.lastError ?? "-"}</td>
              <td className={td}>
                <form method="post">
                  <input type="hidden" name="id" value={r.id} />
                  <button
                    type="submit"
                    aria-label={`Retry the ${r.kind} e-mail to ${r.toAddress}`}
                    className={buttonClass({ variant: "outline", size: "sm" })}
                  >
                    Retry
                  </button>
                </form>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
