/**
 * Single-purpose e-mail links (a newsletter confirmation, an unsubscribe, the guide's proof of the
 * address), minted at send time and stored only as hashes, and what using them does: an
 * unsubscribe, a confirmed subscription, the welcome sequence's invitation to the newsletter. A
 * confirmation link is used once, and never outranks a later unsubscribe (issue 51: the live
 * review posted an already-used link after a one-click unsubscribe, and it subscribed the address
 * again and lifted its suppression).
 */
import { and, eq, gt, sql } from "drizzle-orm";
import { emailTokens, newsletterSubscribers } from "../../../db/schema";
import { NEWSLETTER_CONSENT, SEQUENCE_INVITATION_PAGE } from "~/lib/site";
import { findContact, recordConsent, stoppedSince, suppress } from "~/server/audience/contacts.server";
import { db, type Executor, rowsOf } from "~/server/db.server";
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
 * A newsletter sign-up made pending (to confirm): a new address's, or again one that had
 * unsubscribed, from `consentPage` under today's wording. An address already pending or
 * confirmed is left as it is and nothing is returned: the caller sends nothing new.
 */
export async function pendSignUp(tx: Executor, email: string, consentPage: string) {
  const [row] = await tx
    .insert(newsletterSubscribers)
    .values({ email, status: "pending", consentPage, consentVersion: NEWSLETTER_CONSENT.version })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: {
        status: "pending",
        consentPage: sql`excluded.consent_page`,
        consentVersion: sql`excluded.consent_version`,
        createdAt: sql`now()`,
        confirmedAt: null,
      },
      setWhere: eq(newsletterSubscribers.status, "unsubscribed"),
    })
    .returning({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      status: newsletterSubscribers.status,
      createdAt: newsletterSubscribers.createdAt,
    });
  return row;
}

/**
 * The guide's last follow-up invites its reader to the newsletter: a confirmation link of their
 * own (its page's one button records the consent, with proof, as the newsletter form's does), and
 * the pending sign-up it confirms, noted as coming from the welcome sequence. No consent is
 * recorded until that button is pressed. Undefined for an address already subscribed. A sign-up
 * made again after an unsubscribe starts now: links minted before it confirm nothing.
 */
export async function newsletterInvitation(email: string): Promise<string | undefined> {
  const consentPage = SEQUENCE_INVITATION_PAGE;
  const row = await pendSignUp(db(), email, consentPage);
  const status = row?.status ?? (await subscriptionStatus(email));
  if (status === "confirmed") return undefined;
  return mintEmailLink(email, "newsletter-confirm");
}

/**
 * What a confirmation link can do now. "ask": its page may offer the button. "already": the
 * address is subscribed, nothing more to do. "stale": the address unsubscribed (or was
 * suppressed) after this link was made, or the link was used and the address is not subscribed
 * now: it confirms nothing. "expired": no such live link, or no sign-up to confirm.
 */
export type ConfirmationState = "ask" | "already" | "stale" | "expired";

/** The address of the live confirmation link with this token (used or not), or undefined. */
async function confirmationEmail(token: string): Promise<string | undefined> {
  if (!isTokenShaped(token)) return undefined;
  const [row] = await db()
    .select({ email: emailTokens.email })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, "newsletter-confirm"),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row?.email;
}

/**
 * When link `t` (its email_tokens row) may confirm sign-up `s` (its newsletter_subscribers row):
 * the sign-up is pending, made no later than the link, and list e-mail to the address (or its
 * base mailbox) has not stopped since the link was made. Compared in the database, to the
 * microsecond.
 */
const mayConfirm = (email: string) =>
  sql`s.status = 'pending' and s.created_at <= t.created_at and not ${stoppedSince(email, sql`t.created_at`)}`;

/**
 * Where a link stands: a sign-up confirmed already wins (a second press changes nothing);
 * otherwise only an unused link that may confirm its sign-up (mayConfirm) asks.
 */
async function standing(token: string, email: string): Promise<ConfirmationState> {
  const [row] = rowsOf<{ status: string | null; used: boolean; may: boolean | null }>(
    await db().execute(sql`
      select s.status, t.used_at is not null as used, ${mayConfirm(email)} as may
      from email_tokens t left join newsletter_subscribers s on s.email = t.email
      where t.token_hash = ${hashToken(token)}
    `),
  );
  if (!row?.status) return "expired";
  if (row.status === "confirmed") return "already";
  return row.used || !row.may ? "stale" : "ask";
}

/** What the confirmation page shows for this token (a GET: it changes nothing). */
export async function confirmationPage(token: string): Promise<{ state: "expired" } | { state: ConfirmationState; email: string }> {
  const email = await confirmationEmail(token);
  if (!email) return { state: "expired" };
  const state = await standing(token, email);
  return state === "expired" ? { state } : { state, email };
}

/**
 * The confirmation page's button. In one statement the link is used up (once, even when two
 * presses arrive at once) and a pending sign-up it may confirm becomes confirmed; then the consent
 * is recorded as proved (the address used a link we sent it). Anything else changes nothing: an
 * address confirmed already stays so (no second consent), and a link that predates an
 * unsubscribe, or was used before, subscribes nobody and lifts no suppression.
 */
export async function confirmSubscription(
  token: string,
): Promise<{ state: "expired" } | { state: "confirmed" | Exclude<ConfirmationState, "ask" | "expired">; email: string }> {
  const email = await confirmationEmail(token);
  if (!email) return { state: "expired" };
  const [subscriber] = rowsOf<{ consentPage: string | null; consentVersion: string | null }>(
    await db().execute(sql`
      with t as (
        update email_tokens set used_at = now()
        where token_hash = ${hashToken(token)} and purpose = 'newsletter-confirm' and used_at is null and expires_at > now()
        returning email, created_at
      )
      update newsletter_subscribers s set status = 'confirmed', confirmed_at = now(), unsubscribed_at = null
      from t where s.email = t.email and ${mayConfirm(email)}
      returning s.consent_page as "consentPage", s.consent_version as "consentVersion"
    `),
  );
  if (!subscriber) {
    const state = await standing(token, email);
    // Used now by another press, which confirmed it, or never able to: "already", "stale" or "expired".
    return state === "expired" ? { state } : { state: state === "ask" ? "stale" : state, email };
  }
  await recordConsent(
    db(),
    { email },
    {
      purpose: "newsletter",
      source: `newsletter confirmation of ${subscriber.consentPage ?? "/blog"}`,
      wordingVersion: subscriber.consentVersion ?? "unknown",
      proved: true,
    },
  );
  return { state: "confirmed", email };
}
