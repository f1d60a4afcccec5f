import { data } from "react-router";
import type { Route } from "./+types/broadcast-progress";
import { progressOf } from "~/components/broadcast-figures";
import { parseId } from "~/lib/route-id";
import { broadcastsWithFigures } from "~/server/audience/broadcast-admin.server";
import { businessTimeZone } from "~/server/dates.server";
import { page } from "~/lib/page-policy";
import { dashboardResource } from "~/server/admin/dashboard-route.server";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

/**
 * GET /admin/broadcasts/<id>/progress: the broadcast's row as /admin/broadcasts shows it (status,
 * figures, the line under its subject), counted by the page's own function. The page's progress
 * script asks it every few seconds while the broadcast is scheduled, sending or paused.
 */
export const handle = page({ robots: "noindex, nofollow" });

export const loader = dashboardResource(async ({ params, context }: Route.LoaderArgs) => {
  const id = parseId(params.id);
  const [broadcast] = id === null ? [] : await broadcastsWithFigures(id);
  if (!broadcast) return data({ error: "No such broadcast." }, { status: 404, headers: PRIVATE });
  return data(progressOf(broadcast, businessTimeZone(context)), { headers: PRIVATE });
});
