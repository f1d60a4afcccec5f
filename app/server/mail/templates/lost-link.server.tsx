/** One private link to the page of every order of an address, for a buyer who lost the receipt (decision 071). */
import { mailTemplate } from "~/server/mail/render.server";
import { MailLayout } from "~/server/mail/templates/layout.server";
import { H1, MailButton, P, SupportLine } from "~/server/mail/templates/parts.server";

export type LostLinkProps = {
  /** The page of every order of the address (its own token). */
  purchasesUrl: string;
  /** How many orders the page lists now. */
  orderCount: number;
  /** How many days the link works. */
  linkDays: number;
};

export const lostLinkMail = mailTemplate<LostLinkProps>(
  () => "Your orders",
  function LostLinkMail({ ctx, subjectLine, purchasesUrl, orderCount, linkDays }) {
    const orders = orderCount === 1 ? "your order" : orderCount === 2 ? "both of your orders" : `all ${orderCount} of your orders`;
    return (
      <MailLayout ctx={ctx} subject={subjectLine} preheader={`Here’s the private link to ${orders}.`}>
        <H1>Your orders</H1>
        <P>
          {`Here’s the link you asked for. It opens one private page with ${orders} bought with this address: what each one holds, when it was paid, and its own page with the downloads.`}
        </P>
        <MailButton href={purchasesUrl}>See my orders</MailButton>
        <P muted>{`This link works for ${linkDays} days. Please don’t forward it: anyone with the link can open your downloads.`}</P>
        <P>If you didn’t ask for this, you can ignore it; nobody can see your orders without this link.</P>
        <SupportLine ctx={ctx} />
      </MailLayout>
    );
  },
);
