/**
 * A dispute's answer is due, or is 5 business days past due with none recorded (decision 074).
 * The buyer's own mail (the buyer purpose): it links their tracker, and one click stops every
 * reminder of the tracker (List-Unsubscribe points at the same stop link).
 */
import { mailTemplate } from "~/server/mail/render.server";
import { MailLayout } from "~/server/mail/templates/layout.server";
import { H1, MailButton, P, Strong, SupportLine } from "~/server/mail/templates/parts.server";

export type DisputeReminderProps = {
  step: "due" | "follow-up";
  /** "Equifax", or the lender's name. */
  to: string;
  about: string;
  bureau: boolean;
  /** "Friday, April 3, 2026". */
  dueOn: string;
  resultsBy: string;
  rule: string;
  statute: string;
  trackerUrl: string;
  stopUrl: string;
};

export const disputeReminderMail = mailTemplate<DisputeReminderProps>(
  (p) => (p.step === "due" ? `Your dispute with ${p.to}: the answer is due today` : `Your dispute with ${p.to}: still no answer?`),
  function DisputeReminderMail({ ctx, subjectLine, ...p }) {
    return (
      <MailLayout
        ctx={ctx}
        subject={subjectLine}
        preheader={p.step === "due" ? `${p.dueOn}: the day the law sets for an answer.` : "Record the answer, or see what to do next."}
        list={{
          reason: "You’re getting this because you added this dispute to your tracker.",
          question: "Don’t want dispute reminders?",
          label: "Stop reminders",
          unsubscribeUrl: p.stopUrl,
        }}
      >
        <H1>{p.step === "due" ? "An answer is due today" : "Still no answer?"}</H1>
        <P>
          Your dispute with <Strong>{p.to}</Strong> ({p.about}) {p.step === "due" ? "is" : "was"} due for an answer on {p.dueOn}. {p.rule} (
          {p.statute})
        </P>
        {p.step === "due" ? (
          <P>
            {p.bureau
              ? `The bureau must send you its results within 5 business days of finishing, so by ${p.resultsBy} (15 U.S.C. 1681i(a)(6)(A)). When they arrive, record them in your tracker for the next steps.`
              : "When the answer arrives, record it in your tracker for the next steps."}
          </P>
        ) : (
          <P>
            If nothing has come, record “No answer” in your tracker: it shows how to follow up and how to file a complaint with the Consumer
            Financial Protection Bureau. If an answer came, record it to see what to do next.
          </P>
        )}
        <MailButton href={p.trackerUrl}>Open my dispute tracker</MailButton>
        <P muted>
          The button opens your private order page’s tracker. Please don’t forward this e-mail. These are the deadlines the law sets; no one
          can promise the result.
        </P>
        <SupportLine ctx={ctx} />
      </MailLayout>
    );
  },
);
