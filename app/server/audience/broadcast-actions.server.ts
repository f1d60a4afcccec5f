/**
 * What each of /admin/broadcasts' buttons does, one function per intent, on a value the page's
 * schema has parsed (broadcastActionSchema): each answers where to go next and what to say there,
 * or why it refused (a refusal changes nothing).
 */
import type { BroadcastPost } from "~/lib/forms/broadcast";
import { formatZonedDateTime } from "~/lib/dates";
import { sendBroadcastTest } from "~/server/audience/broadcast-admin.server";
import { changeBroadcast, saveBroadcast, startBroadcast, type BroadcastAction } from "~/server/audience/broadcasts.server";

/** Done: the sentence to say on the page it leads to (the broadcast's editor when `edit`). */
export type BroadcastPostOutcome = { done: string; edit?: number } | { refused: string; status: number };

type Of<I extends BroadcastPost["intent"]> = Extract<BroadcastPost, { intent: I }>;

async function save(value: Of<"save">): Promise<BroadcastPostOutcome> {
  const saved = await saveBroadcast(value);
  if ("refused" in saved) return { refused: saved.refused, status: saved.httpStatus };
  return { done: "Saved.", edit: saved.saved };
}

async function test(value: Of<"test">): Promise<BroadcastPostOutcome> {
  const to = await sendBroadcastTest(value.id);
  return to ? { done: `Test sent to ${to}.`, edit: value.id } : { refused: "No such broadcast.", status: 404 };
}

async function send(value: Of<"send">, zone: string): Promise<BroadcastPostOutcome> {
  const outcome = await startBroadcast(value);
  if ("refused" in outcome) return { refused: outcome.refused, status: outcome.httpStatus };
  if (!("started" in outcome)) return { refused: "Not sent.", status: 400 };
  if (outcome.started === "now") return { done: `Sending to ${outcome.queued} recipient${outcome.queued === 1 ? "" : "s"}.` };
  // A scheduled broadcast is still editable: its editor stays open.
  return { done: `Scheduled for ${formatZonedDateTime(outcome.at, zone)}, to ${outcome.recipients} recipients as of now.`, edit: value.id };
}

const SAID = {
  pause: "Paused: nothing more goes out until you resume.",
  resume: "Resumed.",
  cancel: "Cancelled: nothing more goes out.",
} as const;

/** Pause, resume or cancel a broadcast (a product update too: `noun` names it in the refusal). */
export async function changeOutcome(
  value: { id: number; intent: BroadcastAction },
  noun = "broadcast",
): Promise<{ done: string } | { refused: string; status: number }> {
  if (await changeBroadcast(value.id, value.intent)) return { done: SAID[value.intent] };
  const verb = value.intent === "cancel" ? "cancelled" : `${value.intent}d`;
  return { refused: `This ${noun} cannot be ${verb} now: it has moved on (the page shows where it is now).`, status: 409 };
}

const change = (value: Of<"pause" | "resume" | "cancel">): Promise<BroadcastPostOutcome> => changeOutcome(value);

export function runBroadcastPost(value: BroadcastPost, zone: string): Promise<BroadcastPostOutcome> {
  switch (value.intent) {
    case "save":
      return save(value);
    case "test":
      return test(value);
    case "send":
      return send(value, zone);
    default:
      return change(value);
  }
}
