/**
 * What the owner sees of the buyers' trackers (decision 074): totals only, never an entry. How many
 * buyers track at least one dispute, how many disputes, and how many of each answer.
 */
import { count, countDistinct } from "drizzle-orm";
import { disputes, DISPUTE_OUTCOMES, type DisputeOutcome } from "../../../db/schema";
import { db } from "~/server/db.server";

export type TrackerTotals = { buyers: number; disputes: number; outcomes: Record<DisputeOutcome | "waiting", number> };

export async function trackerTotals(): Promise<TrackerTotals> {
  const [all] = await db()
    .select({ buyers: countDistinct(disputes.trackerId), disputes: count() })
    .from(disputes);
  const rows = await db().select({ outcome: disputes.outcome, n: count() }).from(disputes).groupBy(disputes.outcome);
  const outcomes = Object.fromEntries([...DISPUTE_OUTCOMES, "waiting"].map((o) => [o, 0])) as TrackerTotals["outcomes"];
  for (const row of rows) outcomes[row.outcome ?? "waiting"] = row.n;
  return { buyers: all?.buyers ?? 0, disputes: all?.disputes ?? 0, outcomes };
}
