/** The fixed acknowledgement a contact message's sender gets (nothing the sender typed). */
import { z } from "zod";
import { defineMessage } from "~/server/mail/messages/definition.server";

export const contactAck = defineMessage({
  kind: "contact-ack",
  /** The message id for the record, nothing the sender typed. */
  payload: z.object({ messageId: z.number() }),
  policy: { consent: "transactional", list: false, unsubscribe: false },
  load: async () => ({ props: {} }),
  async render(ctx, props: Record<never, never>) {
    return { mail: await (await import("~/server/mail/templates/contact-ack.server")).contactAckMail(ctx, props) };
  },
  previews: () => [{ name: "contact-ack", props: {} }],
});
