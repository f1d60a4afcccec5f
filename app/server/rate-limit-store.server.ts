/**
 * express-rate-limit's counters in the project's database, so every server process behind a load
 * balancer spends the same allowance (the memory store would give each process its own, doubling
 * it with two servers). One upsert per counted request, on PGlite and PostgreSQL alike: the row
 * for a key counts hits until reset_at, and the first hit after that starts a new window.
 * Expired rows are deleted by the hourly sweep (app/server/maintenance/sweep.server.ts), in
 * batches, off every request's path; until then an expired row only waits to be reset or deleted.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import type { ClientRateLimitInfo, Options, Store } from "express-rate-limit";
import { rateLimits } from "../../db/schema";
import { db } from "~/server/db.server";

const live = (key: string) => and(eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`));

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
    // The database's clock decides when a window ends, for every process alike; one upsert, so two
    // hits at once both count.
    const expired = sql`${rateLimits.resetAt} <= now()`;
    const [row] = await db()
      .insert(rateLimits)
      .values({ key: this.prefix + key, hits: 1, resetAt: sql`now() + make_interval(secs => ${this.windowMs / 1000})` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${expired} then 1 else ${rateLimits.hits} + 1 end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt });
    return { totalHits: row!.hits, resetTime: row!.resetAt };
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const [row] = await db()
      .select({ hits: rateLimits.hits, resetAt: rateLimits.resetAt })
      .from(rateLimits)
      .where(live(this.prefix + key));
    return row ? { totalHits: row.hits, resetTime: row.resetAt } : undefined;
  }

  /** A request given back (a successful login under skipSuccessfulRequests). */
  async decrement(key: string): Promise<void> {
    await db()
      .update(rateLimits)
      .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
      .where(live(this.prefix + key));
  }

  async resetKey(key: string): Promise<void> {
    await db()
      .delete(rateLimits)
      .where(eq(rateLimits.key, this.prefix + key));
  }
}

/** The store for one named limiter (server/protections.ts asks for "form" and "login"). */
export function rateLimitStore(name: string): Store {
  return new DatabaseRateLimitStore(name);
}
