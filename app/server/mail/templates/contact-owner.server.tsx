/** A contact form message, to the owner; replying answers the sender (the mailer sets Reply-To). */
import { formatZonedDateTime } from "~/lib/dates";
import { oneLine } from "~/server/mail/format.server";
import { mailTemplate } from "~/server/mail/render.server";
import { MailLayout } from "~/server/mail/templates/layout.server";
import { H1, Mailto, P, Quote, Rows, Strong } from "~/server/mail/templates/parts.server";

export type ContactOwnerProps = { name: string; email: string; subject: string; message: string; receivedAt: Date; messageId: number };

// The sender's subject goes into a header: one line, or it could add headers of its own.
const subjectOf = (p: ContactOwnerProps) => oneLine(p.subject) || "(no subject)";

export const contactOwnerMail = mailTemplate<ContactOwnerProps>(
  (p) => `Contact form: ${subjectOf(p)}`,
  function ContactOwnerMail({ ctx, subjectLine, ...p }) {
    const name = oneLine(p.name) || "the sender";
    const email = oneLine(p.email);
    return (
      <MailLayout ctx={ctx} subject={subjectLine} preheader={`New message from ${name}.`}>
        <H1>New contact form message</H1>
        <Rows
          rows={[
            { label: "From", value: name },
            { label: "E-mail", value: <Mailto email={email} /> },
            { label: "Subject", value: subjectOf(p) },
            { label: "Received", value: formatZonedDateTime(p.receivedAt, ctx.timeZone) },
            { label: "Ref", value: `Message #${p.messageId}` },
          ]}
        />
        <Quote value={p.message} />
        <P>
          <Strong>{`Reply to this e-mail to answer ${name} directly.`}</Strong>
        </P>
      </MailLayout>
    );
  },
);
