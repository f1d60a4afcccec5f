import type { Route } from "./+types/tools-debt-payoff-csv";
import { debtPayoffCsv } from "~/server/tools/debt-payoff.server";
import { page } from "~/lib/page-policy";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/** /tools/debt-payoff/schedule.csv?...: the plans of the same query, month by month. */
export const handle = page({ robots: "noindex" });

export function loader({ request }: Route.LoaderArgs) {
  const outcome = debtPayoffCsv(new URL(request.url).searchParams, new Date());
  if (!outcome.ok) {
    return new Response(outcome.message, { status: 400, headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(outcome.csv, {
    headers: {
      ...PRIVATE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="debt-payoff-schedule.csv"',
    },
  });
}
