import { Link } from "react-router";
import type { Route } from "./+types/articles";
import { AdminHeading, DataTable, formatWhen, num, rowHead, StatusBadge, td, WindowChooser, useTimeZone } from "~/components/admin-ui";
import { buttonClass } from "~/components/ui/button";
import { ARTICLE_STATE_LABELS, articleState } from "~/lib/article-status";
import { seo } from "~/lib/seo";
import { byArticle, windowFrom } from "~/server/admin/stats.server";
import { dashboardLoader } from "~/server/admin/dashboard-route.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Articles", description: "Write, publish and follow each article.", path: "/admin/articles" });

export const loader = dashboardLoader(async ({ request, context }: Route.LoaderArgs) => {
  const days = windowFrom(new URL(request.url).searchParams.get("days"));
  const now = new Date();
  // Live, scheduled or draft as readers meet it now: a schedule whose time has passed is live.
  return { days, articles: (await byArticle(days, context.pageViews)).map((a) => ({ ...a, state: articleState(a, now) })) };
});

export default function Articles({ loaderData }: Route.ComponentProps) {
  const zone = useTimeZone();
  return (
    <>
      <AdminHeading title="Articles">
        <Link to="/admin/articles/new" className={buttonClass({ size: "sm" })}>
          New article
        </Link>
      </AdminHeading>
      <div className="mt-4">
        <WindowChooser days={loaderData.days} path="/admin/articles" />
      </div>
      <p className="mt-2 text-slate-700">
        The last {loaderData.days} days. Views are counted on the server (no cookies, no addresses; bots, prefetches and your own visits
        left out). Checkouts and sales are those started from the article's own links.
      </p>
      <DataTable
        label="Articles"
        columns={[
          "Article",
          "Status",
          { label: "Views", numeric: true },
          { label: "Leads", numeric: true },
          { label: "Checkouts", numeric: true },
          { label: "Sales", numeric: true },
        ]}
      >
        {loaderData.articles.map((a) => (
          <tr key={a.id}>
            <th scope="row" className={rowHead}>
              <Link to={`/admin/articles/${a.id}`} className="text-brand-800 underline underline-offset-2">
                {a.title}
              </Link>
              <span className="block text-xs font-normal text-slate-600">/blog/{a.slug}</span>
            </th>
            <td className={td}>
              <StatusBadge status={ARTICLE_STATE_LABELS[a.state]} />
              {a.state === "scheduled" && <span className="block text-xs text-slate-600">{formatWhen(a.publishAt, zone)}</span>}
            </td>
            <td className={num}>{a.views}</td>
            <td className={num}>{a.leads}</td>
            <td className={num}>{a.checkouts}</td>
            <td className={num}>{a.sales}</td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
