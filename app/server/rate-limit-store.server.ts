/**
 * express-rate-limit's counters in the project's database, so every server process behind a load
 * balancer spends the same allowance (the memory store would give each process its own, doubling
 * it with two servers). One upsert per counted request, on PGlite and PostgreSQL alike: the row
 * for a key counts hits until reset_at, and the first hit after that starts a new window.
 * Expired rows are deleted by the hourly sweep (app/server/maintenance/sweep.server.ts), in
 * batches, off every request's path; until then an expired row only waits to be reset or deleted.
 */
import { sql } from "drizzle-orm";
import type { ClientRateLimitInfo, Options, Store } from "express-rate-limit";
import { db, rowsOf } from "~/server/db.server";

export class DatabaseRateLimitStore implements Store {
  /** Keys are namespaced per limiter ("form:", "login:"): two limiters never share a counter. */
  readonly prefix: string;
  // Counters live outside this process: express-rate-limit must not assume it sees every hit.
  readonly localKeys = false;
  private windowMs = 60_000;

  constructor(name: string) {
    this.prefix = `${name}:`;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const result = await db().execute(sql`
      insert into rate_limits as r (key, hits, reset_at)
      values (${this.prefix + key}, 1, now() + make_interval(secs => ${this.windowMs / 1000}))
      on conflict (key) do update set
        hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
        reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
      returning hits, reset_at as "resetAt"
    `);
    const [row] = rowsOf<{ hits: number; resetAt: Date | string }>(result);
    return { totalHits: row!.hits, resetTime: new Date(row!.resetAt) };
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const result = await db().execute(sql`
      select hits, reset_at as "resetAt" from rate_limits where key = ${this.prefix + key} and reset_at > now()
    `);
    const [row] = rowsOf<{ hits: number; resetAt: Date | string }>(result);
    return row ? { totalHits: row.hits, resetTime: new Date(row.resetAt) } : undefined;
  }

  /** A request given back (a successful login under skipSuccessfulRequests). */
  async decrement(key: string): Promise<void> {
    await db().execute(sql`
      update rate_limits set hits = greatest(hits - 1, 0) where key = ${this.prefix + key} and reset_at > now()
    `);
  }

  async resetKey(key: string): Promise<void> {
    await db().execute(sql`delete from rate_limits where key = ${this.prefix + key}`);
  }
}

/** The store for one named limiter (server/protections.ts asks for "form" and "login"). */
export function rateLimitStore(name: string): Store {
  return new DatabaseRateLimitStore(name);
}
