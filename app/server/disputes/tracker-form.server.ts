/**
 * The tracker page's one form pipeline (decision 074): read the fields, check them with the one
 * schema (app/lib/forms/dispute.ts) for the buyer's own today, then do what the button said. Bad
 * input gets its messages and changes nothing. A refunded order's tracker takes no new entries
 * (it stays readable, exportable and deletable).
 */
import { zonedDay } from "~/lib/dates";
import { disputeErrors, disputeFormSchema, DISPUTE_MESSAGES, type DisputeForm, type DisputeIntent } from "~/lib/forms/dispute";
import {
  addDispute,
  deleteDispute,
  deleteTracker,
  recordMoreInfo,
  recordOutcome,
  recordReceived,
  setZone,
} from "~/server/disputes/disputes.server";
import { disputesOf, findTracker, zoneOf, type Tracker } from "~/server/disputes/trackers.server";

export type TrackerFormAnswer =
  | { kind: "done"; intent: DisputeIntent; count?: number }
  | { kind: "invalid"; intent: string; disputeId: string | null; errors: Record<string, string>; values: Record<string, string> }
  | { kind: "refused"; message: string };

export const CLOSED_MESSAGE =
  "This order was refunded: your tracker stays here to read, download or delete, but it takes no new entries and sends no reminders.";

/** What each successful button says on the page it returns to. */
export const DONE_MESSAGES: Record<DisputeIntent, string> = {
  add: "Dispute added. Its due date is below.",
  received: "Received date saved: the due date follows it.",
  "more-info": "Saved: the due date now counts the extra time for more information, where the law allows it.",
  outcome: "Answer recorded. The next steps are below.",
  delete: "That dispute was deleted.",
  "delete-all": "Everything in your tracker was deleted.",
  "time-zone": "Time zone saved.",
};

/** A later date of a dispute (received, more information, the answer) can't come before it was sent: which field, and the message. */
async function beforeSent(tracker: Tracker | undefined, input: DisputeForm): Promise<{ field: string; message: string } | undefined> {
  const dated =
    input.intent === "received"
      ? { field: "receivedOn", day: input.receivedOn, message: DISPUTE_MESSAGES.receivedBeforeSent }
      : input.intent === "more-info"
        ? { field: "moreInfoOn", day: input.moreInfoOn, message: DISPUTE_MESSAGES.moreInfoBeforeSent }
        : input.intent === "outcome"
          ? { field: "outcomeOn", day: input.outcomeOn, message: DISPUTE_MESSAGES.answerBeforeSent }
          : undefined;
  if (!dated || !tracker || !("disputeId" in input)) return undefined;
  const dispute = (await disputesOf(tracker.id)).find((d) => d.id === input.disputeId);
  return dispute && dated.day < dispute.sentOn ? { field: dated.field, message: dated.message } : undefined;
}

const READ_ONLY_INTENTS: readonly string[] = ["delete", "delete-all", "time-zone"];

const FIELD_LIMIT = 400;

export async function answerTrackerForm(
  subject: { email: string; mode: "open" | "closed" },
  request: Request,
  businessZone: string,
  now = new Date(),
): Promise<{ answer: TrackerFormAnswer; status: number }> {
  const form = await request.formData().catch(() => null);
  const values: Record<string, string> = {};
  for (const [key, value] of form ?? []) if (typeof value === "string") values[key] = value.slice(0, FIELD_LIMIT);
  const intent = values.intent ?? "";
  if (subject.mode === "closed" && !READ_ONLY_INTENTS.includes(intent)) {
    return { answer: { kind: "refused", message: CLOSED_MESSAGE }, status: 403 };
  }
  const tracker = await findTracker(subject.email);
  const today = zonedDay(now, zoneOf(tracker, businessZone));
  const parsed = disputeFormSchema(today).safeParse(values);
  if (!parsed.success) {
    return {
      answer: { kind: "invalid", intent, disputeId: values.disputeId ?? null, errors: disputeErrors(parsed.error.issues), values },
      status: 400,
    };
  }
  const input = parsed.data;
  const early = await beforeSent(tracker, input);
  if (early) {
    return {
      answer: { kind: "invalid", intent, disputeId: values.disputeId ?? null, errors: { [early.field]: early.message }, values },
      status: 400,
    };
  }
  const email = subject.email;
  let found = true;
  let count: number | undefined;
  switch (input.intent) {
    case "add": {
      const { intent: _, ...fields } = input;
      await addDispute(email, fields, businessZone);
      break;
    }
    case "received":
      found = await recordReceived(email, input.disputeId, input.receivedOn, businessZone);
      break;
    case "more-info":
      found = await recordMoreInfo(email, input.disputeId, input.moreInfoOn, businessZone);
      break;
    case "outcome":
      found = await recordOutcome(email, input.disputeId, input.outcome, input.outcomeOn, businessZone);
      break;
    case "delete":
      found = await deleteDispute(email, input.disputeId);
      break;
    case "delete-all":
      count = await deleteTracker(email);
      break;
    case "time-zone":
      await setZone(email, input.timeZone, businessZone);
      break;
  }
  if (!found) return { answer: { kind: "refused", message: DISPUTE_MESSAGES.dispute }, status: 404 };
  return { answer: { kind: "done", intent: input.intent, count }, status: 200 };
}
