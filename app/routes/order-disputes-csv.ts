import type { Route } from "./+types/order-disputes-csv";
import { businessTimeZone } from "~/server/dates.server";
import { notFound, PRIVATE_HEADERS } from "~/server/delivery/order-access.server";
import { trackerSubject } from "~/server/disputes/tracker-access.server";
import { trackerCsv } from "~/server/disputes/tracker-export.server";

/** Everything the buyer's tracker holds, as CSV (decision 074): a refunded order's too. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await trackerSubject(params.token);
  if (found.kind !== "ok") return notFound();
  return new Response(await trackerCsv(found.subject.email, businessTimeZone(context)), {
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="my-disputes.csv"',
    },
  });
}
