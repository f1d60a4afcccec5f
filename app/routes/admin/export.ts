import { data } from "react-router";
import type { Route } from "./+types/export";
import { csvStream, EXPORT_NAMES, exportCsv, type ExportName } from "~/server/admin/export.server";
import { utcDay } from "~/server/admin/page-views.server";
import { page } from "~/lib/page-policy";
import { dashboardResource } from "~/server/admin/dashboard-route.server";

/** GET /admin/export/leads|contacts|subscribers|audience|orders: the same CSV as `npm run export`, streamed a page of rows at a time. */
export const handle = page({ robots: "noindex, nofollow" });

export const loader = dashboardResource(async ({ params }: Route.LoaderArgs) => {
  const name = params.name as ExportName;
  if (!EXPORT_NAMES.includes(name)) throw data(null, { status: 404 });
  return new Response(csvStream(exportCsv(name)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${utcDay()}.csv"`,
    },
  });
});
