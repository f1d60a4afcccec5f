/**
 * The owner's side of broadcasts beyond sending, on PGlite and (TEST_DB=postgres) PostgreSQL: the
 * live recipient count the editor asks as boxes are ticked (owner only; the send's own count),
 * the editor's form refusing what the browser also refuses, and /admin/email telling a
 * broadcast's rows waiting at the send rate apart from the mail sent as it comes, whose alarm
 * for late mail counts only that mail.
 */
import { eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { broadcasts, outbox } from "../../db/schema";
import { TimeZoneContext } from "~/components/admin-ui";
import { loader as recipientsLoader } from "~/routes/admin/broadcast-recipients";
import { action as broadcastsAction, loader as broadcastsLoader } from "~/routes/admin/broadcasts";
import EmailHealth, { loader as emailLoader } from "~/routes/admin/email";
import { BROADCAST_MESSAGES } from "~/lib/forms/broadcast";
import type { mailHealth } from "~/server/admin/mail-health.server";
import { changeBroadcast, startBroadcast } from "~/server/audience/broadcasts.server";
import { markProved, recordConsent, suppress, upsertContact } from "~/server/audience/contacts.server";
import { db } from "~/server/db.server";
import { env } from "~/server/env.server";
import { storeLead } from "~/server/forms/leads.server";
import { storeSubscriber } from "~/server/forms/newsletter.server";
import { confirmSubscription, mintEmailLink, unsubscribe } from "~/server/audience/email-links.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { findTestOrder, payTestOrder } from "~/server/payments/test-provider.server";
import { useTestSite } from "../helpers/context";
import { useTestDatabase } from "../helpers/db";
import { dashboardServer, ownerCookie } from "../helpers/owner";
import { call } from "../helpers/routes";

const ORIGIN = "https://shop.example";
const { payments, config, args, get, post } = dashboardServer(ORIGIN);

useTestDatabase();
const site = useTestSite();
let cookie: string;
beforeEach(async () => {
  cookie = await ownerCookie(ORIGIN, config);
});

/** The count endpoint's answer for these audiences, with the owner's cookie or the one given (null: none). */
const countFor = (audiences: string[], withCookie: string | null = cookie, tags = "") =>
  call<{ recipients?: number; error?: string }>(() =>
    recipientsLoader(
      args(get(`/admin/broadcasts/recipients?${audiences.map((a) => `audience=${a}`).join("&")}${tags}`, withCookie ?? undefined)),
    ),
  );

/** A reader who confirmed the newsletter through its double opt-in, as the site's own forms leave one. */
async function confirmedReader(email: string): Promise<void> {
  await storeSubscriber(email, "/blog");
  expect(await confirmSubscription(await mintEmailLink(email, "newsletter-confirm"))).toEqual({ state: "confirmed", email });
}

/** A guide lead who opened the guide through the e-mailed link (proved their address). */
async function provedLead(email: string): Promise<void> {
  await storeLead({ name: "Reader", email, sourcePage: "emergency-fund-guide" });
  await markProved(email, "opened the guide link");
}

async function buyer(email: string): Promise<void> {
  const { sessionId } = await startCheckout(payments, site(), { includeBump: false });
  await payTestOrder((await findTestOrder(sessionId))!, email);
}

/** Who is in which audience; the comments say why each address counts or not. */
async function mixedList(): Promise<void> {
  await confirmedReader("news.one@example.com"); // newsletter
  await provedLead("news.one@example.com"); // and asked for the guide: the guide audience
  await confirmedReader("news.two@example.com"); // newsletter, and a buyer
  await buyer("news.two@example.com");
  await storeSubscriber("unconfirmed@example.com"); // asked, never confirmed: nobody
  await confirmedReader("left@example.com"); // newsletter, then unsubscribed: nobody
  await unsubscribe("left@example.com", "unsubscribe link");
  await provedLead("guide.one@example.com"); // asked for the guide only: its follow-ups, no broadcast
  await storeLead({ name: "Typed", email: "stranger@example.com", sourcePage: "emergency-fund-guide" }); // never proved: nobody
  await provedLead("bounced@example.com"); // the guide, then a hard bounce: nobody
  await suppress("bounced@example.com", "hard_bounce", "SMTP 550 5.1.1");
  await provedLead("complained@example.com"); // the guide, then a complaint: nobody
  await suppress("complained@example.com", "complaint", "spam report");
  await buyer("buyer.only@example.com"); // bought, no marketing consent: nobody
  await upsertContact("contact.only@example.com"); // a contact without any consent: nobody
  // The owner's import, attested consent: newsletter.
  await recordConsent(
    db(),
    { email: "imported@example.com" },
    { purpose: "newsletter", source: "import: fair signup sheet", wordingVersion: "import" },
  );
}

/** A saved draft, through the editor's own action. */
async function savedDraft(fields: Record<string, string>): Promise<number> {
  const answer = await call(() =>
    broadcastsAction(
      args(post("/admin/broadcasts", { intent: "save", id: "0", version: "0", preview: "One tip.", body: "Hello.", ...fields }, cookie)),
    ),
  );
  expect(answer.status).toBe(303);
  return Number(answer.headers.get("Location")!.match(/edit=(\d+)$/)![1]);
}

describe("the live recipient count", () => {
  it("counts the ticked audiences after suppressions and without unconsented contacts", async () => {
    await mixedList();
    const counts: Record<string, number | undefined> = {};
    for (const set of [[], ["newsletter"], ["guide"], ["buyers"], ["newsletter", "guide"], ["newsletter", "guide", "buyers"]]) {
      const answer = await countFor(set);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Cache-Control")).toBe("no-store");
      counts[set.join("+") || "none"] = answer.data.recipients;
    }
    expect(counts).toEqual({
      none: 0,
      newsletter: 3, // news.one, news.two, imported
      guide: 1, // news.one: guide.one asked for the guide's follow-ups only
      buyers: 1, // news.two: buyer.only has no consent
      "newsletter+guide": 3, // news.one once
      "newsletter+guide+buyers": 3, // news.one and news.two once
    });
    // A repeated audience is one audience.
    expect((await countFor(["guide", "guide"])).data.recipients).toBe(1);
  });

  it("answers what the send then queues, address by address", async () => {
    await mixedList();
    const ticked = ["newsletter", "guide", "buyers"];
    const shown = (await countFor(ticked)).data.recipients;
    const id = await savedDraft({ subject: "Counted", audienceNewsletter: "on", audienceGuide: "on", audienceBuyers: "on" });
    // The saved draft's count on the editor page is the same number.
    const page = await call<{ recipients: number }>(() => broadcastsLoader(args(get(`/admin/broadcasts?edit=${id}`, cookie))));
    expect(page.data.recipients).toBe(shown);
    const outcome = await startBroadcast({ id, version: 1, when: "now", scheduledAt: undefined });
    expect(outcome).toEqual({ started: "now", queued: shown });
    const queued = await db().select({ to: outbox.toAddress }).from(outbox).where(eq(outbox.kind, "broadcast")).orderBy(outbox.toAddress);
    expect(queued.map((r) => r.to)).toEqual(["imported@example.com", "news.one@example.com", "news.two@example.com"]);
    // Once it sends, the editor's address (where the send button left the owner) no longer opens it as a draft.
    const after = await call<{ composing: boolean; editing?: unknown }>(() =>
      broadcastsLoader(args(get(`/admin/broadcasts?edit=${id}`, cookie))),
    );
    expect(after.data).toMatchObject({ composing: false, editing: undefined });
  });

  it("needs the owner's session, and tells nobody else a count", async () => {
    await mixedList();
    for (const withCookie of [null, "fsm_owner=forged.value", "session=abc"]) {
      const answer = await countFor(["newsletter"], withCookie);
      // What every dashboard address gives without a session: the login page, nothing else.
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toBe("/admin/login?next=%2Fadmin%2Fbroadcasts%2Frecipients%3Faudience%3Dnewsletter");
      expect(answer.data).toBeUndefined();
    }
  });

  it("refuses an audience it does not know, with no count", async () => {
    await mixedList();
    const answer = await countFor(["newsletter", "everyone"]);
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({ error: "Unknown audience or tag." });
    const badTag = await countFor(["newsletter"], cookie, "&include=no%2Fslash");
    expect(badTag).toMatchObject({ status: 400, data: { error: "Unknown audience or tag." } });
  });

  it("counts the tags to include and to leave out with the audiences, as a send would", async () => {
    await confirmedReader("one@example.com");
    await confirmedReader("two@example.com");
    // Both came through the newsletter form: its tag includes both, and leaving it out leaves nobody.
    expect((await countFor(["newsletter"], cookie, "&include=newsletter-form")).data).toEqual({ recipients: 2 });
    expect((await countFor(["newsletter"], cookie, "&exclude=newsletter-form")).data).toEqual({ recipients: 0 });
    expect((await countFor(["newsletter"], cookie, "&include=topic-budgeting")).data).toEqual({ recipients: 0 });
  });
});

/** The action's answer to a refused post: which form posted, and Conform's reply for it. */
type Answer = { form: string; result: { status?: string; error?: Record<string, string[]> } };

describe("the editor's form, as the browser also checks it", () => {
  it("refuses a draft with no audience ticked, with the browser's message, and saves nothing", async () => {
    const answer = await call<Answer>(() =>
      broadcastsAction(args(post("/admin/broadcasts", { intent: "save", subject: "Tips", preview: "p", body: "b" }, cookie))),
    );
    expect(answer.status).toBe(400);
    // The page's form shows it beside the audience boxes (Conform's reply, the schema's words).
    expect(answer.data.form).toBe("save");
    expect(answer.data.result.error).toEqual({ audiences: [BROADCAST_MESSAGES.noAudience] });
    expect(await db().select().from(broadcasts)).toEqual([]);
  });

  it("refuses a subject of spaces and a schedule in the past with the messages the page gives the browser", async () => {
    const blank = await call<Answer>(() =>
      broadcastsAction(
        args(post("/admin/broadcasts", { intent: "save", subject: "   ", preview: "p", body: "b", audienceGuide: "on" }, cookie)),
      ),
    );
    expect(blank.data.result.error).toEqual({ subject: [BROADCAST_MESSAGES.subject.empty] });
    await provedLead("guide.one@example.com");
    const id = await savedDraft({ subject: "Later", audienceGuide: "on" });
    const past = await call<Answer>(() =>
      broadcastsAction(
        args(
          post(
            "/admin/broadcasts",
            { intent: "send", id: String(id), version: "1", when: "later", scheduledAt: "2020-01-01T09:00" },
            cookie,
          ),
        ),
      ),
    );
    expect(past).toMatchObject({ status: 400, data: { form: "send", result: { error: { scheduledAt: [BROADCAST_MESSAGES.pastTime] } } } });
    expect((await db().select().from(broadcasts))[0]).toMatchObject({ status: "draft", version: 1, scheduledAt: null });
  });
});

type Health = Awaited<ReturnType<typeof mailHealth>>;

/** The words of the /admin/email page rendered with this data, tags and spacing taken out. */
function pageText(health: Health): string {
  const page = createElement(EmailHealth, { loaderData: health } as never);
  // In a data router: the page's forms are React Router <Form>s.
  const Stub = createRoutesStub([{ path: "/admin/email", Component: () => page }]);
  const framed = createElement(TimeZoneContext, { value: "America/New_York" }, createElement(Stub, { initialEntries: ["/admin/email"] }));
  const html = renderToStaticMarkup(framed);
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&ldquo;|&rdquo;|\u201c|\u201d/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

describe("/admin/email with a broadcast waiting at the send rate", () => {
  it("counts its rows apart from the mail sent as it comes, and only late mail sent as it comes raises the alarm", async () => {
    for (let i = 0; i < 30; i++) await confirmedReader(`reader${i}@example.com`);
    // The 30 confirmation e-mails went out; what follows is what waits now.
    await db().update(outbox).set({ status: "sent", sentAt: new Date() });
    const id = await savedDraft({ subject: "March tips", audienceNewsletter: "on" });
    expect(await startBroadcast({ id, version: 1, when: "now", scheduledAt: undefined })).toEqual({ started: "now", queued: 30 });
    const paused = await savedDraft({ subject: "Paused tips", audienceNewsletter: "on" });
    await startBroadcast({ id: paused, version: 1, when: "now", scheduledAt: undefined });
    expect(await changeBroadcast(paused, "pause")).toBe(true);
    // Both broadcasts were queued an hour ago: long waits at the send rate are normal.
    await db().execute(
      sql`update outbox set due_at = now() - interval '1 hour', created_at = now() - interval '1 hour' where kind = 'broadcast'`,
    );
    // One guide e-mail just asked for (waiting, not late), one receipt stuck for 20 minutes (late),
    // and the owner's sale e-mail of that order (decision 069), just queued.
    await storeLead({ name: "New", email: "new.lead@example.com", sourcePage: "emergency-fund-guide" });
    await buyer("stuck.buyer@example.com");
    await db().execute(sql`update outbox set due_at = now() - interval '20 minutes', attempts = 3, last_error = '421 try later'
      where kind = 'receipt'`);

    const health = (await call<Health>(() => emailLoader(args(get("/admin/email", cookie))))).data;
    expect({ queued: health.queued, listWaiting: health.listWaiting, failed: health.failed }).toEqual({
      queued: 3,
      listWaiting: 60,
      failed: 0,
    });
    expect(health.listWaitingBy).toEqual([
      { broadcastId: id, subject: "March tips", status: "sending", waiting: 30 },
      { broadcastId: paused, subject: "Paused tips", status: "paused", waiting: 30 },
    ]);
    // The table lists the e-mails sent as they come, not the 60 broadcast rows.
    expect(health.rows.map((r) => `${r.kind} ${r.toAddress}`).sort()).toEqual([
      "guide new.lead@example.com",
      `owner-sale ${env().OWNER_EMAIL}`,
      "receipt stuck.buyer@example.com",
    ]);
    expect(health.late.count).toBe(1);
    expect(Date.now() - health.late.oldestDueAt!.getTime()).toBeGreaterThan(19 * 60_000);
    const text = pageText(health);
    expect(text).toContain("1 e-mail sent as they come (receipts, guides, links, messages) has waited over 15 minutes");
    expect(text).toContain("3 waiting to go out now (receipts, guides, links, messages: sent as they come), 0 failed");
    expect(text).toContain("60 list e-mails waiting. Not late:");
    expect(text).toContain('Broadcast "March tips" (sending): 30 e-mails');
    expect(text).toContain('Broadcast "Paused tips" (paused): 30 e-mails');

    // Nothing late once the receipt went out, however long the broadcast still waits.
    await db().update(outbox).set({ status: "sent", sentAt: new Date() }).where(eq(outbox.kind, "receipt"));
    const after = (await call<Health>(() => emailLoader(args(get("/admin/email", cookie))))).data;
    expect({ queued: after.queued, listWaiting: after.listWaiting, late: after.late }).toEqual({
      // The guide and the sale e-mail, neither late.
      queued: 2,
      listWaiting: 60,
      late: { count: 0, oldestDueAt: null, minutes: 15 },
    });
    expect(pageText(after)).not.toContain("has waited over");
  });
});
