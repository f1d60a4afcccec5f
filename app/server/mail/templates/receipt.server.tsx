/** After a payment: what was bought, the private order page, the receipt, the guarantee. */
import { formatCents } from "~/lib/site";
import { formatPaidOn } from "~/server/dates.server";
import { displayUrl, plural } from "~/server/mail/format.server";
import { mailTemplate } from "~/server/mail/render.server";
import { MailLayout } from "~/server/mail/templates/layout.server";
import {
  A,
  Amounts,
  H1,
  H2,
  List,
  MailButton,
  Mailto,
  P,
  Rows,
  Strong,
  SupportLine,
  type MoneyLine,
} from "~/server/mail/templates/parts.server";

export type ReceiptProps = {
  orderNumber: string;
  paidAt: Date;
  lines: MoneyLine[];
  /** The promotion code used, and what it took off (the lines are at their prices before it). */
  discount?: { code: string; amountCents: number } | null;
  totalCents: number;
  orderUrl: string;
  products: { name: string; fileCount: number }[];
  /** The order bought the toolkit: "Where to start" names its guide and plan (another product's receipt has no such section). */
  toolkit: boolean;
};

function subject(p: ReceiptProps): string {
  const mainProduct = p.products[0]?.name ?? p.lines[0]?.name ?? "order";
  return `Your ${mainProduct}: receipt and downloads (order ${p.orderNumber})`;
}

export const receiptMail = mailTemplate<ReceiptProps>(subject, function ReceiptMail({ ctx, subjectLine, ...p }) {
  const lookupUrl = `${ctx.origin}/orders/lookup`;
  return (
    <MailLayout
      ctx={ctx}
      subject={subjectLine}
      preheader={`Thank you! Your downloads are ready. Order ${p.orderNumber}, ${formatCents(p.totalCents)}.`}
    >
      <H1>Thank you for your order</H1>
      <P>Your payment went through. Everything you bought is on one private page:</P>
      <List
        items={p.products.map((product) => (
          <>
            <Strong>{product.name}</Strong>
            {` (${plural(product.fileCount, "file", "files")})`}
          </>
        ))}
      />
      <MailButton href={p.orderUrl}>Open my downloads</MailButton>
      <P muted>
        This link is private: anyone who has it can open your downloads, so please don’t forward it. It works for one year. If you lose it,
        you can ask for a new one at {/* Last in the paragraph, with no full stop for a text client to glue onto the address. */}
        <A href={lookupUrl}>{displayUrl(lookupUrl)}</A>
      </P>
      <H2>Your receipt</H2>
      <Rows
        rows={[
          { label: "Order", value: p.orderNumber },
          { label: "Paid on", value: formatPaidOn(p.paidAt, ctx.timeZone) },
        ]}
      />
      <Amounts lines={p.lines} discount={p.discount ?? null} totalCents={p.totalCents} />
      <P muted>One-time payment. No recurring charges.</P>
      {p.toolkit ? (
        <>
          <H2>Where to start</H2>
          <List
            ordered
            items={[
              <>
                Read the <Strong>step-by-step guide</Strong> first. It explains how to check your reports and dispute errors yourself.
              </>,
              <>
                Then follow the <Strong>30-day action plan</Strong>, one small step at a time.
              </>,
            ]}
          />
        </>
      ) : null}
      <H2>30-day money-back guarantee</H2>
      <P>
        If it’s not right for you, reply to this e-mail or write to <Mailto email={ctx.supportEmail} /> within 30 days of your purchase, and
        we’ll give you a full refund. There’s no need to explain why.
      </P>
      <SupportLine ctx={ctx} />
    </MailLayout>
  );
});
