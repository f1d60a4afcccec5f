/**
 * Password guessing at the owner's login, limited inside the login action itself (not only by a
 * path-keyed middleware that another spelling of the address could walk around): every attempt
 * is counted before the password is checked, a success is given back, and after 5 failures in
 * 15 minutes a client is refused without a check until the window passes, on whichever server it
 * tries (the counters are in the database).
 *
 * A client is a key: the address, or the owner's known browser (its device cookie), so strangers'
 * failures from her office's shared address do not lock her browser out
 * (docs/decisions/055-owner-login-device-cookie.md).
 */
import type { Options } from "express-rate-limit";
import { PasswordCheckBusyError } from "~/server/admin/owner-password.server";
import { DatabaseRateLimitStore } from "~/server/rate-limit-store.server";

export const LOGIN_FAILURES_ALLOWED = 5;
export const LOGIN_WINDOW_MS = 15 * 60_000;

export type Throttled = { throttled: true; retryAfterSeconds: number };
export type Concurrent = { concurrent: true };

/**
 * The login throttle of one server, made once at start-up with the owner's configuration
 * (owner-session.server.ts, ownerConfig): the counters in the database, shared by every server,
 * and this process's password checks under way.
 */
export class LoginThrottle {
  private readonly counters = new DatabaseRateLimitStore("login");
  /**
   * Keys with a password check under way in this process. One at a time per client: a client's
   * second attempt while its first is being checked is refused without a check, so one client can
   * never hold more than one place in the password-check queue.
   */
  private readonly checking = new Set<string>();

  constructor() {
    this.counters.init({ windowMs: LOGIN_WINDOW_MS } as Options);
  }

  /**
   * Run one login attempt for this client under the throttle. `attempt` says whether it succeeded.
   * Every attempt counts first, and only a success is given back: a refusal for a check already
   * under way and a "busy" answer (PasswordCheckBusyError) count as failures, so flooding the
   * queue spends the flooder's own allowance.
   */
  async run<T extends { ok: boolean }>(client: string, attempt: () => Promise<T>): Promise<T | Throttled | Concurrent> {
    const { counters, checking } = this;
    // Marked on arrival, before the count's round trip: a second attempt that arrives while the
    // first is still being counted is as concurrent as one that arrives during its check.
    const concurrent = checking.has(client);
    if (!concurrent) checking.add(client);
    let result: T;
    try {
      const { totalHits, resetTime } = await counters.increment(client);
      if (totalHits > LOGIN_FAILURES_ALLOWED) {
        const ms = (resetTime?.getTime() ?? Date.now() + LOGIN_WINDOW_MS) - Date.now();
        return { throttled: true, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
      }
      if (concurrent) return { concurrent: true };
      try {
        result = await attempt();
      } catch (error) {
        // An attempt never judged for a fault of ours (the database down) is not the client's failure.
        if (!(error instanceof PasswordCheckBusyError)) await counters.decrement(client);
        throw error;
      }
    } finally {
      if (!concurrent) checking.delete(client);
    }
    if (result.ok) await counters.decrement(client);
    return result;
  }
}
