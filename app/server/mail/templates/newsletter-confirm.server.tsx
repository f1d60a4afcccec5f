/** Double opt-in: the newsletter starts only once the reader confirms (a list message: it can be stopped). */
import { hostOf } from "~/server/mail/format.server";
import { mailTemplate } from "~/server/mail/render.server";
import { MailLayout } from "~/server/mail/templates/layout.server";
import { H1, MailButton, P, Strong } from "~/server/mail/templates/parts.server";

export type NewsletterConfirmProps = { confirmUrl: string; unsubscribeUrl: string };

export const newsletterConfirmMail = mailTemplate<NewsletterConfirmProps>(
  () => "Please confirm your subscription",
  function NewsletterConfirmMail({ ctx, subjectLine, ...p }) {
    return (
      <MailLayout
        ctx={ctx}
        subject={subjectLine}
        preheader="One tap to start getting our money tips. Didn’t ask? Ignore this e-mail."
        list={{
          reason: `You’re getting this because this address was entered in the newsletter form on ${hostOf(ctx.origin)}.`,
          unsubscribeUrl: p.unsubscribeUrl,
        }}
      >
        <H1>Please confirm your subscription</H1>
        <P>
          {`Someone, hopefully you, asked for the ${ctx.businessName} newsletter at this e-mail address. To start getting it, tap the button below, then confirm on the page it opens.`}
        </P>
        <MailButton href={p.confirmUrl}>Yes, subscribe me</MailButton>
        <P>
          <Strong>What you’ll get:</Strong> practical money tips on credit, budgeting and debt, about twice a month. You can unsubscribe at
          any time.
        </P>
        <P>If you didn’t ask for this, ignore this e-mail: you won’t be subscribed.</P>
      </MailLayout>
    );
  },
);
