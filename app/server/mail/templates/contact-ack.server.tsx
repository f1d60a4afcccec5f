/**
 * The fixed acknowledgement a contact message's sender gets. It repeats nothing the sender typed
 * (no name, subject or message): anyone can type a stranger's address into the form, so this
 * message must carry nothing a stranger chose.
 */
import { SUPPORT_REPLY_PROMISE } from "~/lib/site";
import { mailTemplate } from "~/server/mail/render.server";
import { MailLayout } from "~/server/mail/templates/layout.server";
import { H1, P } from "~/server/mail/templates/parts.server";

export const contactAckMail = mailTemplate<Record<never, never>>(
  () => "We received your message",
  function ContactAckMail({ ctx, subjectLine }) {
    return (
      <MailLayout ctx={ctx} subject={subjectLine} preheader={`Thanks for writing. ${SUPPORT_REPLY_PROMISE}`}>
        <H1>We received your message</H1>
        <P>{`Thanks for writing to us through the contact form. ${SUPPORT_REPLY_PROMISE} We’ll write to this address.`}</P>
        <P>
          If you didn’t send a message, someone may have typed your address by mistake. You can ignore this e-mail; you won’t get another
          one from this form for at least an hour.
        </P>
      </MailLayout>
    );
  },
);
