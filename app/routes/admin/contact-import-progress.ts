import { data } from "react-router";
import type { Route } from "./+types/contact-import-progress";
import { IMPORT_ID_PATTERN } from "~/lib/forms/dashboard";
import { page } from "~/lib/page-policy";
import { importProgress } from "~/server/admin/contact-import-store.server";
import { dashboardResource } from "~/server/admin/dashboard-route.server";

/**
 * GET /admin/contacts/imports/<id>: how far the contacts import with this id is (reading, with
 * the rows read so far; merging; over), from the database, so any server process answers it. The
 * contacts page asks it every second while its upload runs. `waiting` until the server has begun it.
 */
export const handle = page({ robots: "noindex, nofollow" });

export const loader = dashboardResource(async ({ params }: Route.LoaderArgs) => {
  if (!IMPORT_ID_PATTERN.test(params.id)) return data({ error: "No such import." }, { status: 404 });
  // Not begun yet (the upload's first bytes are on their way): a wait, not an error the browser would log.
  return (await importProgress(params.id)) ?? { status: "waiting" as const };
});
