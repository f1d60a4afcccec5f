/**
 * A broadcast that is scheduled, sending or paused, as a card above the table: its progress bar,
 * the time left at the current rate, and Pause, Resume and Cancel, in reach on a phone (the
 * table scrolls sideways there). The card asks GET /admin/broadcasts/<id>/progress every few
 * seconds while the tab is visible, until the broadcast is sent or cancelled.
 */
import { useEffect, useState } from "react";
import { Form, useFetcher } from "react-router";
import { StatusBadge } from "~/components/admin-ui";
import { timeLeft, type BroadcastProgress } from "~/components/broadcast-figures";
import { buttonClass } from "~/components/ui/button";

const EVERY_MS = 5_000;

type StateButton = { intent: "pause" | "resume" | "cancel"; label: string; primary?: boolean };

/** The buttons for a status; each posts its intent to the page's action. */
const BUTTONS: Record<string, StateButton[]> = {
  scheduled: [{ intent: "cancel", label: "Cancel" }],
  sending: [
    { intent: "pause", label: "Pause" },
    { intent: "cancel", label: "Cancel" },
  ],
  paused: [
    { intent: "resume", label: "Resume", primary: true },
    { intent: "cancel", label: "Cancel" },
  ],
};

/** Pause, Resume, Cancel: the ones a broadcast in this status offers (none once it is sent or cancelled). */
export const actionsFor = (status: string): readonly StateButton[] => BUTTONS[status] ?? [];

/**
 * A broadcast's latest progress: the page's, or a poll's when newer. The card polls (`poll`); the
 * table's row reads the same answers (one fetcher key per broadcast), so the two never differ.
 */
export function useProgress(initial: BroadcastProgress, poll = false): { progress: BroadcastProgress; failing: boolean } {
  const fetcher = useFetcher<BroadcastProgress | { error: string }>({ key: `broadcast-progress-${initial.id}` });
  const answer = fetcher.data && "status" in fetcher.data ? fetcher.data : undefined;
  // The page's own data is reloaded after a post on it (pause, resume): the newer of the two is shown.
  const progress = answer && answer.asOf > initial.asOf ? answer : initial;
  const { underway } = progress;
  const { load } = fetcher;
  useEffect(() => {
    if (!poll || !underway) return;
    const ask = () => {
      if (document.visibilityState === "visible") void load(`/admin/broadcasts/${initial.id}/progress`);
    };
    const timer = setInterval(ask, EVERY_MS);
    document.addEventListener("visibilitychange", ask);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", ask);
    };
  }, [poll, underway, initial.id, load]);
  return { progress, failing: fetcher.state === "idle" && fetcher.data !== undefined && answer === undefined };
}

export function UnderwayCard({ initial, subject }: { initial: BroadcastProgress; subject: string }) {
  const { progress, failing } = useProgress(initial, true);
  const { bar } = progress;
  // Said once when the status changes (the figures change quietly).
  const [first] = useState(initial.status);
  const news =
    progress.status === first
      ? ""
      : progress.underway
        ? `“${subject}” is now ${progress.status}.`
        : `“${subject}” is now ${progress.status}: nothing more goes out. Bounces, unsubscribes and orders keep coming in: reload the page later for them.`;
  const headingId = `underway-${progress.id}`;
  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="underway">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="min-w-0 font-bold [overflow-wrap:anywhere] text-slate-900">
          {subject}
        </h2>
        <StatusBadge status={progress.status} />
      </div>
      <p className="mt-1 text-sm text-slate-700">{progress.when}</p>
      {progress.status !== "scheduled" ? (
        <>
          <div className="mt-3 flex items-center gap-3">
            <progress
              max={Math.max(bar.total, 1)}
              value={bar.done}
              aria-label={`Sent so far: ${bar.done} of ${bar.total}`}
              className="h-3 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand-700 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-700"
            />
            <span className="shrink-0 text-sm font-bold text-slate-900 tabular-nums">{bar.percent}%</span>
          </div>
          <p className="mt-2 text-sm text-slate-800" data-testid="time-left">
            {bar.done.toLocaleString("en-US")} of {bar.total.toLocaleString("en-US")} done · {timeLeft(progress.status, bar)}
          </p>
        </>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {actionsFor(progress.status).map((button) => (
          <Form method="post" key={button.intent}>
            <input type="hidden" name="id" value={progress.id} />
            <button
              type="submit"
              name="intent"
              value={button.intent}
              aria-label={`${button.label} “${subject}”`}
              className={buttonClass({ size: "sm", variant: button.primary ? "primary" : "outline" })}
            >
              {button.label}
            </button>
          </Form>
        ))}
      </div>
      <p role="status" aria-live="polite" className="mt-2 text-sm text-slate-800 empty:hidden">
        {failing ? "The progress could not be updated just now: reload the page to see where it is." : news}
      </p>
    </section>
  );
}

/** The cards of every broadcast under way (their progress as the page's loader counted it). */
export function UnderwayBroadcasts({ rows }: { rows: { subject: string; progress: BroadcastProgress }[] }) {
  if (rows.length === 0) return null;
  return (
    <div id="underway">
      {rows.map(({ subject, progress }) => (
        <UnderwayCard key={progress.id} initial={progress} subject={subject} />
      ))}
    </div>
  );
}
