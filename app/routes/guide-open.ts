import { redirect } from "react-router";
import type { Route } from "./+types/guide-open";
import { LEAD_MAGNET_PDF } from "~/lib/site";
import { openGuideLink } from "~/server/audience/proof.server";

/**
 * The guide e-mail's download link: using it proves the address belongs to the reader (and starts
 * the welcome sequence it agreed to), then the guide itself. An unknown or old link still gets
 * the guide, which is free to everyone.
 */
export async function loader({ params }: Route.LoaderArgs) {
  await openGuideLink(params.token);
  return redirect(LEAD_MAGNET_PDF, { status: 303, headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}
