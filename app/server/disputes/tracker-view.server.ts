/**
 * What the tracker page shows (decision 074): each dispute with its due date, the rule and the
 * statute that set it, a timeline with today on it, its state, and after an answer the next steps
 * with the buyer's own letters linked. Days are the buyer's: "today" in their zone.
 */
import { zonedDay, zoneName } from "~/lib/dates";
import { daysBetween, disputeState, dueDate, formatDayLong, formatFullDay, STATE_LABELS, type DisputeState } from "~/lib/dispute-dates";
import { nextSteps, type NextStep } from "~/lib/dispute-steps";
import { DISPUTE_LETTERS, OUTCOME_LABELS, RECIPIENT_LABELS, SENT_VIA_LABELS, type DisputeOutcomeChoice } from "~/lib/forms/dispute";
import { filePath, orderPagePath } from "~/lib/order-files";
import { POWER_PACK_LETTERS, TOOLKIT_LETTERS } from "~/lib/letters";
import { POWER_PACK_ID, TOOLKIT_ID, type ProductId } from "~/lib/catalogue";
import { disputesOf, factsOf, findTracker, zoneOf, type Dispute } from "~/server/disputes/trackers.server";

export type TimelinePoint = { label: string; day: string; text: string; today?: boolean; position: number };

export type DisputeView = {
  id: number;
  to: string;
  bureau: boolean;
  about: string;
  letter: string | null;
  sentVia: string;
  sentOn: string;
  received: { text: string; assumed: boolean; why: string; day: string };
  due: { text: string; day: string; explanation: string; statute: string };
  results: { text: string; explanation: string; statute: string };
  state: DisputeState;
  stateLabel: string;
  stateText: string;
  timeline: TimelinePoint[];
  afterAnnualReport: boolean;
  moreInfoOn: string | null;
  outcome: { label: string; on: string | null; steps: (Omit<NextStep, "letters"> & { letter?: { title: string; href: string } })[] } | null;
  icsPath: string;
};

export type TrackerView = {
  zone: string;
  zoneName: string;
  zoneChosen: boolean;
  today: string;
  todayText: string;
  mode: "open" | "closed";
  remindersStopped: boolean;
  disputes: DisputeView[];
  /** The letters the form offers: the toolkit's, and the Power Pack's if the order holds it. */
  letters: { id: string; title: string }[];
};

const LETTER_PRODUCT = (id: string): ProductId => (id in POWER_PACK_LETTERS ? POWER_PACK_ID : TOOLKIT_ID);

/** The buyer's own file of a letter, as Word (to edit), when the order still opens its product. */
function letterLink(id: string, token: string, open: readonly ProductId[]): { title: string; href: string } | undefined {
  if (!open.includes(LETTER_PRODUCT(id))) return undefined;
  return { title: DISPUTE_LETTERS[id]!, href: filePath(orderPagePath(token), `${id}.docx`) };
}

function stateText(state: DisputeState, due: string, resultsBy: string, bureau: boolean): string {
  switch (state) {
    case "waiting":
      return `Waiting: the answer is due by ${formatFullDay(due)}.`;
    case "answer-due":
      return bureau
        ? `Answer due: the bureau's 30 or 45 days are up, and its results must be sent by ${formatFullDay(resultsBy)}.`
        : "Answer due today: the lender's period ends today.";
    case "overdue":
      return "Overdue: no answer is recorded and the time the law gives has passed. See the next steps below once you record “No answer”.";
    case "answered":
      return "Answered.";
  }
}

/** Where a day falls between the first and last points, 0-100, for the bar (the list says the same in words). */
const position = (first: string, last: string, day: string) => {
  const span = Math.max(1, daysBetween(first, last));
  return Math.min(100, Math.max(0, Math.round((daysBetween(first, day) / span) * 100)));
};

function timelineOf(d: Dispute, received: string, due: string, resultsBy: string, today: string, bureau: boolean): TimelinePoint[] {
  const points = [
    { label: "Sent", day: d.sentOn },
    { label: "Received", day: received },
    ...(d.moreInfoOn ? [{ label: "More information sent", day: d.moreInfoOn }] : []),
    { label: "Due", day: due },
    ...(bureau ? [{ label: "Results must be sent by", day: resultsBy }] : []),
    ...(d.outcomeOn ? [{ label: "Answer", day: d.outcomeOn }] : []),
  ];
  const all = [...points, { label: "Today", day: today, today: true }].sort((a, b) => a.day.localeCompare(b.day));
  const first = all[0]!.day;
  const last = all[all.length - 1]!.day;
  return all.map((p) => ({ ...p, text: formatFullDay(p.day), position: position(first, last, p.day) }));
}

