import type { Route } from "./+types/messages";
import { AdminHeading, formatWhen, Pager, useTimeZone } from "~/components/admin-ui";
import { CsvLink } from "~/components/admin-csv-link";
import { ButtonForm } from "~/components/dashboard-post";
import { MarkHandledSchema } from "~/lib/forms/row-actions";
import { seo } from "~/lib/seo";
import { markMessageHandled, messagesPage, pageFrom } from "~/server/admin/lists.server";
import { dashboardAction, dashboardLoader } from "~/server/admin/dashboard-route.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Messages", description: "Contact form messages.", path: "/admin/messages" });

export const loader = dashboardLoader(({ request }: Route.LoaderArgs) =>
  messagesPage(pageFrom(new URL(request.url).searchParams.get("page"))),
);

/** The form's id for a message's Mark handled: the action answers it by the same id. */
const handledFormId = (id: unknown) => `handled-${String(id)}`;

/** Mark handled: parsed by the page's schema, then back to the same page of messages, saying what was done. */
export const action = dashboardAction({
  schema: MarkHandledSchema,
  form: (payload) => handledFormId(payload.id),
  run: async ({ id }, { request }: Route.ActionArgs) => {
    const changed = await markMessageHandled(id);
    // Back to the page of messages the owner was on.
    const page = new URL(request.url).searchParams.get("page");
    const to = page === null ? "/admin/messages" : `/admin/messages?page=${pageFrom(page)}`;
    // Handled either way (in another tab, a moment ago): said as it is, not as a refusal.
    return { done: changed ? "Marked handled." : "That message was already handled.", to };
  },
});

export default function Messages({ loaderData: p, actionData }: Route.ComponentProps) {
  const zone = useTimeZone();
  return (
    <>
      <AdminHeading title={`Messages (${p.open} waiting, ${p.total} in all)`}>
        <CsvLink name="contacts" />
      </AdminHeading>
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
                  <ButtonForm
                    id={handledFormId(m.id)}
                    schema={MarkHandledSchema}
                    last={actionData}
                    intent="handled"
                    values={{ id: m.id }}
                    label="Mark handled"
                    ariaLabel={`Mark handled: ${m.subject}`}
                    className="mt-3"
                  />
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
