import { data } from "react-router";
import type { Route } from "./+types/messages";
import { AdminHeading, formatWhen, Notice, Pager, useTimeZone } from "~/components/admin-ui";
import { CsvLink } from "~/components/admin-csv-link";
import { buttonClass } from "~/components/ui/button";
import { RowActionSchema } from "~/lib/admin-forms";
import { parseSubmission } from "~/server/forms/submission.server";
import { seo } from "~/lib/seo";
import { markMessageHandled, messagesPage, pageFrom } from "~/server/admin/lists.server";
import { requireOwner } from "~/server/admin/owner-session.server";
import { appConfig } from "~/server/config.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Messages", description: "Contact form messages.", path: "/admin/messages", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(appConfig(context).owner, request);
  return messagesPage(pageFrom(new URL(request.url).searchParams.get("page")));
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireOwner(appConfig(context).owner, request);
  const submission = await parseSubmission(request, RowActionSchema);
  if (!submission.ok) return data({ ok: false, message: "No such message." }, { status: 400 });
  const changed = await markMessageHandled(submission.value.id);
  return { ok: true, message: changed ? "Marked handled." : "That message was already handled." };
}

export default function Messages({ loaderData: p, actionData }: Route.ComponentProps) {
  const zone = useTimeZone();
  return (
    <>
      <AdminHeading title={`Messages (${p.open} waiting, ${p.total} in all)`}>
        <CsvLink name="contacts" />
      </AdminHeading>
      {actionData ? <Notice ok={actionData.ok}>{actionData.message}</Notice> : null}
      {p.rows.length === 0 ? (
        <p className="mt-6 text-slate-700">No messages yet.</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {p.rows.map((m) => (
            <li key={m.id}>
              <article
                aria-labelledby={`message-${m.id}`}
                className={`rounded-2xl border bg-white p-4 shadow-sm sm:p-5 ${m.handledAt ? "border-slate-200" : "border-brand-600"}`}
              >
                <h2 id={`message-${m.id}`} className="text-lg font-bold break-words text-slate-900">
                  {m.subject}
                </h2>
                <p className="mt-1 text-sm break-all text-slate-700">
                  From {m.name} &lt;
                  <a href={`mailto:${m.email}`} className="text-brand-800 underline underline-offset-2">
                    {m.email}
                  </a>
                  &gt;, {formatWhen(m.createdAt, zone)}
                </p>
                <p className="mt-3 whitespace-pre-wrap break-words text-slate-800">{m.message}</p>
                {m.handledAt ? (
                  <p className="mt-3 text-sm font-bold text-slate-700">Handled {formatWhen(m.handledAt, zone)}</p>
                ) : (
                  <form method="post" className="mt-3">
                    <input type="hidden" name="id" value={m.id} />
                    <button
                      type="submit"
                      aria-label={`Mark handled: ${m.subject}`}
                      className={buttonClass({ variant: "outline", size: "sm" })}
                    >
                      Mark handled
                    </button>
                  </form>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
      <Pager page={p.page} pages={p.pages} path="/admin/messages" />
    </>
  );
}
