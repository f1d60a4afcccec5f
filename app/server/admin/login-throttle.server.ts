/**
 * Password guessing at the owner's login, limited inside the login action itself (not only by a
 * path-keyed middleware that another spelling of the address could walk around): every attempt
 * is counted before the password is checked, a success is given back, and after 5 failures in
 * 15 minutes a client is refused without a check until the window passes, on whichever server it
 * tries (the counters are in the database).
 */
import type { Options } from "express-rate-limit";
import { DatabaseRateLimitStore } from "~/server/rate-limit-store.server";

export const LOGIN_FAILURES_ALLOWED = 5;
export const LOGIN_WINDOW_MS = 15 * 60_000;

let store: DatabaseRateLimitStore | undefined;
function loginStore(): DatabaseRateLimitStore {
  if (!store) {
    store = new DatabaseRateLimitStore("login");
    store.init({ windowMs: LOGIN_WINDOW_MS } as Options);
  }
  return store;
}

export type Throttled = { throttled: true; retryAfterSeconds: number };

/**
 * Run one login attempt for this client under the throttle. `attempt` says whether it succeeded;
 * concurrent attempts each count first, so a burst cannot get more than the allowance checked.
 */
export async function throttledLogin<T extends { ok: boolean }>(client: string, attempt: () => Promise<T>): Promise<T | Throttled> {
  const counters = loginStore();
  const { totalHits, resetTime } = await counters.increment(client);
  if (totalHits > LOGIN_FAILURES_ALLOWED) {
    const ms = (resetTime?.getTime() ?? Date.now() + LOGIN_WINDOW_MS) - Date.now();
    return { throttled: true, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
  }
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    // An attempt that was never judged (busy, database down) is not a failure of the client's.
    await counters.decrement(client);
    throw error;
  }
  if (result.ok) await counters.decrement(client);
  return result;
}
