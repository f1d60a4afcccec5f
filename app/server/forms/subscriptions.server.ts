/**
 * List e-mail consent: single-purpose links (newsletter confirmation, unsubscribe) and the
 * suppression list that every list (non-transactional) send checks first.
 */
import { and, eq, gt } from "drizzle-orm";
import { emailSuppressions, emailTokens, newsletterSubscribers } from "../../../db/schema";
import { db } from "~/server/db.server";
import { hashToken, isTokenShaped, newToken } from "~/server/tokens.server";

type Purpose = "newsletter-confirm" | "unsubscribe";

/** Confirmation links last a week; unsubscribe links two years (CAN-SPAM wants at least 30 days). */
const LIFETIME_DAYS: Record<Purpose, number> = { "newsletter-confirm": 7, unsubscribe: 730 };

export async function mintEmailLink(email: string, purpose: Purpose): Promise<string> {
  const { token, hash } = newToken();
  await db()
    .insert(emailTokens)
    .values({ tokenHash: hash, email, purpose, expiresAt: new Date(Date.now() + LIFETIME_DAYS[purpose] * 86_400_000) });
  return token;
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

export async function isSuppressed(email: string): Promise<boolean> {
  const [row] = await db()
    .select({ email: emailSuppressions.email })
    .from(emailSuppressions)
    .where(eq(emailSuppressions.email, email))
    .limit(1);
  return Boolean(row);
}

/** Unsubscribe: no more list e-mail to this address, and its newsletter subscription ends. */
export async function unsubscribe(email: string, reason: string): Promise<void> {
  await db().insert(emailSuppressions).values({ email, reason }).onConflictDoNothing();
  await db()
    .update(newsletterSubscribers)
    .set({ status: "unsubscribed", unsubscribedAt: new Date() })
    .where(eq(newsletterSubscribers.email, email));
}

/** The confirmation page's button: pending (or unsubscribed, asking again) becomes confirmed. */
export async function confirmSubscription(email: string): Promise<"confirmed" | "missing"> {
  const rows = await db()
    .update(newsletterSubscribers)
    .set({ status: "confirmed", confirmedAt: new Date(), unsubscribedAt: null })
    .where(eq(newsletterSubscribers.email, email))
    .returning({ id: newsletterSubscribers.id });
  if (rows.length === 0) return "missing";
  // Asking again after unsubscribing is consent again.
  await db().delete(emailSuppressions).where(eq(emailSuppressions.email, email));
  return "confirmed";
}
