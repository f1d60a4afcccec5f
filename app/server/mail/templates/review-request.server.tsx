/**
 * A week after a purchase: would the buyer review it? Under 16 CFR 465 the request offers nothing
 * for a review and asks for an honest one, good or bad; it says so in plain words. A list message:
 * it carries an unsubscribe link and the suppression list applies (mailer.server.ts).
 */
import { formatPaidOn } from "~/server/dates.server";
import { hostOf } from "~/server/mail/format.server";
import { mailTemplate } from "~/server/mail/render.server";
import { MailLayout } from "~/server/mail/templates/layout.server";
import { H1, H2, Keep, MailButton, P, Strong, SupportLine } from "~/server/mail/templates/parts.server";

export type ReviewRequestProps = {
  orderNumber: string;
  paidAt: Date;
  productNames: string[];
  /** The buyer's private order page, at its review form (#review). */
  reviewUrl: string;
  unsubscribeUrl: string;
};

function bought(names: string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "order");
}

export const reviewRequestMail = mailTemplate<ReviewRequestProps>(
  (p) => `How is the ${p.productNames[0] ?? "toolkit"} working for you?`,
  function ReviewRequestMail({ ctx, subjectLine, ...p }) {
    return (
      <MailLayout
        ctx={ctx}
        subject={subjectLine}
        preheader="If you have a minute, tell other readers what you think, good or bad."
        list={{
          reason: `You’re getting this because you bought from ${hostOf(ctx.origin)}. We ask once per order.`,
          unsubscribeUrl: p.unsubscribeUrl,
        }}
      >
        <H1>Would you review your purchase?</H1>
        <P>
          On {formatPaidOn(p.paidAt, ctx.timeZone)} you bought the <Strong>{bought(p.productNames)}</Strong> (order{" "}
          <Keep>{p.orderNumber}</Keep>). If you’ve had time to use it, would you write a short review for other readers? Say what you really
          think, whether it’s good, bad or mixed: what helped, what didn’t, what was missing.
        </P>
        <MailButton href={p.reviewUrl}>Write a review</MailButton>
        <P muted>
          The button opens your private order page, the one from your receipt. Please don’t forward this e-mail: anyone with the link can
          open your downloads.
        </P>
        <H2>How reviews work</H2>
        <P>
          Writing one is up to you, and nothing is given for it. We publish every review that follows our content rules (no personal
          details, no ads or links), with your first name and last initial, “Verified buyer” and the date. We never pick reviews by their
          stars.
        </P>
        <SupportLine ctx={ctx} question="Stuck on something, or not happy with it?" />
      </MailLayout>
    );
  },
);
