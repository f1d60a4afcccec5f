import { Form, Link } from "react-router";
import type { Route } from "./+types/orders";
import { CsvLink } from "~/components/admin-csv-link";
import { AdminHeading, formatWhen, StatusBadge, DataTable, num, rowHead, td, useTimeZone } from "~/components/admin-ui";
import { buttonClass } from "~/components/ui/button";
import { formatCents } from "~/lib/site";
import { seo } from "~/lib/seo";
import { searchOrders } from "~/server/admin/order-admin.server";
import { pageFrom } from "~/server/admin/lists.server";
import { dashboardLoader } from "~/server/admin/dashboard-route.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Orders", description: "Orders, refunds and downloads.", path: "/admin/orders" });

export const loader = dashboardLoader(async ({ request }: Route.LoaderArgs) => {
  const query = new URL(request.url).searchParams;
  const email = (query.get("email") ?? "").trim().slice(0, 200);
  const page = pageFrom(query.get("page"));
  return { email, page, ...(await searchOrders({ email: email || undefined, page })) };
});

export default function Orders({ loaderData }: Route.ComponentProps) {
  const zone = useTimeZone();
  const { email, page, rows, hasMore } = loaderData;
  const pageLink = (p: number) => `/admin/orders?${new URLSearchParams({ ...(email ? { email } : {}), page: String(p) })}`;
  return (
    <>
      <AdminHeading title="Orders">
        <CsvLink name="orders" label="Download all orders (CSV)" />
      </AdminHeading>
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="order-email" className="block text-sm font-bold text-slate-900">
            Buyer's e-mail (or part of it)
          </label>
          <input
            id="order-email"
            name="email"
            type="search"
            defaultValue={email}
            maxLength={200}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          />
        </div>
        <button type="submit" className={buttonClass()}>
          Search
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="mt-6 text-slate-700">{email ? `No orders for "${email}".` : "No orders yet."}</p>
      ) : (
        <DataTable label="Orders" columns={["Order", "E-mail", "Status", "Items", { label: "Net amount", numeric: true }, "Created"]}>
          {rows.map((o) => (
            <tr key={o.id}>
              <th scope="row" className={`${rowHead} whitespace-nowrap`}>
                <Link to={`/admin/orders/${o.id}`} className="text-brand-800 underline underline-offset-2">
                  {o.number}
                </Link>
              </th>
              <td className={`${td} break-all`}>{o.email ?? "-"}</td>
              <td className={td}>
                <StatusBadge status={o.statusLabel} />
              </td>
              <td className={td}>{o.items.join(" + ")}</td>
              <td className={num}>
                {formatCents(o.netCents)}
                {o.refundedCents > 0 ? (
                  <span className="block text-xs text-slate-600">
                    of {formatCents(o.amountCents)}, {formatCents(o.refundedCents)} refunded
                  </span>
                ) : null}
              </td>
              <td className={`${td} whitespace-nowrap`}>{formatWhen(o.createdAt, zone)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {page > 1 || hasMore ? (
        <nav aria-label="Pages" className="mt-4 flex gap-4 text-sm">
          {page > 1 ? (
            <Link to={pageLink(page - 1)} className="font-bold text-brand-800 underline underline-offset-2">
              Newer
            </Link>
          ) : null}
          <span className="text-slate-700">Page {page}</span>
          {hasMore ? (
            <Link to={pageLink(page + 1)} className="font-bold text-brand-800 underline underline-offset-2">
              Older
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
