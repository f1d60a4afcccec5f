import type { Route } from "./+types/subscribers";
import { AdminHeading, formatWhen, Pager, StatusBadge, DataTable, td, useTimeZone } from "~/components/admin-ui";
import { CsvLink } from "~/components/admin-csv-link";
import { seo } from "~/lib/seo";
import { pageFrom, subscribersPage } from "~/server/admin/lists.server";
import { requireOwner } from "~/server/admin/owner-session.server";
import { appConfig } from "~/server/config.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Subscribers", description: "Newsletter subscribers.", path: "/admin/subscribers", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(appConfig(context).owner, request);
  return subscribersPage(pageFrom(new URL(request.url).searchParams.get("page")));
}

export default function Subscribers({ loaderData: p }: Route.ComponentProps) {
  const zone = useTimeZone();
  return (
    <>
      <AdminHeading title={`Subscribers (${p.total})`}>
        <CsvLink name="subscribers" />
      </AdminHeading>
      {p.rows.length === 0 ? (
        <p className="mt-6 text-slate-700">No subscribers yet.</p>
      ) : (
        <DataTable label="Subscribers" columns={["E-mail", "Status", "Signed up", "Confirmed"]}>
          {p.rows.map((s) => (
            <tr key={s.id}>
              <th scope="row" className={`${td} font-normal break-all`}>
                {s.email}
              </th>
              <td className={td}>
                <StatusBadge status={s.status} />
              </td>
              <td className={`${td} whitespace-nowrap`}>{formatWhen(s.createdAt, zone)}</td>
              <td className={`${td} whitespace-nowrap`}>{formatWhen(s.confirmedAt, zone)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager page={p.page} pages={p.pages} path="/admin/subscribers" />
    </>
  );
}
