/**
 * A coming-soon product is on sale: the one e-mail its waitlist asked for ("Tell me when it opens").
 * Sent once per person (its dedupe key), under the waitlist consent; it carries a one-click
 * unsubscribe that withdraws it.
 */
import { formatCents } from "~/lib/site";
import { hostOf } from "~/server/mail/format.server";
import { mailTemplate } from "~/server/mail/render.server";
import { MailLayout } from "~/server/mail/templates/layout.server";
import { H1, MailButton, P, Strong } from "~/server/mail/templates/parts.server";

export type ProductOpenProps = { name: string; priceCents: number; summary: string; productUrl: string; unsubscribeUrl: string };

export const productOpenMail = mailTemplate<ProductOpenProps>(
  (p) => `The ${p.name} is open`,
  function ProductOpenMail({ ctx, subjectLine, ...p }) {
    return (
      <MailLayout
        ctx={ctx}
        subject={subjectLine}
        preheader={`You asked us to tell you when it opens: it is on sale now, for ${formatCents(p.priceCents, { trimCents: true })}.`}
        list={{
          reason: `You’re getting this because you asked on ${hostOf(ctx.origin)} to hear when the ${p.name} opens. This is the only e-mail about it.`,
          unsubscribeUrl: p.unsubscribeUrl,
        }}
      >
        <H1>{`The ${p.name} is open`}</H1>
        <P>
          You asked us to tell you when it goes on sale: it is on sale now, for{" "}
          <Strong>{formatCents(p.priceCents, { trimCents: true })}</Strong>, one-time payment.
        </P>
        <P>{p.summary}</P>
        <MailButton href={p.productUrl}>{`See the ${p.name}`}</MailButton>
        <P muted>We won’t write about it again. Nothing else comes from this list unless you sign up for it.</P>
      </MailLayout>
    );
  },
);
