/**
 * Broadcasts end to end through a real SMTP server in this process: who is in each audience
 * (consent, proof, suppression), queueing in one statement, each recipient once, pause, resume,
 * cancel, a schedule, refused inputs that change nothing, a 5xx that suppresses, the one-click
 * unsubscribe from a broadcast, the sales that followed, and the outbox's list-mail rules (at most
 * once after a crash mid-send, transactional first, the shared send rate).
 */
import { sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { broadcasts, LIST_KINDS, outbox } from "../../db/schema";
import { BroadcastSchema } from "~/lib/forms/broadcast";
import { countAudience } from "~/server/audience/audience.server";
import { broadcastsWithFigures } from "~/server/audience/broadcast-admin.server";
import { changeBroadcast, queueDueBroadcasts, saveBroadcast, startBroadcast } from "~/server/audience/broadcasts.server";
import { findContact, markProved, recordConsent, suppress } from "~/server/audience/contacts.server";
import { tagContact } from "~/server/audience/tags.server";
import { db } from "~/server/db.server";
import { claimDue, recordInterrupted } from "~/server/mail/outbox-claims.server";
import { processOutbox, type Deliver } from "~/server/mail/outbox.server";
import { takeSends } from "~/server/mail/send-rate.server";
import { rowsOf, useTestDatabase } from "../helpers/db";
import { rawHeader, type TestSmtp, useOutboxMail, workerOptions } from "../helpers/smtp";
import { oneClickUnsubscribe } from "../helpers/unsubscribe";
import { expectLog } from "../helpers/console-errors";

const ORIGIN = "https://shop.example";

useTestDatabase();
const testMail = useOutboxMail(ORIGIN, { connections: 3 });
let smtp: TestSmtp;
let deliver: Deliver;

beforeAll(() => {
  smtp = testMail.smtp();
  deliver = testMail.deliver();
});
beforeEach(() => {
  smtp.messages.length = 0;
});

const to = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0] : m.to)!.value[0]!.address!;

const flush = testMail.flush;

async function count(query: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf<{ n: string | number }>(await db().execute(query))[0]!.n);
}

/** A confirmed newsletter subscriber, as the double opt-in leaves one. */
async function subscriber(email: string): Promise<void> {
  await db().execute(sql`insert into newsletter_subscribers (email, status, confirmed_at) values (${email}, 'confirmed', now())`);
  await recordConsent(
    db(),
    { email },
    { purpose: "newsletter", source: "newsletter confirmation of /blog", wordingVersion: "v1", proved: true },
  );
}

async function guideReader(email: string, proved = true): Promise<void> {
  await recordConsent(db(), { email }, { purpose: "guide_followups", source: "lead-form /blog/x", wordingVersion: "v2" });
  if (proved) await markProved(email, "guide link");
}

async function paidOrder(email: string, amountCents: number, campaign: string | null = null): Promise<void> {
  await db().execute(sql`
    insert into orders (provider, provider_session_id, lines, amount_total, currency, status, customer_email, campaign, paid_at)
    values ('test', ${`s_${email}_${amountCents}_${Math.random()}`}, '[]'::jsonb, ${amountCents}, 'usd', 'paid', ${email}, ${campaign}, now())
  `);
}

function baseFields(): Record<string, string> {
  return {
    subject: "Five minutes to check your credit report",
    preview: "A short list of what to look for.",
    body: "Hello,\n\nRead [how to dispute an error](/blog/dispute-credit-errors) and [our calculator](https://shop.example/tools/budget).\n",
    audienceNewsletter: "on",
  };
}

function draft(fields: Record<string, string> = {}) {
  return BroadcastSchema.parse({ ...baseFields(), ...fields });
}

/** Audiences with no tags to include or leave out. */
function segment(audiences: string[], includeTags: string[] = [], excludeTags: string[] = []) {
  return { audiences: audiences as ("newsletter" | "guide" | "buyers")[], includeTags, excludeTags };
}

async function created(fields: Record<string, string> = {}): Promise<{ id: number; version: number }> {
  const outcome = await saveBroadcast(draft(fields));
  if (!("saved" in outcome)) throw new Error(outcome.refused);
  return { id: outcome.saved, version: 1 };
}

