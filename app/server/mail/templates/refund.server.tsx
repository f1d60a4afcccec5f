/** Access ended: the order was refunded, or its payment disputed (downloads paused). */
import { formatCents, SUPPORT_REPLY_PROMISE } from "~/lib/site";
import { mailTemplate } from "~/server/mail/render.server";
import { MailLayout } from "~/server/mail/templates/layout.server";
import { Amounts, H1, Keep, Mailto, P, Rows, Strong, SupportLine, type MoneyLine } from "~/server/mail/templates/parts.server";

export type RefundProps = { orderNumber: string; kind: "refunded" | "disputed"; lines: MoneyLine[]; totalCents: number };

export const refundMail = mailTemplate<RefundProps>(
  (p) => (p.kind === "refunded" ? `Your refund for order ${p.orderNumber}` : `Order ${p.orderNumber}: payment disputed, downloads paused`),
  function RefundMail({ ctx, subjectLine, ...p }) {
    const total = formatCents(p.totalCents);
    const order = (
      <>
        <Rows rows={[{ label: "Order", value: p.orderNumber }]} />
        <Amounts lines={p.lines} totalCents={p.totalCents} />
      </>
    );
    if (p.kind === "refunded") {
      return (
        <MailLayout ctx={ctx} subject={subjectLine} preheader={`We’ve refunded ${total} to your original payment method.`}>
          <H1>Your refund has been issued</H1>
          <P>
            We’ve refunded <Strong>{total}</Strong> for order <Keep>{p.orderNumber}</Keep> to your original payment method. It can take
            several business days to show on your statement.
          </P>
          {order}
          <P>Download access for this order has ended.</P>
          <P>Thank you for giving us a try.</P>
          <SupportLine ctx={ctx} />
        </MailLayout>
      );
    }
    return (
      <MailLayout
        ctx={ctx}
        subject={subjectLine}
        preheader={`Your card issuer told us the payment for order ${p.orderNumber} was disputed.`}
      >
        <H1>Your payment was disputed</H1>
        <P>
          Your card issuer told us that the payment of <Strong>{total}</Strong> for order <Keep>{p.orderNumber}</Keep> was disputed, so
          download access for this order is paused.
        </P>
        {order}
        <P>
          If this was a mistake, please contact us: reply to this e-mail or write to <Mailto email={ctx.supportEmail} />. We’ll help sort it
          out. {SUPPORT_REPLY_PROMISE}
        </P>
      </MailLayout>
    );
  },
);
