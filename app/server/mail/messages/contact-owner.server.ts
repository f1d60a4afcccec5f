/** A contact form message, to the owner; a reply goes to its sender. */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { contactMessages } from "../../../../db/schema";
import { db } from "~/server/db.server";
import { defineMessage } from "~/server/mail/messages/definition.server";
import { SAMPLE_PAID_AT } from "~/server/mail/messages/preview-data.server";
import type { ContactOwnerProps } from "~/server/mail/templates/contact-owner.server";

export const contactOwner = defineMessage({
  kind: "contact-owner",
  payload: z.object({ messageId: z.number() }),
  policy: { consent: "transactional", list: false, unsubscribe: false },
  async load({ payload }) {
    const [message] = await db().select().from(contactMessages).where(eq(contactMessages.id, payload.messageId));
    if (!message) return { skip: `contact message ${payload.messageId} is missing` };
    return { props: { ...message, receivedAt: message.createdAt, messageId: message.id } };
  },
  async render(ctx, props: ContactOwnerProps) {
    return {
      replyTo: props.email,
      mail: await (await import("~/server/mail/templates/contact-owner.server")).contactOwnerMail(ctx, props),
    };
  },
  previews: () => [
    {
      name: "contact",
      props: {
        name: "Ann <b>Lee</b>",
        email: "ann.lee.with.a.long.address@example-mail-provider.com",
        subject: "Question about my dispute\r\nBcc: someone@example.com",
        message:
          "Hi,\n\nI sent the first letter on March 3 and haven't heard back.\n  - Should I send the follow-up letter?\n  - Or wait longer?\n\n<script>alert(1)</script> & thanks!\nhttps://example.com/a/very/long/link/that/might/overflow/a/narrow/phone/screen/if/nothing/wraps/it\n\nAnn",
        receivedAt: SAMPLE_PAID_AT,
        messageId: 42,
      },
    },
  ],
});
