import { data, redirect } from "react-router";
import type { Route } from "./+types/go";
import { PARTNERS, type PartnerId } from "~/lib/partners";
import { partnerUrl } from "~/server/content/partners.server";
import { page } from "~/lib/page-policy";

const HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

/** `/go/<partner>`: to the owner's link for that partner offer; pages link here (see lib/partners.ts). */
export const handle = page({ robots: "noindex, nofollow" });

export function loader({ params }: Route.LoaderArgs) {
  if (!Object.hasOwn(PARTNERS, params.partner)) {
    return new Response("Not found.", { status: 404, headers: { ...HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
  }
  throw redirect(partnerUrl(params.partner as PartnerId), { status: 302, headers: HEADERS });
}

export function action() {
  return data({ error: "Use GET" }, { status: 405, headers: { Allow: "GET" } });
}
