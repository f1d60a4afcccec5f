/**
 * What each of /admin/broadcasts' buttons does, one function per intent, on a value the page's
 * schema has parsed (broadcastActionSchema): each answers where to go next and what to say there,
 * or why it refused (a refusal changes nothing).
 */
import type { BroadcastDone, BroadcastPost } from "~/lib/broadcast-form";
import { sendBroadcastTest } from "~/server/audience/broadcast-admin.server";
import { changeBroadcast, saveBroadcast, startBroadcast } from "~/server/audience/broadcasts.server";

export type BroadcastPostOutcome = { done: BroadcastDone; edit?: number } | { refused: string; status: number };

type Of<I extends BroadcastPost["intent"]> = Extract<BroadcastPost, { intent: I }>;

async function save(value: Of<"save">): Promise<BroadcastPostOutcome> {
  const saved = await saveBroadcast(value);
  if ("refused" in saved) return { refused: saved.refused, status: saved.httpStatus };
  return { done: { done: "saved" }, edit: saved.saved };
}

async function test(value: Of<"test">): Promise<BroadcastPostOutcome> {
  const to = await sendBroadcastTest(value.id);
  return to ? { done: { done: "tested", to }, edit: value.id } : { refused: "No such broadcast.", status: 404 };
}

async function send(value: Of<"send">): Promise<BroadcastPostOutcome> {
  const outcome = await startBroadcast(value);
  if ("refused" in outcome) return { refused: outcome.refused, status: outcome.httpStatus };
  if (!("started" in outcome)) return { refused: "Not sent.", status: 400 };
  return outcome.started === "now"
    ? { done: { done: "sending", n: outcome.queued } }
    : // A scheduled broadcast is still editable: its editor stays open.
      { done: { done: "scheduled", n: outcome.recipients, at: outcome.at.toISOString() }, edit: value.id };
}

const SAID = { pause: "paused", resume: "resumed", cancel: "cancelled" } as const;

async function change(value: Of<"pause" | "resume" | "cancel">): Promise<BroadcastPostOutcome> {
  if (await changeBroadcast(value.id, value.intent)) return { done: { done: SAID[value.intent] } };
  const verb = value.intent === "cancel" ? "cancelled" : `${value.intent}d`;
  return { refused: `This broadcast cannot be ${verb} now: it has moved on (the page shows where it is now).`, status: 409 };
}

export function runBroadcastPost(value: BroadcastPost): Promise<BroadcastPostOutcome> {
  switch (value.intent) {
    case "save":
      return save(value);
    case "test":
      return test(value);
    case "send":
      return send(value);
    default:
      return change(value);
  }
}
