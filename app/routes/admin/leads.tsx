import type { Route } from "./+types/leads";
import { AdminHeading, formatWhen, Pager, DataTable, rowHead, td, useTimeZone } from "~/components/admin-ui";
import { CsvLink } from "~/components/admin-csv-link";
import { seo } from "~/lib/seo";
import { leadsPage, pageFrom } from "~/server/admin/lists.server";
import { requireOwner } from "~/server/admin/owner-session.server";
import { appConfig } from "~/server/config.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Leads", description: "Guide requests.", path: "/admin/leads", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(appConfig(context).owner, request);
  return leadsPage(pageFrom(new URL(request.url).searchParams.get("page")));
}

export default function Leads({ loaderData: p }: Route.ComponentProps) {
  const zone = useTimeZone();
  return (
    <>
      <AdminHeading title={`Leads (${p.total})`}>
        <CsvLink name="leads" />
      </AdminHeading>
      {p.rows.length === 0 ? (
        <p className="mt-6 text-slate-700">No leads yet.</p>
      ) : (
        <DataTable label="Leads" columns={["Name", "E-mail", "Article", "When"]}>
          {p.rows.map((l) => (
            <tr key={l.id}>
              <th scope="row" className={rowHead}>
                {l.name}
              </th>
              <td className={`${td} break-all`}>{l.email}</td>
              <td className={td}>{l.sourcePage}</td>
              <td className={`${td} whitespace-nowrap`}>{formatWhen(l.createdAt, zone)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager page={p.page} pages={p.pages} path="/admin/leads" />
    </>
  );
}
