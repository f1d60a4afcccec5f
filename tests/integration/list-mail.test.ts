/**
 * Talking to the list, end to end through a real SMTP server in this process: the outbox's claim
 * (a stale worker neither sends nor records), suppression checked at send time by every path, a
 * 5xx becoming a hard bounce, and the welcome sequence across simulated days on an injected
 * clock, started only by the guide link and stopped by a purchase or a one-click unsubscribe.
 */
import { sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { consents, contacts, outbox, sequenceEnrollments } from "../../db/schema";
import { LEAD_CONSENT, NEWSLETTER_CONSENT } from "~/lib/site";
import { action as newsletterConfirmAction, loader as newsletterConfirmLoader } from "~/routes/newsletter-confirm";
import { countAudience, countContacts } from "~/server/audience/audience.server";
import { action as guideAction, loader as guideLoader } from "~/routes/guide-open";
import { action as unsubscribeAction } from "~/routes/unsubscribe";
import { findContact, ownerClearSuppression, recordConsent, suppress } from "~/server/audience/contacts.server";
import { DEFAULT_STEPS as ALL_STEPS, queueDueSteps, setSequencePaused, updateStep } from "~/server/audience/sequence.server";
import { guideFigures } from "~/server/audience/sequence-figures.server";
import { unsubscribe } from "~/server/audience/email-links.server";
import { db } from "~/server/db.server";
import { env } from "~/server/env.server";
import { storeLead } from "~/server/forms/leads.server";
import { processOutbox, type Deliver } from "~/server/mail/outbox.server";
import { payTestOrder, findTestOrder } from "~/server/payments/test-provider.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { createPayments } from "~/server/payments/payments.server";
import { useTestSite } from "../helpers/context";
import { rowsOf, useTestDatabase } from "../helpers/db";
import { rawHeader, type TestSmtp, useOutboxMail, workerOptions } from "../helpers/smtp";
import { expectLog } from "../helpers/console-errors";

const ORIGIN = "https://shop.example";
const DAY = 24 * 60 * 60 * 1000;

useTestDatabase();
const site = useTestSite();
const testMail = useOutboxMail(ORIGIN);
const { flush, received } = testMail;
let smtp: TestSmtp;
let deliver: Deliver;

beforeAll(() => {
  smtp = testMail.smtp();
  deliver = testMail.deliver();
});
beforeEach(() => {
  smtp.messages.length = 0;
});
afterEach(() => vi.restoreAllMocks());

const to = (message: ParsedMail) => (message.to as { text: string }).text;

/** The path of the first link in the HTML part that starts with `path` (entities decoded). */
function hrefIn(mail: ParsedMail, path: string): string {
  const hrefs = [...String(mail.html).matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
  const found = hrefs.find((h) => h.startsWith(`${ORIGIN}${path}`));
  if (!found) throw new Error(`no ${path} link in ${hrefs.join(" ")}`);
  return found.slice(ORIGIN.length);
}

/** A lead, its guide e-mail delivered, and (unless `open` is false) the guide link in it used at `provedAt`. */
async function leadWhoOpens(email: string, provedAt: Date, open = true): Promise<void> {
  expect(await storeLead({ name: "Ana", email, sourcePage: "dispute-credit-errors" })).toBe("created");
  await flush();
  const guide = received(email).find((m) => m.subject === "Your free Credit Repair Starter Guide");
  expect(guide, `guide e-mail to ${email}`).toBeDefined();
  if (!open) return;
  vi.useFakeTimers({ now: provedAt, toFake: ["Date"] });
  try {
    const response = await pressGuideButton(guide!);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/downloads/credit-repair-starter-guide.pdf");
  } finally {
    vi.useRealTimers();
  }
}

/** The guide link's page, then its button: a POST to the link (the page itself proves nothing). */
async function pressGuideButton(guide: ParsedMail): Promise<Response> {
  const path = hrefIn(guide, "/guide/");
  const params = { token: new URL(path, ORIGIN).pathname.split("/")[2]! };
  expect(guideLoader({ request: new Request(`${ORIGIN}${path}`) } as never)).toEqual({ title: expect.any(String) });
  return (await guideAction({ request: new Request(`${ORIGIN}${path}`, { method: "POST" }), params } as never)) as Response;
}

/** The credit guide's sequence (the five steps this file walks). */
const DEFAULT_STEPS = ALL_STEPS.filter((s) => s.guide === "credit-repair");

async function outboxOf(kind: string) {
  return rowsOf<{ toAddress: string; status: string; stepId: string }>(
    await db().execute(
      sql`select to_address as "toAddress", status, payload->>'stepId' as "stepId" from outbox where kind = ${kind} order by id`,
    ),
  );
}

const payments = createPayments({ provider: "test", publicOrigin: ORIGIN });
async function buy(email: string) {
  const { sessionId } = await startCheckout(payments, site(), { includeBump: false });
  await payTestOrder((await findTestOrder(sessionId))!, email);
}

describe("the outbox claim", () => {
  it("a worker whose lease ran out mid-batch sends none of the rest and records nothing over the worker that took them", async () => {
    expectLog(/its claim ran out while sending/);
    for (const n of [1, 2, 3]) await storeLead({ name: "P", email: `p${n}@example.com`, sourcePage: "dispute-credit-errors" });
    // Worker A's first send hangs (a slow mail server) past the lease; meanwhile worker B claims
    // the same rows with its own token and sends all three.
    const slow = vi.fn<Deliver>(async () => {
      await db().execute(sql`update outbox set locked_until = now() - interval '1 second'`);
      await flush();
      return { status: "sent", info: "A's late answer" };
    });
    expect(await processOutbox(slow, workerOptions())).toBe(3);
    expect(slow).toHaveBeenCalledTimes(1);
    expect(smtp.messages.map(to).sort()).toEqual(["p1@example.com", "p2@example.com", "p3@example.com"]);
    const rows = await db().select().from(outbox).orderBy(outbox.id);
    expect(rows.map((r) => [r.status, r.sentInfo?.startsWith("250"), r.claimToken])).toEqual([
      ["sent", true, null],
      ["sent", true, null],
      ["sent", true, null],
    ]);
  });

  it("an SMTP 5xx at RCPT TO suppresses the address as a hard bounce once the server takes someone else's: later mail to it is not even tried", async () => {
    expectLog(/not sent, attempt 1: .*550 5\.1\.1/);
    await storeLead({ name: "Nobody", email: "nobody@bounce.example", sourcePage: "dispute-credit-errors" });
    await flush();
    // Refused, not suppressed yet: one refusal alone does not tell a reader's mailbox from our own sending.
    expect((await findContact("nobody@bounce.example"))?.suppression).toBeNull();
    await storeLead({ name: "Somebody", email: "somebody@example.com", sourcePage: "dispute-credit-errors" });
    await flush();
    expect(smtp.messages.map((m) => (m.to as { text: string }).text)).toEqual(["somebody@example.com"]);
    expect((await findContact("nobody@bounce.example"))?.suppression).toBe("hard_bounce");
    expect((await findContact("nobody@bounce.example"))?.suppressionDetail).toMatch(
      /^SMTP 550 at send \(RCPT TO\): 550 5\.1\.1 No such mailbox/,
    );
    smtp.messages.length = 0;
    // A receipt for that address: suppressed at send time, no SMTP attempt (the server would refuse again).
    const sends = vi.fn(deliver);
    await buy("nobody@bounce.example");
    while ((await processOutbox(sends, workerOptions())) > 0);
    const receipt = (await outboxOf("receipt"))[0];
    expect(receipt).toMatchObject({ toAddress: "nobody@bounce.example", status: "suppressed" });
    // Only the owner's sale e-mail went (decision 069): nothing to the bounced address.
    expect(smtp.messages.map((m) => (m.to as { text: string }).text)).toEqual([env().OWNER_EMAIL]);
  });
});

describe("suppression at send time", () => {
  it("an unsubscribed buyer still gets the receipt; a complaint stops even that; a guide queued before the unsubscribe is not sent", async () => {
    await suppress("kept@example.com", "unsubscribed", "test");
    await suppress("angry@example.com", "complaint", "test");
    await buy("kept@example.com");
    await buy("angry@example.com");
    await storeLead({ name: "Late", email: "late@example.com", sourcePage: "dispute-credit-errors" });
    // Queued while allowed; the unsubscribe comes before the worker sends it.
    await suppress("late@example.com", "unsubscribed", "test");
    await flush();
    // Besides the owner's sale e-mail of each order (decision 069), only the unsubscribed buyer's receipt.
    expect(smtp.messages.map(to).filter((address) => address !== env().OWNER_EMAIL)).toEqual(["kept@example.com"]);
    expect((await db().select().from(outbox)).map((r) => `${r.kind} ${r.toAddress} ${r.status}`).sort()).toEqual([
      "guide late@example.com suppressed",
      `owner-sale ${env().OWNER_EMAIL} sent`,
      `owner-sale ${env().OWNER_EMAIL} sent`,
      "receipt angry@example.com suppressed",
      "receipt kept@example.com sent",
      // Due a week after the payment: decided then (review-requests.test.ts).
      "review-request angry@example.com pending",
      "review-request kept@example.com pending",
    ]);
  });

  it("goes only under a current consent of its own purpose, checked at send time, whatever queued it", async () => {
    // A guide reader (consent to the guide's follow-ups only) and a newsletter subscriber.
    await recordConsent(
      db(),
      { email: "reader@example.com" },
      {
        purpose: "guide_followups",
        source: "lead form /blog/x",
        wordingVersion: "v",
        proved: true,
      },
    );
    await db().execute(
      sql`insert into newsletter_subscribers (email, status, confirmed_at) values ('sub@example.com', 'confirmed', now())`,
    );
    await recordConsent(
      db(),
      { email: "sub@example.com" },
      { purpose: "newsletter", source: "newsletter confirmation", wordingVersion: "v", proved: true },
    );
    // A broadcast under way whose rows an older version queued to both (it let guide readers in),
    // and a review request queued for an address that never bought.
    await db().execute(sql`
      insert into broadcasts (id, subject, preview, body, audiences, status, started_at, queued)
      values (1, 'Tips for December', 'Three small steps.', 'Hello,

Three small steps.', '["newsletter"]'::jsonb, 'sending', now(), 2)
    `);
    for (const email of ["reader@example.com", "sub@example.com"]) {
      await db().execute(sql`
        insert into outbox (kind, dedupe_key, to_address, payload)
        values ('broadcast', ${`bc:1:${email}`}, ${email}, ${JSON.stringify({ broadcastId: 1, contactId: 0 })}::jsonb)
      `);
    }
    await db().execute(sql`
      insert into outbox (kind, dedupe_key, to_address, payload) values ('review-request', 'review-request:99', 'reader@example.com', '{"orderId": 99}'::jsonb)
    `);
    await flush();
    expect(smtp.messages.map(to)).toEqual(["sub@example.com"]);
    const rows = rowsOf<{ kind: string; to: string; status: string; info: string | null }>(
      await db().execute(sql`select kind, to_address as to, status, sent_info as info from outbox order by id`),
    );
    expect(rows).toEqual([
      { kind: "broadcast", to: "reader@example.com", status: "suppressed", info: "no current newsletter consent" },
      { kind: "broadcast", to: "sub@example.com", status: "sent", info: expect.any(String) },
      { kind: "review-request", to: "reader@example.com", status: "suppressed", info: "no current buyer consent" },
    ]);
  });

  it("the owner cannot clear an unsubscribe or a complaint; a new proved consent can; a weaker reason never replaces a stronger", async () => {
    await suppress("ann@example.com", "complaint", "postmark");
    await suppress("ann@example.com", "unsubscribed", "link");
    expect((await findContact("ann@example.com"))?.suppression).toBe("complaint");
    expect(await ownerClearSuppression("ann@example.com")).toBe("refused");
    await suppress("bob@example.com", "owner", "asked by phone");
    expect(await ownerClearSuppression("bob@example.com")).toBe("cleared");
    await recordConsent(
      db(),
      { email: "ann@example.com" },
      { purpose: "newsletter", source: "newsletter confirmation", wordingVersion: "v", proved: true },
    );
    expect((await findContact("ann@example.com"))?.suppression).toBeNull();
  });
});

describe("the welcome sequence", () => {
  it("runs six steps once the guide link is used, the last when a first dispute's answer is due, each once, signed, with one-click unsubscribe and tagged links", async () => {
    const start = new Date("2026-12-01T10:00:00Z");
    await leadWhoOpens("ana@example.com", start);
    await leadWhoOpens("stranger@example.com", start, false);
    const [consent] = await db().select().from(consents);
    expect(consent).toMatchObject({
      purpose: "guide_followups",
      wordingVersion: LEAD_CONSENT.version,
      source: "lead form /blog/dispute-credit-errors",
    });

    // Day by day for seven weeks: each step arrives once, on its day.
    const arrivals: string[] = [];
    for (let day = 0; day <= 49; day++) {
      const now = new Date(start.getTime() + day * DAY + 60_000);
      await queueDueSteps(now);
      await queueDueSteps(now); // a second pass (another server) queues nothing new
      const before = received("ana@example.com").length;
      await flush();
      for (const mail of received("ana@example.com").slice(before)) arrivals.push(`day ${day}: ${mail.subject}`);
    }
    const delays = DEFAULT_STEPS.map((s) => s.delayMinutes / 1440);
    const days = delays.map((_, i) => delays.slice(0, i + 1).reduce((a, b) => a + b, 0));
    expect(arrivals).toEqual(DEFAULT_STEPS.map((step, i) => `day ${days[i]}: ${step.subject}`));
    expect(DEFAULT_STEPS).toHaveLength(6);
    expect(days).toEqual([1, 4, 7, 10, 14, 40]);
    // The toolkit's step within the first two weeks or so; the answer-due step between days 35 and 45
    // (a bureau's 30 days, or 45, from receiving a dispute sent in the first week or two).
    expect(days[4]).toBeLessThanOrEqual(16);
    expect(DEFAULT_STEPS[4]!.body).toContain("(/checkout)");
    expect(DEFAULT_STEPS[5]!.subject).toMatch(/answer is due/);
    expect(days.at(-1)).toBeGreaterThanOrEqual(35);
    expect(days.at(-1)).toBeLessThanOrEqual(45);
    // The stranger's address (never proved) got the guide it asked for and nothing more.
    expect(received("stranger@example.com").map((m) => m.subject)).toEqual(["Your free Credit Repair Starter Guide"]);

    const steps = received("ana@example.com").slice(1);
    for (const mail of steps) {
      expect(rawHeader(mail, "list-unsubscribe")).toMatch(new RegExp(`^<${ORIGIN}/unsubscribe/[A-Za-z0-9_-]{43}>`));
      expect(rawHeader(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      expect(mail.text).toContain("PO Box 123, Springfield, IL 62701");
      // Signed by a real person or the team, never an invented name (OWNER_NAME unset here).
      expect(mail.text).toMatch(/\nThe Fresh Start Money team\n/);
      expect(mail.text).toMatch(/Unsubscribe: https:\/\/shop\.example\/unsubscribe\//);
      // Every link to the site says which e-mail it came from.
      const siteLinks = [...String(mail.html).matchAll(/href="(https:\/\/shop\.example\/[^"]*)"/g)]
        .map((m) => m[1]!.replaceAll("&amp;", "&"))
        .filter((href) => !href.includes("/unsubscribe/") && !href.includes("/newsletter/confirm/") && href !== `${ORIGIN}/`);
      expect(siteLinks.length).toBeGreaterThan(0);
      for (const href of siteLinks) expect(new URL(href).searchParams.get("utm_source")).toBe("email");
      expect(new Set(siteLinks.map((href) => new URL(href).searchParams.get("utm_campaign"))).size).toBe(1);
    }
    expect(await db().select().from(sequenceEnrollments)).toEqual([expect.objectContaining({ status: "done" })]);
  });

  it("the last step invites the reader to the newsletter; only their own press on its page makes them a subscriber", async () => {
    const start = new Date("2026-12-01T10:00:00Z");
    await leadWhoOpens("ana@example.com", start);
    await leadWhoOpens("ben@example.com", start);
    for (let day = 0; day <= 49; day++) {
      await queueDueSteps(new Date(start.getTime() + day * DAY + 60_000));
      await flush();
    }
    const steps = received("ana@example.com").slice(1);
    expect(steps).toHaveLength(DEFAULT_STEPS.length);
    // Only the last step asks, with a link of the reader's own.
    for (const mail of steps.slice(0, -1)) expect(mail.text).not.toContain("keep sending me tips");
    const last = steps.at(-1)!;
    expect(last.text).toContain("This is the last of the guide’s e-mails: we won’t write again unless you ask.");
    expect(last.text).toMatch(/Yes, keep sending me tips/i);
    const path = hrefIn(last, "/newsletter/confirm/");
    // Asking for the guide is not the newsletter: nobody is in a broadcast's audience yet.
    expect(await countAudience({ audiences: ["newsletter", "guide", "buyers"], includeTags: [], excludeTags: [] })).toBe(0);

    // Ana opens it (a mail scanner's GET would change nothing) and presses the page's one button.
    const params = { token: path.split("/")[3]! };
    expect(await newsletterConfirmLoader({ params } as never)).toMatchObject({ state: "ask", email: "ana@example.com" });
    expect(await countAudience({ audiences: ["newsletter"], includeTags: [], excludeTags: [] })).toBe(0);
    const answer = await newsletterConfirmAction({ request: new Request(`${ORIGIN}${path}`, { method: "POST" }), params } as never);
    expect(answer).toMatchObject({ state: "confirmed", email: "ana@example.com" });
    const ana = await findContact("ana@example.com");
    const recorded = await db()
      .select()
      .from(consents)
      .where(sql`${consents.contactId} = ${ana!.id} and ${consents.purpose} = 'newsletter'`);
    expect(recorded).toEqual([
      expect.objectContaining({
        source: "newsletter confirmation of the welcome sequence's last e-mail",
        wordingVersion: NEWSLETTER_CONSENT.version,
      }),
    ]);
    // Ana is now in the newsletter, and among those who asked for a guide; Ben, who did not press, in neither.
    expect(await countAudience({ audiences: ["newsletter"], includeTags: [], excludeTags: [] })).toBe(1);
    expect(await countAudience({ audiences: ["guide"], includeTags: [], excludeTags: [] })).toBe(1);
    // The contacts list: Ana signed up for the newsletter; Ben was only invited.
    expect(await countContacts({ source: "newsletter" })).toBe(1);
    expect(received("ben@example.com").at(-1)!.text).toMatch(/Yes, keep sending me tips/i);
    // What the owner's sequence page shows of the guide: two asked and opened, both got every step, one joined.
    await storeLead({ name: "Cy", email: "cy@example.com", sourcePage: "dispute-credit-errors" });
    await buy("ben@example.com");
    await unsubscribe("cy@example.com", "unsubscribe link");
    expect(await guideFigures("credit-repair")).toEqual({
      asked: 3,
      opened: 2,
      inSequence: 0,
      finished: 2,
      unsubscribed: 1,
      bought: 1,
      joinedNewsletter: 1,
    });
  });

  it("stops at once on a purchase and on a one-click unsubscribe from a step", async () => {
    const start = new Date("2026-12-01T10:00:00Z");
    await leadWhoOpens("buyer@example.com", start);
    await leadWhoOpens("leaver@example.com", start);
    const day = (n: number) => new Date(start.getTime() + n * DAY + 60_000);
    await queueDueSteps(day(1));
    await flush();
    expect(received("buyer@example.com")).toHaveLength(2);
    expect(received("leaver@example.com")).toHaveLength(2);

    // Step 2 is queued for both; then one buys and the other uses the one-click unsubscribe of step 1.
    await queueDueSteps(day(4));
    await buy("buyer@example.com");
    const step1 = received("leaver@example.com")[1]!;
    const path = rawHeader(step1, "list-unsubscribe")!.match(/^<https:\/\/shop\.example(\/unsubscribe\/[^>]+)>/)![1]!;
    const oneClick = new Request(`${ORIGIN}${path}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(await unsubscribeAction({ request: oneClick, params: { token: path.split("/")[2]! } } as never)).toEqual({
      state: "done",
      email: "leaver@example.com",
    });
    await flush();
    for (let n = 5; n <= 21; n++) {
      await queueDueSteps(day(n));
      await flush();
    }
    // The buyer got the receipt and no more steps; the leaver nothing after step 1.
    expect(received("buyer@example.com").map((m) => m.subject)).toEqual([
      "Your free Credit Repair Starter Guide",
      DEFAULT_STEPS[0]!.subject,
      expect.stringMatching(/receipt|order/i),
    ]);
    expect(received("leaver@example.com")).toHaveLength(2);
    const stopped = await db().select().from(sequenceEnrollments).orderBy(sequenceEnrollments.contactId);
    expect(stopped.map((e) => [e.status, e.stoppedReason])).toEqual([
      ["stopped", "purchased"],
      ["stopped", "unsubscribed"],
    ]);
    expect((await outboxOf("sequence-step")).filter((r) => r.stepId === DEFAULT_STEPS[1]!.id).map((r) => r.status)).toEqual([
      "suppressed",
      "suppressed",
    ]);
  });

  it("never starts for a lead stored under the older wording, nor while paused; a changed delay reschedules those waiting", async () => {
    const start = new Date("2026-12-01T10:00:00Z");
    await leadWhoOpens("old@example.com", start, false);
    // The consent on record is under the wording from before the follow-ups were promised.
    await db().execute(sql`update consents set wording_version = '2025-01-01'`);
    const oldGuide = received("old@example.com")[0]!;
    await pressGuideButton(oldGuide);
    expect((await findContact("old@example.com"))?.provedAt).not.toBeNull();
    expect(await db().select().from(sequenceEnrollments)).toEqual([]);

    await leadWhoOpens("new@example.com", start);
    await setSequencePaused(true);
    expect(await queueDueSteps(new Date(start.getTime() + 30 * DAY))).toBe(0);
    await setSequencePaused(false);
    // The first step now waits 0 minutes: due at once from the proof.
    const first = DEFAULT_STEPS[0]!;
    await updateStep(first.id, { subject: "Edited subject", preview: first.preview, body: first.body, delayMinutes: 0 });
    expect(await queueDueSteps(new Date(start.getTime() + 60_000))).toBe(1);
    await flush();
    expect(received("new@example.com").map((m) => m.subject)).toEqual(["Your free Credit Repair Starter Guide", "Edited subject"]);
    expect((await db().select().from(contacts)).map((c) => c.email).sort()).toEqual(["new@example.com", "old@example.com"]);
  });
});
