import type { Route } from "./+types/broadcast-preview";
import { ownerResource } from "~/server/admin/owner-answers.server";
import { parseId } from "~/lib/route-id";
import { requireOwner } from "~/server/admin/owner-session.server";
import { appConfig } from "~/server/config.server";
import { previewBroadcast } from "~/server/audience/broadcast-admin.server";
import { mailPreviewResponse } from "~/server/mail/preview-response.server";
import { page } from "~/lib/page-policy";

/** A broadcast's HTML exactly as readers get it, on a page of its own: no script may run, inline styles only. */
export const handle = page({ robots: "noindex, nofollow" });

export const loader = ownerResource(async ({ request, params, context }: Route.LoaderArgs) => {
  await requireOwner(appConfig(context).owner, request);
  const id = parseId(params.id);
  return mailPreviewResponse(id === null ? undefined : await previewBroadcast(id), "No such broadcast");
});