async function snapshot() {
  return {
    broadcasts: await db().select().from(broadcasts).orderBy(broadcasts.id),
    outbox: await count(sql`select count(*) as n from outbox`),
  };
}

describe("audiences", () => {
  it("narrow by tags: within the audiences, any tag to include, none of the tags to leave out, the count and the queue alike", async () => {
    for (const email of ["ann@example.com", "bob@example.com", "cy@example.com", "dee@example.com"]) await subscriber(email);
    await recordConsent(
      db(),
      { email: "guide-only@example.com" },
      {
        purpose: "guide_followups",
        source: "lead form",
        wordingVersion: "v",
        tags: ["topic-budgeting"],
      },
    );
    const id = async (email: string) => (await findContact(email))!.id;
    await tagContact(await id("ann@example.com"), "topic-budgeting");
    await tagContact(await id("bob@example.com"), "topic-budgeting");
    await tagContact(await id("bob@example.com"), "bought-toolkit");
    await tagContact(await id("cy@example.com"), "topic-credit-repair");

    expect(await countAudience(segment(["newsletter"]))).toBe(4);
    // The guide-only reader has the tag but no newsletter consent: never counted.
    expect(await countAudience(segment(["newsletter"], ["topic-budgeting"]))).toBe(2);
    expect(await countAudience(segment(["newsletter"], ["topic-budgeting", "topic-credit-repair"]))).toBe(3);
    expect(await countAudience(segment(["newsletter"], ["topic-budgeting"], ["bought-toolkit"]))).toBe(1);
    expect(await countAudience(segment(["newsletter"], [], ["bought-toolkit"]))).toBe(3);

    const draftId = (await created({ includeTags: "topic-budgeting", excludeTags: "bought-toolkit" } as Record<string, string>)).id;
    const [row] = await db().select().from(broadcasts);
    expect(row).toMatchObject({ includeTags: ["topic-budgeting"], excludeTags: ["bought-toolkit"] });
    expect(await startBroadcast({ id: draftId, version: 1, when: "now", scheduledAt: undefined })).toEqual({ started: "now", queued: 1 });
    expect((await db().select({ to: outbox.toAddress }).from(outbox)).map((r) => r.to)).toEqual(["ann@example.com"]);
  });

  it("refuses a tag both included and left out, and a tag that is not one, changing nothing", async () => {
    expect(BroadcastSchema.safeParse({ ...baseFields(), includeTags: ["vip"], excludeTags: ["VIP"] }).error?.issues[0]?.message).toBe(
      "A tag cannot be both included and left out: untick it on one side.",
    );
    expect(BroadcastSchema.safeParse({ ...baseFields(), includeTags: ["no/slash"] }).error?.issues[0]?.message).toMatch(
      /^A tag is 1 to 40/,
    );
  });

  it("reach only current newsletter consents without suppression: guide readers and buyers only when they also joined the newsletter", async () => {
    await subscriber("sub@example.com");
    // Signed up, never confirmed: not a subscriber yet.
    await recordConsent(
      db(),
      { email: "pending@example.com" },
      { purpose: "newsletter", source: "newsletter /blog", wordingVersion: "v1" },
    );
    await db().execute(sql`insert into newsletter_subscribers (email, status) values ('pending@example.com', 'pending')`);
    // The owner's CSV import records an attested consent.
    await recordConsent(
      db(),
      { email: "imported@example.com" },
      { purpose: "newsletter", source: "import: fair signup sheet", wordingVersion: "import" },
    );
    await subscriber("left@example.com");
    await suppress("left@example.com", "unsubscribed", "link");
    // Asked for the guide (and proved the address) and bought, but never joined the newsletter.
    await guideReader("reader@example.com");
    await paidOrder("reader@example.com", 700);
    await guideReader("stranger@example.com", false);
    await paidOrder("buyer-only@example.com", 700);
    // Asked for the guide, bought, and joined the newsletter with a click of their own.
    await guideReader("both@example.com");
    await paidOrder("both@example.com", 700);
    await subscriber("both@example.com");
    await subscriber("bounced@example.com");
    await guideReader("bounced@example.com");
    await suppress("bounced@example.com", "hard_bounce", "550");

    expect(await countAudience(segment(["newsletter"]))).toBe(3); // sub, imported, both
    expect(await countAudience(segment(["guide"]))).toBe(1); // both: reader only asked for the guide's follow-ups
    expect(await countAudience(segment(["buyers"]))).toBe(1); // both: buying is not consent
    expect(await countAudience(segment(["newsletter", "guide", "buyers"]))).toBe(3);
    expect(await countAudience(segment([]))).toBe(0);

    // The queue uses the same definition: the three addresses, once each.
    const { id } = await created({ audienceGuide: "on", audienceBuyers: "on" });
    expect(await startBroadcast({ id, version: 1, when: "now", scheduledAt: undefined })).toEqual({ started: "now", queued: 3 });
    const queued = await db().select({ to: outbox.toAddress, key: outbox.dedupeKey }).from(outbox).orderBy(outbox.toAddress);
    expect(queued.map((r) => r.to)).toEqual(["both@example.com", "imported@example.com", "sub@example.com"]);
    const contact = await findContact("both@example.com");
    expect(queued.find((r) => r.to === "both@example.com")!.key).toBe(`bc:${id}:${contact!.id}`);
  });

  it("a guide reader alone is in no audience: ticking only 'guide' reaches nobody", async () => {
    await guideReader("reader@example.com");
    const { id } = await created({ audienceNewsletter: "", audienceGuide: "on" });
    expect(await countAudience(segment(["guide"]))).toBe(0);
    expect(await startBroadcast({ id, version: 1, when: "now", scheduledAt: undefined })).toMatchObject({
      refused: expect.stringMatching(/^Nobody would get this broadcast/),
    });
    expect(await count(sql`select count(*) as n from outbox`)).toBe(0);
  });
});

