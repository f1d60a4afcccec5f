/**
 * The dispute reminders' stop link (decision 074): the page's state for its token, and the stop
 * itself, from the page's button or a mail app's one-click POST (RFC 8058). It ends the tracker's
 * reminders only: receipts, the tracker itself and other e-mail are each their own.
 */
import { emailForLink } from "~/server/audience/email-links.server";
import { remindersStopped, stopReminders } from "~/server/disputes/trackers.server";

export type RemindersStopState = { state: "invalid" } | { state: "ask" | "done"; email: string };

/** What the page shows for this link (a GET changes nothing). */
export async function remindersStopState(token: string): Promise<RemindersStopState> {
  const email = await emailForLink(token, "disputes-stop");
  if (!email) return { state: "invalid" };
  return { state: (await remindersStopped(email)) ? "done" : "ask", email };
}

export async function stopRemindersByLink(token: string): Promise<RemindersStopState> {
  const email = await emailForLink(token, "disputes-stop");
  if (!email) return { state: "invalid" };
  await stopReminders(email);
  return { state: "done", email };
}
