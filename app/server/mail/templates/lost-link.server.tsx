/** Fresh private links to every paid order of an address, for a buyer who lost the receipt. */
import { formatPaidOn } from "~/server/dates.server";
import { mailTemplate } from "~/server/mail/render.server";
import { MailLayout } from "~/server/mail/templates/layout.server";
import { Box, H1, List, MailButton, P, Strong, SupportLine } from "~/server/mail/templates/parts.server";

export type LostLinkProps = { orders: { orderNumber: string; paidAt: Date; productNames: string[]; orderUrl: string }[] };

export const lostLinkMail = mailTemplate<LostLinkProps>(
  () => "Your order links",
  function LostLinkMail({ ctx, subjectLine, orders }) {
    const one = orders.length === 1;
    return (
      <MailLayout
        ctx={ctx}
        subject={subjectLine}
        preheader={one ? "Here’s the private link to your order." : `Here are the private links to your ${orders.length} orders.`}
      >
        <H1>Your order links</H1>
        <P>
          {one
            ? "Here’s the link you asked for. It opens your private order page with all your downloads."
            : "Here are the links you asked for. Each one opens a private order page with all its downloads."}
        </P>
        {orders.map((order) => (
          <Box key={order.orderUrl} tone="note">
            <P>
              <Strong>{`Order ${order.orderNumber}`}</Strong>
              <br />
              {`Paid on ${formatPaidOn(order.paidAt, ctx.timeZone)}`}
            </P>
            <List items={order.productNames} />
            <MailButton href={order.orderUrl}>{`Open order ${order.orderNumber}`}</MailButton>
          </Box>
        ))}
        <P muted>
          {`${one ? "This link works" : "These links work"} for one year. Please don’t forward ${one ? "it" : "them"}: anyone with the link can open the downloads.`}
        </P>
        <P>If you didn’t ask for this, you can ignore it; nobody can see your orders without this link.</P>
        <SupportLine ctx={ctx} />
      </MailLayout>
    );
  },
);
