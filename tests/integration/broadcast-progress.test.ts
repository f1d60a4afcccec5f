/**
 * A broadcast's progress as the owner watches it, on PGlite and (TEST_DB=postgres) PostgreSQL: the
 * answer the page's script asks every few seconds (GET /admin/broadcasts/<id>/progress) holds the
 * figures the page shows for the same broadcast, cell for cell, with its outbox rows in every
 * state; only the owner gets it, never cached; it stops being "under way" once the broadcast is
 * cancelled or sent, and the page then polls it no more.
 */
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { outbox } from "../../db/schema";
import type { BroadcastProgress } from "~/components/broadcast-figures";
import { actionsFor } from "~/components/broadcast-underway";
import { loader as progressLoader } from "~/routes/admin/broadcast-progress";
import { action as broadcastsAction, loader as broadcastsLoader } from "~/routes/admin/broadcasts";
import { changeBroadcast, queueDueBroadcasts } from "~/server/audience/broadcasts.server";
import { recordConsent, suppress } from "~/server/audience/contacts.server";
import { db } from "~/server/db.server";
import { rowsOf, useTestDatabase } from "../helpers/db";
import { dashboardServer, flashedNotice, ownerCookie } from "../helpers/owner";
import { call } from "../helpers/routes";

const ORIGIN = "https://shop.example";
const { config, args, get, post } = dashboardServer(ORIGIN);

useTestDatabase();
let cookie: string;
beforeEach(async () => {
  cookie = await ownerCookie(ORIGIN, config);
});

const progressOf = (id: number | string, withCookie: string | null = cookie) =>
  call<BroadcastProgress & { error?: string }>(() =>
    progressLoader(args(get(`/admin/broadcasts/${id}/progress`, withCookie ?? undefined), { id: String(id) })),
  );

/** Through the page's own actions: save a draft to the newsletter, then send it now. */
async function sentNow(subject: string): Promise<number> {
  const saved = await call(() =>
    broadcastsAction(
      args(
        post(
          "/admin/broadcasts",
          { intent: "save", id: "0", version: "0", subject, preview: "p", body: "Hello.", audienceNewsletter: "on" },
          cookie,
        ),
      ),
    ),
  );
  const id = Number(saved.headers.get("Location")!.match(/edit=(\d+)$/)![1]);
  const send = await call(() =>
    broadcastsAction(args(post("/admin/broadcasts", { intent: "send", id: String(id), version: "1", when: "now" }, cookie))),
  );
  expect(send.status).toBe(303);
  expect((await flashedNotice(send, ORIGIN, config))?.message).toMatch(/^Sending to \d+ recipients?\.$/);
  return id;
}

/** Set one recipient's outbox row of broadcast `id` as the sending would have left it. */
async function rowOf(id: number, email: string, status: string, sentMinutesAgo?: number): Promise<void> {
  const sentAt = sentMinutesAgo === undefined ? null : new Date(Date.now() - sentMinutesAgo * 60_000);
  const updated = rowsOf(
    await db().execute(sql`
    update outbox set status = ${status}, sent_at = ${sentAt?.toISOString() ?? null}::timestamptz
    where kind = 'broadcast' and (payload->>'broadcastId')::int = ${id} and to_address = ${email}
    returning id
  `),
  );
  expect(updated).toHaveLength(1);
}

type Page = { broadcasts: { subject: string; progress: BroadcastProgress }[] };

/**
 * What the page shows for the broadcast: its row's status, line and figure cells and its card's
 * buttons come from the progress the loader counted (the card and the row then follow the same
 * answers as progressOf), and whether the page polls it (only a broadcast under way).
 */
async function rowOnPage(subject: string) {
  const page = (await call<Page>(() => broadcastsLoader(args(get("/admin/broadcasts", cookie))))).data;
  const { progress } = page.broadcasts.find((b) => b.subject === subject)!;
  return {
    underwayOnPage: page.broadcasts.filter((b) => b.progress.underway).length,
    polled: progress.underway,
    status: progress.status,
    when: progress.when,
    figures: progress.figures,
    shownActions: actionsFor(progress.status).map((a) => a.label),
  };
}

/** Nine newsletter readers; the comments say which state each one's row of the broadcast ends in. */
const READERS = ["q1", "q2", "now", "earlier", "buyer", "refused", "suppressed", "interrupted", "cancelled"].map((n) => `${n}@example.com`);

async function broadcastInEveryState(): Promise<number> {
  for (const email of READERS)
    await recordConsent(db(), { email }, { purpose: "newsletter", source: "import: signup sheet", wordingVersion: "import", proved: true });
  const id = await sentNow("Progress tips");
  await rowOf(id, "now@example.com", "sent", 0); // sent in the last minute: the rate
  await rowOf(id, "earlier@example.com", "sent", 10); // sent ten minutes ago, then unsubscribed
  await suppress("earlier@example.com", "unsubscribed", "unsubscribe link");
  await rowOf(id, "buyer@example.com", "sent", 10); // sent, and bought through its link
  await db().execute(sql`
    insert into orders (provider, provider_session_id, lines, amount_total, currency, status, customer_email, campaign, paid_at)
    values ('test', 'cs_progress', '[]'::jsonb, 700, 'usd', 'paid', 'buyer@example.com', ${`broadcast-${id}`}, now())
  `);
  await rowOf(id, "refused@example.com", "failed"); // a 5xx: failed, and a hard bounce
  await suppress("refused@example.com", "hard_bounce", "SMTP 550 5.1.1");
  await rowOf(id, "suppressed@example.com", "suppressed"); // suppressed since it was queued
  await rowOf(id, "interrupted@example.com", "interrupted"); // its sender died mid-send
  await rowOf(id, "cancelled@example.com", "cancelled");
  return id; // q1 and q2 still queued
}

