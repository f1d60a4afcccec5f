import type { Route } from "./+types/sequence-preview";
import { previewStep } from "~/server/audience/sequence-admin.server";
import { mailPreviewResponse } from "~/server/mail/preview-response.server";
import { page } from "~/lib/page-policy";
import { dashboardResource } from "~/server/admin/dashboard-route.server";

/** A step's HTML exactly as readers get it, on a page of its own: no script may run, inline styles only. */
export const handle = page({ robots: "noindex, nofollow" });

export const loader = dashboardResource(async ({ params }: Route.LoaderArgs) => {
  return mailPreviewResponse(await previewStep(params.id), "No such step");
});
