import { data } from "react-router";
import type { Route } from "./+types/broadcast-recipients";
import { RecipientCountSchema } from "~/lib/forms/broadcast";
import { countAudience } from "~/server/audience/audience.server";
import { page } from "~/lib/page-policy";
import { dashboardResource } from "~/server/admin/dashboard-route.server";

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

/**
 * GET /admin/broadcasts/recipients?audience=newsletter&include=<tag>&exclude=<tag>: how many contacts a
 * broadcast to this segment (audiences, tags to include and to leave out) would reach now, after suppressions, counted by the same function
 * as a send (countAudience). The broadcast editor's script asks it as boxes are ticked.
 */
export const handle = page({ robots: "noindex, nofollow" });

export const loader = dashboardResource(async ({ request }: Route.LoaderArgs) => {
  const query = new URL(request.url).searchParams;
  const parsed = RecipientCountSchema.safeParse({
    audience: query.getAll("audience"),
    include: query.getAll("include"),
    exclude: query.getAll("exclude"),
  });
  if (!parsed.success) return data({ error: "Unknown audience or tag." }, { status: 400, headers: PRIVATE });
  const { audience, include, exclude } = parsed.data;
  return data(
    { recipients: await countAudience({ audiences: [...new Set(audience)], includeTags: include, excludeTags: exclude }) },
    { headers: PRIVATE },
  );
});
