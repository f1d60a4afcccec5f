/** The blog's newsletter box: double opt-in, with a consent record per address. */
import { sql } from "drizzle-orm";
import { NewsletterSchema } from "~/lib/forms/public";
import { NEWSLETTER_CONSENT } from "~/lib/site";
import { NEWSLETTER_FORM_TAG } from "~/lib/tags";
import { consentStatements, suppressedAddress } from "~/server/audience/contacts.server";
import { db, rowsOf } from "~/server/db.server";
import { storeOnce, submitPublicForm, type StoreResult } from "~/server/forms/submission.server";
import { INSERT_INTO_OUTBOX, outboxSelect, wakeOutbox } from "~/server/mail/outbox.server";

/**
 * Store the address as pending (with where and under which wording it was given) and queue the
 * confirmation e-mail in one statement. An address already pending or confirmed is a duplicate
 * and gets nothing new; one that unsubscribed is asked to confirm again, once it is no longer
 * suppressed. A suppressed address (or the base mailbox of its "+tag" spelling: issue 51) gets
 * nothing and nothing is stored, yet the answer is the one anyone gets ("created"): anyone can
 * type a stranger's address, and the answer must not tell them it unsubscribed.
 */
export async function storeSubscriber(email: string, consentPage = "/blog"): Promise<StoreResult> {
  const stored = await storeOnce("a newsletter subscriber", async () =>
    rowsOf(
      await db().execute(sql`
        with subscriber as (
          insert into newsletter_subscribers as s (email, status, consent_page, consent_version)
          select ${email}, 'pending', ${consentPage}, ${NEWSLETTER_CONSENT.version} where not ${suppressedAddress(email)}
          on conflict (email) do update set
            status = 'pending', consent_page = excluded.consent_page, consent_version = excluded.consent_version,
            created_at = now(), confirmed_at = null
          where s.status = 'unsubscribed'
          returning id, email, created_at
        ), ${consentStatements(
          "newsletter",
          {
            one: sql`select email, null::text as name from subscriber`,
            source: `newsletter form ${consentPage}`,
            detail: `newsletter from the newsletter form on ${consentPage} (wording ${NEWSLETTER_CONSENT.version}), to be confirmed by e-mail`,
            tags: [NEWSLETTER_FORM_TAG],
          },
          { purpose: "newsletter", wordingVersion: NEWSLETTER_CONSENT.version },
        )},
        mail as (
          ${INSERT_INTO_OUTBOX}
          ${outboxSelect({
            kind: "newsletter-confirm",
            dedupeKey: sql`'newsletter-confirm:' || id || ':' || floor(extract(epoch from created_at))`,
            toAddress: sql`email`,
            payload: { subscriberId: sql`id` },
          })}
          from subscriber
          on conflict (dedupe_key) do nothing
        )
        select id from subscriber
        union all select 0 where ${suppressedAddress(email)}
      `),
    ),
  );
  if (stored === "created") wakeOutbox();
  return stored;
}

export function submitNewsletter(request: Request) {
  const consentPage = new URL(request.url).pathname.replace(/\.data$/, "") || "/blog";
  return submitPublicForm(request, "newsletter", NewsletterSchema, ({ email }) => storeSubscriber(email, consentPage));
}
