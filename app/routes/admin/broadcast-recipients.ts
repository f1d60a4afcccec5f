import { data } from "react-router";
import type { Route } from "./+types/broadcast-recipients";
import { RecipientCountSchema } from "~/lib/broadcast-form";
import { requireOwner } from "~/server/admin/owner-session.server";
import { countAudience } from "~/server/audience/audience.server";
import { appConfig } from "~/server/config.server";

const PRIVATE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

/**
 * GET /admin/broadcasts/recipients?audience=newsletter&audience=guide: how many contacts a
 * broadcast to these audiences would reach now, after suppressions, counted by the same function
 * as a send (countAudience). The broadcast editor's script asks it as boxes are ticked.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(appConfig(context).owner, request);
  const parsed = RecipientCountSchema.safeParse({ audience: new URL(request.url).searchParams.getAll("audience") });
  if (!parsed.success) return data({ error: "Unknown audience." }, { status: 400, headers: PRIVATE });
  return data({ recipients: await countAudience([...new Set(parsed.data.audience)]) }, { headers: PRIVATE });
}
