/**
 * Single-purpose e-mail links (a newsletter confirmation, an unsubscribe, the guide's proof of the
 * address), minted at send time and stored only as hashes, and what using them does: an
 * unsubscribe, a confirmed subscription, the welcome sequence's invitation to the newsletter. A
 * confirmation link is used once, and never outranks a later unsubscribe (issue 51: the live
 * review posted an already-used link after a one-click unsubscribe, and it subscribed the address
 * again and lifted its suppression).
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { emailTokens, newsletterSubscribers } from "../../../db/schema";
import { NEWSLETTER_CONSENT, SEQUENCE_INVITATION_PAGE } from "~/lib/site";
import { findContact, recordConsent, stoppedSince, suppress } from "~/server/audience/contacts.server";
import { db, type Executor } from "~/server/db.server";
import { hashToken, isTokenShaped, newToken } from "~/server/tokens.server";

/** "updates-stop": a product update's stop link (decision 071), which ends product updates only; "disputes-stop": the dispute reminders' (decision 074). */
type Purpose = "newsletter-confirm" | "unsubscribe" | "prove" | "updates-stop" | "disputes-stop";

/**
 * Confirmation links last a week; unsubscribe links and a product update's stop link two years
 * (CAN-SPAM wants at least 30 days); the guide link a year.
 */
const LIFETIME_DAYS: Record<Purpose, number> = {
  "newsletter-confirm": 7,
  unsubscribe: 730,
  prove: 365,
  "updates-stop": 730,
  "disputes-stop": 730,
};

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
const mayConfirm = (email: string, s: { status: AnyPgColumn; createdAt: AnyPgColumn }, t: { createdAt: AnyPgColumn }) =>
  sql<boolean>`${s.status} = 'pending' and ${s.createdAt} <= ${t.createdAt} and not ${stoppedSince(email, sql`${t.createdAt}`)}`;

/**
 * Where a link stands: a sign-up confirmed already wins (a second press changes nothing);
 * otherwise only an unused link that may confirm its sign-up (mayConfirm) asks.
 */
async function standing(token: string, email: string): Promise<ConfirmationState> {
  const t = alias(emailTokens, "t");
  const s = alias(newsletterSubscribers, "s");
  const [row] = await db()
    .select({ status: s.status, used: sql<boolean>`${t.usedAt} is not null`, may: mayConfirm(email, s, t) })
    .from(t)
    .leftJoin(s, eq(s.email, t.email))
    .where(eq(t.tokenHash, hashToken(token)));
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
 * The confirmation page's button. In one transaction the link is used up (once, even when two
 * presses arrive at once: the conditional update on its row lets one through, the other waits for
 * its lock and then finds it used), a pending sign-up it may confirm becomes confirmed, and the
 * consent is recorded as proved (the address used a link we sent it). Anything else changes nothing: an
 * address confirmed already stays so (no second consent), and a link that predates an
 * unsubscribe, or was used before, subscribes nobody and lifts no suppression.
 */
export async function confirmSubscription(
  token: string,
): Promise<{ state: "expired" } | { state: "confirmed" | Exclude<ConfirmationState, "ask" | "expired">; email: string }> {
  const email = await confirmationEmail(token);
  if (!email) return { state: "expired" };
  const tokenHash = hashToken(token);
  const confirmed = await db().transaction(async (tx) => {
    const [used] = await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailTokens.tokenHash, tokenHash),
          eq(emailTokens.purpose, "newsletter-confirm"),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ email: emailTokens.email });
    if (!used) return false;
    // The link's own row (used just now) says when it was made: compared in the database, to the microsecond.
    const t = alias(emailTokens, "t");
    const [subscriber] = await tx
      .update(newsletterSubscribers)
      .set({ status: "confirmed", confirmedAt: sql`now()`, unsubscribedAt: null })
      .from(t)
      .where(and(eq(t.tokenHash, tokenHash), eq(newsletterSubscribers.email, t.email), mayConfirm(email, newsletterSubscribers, t)))
      .returning({ consentPage: newsletterSubscribers.consentPage, consentVersion: newsletterSubscribers.consentVersion });
    if (!subscriber) return false;
    await recordConsent(
      tx,
      { email },
      {
        purpose: "newsletter",
        source: `newsletter confirmation of ${subscriber.consentPage ?? "/blog"}`,
        wordingVersion: subscriber.consentVersion ?? "unknown",
        proved: true,
      },
    );
    return true;
  });
  if (!confirmed) {
    const state = await standing(token, email);
    // Used now by another press, which confirmed it, or never able to: "already", "stale" or "expired".
    return state === "expired" ? { state } : { state: state === "ask" ? "stale" : state, email };
  }
  return { state: "confirmed", email };
}