function disputeView(d: Dispute, today: string, token: string, open: readonly ProductId[]): DisputeView {
  const facts = factsOf(d);
  const due = dueDate(facts);
  const state = disputeState(facts, today);
  const bureau = facts.recipient !== "furnisher";
  const outcome = d.outcome as DisputeOutcomeChoice | null;
  return {
    id: d.id,
    to: bureau ? RECIPIENT_LABELS[d.recipient] : (d.furnisherName ?? "A lender or collector"),
    bureau,
    about: d.about,
    letter: d.letterId ? (DISPUTE_LETTERS[d.letterId] ?? null) : null,
    sentVia: SENT_VIA_LABELS[d.sentVia],
    sentOn: formatFullDay(d.sentOn),
    received: { text: formatFullDay(due.received.day), assumed: due.received.assumed, why: due.received.why, day: due.received.day },
    due: { text: formatDayLong(due.day), day: due.day, explanation: due.explanation, statute: due.statute },
    results: { text: formatDayLong(due.resultsBy), explanation: due.resultsExplanation, statute: due.resultsStatute },
    state,
    stateLabel: STATE_LABELS[state],
    stateText: stateText(state, due.day, due.resultsBy, bureau),
    timeline: timelineOf(d, due.received.day, due.day, due.resultsBy, today, bureau),
    afterAnnualReport: d.afterAnnualReport,
    moreInfoOn: d.moreInfoOn ? formatFullDay(d.moreInfoOn) : null,
    outcome: outcome && {
      label: OUTCOME_LABELS[outcome],
      on: d.outcomeOn ? formatFullDay(d.outcomeOn) : null,
      steps: nextSteps(outcome, bureau).map(({ letters, ...step }) => {
        const letter = letters.map((id) => letterLink(id, token, open)).find(Boolean);
        return letter ? { ...step, letter } : step;
      }),
    },
    icsPath: `${orderPagePath(token)}/disputes/${d.id}/due.ics`,
  };
}

export type TrackerSubject = { email: string; mode: "open" | "closed"; token: string; open: readonly ProductId[] };

export async function trackerView(subject: TrackerSubject, businessZone: string, now = new Date()): Promise<TrackerView> {
  const tracker = await findTracker(subject.email);
  const zone = zoneOf(tracker, businessZone);
  const today = zonedDay(now, zone);
  const rows = tracker ? await disputesOf(tracker.id) : [];
  const letters = Object.entries({ ...TOOLKIT_LETTERS, ...(subject.open.includes(POWER_PACK_ID) ? POWER_PACK_LETTERS : {}) }).map(
    ([id, title]) => ({ id, title }),
  );
  return {
    zone,
    zoneName: zoneName(zone),
    zoneChosen: Boolean(tracker?.timeZone),
    today,
    todayText: formatDayLong(today),
    mode: subject.mode,
    remindersStopped: Boolean(tracker?.remindersStoppedAt),
    disputes: rows.map((d) => disputeView(d, today, subject.token, subject.open)),
    letters,
  };
}

export type TrackerSummary = {
  path: string;
  mode: "open" | "closed";
  disputes: Pick<DisputeView, "id" | "to" | "about" | "state" | "stateLabel" | "due">[];
};

/** The order page's "My disputes": each dispute's state and due date, and the way to the tracker; null for an order without the toolkit. */
export async function trackerSummary(
  subject: TrackerSubject | null,
  businessZone: string,
  now = new Date(),
): Promise<TrackerSummary | null> {
  if (!subject) return null;
  const view = await trackerView(subject, businessZone, now);
  return {
    path: `${orderPagePath(subject.token)}/disputes`,
    mode: view.mode,
    disputes: view.disputes.map(({ id, to, about, state, stateLabel, due }) => ({ id, to, about, state, stateLabel, due })),
  };
}
