/**
 * A dispute's reminder (decision 074): on the due date, and once more 5 business days later if no
 * answer is recorded. Decided when due (reminderDecision): never for an answered or deleted
 * dispute, a stopped tracker, a due date that moved, or a mailbox without a paid toolkit (a
 * refund). The buyer's purpose: a suppressed address or a withdrawn consent never gets one. Its
 * one-click stop ends the tracker's reminders only.
 */
import { z } from "zod";
import { dueDate, formatDayLong } from "~/lib/dispute-dates";
import { orderPagePath } from "~/lib/order-files";
import { mintEmailLink } from "~/server/audience/email-links.server";
import { mintOrderLink } from "~/server/delivery/order-access.server";
import { defineMessage } from "~/server/mail/messages/definition.server";
import type { DisputeReminderProps } from "~/server/mail/templates/dispute-reminder.server";

/** The path of the reminders' stop link (routes/disputes-stop.tsx). */
export const disputesStopPath = (token: string) => `/disputes/stop/${token}`;
/** The tracker page of an order link. */
export const trackerPath = (token: string) => `${orderPagePath(token)}/disputes`;

export const disputeReminder = defineMessage({
  kind: "dispute-reminder",
  payload: z.object({ disputeId: z.number(), step: z.enum(["due", "follow-up"]), day: z.string() }),
  policy: { consent: "buyer", list: false, unsubscribe: true },
  async load({ payload, url }) {
    // Imported when sent, as the review request's decision is: the previews never load the tracker.
    const [{ reminderDecision }, { factsOf }, { RECIPIENT_LABELS }] = await Promise.all([
      import("~/server/disputes/reminders.server"),
      import("~/server/disputes/trackers.server"),
      import("~/lib/forms/dispute"),
    ]);
    const decision = await reminderDecision(payload.disputeId, payload.step, payload.day);
    if ("skip" in decision) return decision;
    const { dispute, tracker, orderId } = decision.send;
    const due = dueDate(factsOf(dispute));
    const [orderToken, stopToken] = await Promise.all([
      mintOrderLink(orderId, "dispute-reminder"),
      mintEmailLink(tracker.email, "disputes-stop"),
    ]);
    const bureau = dispute.recipient !== "furnisher";
    return {
      props: {
        step: payload.step,
        to: bureau ? RECIPIENT_LABELS[dispute.recipient] : (dispute.furnisherName ?? "your lender"),
        about: dispute.about,
        bureau,
        dueOn: formatDayLong(due.day),
        resultsBy: formatDayLong(due.resultsBy),
        rule: due.explanation,
        statute: due.statute,
        trackerUrl: url(`${trackerPath(orderToken)}#dispute-${dispute.id}`),
        stopUrl: url(disputesStopPath(stopToken)),
      },
    };
  },
  async render(ctx, props: DisputeReminderProps) {
    return {
      unsubscribeUrl: props.stopUrl,
      mail: await (await import("~/server/mail/templates/dispute-reminder.server")).disputeReminderMail(ctx, props),
    };
  },
  previews: () => {
    const base = {
      to: "Equifax",
      about: "late payment, March 2024",
      bureau: true,
      dueOn: "Friday, April 3, 2026",
      resultsBy: "Friday, April 10, 2026",
      rule: "They have 30 days, counting the day they received your dispute as the first.",
      statute: "15 U.S.C. 1681i(a)(1)(A)",
      trackerUrl: "https://freshstartmoney.com/orders/c2FtcGxlLW9ubHktbm90LWEtcmVhbC1vcmRlci1saW5r/disputes#dispute-7",
      stopUrl: "https://freshstartmoney.com/disputes/stop/c2FtcGxlLW9ubHktbm90LWEtcmVhbC1zdG9wLWxpbms",
    };
    return [
      { name: "dispute-reminder-due", props: { ...base, step: "due" as const } },
      { name: "dispute-reminder-follow-up", props: { ...base, step: "follow-up" as const } },
    ];
  },
});
