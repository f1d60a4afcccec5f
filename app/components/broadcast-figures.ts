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

/** How far a broadcast has gone: done (sent, failed or left out as suppressed) of all its rows, and the rate of the last minute. */
export type ProgressBar = { done: number; total: number; percent: number; left: number; perMinute: number };

export function progressBar(b: ShownBroadcast): ProgressBar {
  const { queued, sent, failed, suppressed, perMinute } = b.figures;
  const done = sent + failed + suppressed;
  const total = done + queued;
  return { done, total, percent: total === 0 ? 0 : Math.floor((done * 100) / total), left: queued, perMinute };
}

const plural = (n: number, one: string) => `${n.toLocaleString("en-US")} ${one}${n === 1 ? "" : "s"}`;

/** "About 12 minutes left at 100 a minute": what is left at the rate of the last minute (not a promise). */
export function timeLeft(status: string, bar: ProgressBar): string {
  if (status === "paused") return `paused with ${plural(bar.left, "e-mail")} left: nothing goes out until you resume`;
  if (status !== "sending") return bar.left === 0 ? "nothing left to send" : `${plural(bar.left, "e-mail")} not sent`;
  if (bar.left === 0) return "the last e-mails are going out";
  if (bar.perMinute === 0) return `${plural(bar.left, "e-mail")} left: starting (the rate shows after the first minute)`;
  const minutes = Math.ceil(bar.left / bar.perMinute);
  const span = minutes < 60 ? plural(minutes, "minute") : `${plural(Math.floor(minutes / 60), "hour")} ${plural(minutes % 60, "minute")}`;
  return `about ${span} left at ${bar.perMinute.toLocaleString("en-US")} a minute`;
}

/**
 * The progress answer: the row's texts, its status (and its badge's look), whether it is still
 * underway, its bar, and when it was counted (the page shows the newer of its own and a poll's).
 */
export function progressOf(b: ShownBroadcast, zone: string, asOf: number = Date.now()) {
  return {
    id: b.id,
    status: b.status,
    badge: statusBadgeClass(b.status),
    underway: isUnderway(b.status),
    when: whenLine(b, zone),
    figures: figureTexts(b),
    bar: progressBar(b),
    asOf,
  };
}
export type BroadcastProgress = ReturnType<typeof progressOf>;
