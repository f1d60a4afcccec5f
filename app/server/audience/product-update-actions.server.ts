/**
 * What each of /admin/updates' buttons does, one function per intent, on a value the page's
 * schema has parsed (ProductUpdateActionSchema): each answers where to go next and what to say
 * there, or why it refused (a refusal changes nothing). Pause, resume and cancel are a broadcast's.
 */
import type { ProductUpdatePost } from "~/lib/forms/product-update";
import { changeOutcome } from "~/server/audience/broadcast-actions.server";
import { findBroadcast } from "~/server/audience/broadcasts.server";
import { saveProductUpdate, sendProductUpdateTest, startProductUpdate } from "~/server/audience/product-updates.server";

/** Done: the sentence to say on the page it leads to (the update's editor when `edit`). */
export type ProductUpdatePostOutcome = { done: string; edit?: number } | { refused: string; status: number };

type Of<I extends ProductUpdatePost["intent"]> = Extract<ProductUpdatePost, { intent: I }>;

async function change(value: Of<"pause" | "resume" | "cancel">): Promise<ProductUpdatePostOutcome> {
  // Only an update's own buttons act here: a newsletter broadcast's id is not one of this page's.
  if (!(await findBroadcast(value.id))?.productId) return { refused: "No such update.", status: 404 };
  return changeOutcome(value, "update");
}

export async function runProductUpdatePost(value: ProductUpdatePost): Promise<ProductUpdatePostOutcome> {
  switch (value.intent) {
    case "save": {
      const saved = await saveProductUpdate(value);
      return "refused" in saved ? { refused: saved.refused, status: saved.httpStatus } : { done: "Saved.", edit: saved.saved };
    }
    case "test": {
      const to = await sendProductUpdateTest(value.id);
      return to ? { done: `Test sent to ${to}.`, edit: value.id } : { refused: "No such update.", status: 404 };
    }
    case "send": {
      const outcome = await startProductUpdate(value);
      if ("refused" in outcome) return { refused: outcome.refused, status: outcome.httpStatus };
      const who = outcome.queued === 1 ? "1 buyer" : `${outcome.queued} buyers`;
      return { done: `Sending to ${who} of the ${outcome.productName}.` };
    }
    default:
      return change(value);
  }
}
