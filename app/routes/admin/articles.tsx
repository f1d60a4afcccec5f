import { Link } from "react-router";
import type { Route } from "./+types/articles";
import { AdminHeading, DataTable, num, rowHead, WindowChooser } from "~/components/admin-ui";
import { seo } from "~/lib/seo";
import { byArticle, windowFrom } from "~/server/admin/stats.server";
import { requireOwner } from "~/server/admin/owner-session.server";
import { appConfig } from "~/server/config.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Articles", description: "Views, leads and sales per article.", path: "/admin/articles", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(appConfig(context).owner, request);
  const days = windowFrom(new URL(request.url).searchParams.get("days"));
  return { days, articles: await byArticle(days) };
}

export default function Articles({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminHeading title="By article">
        <WindowChooser days={loaderData.days} path="/admin/articles" />
      </AdminHeading>
      <p className="mt-2 text-slate-700">
        The last {loaderData.days} days. Views are counted on the server (no cookies, no addresses; bots, prefetches and your own visits
        left out). Checkouts and sales are those started from the article's own links.
      </p>
      <DataTable
        narrow
        label="Articles"
        columns={[
          "Article",
          { label: "Views", numeric: true },
          { label: "Leads", numeric: true },
          { label: "Checkouts", numeric: true },
          { label: "Sales", numeric: true },
        ]}
      >
        {loaderData.articles.map((a) => (
          <tr key={a.slug}>
            <th scope="row" className={rowHead}>
              <Link to={`/blog/${a.slug}`} className="text-brand-800 underline underline-offset-2">
                {a.title}
              </Link>
            </th>
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