describe("sending", () => {
  it(
    "each recipient gets it once, with the unsubscribe headers, the address, and links that carry the campaign",
    { timeout: 90_000 },
    async () => {
      const emails = Array.from({ length: 40 }, (_, i) => `reader${i}@example.com`);
      for (const email of emails) await subscriber(email);
      const { id } = await created();
      expect(await startBroadcast({ id, version: 1, when: "now", scheduledAt: undefined })).toEqual({ started: "now", queued: 40 });
      await flush();
      await queueDueBroadcasts();
      expect(smtp.messages.map(to).sort()).toEqual([...emails].sort());

      const mail = smtp.messages[0]!;
      expect(mail.subject).toBe("Five minutes to check your credit report");
      expect(rawHeader(mail, "list-unsubscribe")).toMatch(new RegExp(`^<${ORIGIN}/unsubscribe/[A-Za-z0-9_-]{43}>`));
      expect(rawHeader(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      expect(mail.text).toContain("PO Box 123, Springfield, IL 62701");
      expect(mail.html).toContain(`${ORIGIN}/blog/dispute-credit-errors?utm_source=email&amp;utm_campaign=broadcast-${id}`);
      expect(mail.html).toContain(`${ORIGIN}/tools/budget?utm_source=email&amp;utm_campaign=broadcast-${id}`);
      // Rendered once, each copy carries its reader's own unsubscribe link, in the body as in the header.
      const links = smtp.messages.map((m) => rawHeader(m, "list-unsubscribe")!.match(/^<([^>]+)>/)![1]!);
      expect(new Set(links).size).toBe(40);
      smtp.messages.forEach((m, i) => {
        expect(m.text).toContain(links[i]);
        expect(m.html).toContain(`href="${links[i]}"`);
      });
      expect(mail.html).not.toContain("unsubscribe.invalid");

      const [b] = await broadcastsWithFigures();
      expect(b!.status).toBe("sent");
      expect(b!.figures).toMatchObject({ queued: 0, sent: 40, failed: 0, suppressed: 0 });
      expect(b!.figures.perMinute).toBe(40);

      // Nothing more goes out on later passes.
      await flush();
      expect(smtp.messages).toHaveLength(40);
    },
  );

  it("a 5xx recipient ends suppressed and is skipped by the next broadcast", async () => {
    expectLog(/not sent, attempt 1: .*550 5\.1\.1/);
    await subscriber("gone@bounce.example");
    await subscriber("here@example.com");
    const first = await created();
    await startBroadcast({ ...first, when: "now", scheduledAt: undefined });
    await flush();
    expect(smtp.messages.map(to)).toEqual(["here@example.com"]);
    expect((await findContact("gone@bounce.example"))!.suppression).toBe("hard_bounce");

    const second = await created({ subject: "Second tip" });
    expect(await startBroadcast({ ...second, when: "now", scheduledAt: undefined })).toEqual({ started: "now", queued: 1 });
    await flush();
    expect(smtp.messages.map(to)).toEqual(["here@example.com", "here@example.com"]);
    const figures = (await broadcastsWithFigures()).find((b) => b.id === first.id)!.figures;
    expect(figures).toMatchObject({ sent: 1, failed: 1, bounced: 1 });
  });

  it("an address suppressed after queueing is not sent to (checked at send time)", async () => {
    await subscriber("a@example.com");
    await subscriber("b@example.com");
    const b = await created();
    await startBroadcast({ ...b, when: "now", scheduledAt: undefined });
    await suppress("b@example.com", "complaint", "test");
    await flush();
    expect(smtp.messages.map(to)).toEqual(["a@example.com"]);
    expect((await broadcastsWithFigures())[0]!.figures).toMatchObject({ sent: 1, suppressed: 1 });
  });

  it("the one-click unsubscribe POST from a broadcast works, and it counts as unsubscribed", async () => {
    await subscriber("leaver@example.com");
    const b = await created();
    await startBroadcast({ ...b, when: "now", scheduledAt: undefined });
    await flush();
    expect(await oneClickUnsubscribe(smtp.messages[0]!, ORIGIN)).toEqual({ state: "done", email: "leaver@example.com" });
    expect((await findContact("leaver@example.com"))!.suppression).toBe("unsubscribed");
    expect((await broadcastsWithFigures())[0]!.figures.unsubscribed).toBe(1);
    expect(await countAudience(segment(["newsletter"]))).toBe(0);
  });

  it("shows the orders and revenue whose campaign is the broadcast's", async () => {
    await subscriber("buyer@example.com");
    const b = await created();
    await startBroadcast({ ...b, when: "now", scheduledAt: undefined });
    await flush();
    await paidOrder("buyer@example.com", 700, `broadcast-${b.id}`);
    await paidOrder("buyer@example.com", 1900, `broadcast-${b.id}`);
    await paidOrder("other@example.com", 700, "welcome-1-guide");
    await paidOrder("other@example.com", 700, null);
    expect((await broadcastsWithFigures())[0]!.figures).toMatchObject({ orders: 2, revenueCents: 2600 });
  });
});

describe("pause, resume, cancel, schedule", () => {
  it("pause stops the rows not yet sent, resume sends the rest, once each", { timeout: 60_000 }, async () => {
    for (let i = 0; i < 30; i++) await subscriber(`p${i}@example.com`);
    const b = await created();
    await startBroadcast({ ...b, when: "now", scheduledAt: undefined });
    // One pass sends one claim (20 rows); then the owner pauses.
    await processOutbox(deliver, workerOptions({ concurrency: 3 }));
    expect(smtp.messages).toHaveLength(20);
    expect(await changeBroadcast(b.id, "pause")).toBe(true);
    await flush();
    expect(smtp.messages).toHaveLength(20);
    expect((await broadcastsWithFigures())[0]!).toMatchObject({ status: "paused", figures: { sent: 20, queued: 10 } });
    expect(await changeBroadcast(b.id, "pause")).toBe(false);
    expect(await changeBroadcast(b.id, "resume")).toBe(true);
    await flush();
    expect(new Set(smtp.messages.map(to)).size).toBe(30);
    expect(smtp.messages).toHaveLength(30);
  });

  it("a row claimed before the pause is held, not sent, when the mailer looks just before sending", async () => {
    await subscriber("held@example.com");
    const b = await created();
    await startBroadcast({ ...b, when: "now", scheduledAt: undefined });
    const [row] = await claimDue(20, { listKinds: LIST_KINDS });
    await changeBroadcast(b.id, "pause");
    expect(await deliver(row!)).toEqual({ status: "held", info: `broadcast ${b.id} is paused` });
    expect(smtp.messages).toHaveLength(0);
  });

  it("cancel stops everything not yet sent, for good", { timeout: 60_000 }, async () => {
    for (let i = 0; i < 25; i++) await subscriber(`c${i}@example.com`);
    const b = await created();
    await startBroadcast({ ...b, when: "now", scheduledAt: undefined });
    await processOutbox(deliver, workerOptions({ concurrency: 3 }));
    expect(await changeBroadcast(b.id, "cancel")).toBe(true);
    await flush();
    expect(smtp.messages).toHaveLength(20);
    expect((await broadcastsWithFigures())[0]!).toMatchObject({ status: "cancelled", figures: { sent: 20, cancelled: 5, queued: 0 } });
    expect(await changeBroadcast(b.id, "resume")).toBe(false);
  });

  it("a scheduled broadcast starts when due, not before", async () => {
    await subscriber("later@example.com");
    const b = await created();
    const now = new Date();
    const at = new Date(now.getTime() + 60 * 60 * 1000);
    expect(await startBroadcast({ ...b, when: "later", scheduledAt: at }, now)).toEqual({ started: "scheduled", at, recipients: 1 });
    expect(await queueDueBroadcasts(new Date(at.getTime() - 1000))).toBe(0);
    await flush();
    expect(smtp.messages).toHaveLength(0);
    expect(await queueDueBroadcasts(at)).toBe(1);
    await flush();
    expect(smtp.messages.map(to)).toEqual(["later@example.com"]);
    // A second server's pass finds nothing more to start.
    expect(await queueDueBroadcasts(at)).toBe(0);
  });
});

describe("refused, and nothing changes", () => {
  it("a subject of two lines", () => {
    const parsed = BroadcastSchema.safeParse({ subject: "One\nTwo", preview: "p", body: "b", audienceNewsletter: "on" });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.message)).toEqual(["The subject must be one line."]);
  });

  it("a schedule in the past, no recipients, a second send, a stale tab", async () => {
    await subscriber("one@example.com");
    const empty = await created({ audienceNewsletter: "", audienceBuyers: "on" });
    const b = await created();
    const before = await snapshot();

    expect(await startBroadcast({ ...b, when: "later", scheduledAt: new Date(Date.now() - 60_000) })).toEqual({
      refused: "That time is in the past: choose a time from now on, or send it now.",
      httpStatus: 400,
    });
    const none = await startBroadcast({ ...empty, when: "now", scheduledAt: undefined });
    expect(none).toMatchObject({ httpStatus: 400 });
    expect((none as { refused: string }).refused).toMatch(/^Nobody would get this broadcast/);
    expect(await startBroadcast({ ...empty, when: "later", scheduledAt: new Date(Date.now() + 3600_000) })).toMatchObject({
      httpStatus: 400,
    });
    // Another tab saved first: this tab's save and its send are both refused.
    expect(await saveBroadcast({ ...draft({ subject: "Tab A" }), id: b.id, version: 1 })).toEqual({ saved: b.id });
    const afterTabA = await snapshot();
    expect(before.broadcasts.find((r) => r.id === b.id)!.version).toBe(1);
    const stale = await saveBroadcast({ ...draft({ subject: "Tab B" }), id: b.id, version: 1 });
    expect(stale).toMatchObject({ httpStatus: 409 });
    expect((stale as { refused: string }).refused).toMatch(/changed in another tab/);
    expect(await startBroadcast({ id: b.id, version: 1, when: "now", scheduledAt: undefined })).toMatchObject({ httpStatus: 409 });
    expect(await snapshot()).toEqual(afterTabA);
    expect(afterTabA.broadcasts.find((r) => r.id === b.id)!.subject).toBe("Tab A");

    // Sent once; a second send (even at the new version) is refused and queues nothing.
    expect(await startBroadcast({ id: b.id, version: 2, when: "now", scheduledAt: undefined })).toEqual({ started: "now", queued: 1 });
    const sent = await snapshot();
    const again = await startBroadcast({ id: b.id, version: 3, when: "now", scheduledAt: undefined });
    expect((again as { refused: string }).refused).toMatch(/already sent or started/);
    expect(await saveBroadcast({ ...draft(), id: b.id, version: 3 })).toMatchObject({ httpStatus: 409 });
    expect(await snapshot()).toEqual(sent);
  });
});

