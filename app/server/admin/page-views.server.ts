/**
 * Page views without tracking: the static page server reports each prerendered page it answers
 * 200 to a GET, and this module adds one to a counter per UTC day and path. Nothing about the
 * visitor is kept (no address, no cookie, no user agent). Bots, prefetches and the owner's own
 * visits are left out. Counts gather in memory (the server's one counter, made at start-up in
 * server/app.ts and handed to the dashboard in the load context) and are written by one upsert per
 * path every few seconds, off the response's path; a failed write keeps them for the next try.
 *
 * Growth held (issue 44): days older than PAGE_VIEWS_KEEP_DAYS are rolled up into one row per
 * month and path (page_views_monthly) by the hourly sweep, so a year of traffic keeps about
 * 120 + 12 rows per page instead of 365, and the dashboard's daily figures never change.
 */
import type { IncomingHttpHeaders } from "node:http";
import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import { pageViews } from "../../../db/schema";
import { rollUpPageViewBatch } from "~/server/admin/admin.sql.server";
import { db } from "~/server/db.server";
import { OWNER_COOKIE } from "~/server/admin/owner-session.server";
import { log } from "~/server/log.server";

declare module "react-router" {
  interface AppLoadContext {
    /** The server's page-view counter (server/app.ts): the dashboard writes its latest counts before it reads them. */
    pageViews?: PageViewCounter;
  }
}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(",") : (value ?? "");
};

/** A person's visit: not a crawler, not a prefetch or prerender, not the owner. `isBotAgent`: isbot, or a memo of it. */
export function isCountableVisit(headers: IncomingHttpHeaders, isBotAgent: (userAgent: string) => boolean = isbot): boolean {
  const userAgent = header(headers, "user-agent");
  if (!userAgent || isBotAgent(userAgent)) return false;
  if (/prefetch|prerender/i.test(`${header(headers, "purpose")} ${header(headers, "sec-purpose")} ${header(headers, "x-moz")}`))
    return false;
  // Presence is enough: a visitor who forges the cookie only stops counting themselves.
  return !header(headers, "cookie")
    .split(";")
    .some((pair) => pair.trim().startsWith(`${OWNER_COOKIE}=`));
}

export const utcDay = (at = new Date()) => at.toISOString().slice(0, 10);

/** A server's page-view counter: views gathered in memory, written in batches. */
export type PageViewCounter = {
  /** Count one view of this path (a page the server knows, so the set of paths stays bounded); whether it counted. */
  count(path: string, headers: IncomingHttpHeaders, at?: Date): boolean;
  /** Write the gathered counts (one upsert for all of them). Failures keep them for the next call. */
  flush(): Promise<void>;
  /** Views counted but not yet written (tests, and the shutdown path). */
  unflushed(): number;
  /** Flush every `intervalMs`; stop() writes what is left. */
  startFlusher(intervalMs?: number): { stop(): Promise<void> };
};

/** The counter of one server process (server/app.ts makes it once; a test makes its own). */
export function createPageViewCounter(): PageViewCounter {
  const pending = new Map<string, number>();
  let flushing: Promise<void> | undefined;

  /**
   * isbot's pattern takes a few microseconds on a browser's user agent (it must read it all), and
   * the same few user agents come back again and again: remember the answers (bounded).
   */
  const botAnswers = new Map<string, boolean>();
  const isBotAgent = (userAgent: string): boolean => {
    let answer = botAnswers.get(userAgent);
    if (answer === undefined) {
      answer = isbot(userAgent);
      if (botAnswers.size >= 500) botAnswers.clear();
      botAnswers.set(userAgent, answer);
    }
    return answer;
  };

  const flush = async (): Promise<void> => {
    while (flushing) await flushing;
    if (pending.size === 0) return;
    const batch = [...pending];
    pending.clear();
    flushing = (async () => {
      try {
        await db()
          .insert(pageViews)
          .values(batch.map(([key, views]) => ({ day: key.slice(0, 10), path: key.slice(11), views })))
          .onConflictDoUpdate({ target: [pageViews.day, pageViews.path], set: { views: sql`${pageViews.views} + excluded.views` } });
      } catch (error) {
        for (const [key, views] of batch) pending.set(key, (pending.get(key) ?? 0) + views);
        throw error;
      } finally {
        flushing = undefined;
      }
    })();
    await flushing;
  };

  return {
    count(path, headers, at = new Date()) {
      if (!isCountableVisit(headers, isBotAgent)) return false;
      const key = `${utcDay(at)} ${path}`;
      pending.set(key, (pending.get(key) ?? 0) + 1);
      return true;
    },
    flush,
    unflushed() {
      let n = 0;
      for (const views of pending.values()) n += views;
      return n;
    },
    startFlusher(intervalMs = 5_000) {
      const timer = setInterval(() => {
        flush().catch((error: Error) => log.error(`Page views not written yet (kept for the next try): ${error.message}`));
      }, intervalMs);
      timer.unref();
      return {
        async stop() {
          clearInterval(timer);
          await flush().catch((error: Error) => log.error(`Page views lost at shutdown: ${error.message}`));
        },
      };
    },
  };
}

/**
 * Page views are kept per UTC day for this many days, then rolled up per month and path. The
 * dashboard reads them per day only, for windows of up to 90 days (stats.server.ts, WINDOWS): its
 * oldest day is 91 days back, so no figure it shows ever reads a rolled-up day (a test proves it).
 * 120 keeps a month's margin past that, the same as ABANDONED_ORDER_DAYS keeps for the checkouts.
 */
export const PAGE_VIEWS_KEEP_DAYS = 120;

/** Day rows moved per statement (each its own short transaction). */
export const ROLL_UP_BATCH = 5_000;

/**
 * Merge the day rows older than PAGE_VIEWS_KEEP_DAYS into page_views_monthly (one row per month
 * and path: the month's views are its monthly row plus any day rows of it still kept), a batch at
 * a time; how many day rows went. Each batch deletes its day rows and adds them to their months in
 * one statement, so a view is never counted twice or lost: run twice, or on two servers at once,
 * the second finds the rows gone (its DELETE skips a row another removed) and adds nothing.
 */
export async function rollUpPageViews(now: Date = new Date()): Promise<number> {
  const before = utcDay(new Date(now.getTime() - PAGE_VIEWS_KEEP_DAYS * 86_400_000));
  let total = 0;
  for (;;) {
    const moved = await rollUpPageViewBatch(before, ROLL_UP_BATCH);
    total += moved;
    if (moved < ROLL_UP_BATCH) return total;
  }
}
