/** Access ended: the order was refunded, or its payment disputed (downloads paused). */
import { formatCents, SUPPORT_REPLY_PROMISE } from "~/lib/site";
import { mailTemplate, type MailContext } from "~/server/mail/render.server";
import { MailLayout } from "~/server/mail/templates/layout.server";
import { Amounts, H1, Keep, Mailto, P, Rows, Strong, SupportLine, type MoneyLine } from "~/server/mail/templates/parts.server";

export type RefundProps = {
  orderNumber: string;
  kind: "refunded" | "disputed";
  lines: MoneyLine[];
  totalCents: number;
  /** One product refunded of several (issue 42): what this refund gave back, and what stays the buyer's. Absent: the whole order. */
  part?: { refunded: MoneyLine[]; kept: string[] };
};

/** "the Dispute Letter Power Pack", "the A and the B". */
const named = (names: string[]) => names.map((n) => `the ${n}`).join(" and ");

export const refundMail = mailTemplate<RefundProps>(
  (p) =>
    p.kind === "disputed"
      ? `Order ${p.orderNumber}: payment disputed, downloads paused`
      : p.part
        ? `Your refund for ${named(p.part.refunded.map((l) => l.name))} (order ${p.orderNumber})`
        : `Your refund for order ${p.orderNumber}`,
  function RefundMail({ ctx, subjectLine, ...p }) {
    const total = formatCents(p.totalCents);
    if (p.kind === "refunded" && p.part) return <PartRefund ctx={ctx} subjectLine={subjectLine} orderNumber={p.orderNumber} {...p.part} />;
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

/** One product given back: its amount and name, and what the buyer keeps (or that access ended, when it was the last). */
function PartRefund({
  ctx,
  subjectLine,
  orderNumber,
  refunded,
  kept,
}: { ctx: MailContext; subjectLine: string; orderNumber: string } & NonNullable<RefundProps["part"]>) {
  const cents = refunded.reduce((n, l) => n + l.amountCents, 0);
  const what = named(refunded.map((l) => l.name));
  return (
    <MailLayout ctx={ctx} subject={subjectLine} preheader={`We refunded ${formatCents(cents)} for ${what}.`}>
      <H1>Your refund has been issued</H1>
      <P>
        We refunded <Strong>{formatCents(cents)}</Strong> for {what} (order <Keep>{orderNumber}</Keep>) to your original payment method. It
        can take several business days to show on your statement.
      </P>
      <Rows rows={[{ label: "Order", value: orderNumber }]} />
      <Rows
        amounts
        rows={[
          ...refunded.map((l) => ({ label: l.name, value: formatCents(l.amountCents) })),
          { label: "Refunded", value: formatCents(cents), total: true },
        ]}
      />
      {kept.length > 0 ? (
        <P>
          Your {kept.join(" and ")} {kept.length === 1 ? "stays" : "stay"} yours: the link in your receipt e-mail still opens{" "}
          {kept.length === 1 ? "its" : "their"} downloads. Only the downloads of {what} have ended.
        </P>
      ) : (
        <P>Download access for this order has ended.</P>
      )}
      <SupportLine ctx={ctx} />
    </MailLayout>
  );
}