describe("list mail in the outbox", () => {
  it("a list row whose worker died after its send began is recorded interrupted, never sent again", async () => {
    expectLog(/1 list e-mail\(s\) interrupted mid-send are not sent again/);
    await subscriber("x@example.com");
    await subscriber("y@example.com");
    const b = await created();
    await startBroadcast({ ...b, when: "now", scheduledAt: undefined });
    // A worker renewed x's lease and began sending, then died (kill -9): the lease runs out.
    await db().execute(sql`
      update outbox set send_started_at = now(), claim_token = 'dead', locked_until = now() - interval '1 second', attempts = 1
      where to_address = 'x@example.com'
    `);
    expect(await recordInterrupted()).toBe(1);
    await flush();
    expect(smtp.messages.map(to)).toEqual(["y@example.com"]);
    expect((await broadcastsWithFigures())[0]!.figures).toMatchObject({ sent: 1, interrupted: 1 });
  });

  it("transactional rows are claimed before a broadcast's, whatever their order", async () => {
    for (let i = 0; i < 25; i++) await subscriber(`bulk${i}@example.com`);
    const b = await created();
    await startBroadcast({ ...b, when: "now", scheduledAt: undefined });
    await db().execute(sql`
      insert into outbox (kind, dedupe_key, to_address, payload) values ('contact-ack', 'ack:1', 'asker@example.com', '{"messageId": 1}'::jsonb)
    `);
    const claimed = await claimDue(20, { listKinds: LIST_KINDS });
    expect(claimed[0]!.kind).toBe("contact-ack");
    expect(claimed).toHaveLength(20);
  });

  it("the shared send rate: two claimers together get at most the bucket's allowance", async () => {
    await db().execute(sql`update mail_send_bucket set tokens = 0, refilled_at = clock_timestamp()`);
    for (let i = 0; i < 30; i++) await subscriber(`rate${i}@example.com`);
    const b = await created();
    await startBroadcast({ ...b, when: "now", scheduledAt: undefined });
    // 600 a minute = 10 a second; the bucket holds a quarter second of it (2.5): after a second
    // of waiting, two workers asking for 20 each get 2 in all, not a second's 10.
    await new Promise((r) => setTimeout(r, 1000));
    // What the bucket may give in `ms` more: 10 a second on top of the 2.5 it held (on a quiet
    // machine the two claims take a few milliseconds and that is exactly 2; on a loaded one the
    // bucket rightly refills while the second waits for the first).
    const allowance = (ms: number) => Math.floor(2.5 + ms / 100);
    const asked = Date.now();
    const [one, two] = await Promise.all([
      claimDue(20, { listKinds: LIST_KINDS, ratePerMinute: 600 }),
      claimDue(20, { listKinds: LIST_KINDS, ratePerMinute: 600 }),
    ]);
    const claimed = one.length + two.length;
    expect(claimed).toBeGreaterThanOrEqual(2);
    expect(claimed).toBeLessThanOrEqual(allowance(Date.now() - asked));
    expect(one.throttledMs ?? two.throttledMs).toBeGreaterThan(0);
    const { granted } = await takeSends(600, 100);
    expect(granted).toBeLessThanOrEqual(allowance(Date.now() - asked) - claimed);
    // Two seconds more of asking as often as told: about 20 more (10 a second), never a burst over it.
    let more = 0;
    const until = Date.now() + 2000;
    while (Date.now() < until) {
      const rows = await claimDue(20, { listKinds: LIST_KINDS, ratePerMinute: 600 });
      more += rows.length;
      await new Promise((r) => setTimeout(r, Math.max(10, rows.throttledMs ?? 0)));
    }
    expect(more).toBeGreaterThanOrEqual(17);
    expect(more).toBeLessThanOrEqual(23);
  });
});
