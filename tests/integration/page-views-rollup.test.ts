/**
 * Page views held (issue 44, item 6): day rows older than PAGE_VIEWS_KEEP_DAYS are merged into one
 * row per month and path. No view is lost or counted twice (per path and month, before and after),
 * the dashboard's per-article figures are the same for every window it offers, and a second run,
 * or two at once (two servers: on PostgreSQL two connections), changes nothing more.
 */
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { pageViews, pageViewsMonthly } from "../../db/schema";
import { PAGE_VIEWS_KEEP_DAYS, ROLL_UP_BATCH, rollUpPageViews, utcDay } from "~/server/admin/page-views.server";
import { byArticle, WINDOWS } from "~/server/admin/stats.server";
import { sweepExpired } from "~/server/maintenance/sweep.server";
import { db } from "~/server/db.server";
import { useTestSite } from "../helpers/context";
import { rowsOf, useTestDatabase } from "../helpers/db";

useTestDatabase();
// The shipped articles, whose pages the per-article figures count.
useTestSite();
beforeEach(async () => {
  await db().execute(sql`TRUNCATE page_views_monthly`);
});

const DAYS = 400;
/** Other pages than the two articles: enough day rows past the age to take more than one batch. */
const OTHER_PATHS = 24;
const ARTICLES = {
  "/blog/emergency-fund-guide": (back: number) => (back % 7) + 1,
  "/blog/dispute-credit-errors": (back: number) => (back % 3) + 2,
};

/** A year and more of counters, as the site's counter writes them: one row per UTC day and page. */
async function yearOfViews(now: Date) {
  const rows: { day: string; path: string; views: number }[] = [];
  for (let back = 0; back < DAYS; back++) {
    const day = utcDay(new Date(now.getTime() - back * 86_400_000));
    for (const [path, views] of Object.entries(ARTICLES)) rows.push({ day, path, views: views(back) });
    for (let p = 0; p < OTHER_PATHS; p++) rows.push({ day, path: `/tools/page-${p}`, views: ((back + p) % 5) + 1 });
  }
  for (let i = 0; i < rows.length; i += 2_000)
    await db()
      .insert(pageViews)
      .values(rows.slice(i, i + 2_000));
  return rows;
}

/** Views per path and month, from both tables (a month's views: its monthly row plus its day rows still kept). */
async function perMonth(): Promise<Record<string, number>> {
  const rows = rowsOf<{ key: string; views: number }>(
    await db().execute(sql`
      select path || ' ' || month as key, sum(views)::int as views from (
        select path, to_char(day, 'YYYY-MM') as month, views from page_views
        union all select path, to_char(month, 'YYYY-MM'), views from page_views_monthly
      ) v group by 1
    `),
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.views]));
}

const figures = async () => Object.fromEntries(await Promise.all(WINDOWS.map(async (days) => [days, await byArticle(days)] as const)));

describe("the page views' roll-up", () => {
  it("merges the days past the age into months: the same views per path and month, the same figures on the dashboard", async () => {
    const now = new Date();
    const written = await yearOfViews(now);
    const cutoff = utcDay(new Date(now.getTime() - PAGE_VIEWS_KEEP_DAYS * 86_400_000));
    const old = written.filter((r) => r.day < cutoff);
    expect(old.length).toBeGreaterThan(ROLL_UP_BATCH);

    // What was written, per path and month, counted here from the rows themselves.
    const expected: Record<string, number> = {};
    for (const r of written) expected[`${r.path} ${r.day.slice(0, 7)}`] = (expected[`${r.path} ${r.day.slice(0, 7)}`] ?? 0) + r.views;
    expect(await perMonth()).toEqual(expected);
    const shown = await figures();
    // The 90-day figure of an article is the 91 UTC days from today back, as written.
    const emergency = shown[90]!.find((a) => a.slug === "emergency-fund-guide")!;
    let ninetyDays = 0;
    for (let back = 0; back <= 90; back++) ninetyDays += ARTICLES["/blog/emergency-fund-guide"](back);
    expect(emergency.views).toBe(ninetyDays);

    expect(await rollUpPageViews(now)).toBe(old.length);

    expect(await figures()).toEqual(shown);
    expect(await perMonth()).toEqual(expected);
    const kept = await db().select({ day: pageViews.day }).from(pageViews);
    expect(kept).toHaveLength(written.length - old.length);
    expect(kept.every((r) => r.day >= cutoff)).toBe(true);
    // One row per month and page for the days rolled up (14 months, the cutoff's own month partly).
    const months = new Set(old.map((r) => `${r.path} ${r.day.slice(0, 7)}`));
    expect(await db().select().from(pageViewsMonthly)).toHaveLength(months.size);

    // Again: nothing left to move, nothing changes.
    expect(await rollUpPageViews(now)).toBe(0);
    expect(await perMonth()).toEqual(expected);
    expect(await figures()).toEqual(shown);
  });

  it("counts each view once when two servers roll up at the same time, and a day written late joins its month", async () => {
    const now = new Date();
    const written = await yearOfViews(now);
    const cutoff = utcDay(new Date(now.getTime() - PAGE_VIEWS_KEEP_DAYS * 86_400_000));
    const before = await perMonth();

    const [a, b] = await Promise.all([rollUpPageViews(now), rollUpPageViews(now)]);
    expect(a + b).toBe(written.filter((r) => r.day < cutoff).length);
    expect(await perMonth()).toEqual(before);

    // A server that could not write its counts for months (they are kept for the next try) writes them at last.
    const lateDay = utcDay(new Date(now.getTime() - 200 * 86_400_000));
    await db().execute(sql`
      insert into page_views (day, path, views) values (${lateDay}::date, '/blog/emergency-fund-guide', 4)
      on conflict (day, path) do update set views = page_views.views + excluded.views
    `);
    expect((await sweepExpired(now)).pageViewDays).toBe(1);
    const key = `/blog/emergency-fund-guide ${lateDay.slice(0, 7)}`;
    expect(await perMonth()).toEqual({ ...before, [key]: before[key]! + 4 });
  });
});
