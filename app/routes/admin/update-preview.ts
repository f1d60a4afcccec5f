import type { Route } from "./+types/update-preview";
import { parseId } from "~/lib/route-id";
import { previewProductUpdate } from "~/server/audience/product-updates.server";
import { mailPreviewResponse } from "~/server/mail/preview-response.server";
import { page } from "~/lib/page-policy";
import { dashboardResource } from "~/server/admin/dashboard-route.server";

/** An update to buyers' HTML exactly as they get it (their own links stand-ins), on a page of its own: no script may run. */
export const handle = page({ robots: "noindex, nofollow" });

export const loader = dashboardResource(async ({ params }: Route.LoaderArgs) => {
  const id = parseId(params.id);
  return mailPreviewResponse(id === null ? undefined : await previewProductUpdate(id), "No such update");
});
