/**
 * A product update's stop link (decision 071): the page's state for its token, and the stop
 * itself, from the page's button or a mail app's one-click POST (RFC 8058). A stop ends product
 * updates only: receipts, files and the newsletter are each their own.
 */
import { emailForLink } from "~/server/audience/email-links.server";
import { productUpdatesStopped, stopProductUpdates } from "~/server/audience/contacts.server";

export type UpdatesStopState = { state: "invalid" } | { state: "ask" | "done"; email: string };

/** What the page shows for this link (a GET changes nothing): its address, and whether its updates already stopped. */
export async function updatesStopState(token: string): Promise<UpdatesStopState> {
  const email = await emailForLink(token, "updates-stop");
  if (!email) return { state: "invalid" };
  return { state: (await productUpdatesStopped(email)) ? "done" : "ask", email };
}

/** Stop the updates to this link's address (a second press changes nothing). */
export async function stopUpdates(token: string): Promise<UpdatesStopState> {
  const email = await emailForLink(token, "updates-stop");
  if (!email) return { state: "invalid" };
  await stopProductUpdates(email, "product update stop link");
  return { state: "done", email };
}
