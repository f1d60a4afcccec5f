/** A paid order, to the owner (on by default, /admin/settings turns it off); replying answers the buyer. */
import { formatCents } from "~/lib/site";
import { formatZonedDateTime } from "~/lib/dates";
import { mailTemplate } from "~/server/mail/render.server";
import { MailLayout } from "~/server/mail/templates/layout.server";
import { Amounts, H1, MailButton, Mailto, P, Rows, type MoneyLine } from "~/server/mail/templates/parts.server";

export type OwnerSaleProps = {
  orderNumber: string;
  paidAt: Date;
  lines: MoneyLine[];
  /** The promotion code used, and what it took off (the lines are at their prices before it). */
  discount?: { code: string; amountCents: number } | null;
  totalCents: number;
  /** The buyer's address as the order holds it (null when the provider gave none). */
  buyerEmail: string | null;
  /** The order's page in the dashboard. */
  dashboardUrl: string;
};

export const ownerSaleMail = mailTemplate<OwnerSaleProps>(
  (p) => `New sale: ${formatCents(p.totalCents)}, order ${p.orderNumber}`,
  function OwnerSaleMail({ ctx, subjectLine, ...p }) {
    return (
      <MailLayout ctx={ctx} subject={subjectLine} preheader={`${p.lines.map((l) => l.name).join(" + ")}, ${formatCents(p.totalCents)}.`}>
        <H1>You made a sale</H1>
        <Rows
          rows={[
            { label: "Order", value: p.orderNumber },
            { label: "Paid on", value: formatZonedDateTime(p.paidAt, ctx.timeZone) },
            { label: "Buyer", value: p.buyerEmail ? <Mailto email={p.buyerEmail} /> : "(no address given)" },
          ]}
        />
        <Amounts lines={p.lines} discount={p.discount ?? null} totalCents={p.totalCents} />
        <MailButton href={p.dashboardUrl}>Open the order</MailButton>
        <P muted>
          The buyer has their receipt. Replying to this e-mail writes to the buyer. Turn these e-mails off on the dashboard, under Settings:
          Business details.
        </P>
      </MailLayout>
    );
  },
);
