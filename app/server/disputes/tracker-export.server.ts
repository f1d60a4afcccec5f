/**
 * The tracker's downloads (decision 074): everything it holds as CSV (RFC 4180, safe to open in a
 * spreadsheet: app/lib/csv.ts), and one dispute's due date as a calendar file (app/lib/ics.ts).
 */
import { csvRow } from "~/lib/csv";
import { dueDate } from "~/lib/dispute-dates";
import { DISPUTE_LETTERS, OUTCOME_LABELS, RECIPIENT_LABELS, type DisputeOutcomeChoice } from "~/lib/forms/dispute";
import { calendarFile } from "~/lib/ics";
import { disputesOf, factsOf, findTracker, zoneOf, type Dispute } from "~/server/disputes/trackers.server";

const HEADER = [
  "sent_to",
  "lender_or_collector",
  "what_it_disputes",
  "letter",
  "sent_via",
  "sent_on",
  "received_on",
  "received_on_assumed",
  "after_free_annual_report",
  "more_information_sent_on",
  "due_on",
  "due_rule",
  "results_by",
  "answer",
  "answer_on",
  "time_zone",
  "added_at",
  "changed_at",
];

const recipientName = (d: Dispute) => (d.recipient === "furnisher" ? "Lender or collector" : RECIPIENT_LABELS[d.recipient]);

/** The tracker as CSV: a header, then one row per dispute. A tracker never used is the header alone. */
export async function trackerCsv(email: string, businessZone: string): Promise<string> {
  const tracker = await findTracker(email);
  const zone = zoneOf(tracker, businessZone);
  const rows = tracker ? await disputesOf(tracker.id) : [];
  return (
    csvRow(HEADER) +
    rows
      .map((d) => {
        const due = dueDate(factsOf(d));
        return csvRow([
          recipientName(d),
          d.furnisherName,
          d.about,
          d.letterId ? (DISPUTE_LETTERS[d.letterId] ?? d.letterId) : "",
          d.sentVia,
          d.sentOn,
          due.received.day,
          due.received.assumed ? "yes" : "no",
          d.afterAnnualReport ? "yes" : "no",
          d.moreInfoOn,
          due.day,
          `${due.statute}: ${due.explanation}`,
          due.resultsBy,
          d.outcome ? OUTCOME_LABELS[d.outcome as DisputeOutcomeChoice] : "",
          d.outcomeOn,
          zone,
          d.createdAt,
          d.updatedAt,
        ]);
      })
      .join("")
  );
}

/** One dispute's due date as an all-day event, or undefined when it is not in this mailbox's tracker. */
export async function dueCalendar(email: string, disputeId: number, trackerUrl: string, host: string): Promise<string | undefined> {
  const tracker = await findTracker(email);
  const dispute = tracker ? (await disputesOf(tracker.id)).find((d) => d.id === disputeId) : undefined;
  if (!dispute) return undefined;
  const due = dueDate(factsOf(dispute));
  const to = dispute.recipient === "furnisher" ? (dispute.furnisherName ?? "Lender") : RECIPIENT_LABELS[dispute.recipient];
  return calendarFile({
    uid: `dispute-${dispute.id}-due-${due.day}@${host}`,
    day: due.day,
    summary: `${to}: answer due (${dispute.about})`,
    description: [
      `${due.explanation} (${due.statute})`,
      `${due.resultsExplanation} (${due.resultsStatute})`,
      "No answer yet? Record it in your tracker for the next steps.",
      trackerUrl,
    ].join("\n"),
    url: trackerUrl,
    stamp: new Date(),
  });
}
