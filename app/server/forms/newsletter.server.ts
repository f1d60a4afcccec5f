/** The blog's newsletter box: double opt-in, with a consent record per address. */
import { NewsletterSchema } from "~/lib/forms/public";
import { NEWSLETTER_CONSENT } from "~/lib/site";
import { NEWSLETTER_FORM_TAG } from "~/lib/tags";
import { addressSuppressed, recordConsent } from "~/server/audience/contacts.server";
import { pendSignUp } from "~/server/audience/email-links.server";
import { db } from "~/server/db.server";
import { storeOnce, submitPublicForm, type StoreResult } from "~/server/forms/submission.server";
import { wakeOutbox } from "~/server/mail/outbox.server";
import { queueMail } from "~/server/mail/outbox-queue.server";

/**
 * Store the address as pending (with where and under which wording it was given) and queue the
 * confirmation e-mail in one transaction. An address already pending or confirmed is a duplicate
 * and gets nothing new; one that unsubscribed is asked to confirm again, once it is no longer
 * suppressed. A suppressed address (or the base mailbox of its "+tag" spelling: issue 51) gets
 * nothing and nothing is stored, yet the answer is the one anyone gets ("created"): anyone can
 * type a stranger's address, and the answer must not tell them it unsubscribed.
 */
export async function storeSubscriber(email: string, consentPage = "/blog"): Promise<StoreResult> {
  const stored = await storeOnce("a newsletter subscriber", () =>
    db().transaction(async (tx) => {
      if (await addressSuppressed(tx, email)) return [{ id: 0 }];
      // Pending or confirmed already: a duplicate, and nothing is sent again.
      const subscriber = await pendSignUp(tx, email, consentPage);
      if (!subscriber) return [];
      await recordConsent(
        tx,
        { email: subscriber.email },
        {
          purpose: "newsletter",
          wordingVersion: NEWSLETTER_CONSENT.version,
          source: `newsletter form ${consentPage}`,
          detail: `newsletter from the newsletter form on ${consentPage} (wording ${NEWSLETTER_CONSENT.version}), to be confirmed by e-mail`,
          tags: [NEWSLETTER_FORM_TAG],
        },
      );
      // Keyed by the time it was asked for: asking again after an unsubscribe sends a new confirmation.
      const askedAt = Math.floor(subscriber.createdAt.getTime() / 1000);
      await queueMail(
        tx,
        "newsletter-confirm",
        { subscriberId: subscriber.id },
        { dedupeKey: `newsletter-confirm:${subscriber.id}:${askedAt}`, to: subscriber.email },
      );
      return [subscriber];
    }),
  );
  if (stored === "created") wakeOutbox();
  return stored;
}

export function submitNewsletter(request: Request) {
  const consentPage = new URL(request.url).pathname.replace(/\.data$/, "") || "/blog";
  return submitPublicForm(request, "newsletter", NewsletterSchema, ({ email }) => storeSubscriber(email, consentPage));
}
