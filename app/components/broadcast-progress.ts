/**
 * A broadcast's row on /admin/broadcasts as text, for the page and for its progress answer
 * (GET /admin/broadcasts/<id>/progress) alike: the page writes these texts into its cells, the
 * progress script writes the answer's into the same cells (by their data-figure name), so what a
 * reload shows and what the script shows cannot differ.
 */
import { formatWhen, statusBadgeClass } from "~/components/admin-ui";
import { formatCents } from "~/lib/site";

/** The table's figure columns, in order: the key names a cell (data-figure) and the answer's text for it. */
export const FIGURE_COLUMNS = [
  { key: "queued", label: "Queued" },
  { key: "sent", label: "Sent" },
  { key: "failed", label: "Failed" },
  { key: "suppressed", label: "Suppressed" },
  { key: "perMinute", label: "Per minute" },
  { key: "bounced", label: "Bounced" },
  { key: "unsubscribed", label: "Unsubscribed" },
  { key: "orders", label: "Orders" },
  { key: "revenue", label: "Revenue" },
] as const;
export type FigureKey = (typeof FIGURE_COLUMNS)[number]["key"];

/** What the row shows of a broadcast (the figures of broadcastsWithFigures). */
export type ShownBroadcast = {
  id: number;
  status: string;
  scheduledAt: Date | string | null;
  startedAt: Date | string | null;
  createdAt: Date | string;
  figures: Record<Exclude<FigureKey, "revenue"> | "interrupted" | "cancelled" | "revenueCents", number>;
};

/** Still moving: its figures change as it sends, and the progress script asks for them. */
export const isUnderway = (status: string) => status === "scheduled" || status === "sending" || status === "paused";

/** The line under the subject: when (in the business's zone), and the rows that will not be sent as planned. */
export function whenLine(b: ShownBroadcast, zone: string): string {
  const when =
    b.status === "scheduled"
      ? `for ${formatWhen(b.scheduledAt, zone)}`
      : b.startedAt
        ? `started ${formatWhen(b.startedAt, zone)}`
        : `created ${formatWhen(b.createdAt, zone)}`;
  const { interrupted, cancelled } = b.figures;
  return `${when}${interrupted ? ` · ${interrupted} interrupted (may have arrived)` : ""}${cancelled ? ` · ${cancelled} not sent (cancelled)` : ""}`;
}

export function figureTexts(b: ShownBroadcast): Record<FigureKey, string> {
  return Object.fromEntries(
    FIGURE_COLUMNS.map(({ key }) => [key, key === "revenue" ? formatCents(b.figures.revenueCents) : String(b.figures[key])]),
  ) as Record<FigureKey, string>;
}

/** The progress answer: the row's texts, its status (and its badge's look), and whether it is still underway. */
export function progressOf(b: ShownBroadcast, zone: string) {
  return {
    id: b.id,
    status: b.status,
    badge: statusBadgeClass(b.status),
    underway: isUnderway(b.status),
    when: whenLine(b, zone),
    figures: figureTexts(b),
  };
}
export type BroadcastProgress = ReturnType<typeof progressOf>;
