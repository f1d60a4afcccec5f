import type { Route } from "./+types/sequence-preview";
import { ownerResource } from "~/server/admin/owner-answers.server";
import { requireOwner } from "~/server/admin/owner-session.server";
import { appConfig } from "~/server/config.server";
import { previewStep } from "~/server/audience/sequence-admin.server";
import { mailPreviewResponse } from "~/server/mail/preview-response.server";
import { page } from "~/lib/page-policy";

/** A step's HTML exactly as readers get it, on a page of its own: no script may run, inline styles only. */
export const handle = page({ robots: "noindex, nofollow" });

export const loader = ownerResource(async ({ request, params, context }: Route.LoaderArgs) => {
  await requireOwner(appConfig(context).owner, request);
  return mailPreviewResponse(await previewStep(params.id), "No such step");
});
