/** The newsletter form's confirmation link (double opt-in): nothing is recorded until it is pressed. */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { newsletterSubscribers } from "../../../../db/schema";
import { db } from "~/server/db.server";
import { mintEmailLink } from "~/server/audience/email-links.server";
import { defineMessage } from "~/server/mail/messages/definition.server";
import { SAMPLE_UNSUBSCRIBE_URL } from "~/server/mail/messages/preview-data.server";
import type { NewsletterConfirmProps } from "~/server/mail/templates/newsletter-confirm.server";

export const newsletterConfirm = defineMessage({
  kind: "newsletter-confirm",
  payload: z.object({ subscriberId: z.number() }),
  policy: { consent: "transactional", list: false, unsubscribe: true },
  async load({ to, payload, url, unsubscribeUrl }) {
    const [subscriber] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, payload.subscriberId));
    if (!subscriber || subscriber.status !== "pending") return { skip: `subscriber is ${subscriber?.status ?? "missing"}` };
    const confirm = await mintEmailLink(to, "newsletter-confirm");
    return { props: { confirmUrl: url(`/newsletter/confirm/${confirm}`), unsubscribeUrl: await unsubscribeUrl() } };
  },
  async render(ctx, props: NewsletterConfirmProps) {
    return {
      unsubscribeUrl: props.unsubscribeUrl,
      mail: await (await import("~/server/mail/templates/newsletter-confirm.server")).newsletterConfirmMail(ctx, props),
    };
  },
  previews: () => [
    {
      name: "newsletter-confirm",
      props: {
        confirmUrl: "https://freshstartmoney.com/newsletter/confirm?token=7c1d2e3f4a5b6c7d8e9f",
        unsubscribeUrl: SAMPLE_UNSUBSCRIBE_URL,
      },
    },
  ],
});
