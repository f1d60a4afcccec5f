import { Link } from "react-router";
import { formatWhen, Panel, useTimeZone } from "~/components/admin-ui";

export type ArticleBroadcastView = {
  id: number;
  status: string;
  sent: number;
  scheduledAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
};

const people = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "person" : "people"}`;

/** One broadcast of the article, in the owner's words. */
function said(b: ArticleBroadcastView, zone: string): string {
  switch (b.status) {
    case "draft":
      return "E-mail draft ready: choose its audience, send yourself a test, then send it.";
    case "scheduled":
      return `E-mail scheduled for ${formatWhen(b.scheduledAt, zone)}.`;
    case "sending":
    case "paused":
      return `E-mail ${b.status === "paused" ? "paused" : "sending"}: ${people(b.sent)} so far, since ${formatWhen(b.startedAt, zone)}.`;
    case "sent":
      return `E-mailed to ${people(b.sent)} on ${formatWhen(b.finishedAt ?? b.startedAt, zone)}.`;
    default:
      return `E-mail cancelled after ${people(b.sent)}.`;
  }
}

/** Whether, and to how many, the article went out as a newsletter broadcast (issue 42, item 4). */
export function ArticleNewsletterStatus({ broadcasts }: { broadcasts: readonly ArticleBroadcastView[] }) {
  const zone = useTimeZone();
  if (broadcasts.length === 0) return null;
  return (
    <Panel title="Newsletter" id="newsletter-heading">
      <ul className="mt-2 space-y-1 text-slate-800">
        {broadcasts.map((b) => (
          <li key={b.id}>
            {said(b, zone)}{" "}
            <Link to={`/admin/broadcasts?edit=${b.id}`} className="text-brand-800 underline underline-offset-2">
              {b.status === "draft" || b.status === "scheduled" ? "Open the e-mail" : "See the broadcast"}
              <span className="sr-only"> (broadcast {b.id})</span>
            </Link>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