describe("the progress answer", () => {
  it("holds the figures the page shows for the broadcast, with its rows in every state", async () => {
    const id = await broadcastInEveryState();
    // Another broadcast, all sent: its rows and its order are not counted with the first's.
    const other = await sentNow("Other tips");
    await db()
      .update(outbox)
      .set({ status: "sent", sentAt: new Date() })
      .where(sql`(payload->>'broadcastId')::int = ${other}`);
    await db().execute(sql`
      insert into orders (provider, provider_session_id, lines, amount_total, currency, status, customer_email, campaign, paid_at)
      values ('test', 'cs_other', '[]'::jsonb, 1900, 'usd', 'paid', 'q1@example.com', ${`broadcast-${other}`}, now())
    `);

    const answer = await progressOf(id);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(answer.data).toMatchObject({ id, status: "sending", underway: true });
    expect(answer.data.figures).toEqual({
      queued: "2",
      sent: "3",
      failed: "1",
      suppressed: "1",
      perMinute: "1",
      bounced: "1",
      unsubscribed: "1",
      orders: "1",
      revenue: "$7.00",
    });
    expect(answer.data.when).toMatch(
      /^started [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M E[SD]T · 1 interrupted \(may have arrived\) · 1 not sent \(cancelled\)$/,
    );

    // The page, for the same broadcast: the same texts in its cells, and it is polled.
    const shown = await rowOnPage("Progress tips");
    expect(shown.figures).toEqual(answer.data.figures);
    expect(shown.when).toBe(answer.data.when);
    expect(shown.status).toBe("sending");
    expect(shown.polled).toBe(true);
    // The buttons that apply while it sends.
    expect(shown.shownActions).toEqual(["Pause", "Cancel"]);
    // Two cards: the other broadcast's rows all went out, but it is marked sent at the outbox's next pass.
    expect(shown.underwayOnPage).toBe(2);

    const otherRow = await rowOnPage("Other tips");
    // Seven readers: the unsubscribed and the bounced are not queued again.
    expect(otherRow.figures).toMatchObject({ sent: "7", orders: "1", revenue: "$19.00" });
    expect((await progressOf(other)).data.figures).toEqual(otherRow.figures);
  });

  it("follows pause and cancel, and a cancelled or sent broadcast is no longer under way", async () => {
    const id = await broadcastInEveryState();
    expect(await changeBroadcast(id, "pause")).toBe(true);
    expect((await progressOf(id)).data).toMatchObject({ status: "paused", underway: true, figures: { queued: "2" } });
    expect((await rowOnPage("Progress tips")).shownActions).toEqual(["Resume", "Cancel"]);

    expect(await changeBroadcast(id, "cancel")).toBe(true);
    const cancelled = (await progressOf(id)).data;
    expect(cancelled).toMatchObject({ status: "cancelled", underway: false, figures: { queued: "0", sent: "3" } });
    expect(cancelled.when).toMatch(/· 3 not sent \(cancelled\)$/);
    const shown = await rowOnPage("Progress tips");
    expect(shown.figures).toEqual(cancelled.figures);
    expect(shown.polled).toBe(false);
    expect(shown.shownActions).toEqual([]);
    // Nothing under way: no card on the page (and nothing asking).
    expect(shown.underwayOnPage).toBe(0);

    // A broadcast whose last row went out is marked sent by the outbox's next pass: no longer under way.
    const second = await sentNow("Second tips");
    expect((await progressOf(second)).data).toMatchObject({ status: "sending", underway: true });
    await db()
      .update(outbox)
      .set({ status: "sent", sentAt: new Date() })
      .where(sql`(payload->>'broadcastId')::int = ${second}`);
    await queueDueBroadcasts();
    expect((await progressOf(second)).data).toMatchObject({ status: "sent", underway: false, figures: { queued: "0" } });
  });

  it("needs the owner's session, and tells nobody else anything", async () => {
    const id = await broadcastInEveryState();
    for (const withCookie of [null, "fsm_owner=forged.value", "session=abc"]) {
      const answer = await progressOf(id, withCookie);
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe(`/admin/login?next=%2Fadmin%2Fbroadcasts%2F${id}%2Fprogress`);
      expect(answer.data).toBeUndefined();
    }
  });

  it("answers 404 for a broadcast that does not exist or an address that is not one", async () => {
    await broadcastInEveryState();
    for (const id of ["999", "0", "abc", "1e3", "01", "1234567890"]) {
      const answer = await progressOf(id);
      expect(answer.status, id).toBe(404);
      expect(answer.data).toEqual({ error: "No such broadcast." });
      expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    }
  });
});
