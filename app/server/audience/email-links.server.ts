/**
 * Single-purpose e-mail links (a newsletter confirmation, an unsubscribe, the guide's proof of the
 * address), minted at send time and stored only as hashes, and what using them does: an
 * unsubscribe, a confirmed subscription, the welcome sequence's invitation to the newsletter.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import { emailTokens, newsletterSubscribers } from "../../../db/schema";
import { NEWSLETTER_CONSENT, SEQUENCE_INVITATION_PAGE } from "~/lib/site";
import { findContact, recordConsent, suppress } from "~/server/audience/contacts.server";
import { db } from "~/server/db.server";
import { hashToken, isTokenShaped, newToken } from "~/server/tokens.server";

type Purpose = "newsletter-confirm" | "unsubscribe" | "prove";

/** Confirmation links last a week; unsubscribe links two years (CAN-SPAM wants at least 30 days); the guide link a year. */
const LIFETIME_DAYS: Record<Purpose, number> = { "newsletter-confirm": 7, unsubscribe: 730, prove: 365 };

export async function mintEmailLink(email: string, purpose: Purpose): Promise<string> {
  return (await mintEmailLinks([email], purpose))[0]!;
}

/** A link of one purpose for each address (one statement for all: a broadcast's next few readers). */
export async function mintEmailLinks(emails: string[], purpose: Purpose): Promise<string[]> {
  if (emails.length === 0) return [];
  const expiresAt = new Date(Date.now() + LIFETIME_DAYS[purpose] * 86_400_000);
  const links = emails.map((email) => ({ email, ...newToken() }));
  await db()
    .insert(emailTokens)
    .values(links.map(({ email, hash }) => ({ tokenHash: hash, email, purpose, expiresAt })));
  return links.map((l) => l.token);
}

/** The address a live link of that purpose was made for. */
export async function emailForLink(token: string, purpose: Purpose): Promise<string | undefined> {
  if (!isTokenShaped(token)) return undefined;
  const [row] = await db()
    .select({ email: emailTokens.email })
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose), gt(emailTokens.expiresAt, new Date())))
    .limit(1);
  return row?.email;
}

/** Unsubscribe: no more list e-mail to this address, its consents withdrawn and its newsletter subscription ended. */
export async function unsubscribe(email: string, reason: string): Promise<void> {
  await suppress(email, "unsubscribed", reason);
}

/** Whether list e-mail to this address has stopped (an unsubscribe, or anything stronger): an unsubscribe link used before says so. */
export async function isUnsubscribed(email: string): Promise<boolean> {
  return Boolean((await findContact(email))?.suppression);
}

/** Where a newsletter subscription stands: a confirmation link used before finds it confirmed. */
export async function subscriptionStatus(email: string): Promise<"pending" | "confirmed" | "unsubscribed" | "missing"> {
  const [subscriber] = await db()
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  return subscriber?.status ?? "missing";
}

/**
 * The guide's last follow-up invites its reader to the newsletter: a confirmation link of their
 * own (its page's one button records the consent, with proof, as the newsletter form's does), and
 * the pending sign-up it confirms, noted as coming from the welcome sequence. No consent is
 * recorded until that button is pressed. Undefined for an address already subscribed.
 */
export async function newsletterInvitation(email: string): Promise<string | undefined> {
  const consentPage = SEQUENCE_INVITATION_PAGE;
  const [row] = await db()
    .insert(newsletterSubscribers)
    .values({ email, status: "pending", consentPage, consentVersion: NEWSLETTER_CONSENT.version })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: {
        status: "pending",
        consentPage: "the welcome sequence's last e-mail",
        consentVersion: NEWSLETTER_CONSENT.version,
        confirmedAt: null,
      },
      setWhere: sql`${newsletterSubscribers.status} = 'unsubscribed'`,
    })
    .returning({ status: newsletterSubscribers.status });
  const status = row?.status ?? (await subscriptionStatus(email));
  if (status === "confirmed") return undefined;
  return mintEmailLink(email, "newsletter-confirm");
}

/**
 * The confirmation page's button: pending (or unsubscribed, asking again) becomes confirmed. An
 * address confirmed already stays as it is: a second press records no second consent.
 */
export async function confirmSubscription(email: string): Promise<"confirmed" | "already" | "missing"> {
  const [subscriber] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  if (!subscriber) return "missing";
  if (subscriber.status === "confirmed") return "already";
  await db()
    .update(newsletterSubscribers)
    .set({ status: "confirmed", confirmedAt: new Date(), unsubscribedAt: null })
    .where(eq(newsletterSubscribers.email, email));
  // Asking again after unsubscribing is consent again, from an address that proved it is theirs.
  await recordConsent(email, {
    purpose: "newsletter",
    source: `newsletter confirmation of ${subscriber.consentPage ?? "/blog"}`,
    wordingVersion: subscriber.consentVersion ?? "unknown",
    proved: true,
  });
  return "confirmed";
}
