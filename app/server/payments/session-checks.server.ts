/**
 * The success page's questions to the payment provider about a pending session: each answer kept
 * for CHECK_CACHE_MS (reloading the page does not ask again) and at most CHECKS_PER_MINUTE asked
 * per minute by the whole process (past that the page shows what the order table knows). One
 * keeper per `Payments` (createPayments): no module state, and a test's payments start afresh.
 */
import type { PaymentProvider, SessionCheck } from "~/server/payments/provider.server";

/** A pending session's check is reused for this long: reloading the page does not call Stripe again. */
export const CHECK_CACHE_MS = 10_000;
/** Calls to the provider from this page, per minute, for the whole process. */
export const CHECKS_PER_MINUTE = 60;
/** Sessions whose answers are kept at most (then all are forgotten). */
const KEPT_SESSIONS = 1_000;

export type SessionChecks = { check: (sessionId: string) => Promise<SessionCheck> };

export function createSessionChecks(provider: PaymentProvider): SessionChecks {
  const cache = new Map<string, { at: number; check: SessionCheck }>();
  let rateWindow = { start: 0, used: 0 };
  return {
    async check(sessionId) {
      const now = Date.now();
      const cached = cache.get(sessionId);
      if (cached && now - cached.at < CHECK_CACHE_MS) return cached.check;
      if (now - rateWindow.start >= 60_000) rateWindow = { start: now, used: 0 };
      if (rateWindow.used >= CHECKS_PER_MINUTE) return { kind: "unknown" };
      rateWindow.used++;
      const check = await provider.checkSession(sessionId);
      if (cache.size > KEPT_SESSIONS) cache.clear();
      cache.set(sessionId, { at: now, check });
      return check;
    },
  };
}
