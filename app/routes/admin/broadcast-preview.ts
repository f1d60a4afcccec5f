import type { Route } from "./+types/broadcast-preview";
import { parseId } from "~/lib/route-id";
import { previewBroadcast } from "~/server/audience/broadcast-admin.server";
import { mailPreviewResponse } from "~/server/mail/preview-response.server";
import { page } from "~/lib/page-policy";
import { dashboardResource } from "~/server/admin/dashboard-route.server";

/** A broadcast's HTML exactly as readers get it, on a page of its own: no script may run, inline styles only. */
export const handle = page({ robots: "noindex, nofollow" });

export const loader = dashboardResource(async ({ params }: Route.LoaderArgs) => {
  const id = parseId(params.id);
  return mailPreviewResponse(id === null ? undefined : await previewBroadcast(id), "No such broadcast");
});
