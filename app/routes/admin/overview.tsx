import type { Route } from "./+types/overview";
import { DailyChart } from "~/components/admin-chart";
import { AdminHeading, Panel, WindowChooser } from "~/components/admin-ui";
import { formatCents } from "~/lib/site";
import { seo } from "~/lib/seo";
import { overview, windowFrom } from "~/server/admin/stats.server";
import { requireOwner } from "~/server/admin/owner-session.server";
import { appConfig } from "~/server/config.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Dashboard", description: "Sales, leads and subscribers.", path: "/admin", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(appConfig(context).owner, request);
  return overview(windowFrom(new URL(request.url).searchParams.get("days")));
}

const percent = (part: number, whole: number) => (whole === 0 ? "-" : `${Math.round((part / whole) * 100)}%`);

export default function Overview({ loaderData: o }: Route.ComponentProps) {
  const stats = [
    {
      label: "Net revenue",
      value: formatCents(o.netCents),
      note: `${formatCents(o.grossCents)} gross, ${formatCents(o.refundedCents)} refunded`,
    },
    { label: "Paid orders", value: String(o.paidOrders), note: `${percent(o.powerPackOrders, o.paidOrders)} with the Power Pack` },
    {
      label: "Checkouts",
      value: `${o.checkoutsPaid} of ${o.checkoutsStarted}`,
      note: `paid of started: ${percent(o.checkoutsPaid, o.checkoutsStarted)} conversion`,
    },
    { label: "Leads", value: String(o.leads), note: "guide requests from the articles" },
    { label: "Confirmed subscribers", value: String(o.confirmedSubscribers), note: "newsletter sign-ups confirmed" },
  ];
  return (
    <>
      <AdminHeading title="Overview">
        <WindowChooser days={o.days} path="/admin" />
      </AdminHeading>
      <p className="mt-2 text-slate-700">The last {o.days} days, up to now.</p>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {stats.map((s) => (
          <div key={s.label} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm font-semibold text-slate-700">{s.label}</dt>
            <dd className="mt-1 text-2xl font-extrabold text-slate-900" data-stat={s.label}>
              {s.value}
            </dd>
            <dd className="mt-1 text-sm text-slate-700">{s.note}</dd>
          </div>
        ))}
      </dl>
      <Panel title="Revenue and leads per day" id="daily-heading">
        <DailyChart points={o.daily} />
      </Panel>
    </>
  );
}
