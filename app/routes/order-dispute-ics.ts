import type { Route } from "./+types/order-dispute-ics";
import { orderPagePath } from "~/lib/order-files";
import { notFound, PRIVATE_HEADERS } from "~/server/delivery/order-access.server";
import { env } from "~/server/env.server";
import { trackerSubject } from "~/server/disputes/tracker-access.server";
import { dueCalendar } from "~/server/disputes/tracker-export.server";

/** One dispute's due date as a calendar file (RFC 5545, an all-day event: decision 074). */
export async function loader({ params }: Route.LoaderArgs) {
  const found = await trackerSubject(params.token);
  const id = Number(params.disputeId);
  if (found.kind !== "ok" || !Number.isSafeInteger(id) || id < 1) return notFound();
  const origin = env().PUBLIC_ORIGIN;
  const ics = await dueCalendar(found.subject.email, id, `${origin}${orderPagePath(params.token)}/disputes`, new URL(origin).host);
  if (!ics) return notFound();
  return new Response(ics, {
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="dispute-${id}-due.ics"`,
    },
  });
}
