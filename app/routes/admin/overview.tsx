import type { Route } from "./+types/overview";
import { DailyChart } from "~/components/admin-chart";
import { AdminHeading, DataTable, num, Panel, rowHead, WindowChooser, useTimeZone } from "~/components/admin-ui";
import { contactsHref, type ContactFilters } from "~/lib/forms/contact-filters";
import { formatCents } from "~/lib/site";
import { seo } from "~/lib/seo";
import { overview, windowFrom } from "~/server/admin/stats.server";
import { salesByEmail } from "~/server/admin/email-sales.server";
import { businessTimeZone } from "~/server/dates.server";
import { dashboardLoader } from "~/server/admin/dashboard-route.server";
import { trackerTotals } from "~/server/disputes/tracker-totals.server";
import { OUTCOME_LABELS } from "~/lib/forms/dispute";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Dashboard", description: "Sales, leads and subscribers.", path: "/admin" });

export const loader = dashboardLoader(async ({ request, context }: Route.LoaderArgs) => {
  const days = windowFrom(new URL(request.url).searchParams.get("days"));
  const [figures, emailSales, disputes] = await Promise.all([
    overview(days, businessTimeZone(context)),
    salesByEmail(days),
    trackerTotals(),
  ]);
  return { ...figures, emailSales, disputes };
});

const percent = (part: number, whole: number) => (whole === 0 ? "-" : `${Math.round((part / whole) * 100)}%`);

export default function Overview({ loaderData: o }: Route.ComponentProps) {
  const zone = useTimeZone();
  const stats = [
    {
      label: "Net revenue",
      value: formatCents(o.netCents),
      note: `${formatCents(o.grossCents)} gross, ${formatCents(o.refundedCents)} refunded`,
    },
    {
      label: "Paid orders",
      value: String(o.paidOrders),
      note: `${percent(o.bumpOrders, o.paidOrders)} with an add-on still paid for; fully refunded orders not counted (${o.refundedOrders} with a refund)`,
    },
    {
      label: "Checkouts",
      value: `${o.checkoutsPaid} of ${o.checkoutsStarted}`,
      note: `reached payment, of started: ${percent(o.checkoutsPaid, o.checkoutsStarted)} conversion (later refunds included)`,
    },
    {
      label: "Leads",
      value: String(o.leads),
      note: "new contacts who asked for the free guide",
      href: contactsHref({ source: "guide", added: String(o.days) as ContactFilters["added"] }),
    },
    {
      label: "Newsletter subscribers",
      value: String(o.newsletterSubscribers),
      note: "everyone a newsletter broadcast would reach now",
      href: contactsHref({ purpose: "newsletter" }),
    },
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
            <dt className="text-sm font-bold text-slate-700">{s.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900" data-stat={s.label}>
              {s.value}
            </dd>
            <dd className="mt-1 text-sm text-slate-700">
              {"href" in s ? (
                <a href={s.href} className="font-bold text-brand-800 underline underline-offset-2">
                  {s.note}
                </a>
              ) : (
                s.note
              )}
            </dd>
          </div>
        ))}
      </dl>
      <Panel title="Net revenue and leads per day" id="daily-heading">
        <DailyChart points={o.daily} zone={zone} />
      </Panel>
      <Panel title="Sales by e-mail" id="email-sales-heading">
        <p className="text-sm text-slate-700">
          Checkouts started in the last {o.days} days by readers who came from a link in one of your e-mails (the last e-mail they clicked
          in that browser, within 30 days), the sales among them still paid for, and what they brought in net of refunds. Per-article
          figures are under{" "}
          <a href="/admin/articles" className="font-bold text-brand-800 underline underline-offset-2">
            Articles
          </a>
          .
        </p>
        {o.emailSales.length === 0 ? (
          <p className="mt-3 text-slate-700">No checkouts from e-mail links in this period.</p>
        ) : (
          <DataTable
            label="Sales by e-mail, per campaign"
            columns={[
              "E-mail",
              { label: "Checkouts", numeric: true },
              { label: "Sales", numeric: true },
              { label: "Revenue", numeric: true },
            ]}
          >
            {o.emailSales.map((e) => (
              <tr key={e.campaign} data-campaign={e.campaign}>
                <th scope="row" className={rowHead}>
                  {e.label}
                  {e.label !== e.campaign ? <span className="block text-xs font-normal text-slate-600">{e.campaign}</span> : null}
                </th>
                <td className={num}>{e.checkouts}</td>
                <td className={num}>{e.sales}</td>
                <td className={num}>{formatCents(e.revenueCents)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Panel>
      <Panel title="Dispute tracker" id="dispute-tracker-heading">
        <p className="text-sm text-slate-700">
          Totals of what buyers keep in their trackers, all time. Their entries are theirs: the dashboard never shows one.
        </p>
        <DataTable label="Dispute tracker totals" columns={["Figure", { label: "Count", numeric: true }]}>
          {[
            ["Buyers tracking a dispute", o.disputes.buyers],
            ["Disputes", o.disputes.disputes],
            ["No answer recorded yet", o.disputes.outcomes.waiting],
            ...Object.entries(OUTCOME_LABELS).map(
              ([key, label]) => [`Answered: ${label.toLowerCase()}`, o.disputes.outcomes[key as keyof typeof OUTCOME_LABELS]] as const,
            ),
          ].map(([label, n]) => (
            <tr key={label}>
              <th scope="row" className={rowHead}>
                {label}
              </th>
              <td className={num} data-figure={label}>
                {n}
              </td>
            </tr>
          ))}
        </DataTable>
      </Panel>
    </>
  );
}
