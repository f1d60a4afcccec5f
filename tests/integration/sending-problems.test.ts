/**
 * Nobody is silenced by our own mail server (issue 51, decision 065), through a real SMTP server in
 * this process that refuses, for every message, the login (AUTH), the sender (MAIL FROM), every
 * recipient (RCPT TO) or the message (DATA), as a revoked key, an unverified sender or a suspended
 * account does: nobody is suppressed, every kind of mail waits, the banner's state holds the
 * server's words, and once the server works again each waiting e-mail, the receipts among them,
 * arrives exactly once. A refusal of one reader's own address still suppresses that reader. And
 * the owner's repair for a list damaged before: the suppressions recorded at send in a period
 * lifted, with what each of them ended.
 */
import { sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { adminAuditLog, consents, contacts, newsletterSubscribers, outbox, sequenceEnrollments } from "../../db/schema";
import { NEWSLETTER_CONSENT } from "~/lib/site";
import { countSuppressionsAtSend, liftSuppressionsAtSend } from "~/server/admin/send-suppressions.server";
import { findContact, recordConsent, suppress } from "~/server/audience/contacts.server";
import { db } from "~/server/db.server";
import { env } from "~/server/env.server";
import { storeLead } from "~/server/forms/leads.server";
import { log } from "~/server/log.server";
import { processOutbox, type Deliver } from "~/server/mail/outbox.server";
import { probeDelayMs, probeNow, sendingProblem, sendingState } from "~/server/mail/sending-state.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { createPayments } from "~/server/payments/payments.server";
import { findTestOrder, payTestOrder } from "~/server/payments/test-provider.server";
import { useTestSite } from "../helpers/context";
import { useTestDatabase } from "../helpers/db";
import { REFUSALS, type RefusedStep, type TestSmtp, useOutboxMail, workerOptions } from "../helpers/smtp";

const ORIGIN = "https://shop.example";

useTestDatabase();
const site = useTestSite();
// With a login, as a provider's relay wants one (the AUTH step can be refused), and two connections.
const mail = useOutboxMail(ORIGIN, { login: true, connections: 2 });
let smtp: TestSmtp;
let deliver: Deliver;

beforeAll(() => {
  smtp = mail.smtp();
  deliver = mail.deliver();
});
beforeEach(() => {
  smtp.messages.length = 0;
  smtp.refuse(undefined);
  // Every refusal is logged as an error (the owner's server log); the tests read the database instead.
  vi.spyOn(log, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const flush = mail.flush;
const to = (mail: ParsedMail) => (mail.to as { text: string }).text;

const payments = createPayments({ provider: "test", publicOrigin: ORIGIN });
async function buy(email: string) {
  const { sessionId } = await startCheckout(payments, site(), { includeBump: false });
  await payTestOrder((await findTestOrder(sessionId))!, email);
}

async function lead(email: string) {
  await storeLead({ name: "Reader", email, sourcePage: "dispute-credit-errors" });
}

/** Time passes until the next probe is due (the wait itself is probeDelayMs's, tested below). */
const probeDue = () => db().execute(sql`update mail_sending set next_probe_at = now() - interval '1 second'`);

const suppressedCount = async () => ({
  n: (
    await db()
      .select()
      .from(contacts)
      .where(sql`${contacts.suppression} is not null`)
  ).length,
});
/** The e-mails due now (a receipt's review request waits a week), in the order they were queued. */
const statuses = async () =>
  (
    await db()
      .select({ status: outbox.status })
      .from(outbox)
      .where(sql`${outbox.dueAt} <= now()`)
      .orderBy(outbox.id)
  ).map((r) => r.status);

const STAGE: Record<Exclude<RefusedStep, "rcpt">, string> = { auth: "login", mail: "sender", data: "message" };

describe("a refusal about our sending", () => {
  for (const step of ["auth", "mail", "data"] as const) {
    it(`at ${step.toUpperCase()}: nothing is suppressed, every kind of mail waits, and each arrives once when the server works again`, async () => {
      smtp.refuse(step);
      for (const n of [1, 2, 3]) await lead(`reader${n}@example.com`);
      await buy("buyer@example.com");
      await flush();

      // Nothing went, nobody is suppressed, and every row waits (not failed, its attempt given back):
      // three guides, the receipt and the owner's sale e-mail (decision 069).
      expect(smtp.messages).toHaveLength(0);
      expect((await suppressedCount()).n).toBe(0);
      expect(await statuses()).toEqual(["pending", "pending", "pending", "pending", "pending"]);
      expect(
        await db()
          .select()
          .from(consents)
          .where(sql`${consents.withdrawnAt} is not null`),
      ).toHaveLength(0);
      const problem = await sendingProblem();
      expect(problem).toMatchObject({ paused: true, stage: STAGE[step], waiting: 5, probes: 0 });
      expect(problem!.serverWords).toContain(REFUSALS[step].words);
      expect(problem!.serverWords).toContain(String(REFUSALS[step].code));

      // Before the probe is due, a pass tries nothing at all.
      const refusedSoFar = smtp.refusals();
      expect(await processOutbox(deliver, workerOptions({ concurrency: 2 }))).toBe(0);
      expect(smtp.refusals()).toBe(refusedSoFar);

      // The probe is one message; refused again, the wait doubles.
      await probeDue();
      await flush();
      expect(smtp.refusals()).toBe(refusedSoFar + 1);
      const after = await sendingState();
      expect(after).toMatchObject({ paused: true, probes: 1 });
      const waitSeconds = after.paused ? (after.nextProbeAt.getTime() - Date.now()) / 1000 : 0;
      expect(waitSeconds).toBeGreaterThan(50);
      expect(waitSeconds).toBeLessThanOrEqual(60);

      // Fixed: the next probe goes through, sending resumes, every e-mail arrives once.
      smtp.refuse(undefined);
      await probeDue();
      await flush();
      expect((await sendingState()).paused).toBe(false);
      expect(smtp.messages.map(to).sort()).toEqual(
        ["buyer@example.com", "reader1@example.com", "reader2@example.com", "reader3@example.com", env().OWNER_EMAIL].sort(),
      );
      expect(smtp.messages.filter((m) => /receipt|order/i.test(m.subject ?? "") && to(m) === "buyer@example.com")).toHaveLength(1);
      expect(await statuses()).toEqual(["sent", "sent", "sent", "sent", "sent"]);
      expect((await suppressedCount()).n).toBe(0);
      await flush();
      expect(smtp.messages).toHaveLength(5);
    });
  }

  it("the same refusal for three readers in a row pauses sending instead of suppressing them; they all get their e-mail once it works", async () => {
    smtp.refuse("rcpt");
    for (const n of [1, 2, 3, 4]) await lead(`reader${n}@example.com`);
    await flush();
    expect(smtp.messages).toHaveLength(0);
    expect((await suppressedCount()).n).toBe(0);
    expect(await statuses()).toEqual(["pending", "pending", "pending", "pending"]);
    const problem = await sendingProblem();
    expect(problem).toMatchObject({ paused: true, stage: "recipients" });
    expect(problem!.serverWords).toContain("4 different readers refused in a row");
    expect(problem!.serverWords).toContain(REFUSALS.rcpt.words);

    smtp.refuse(undefined);
    await probeDue();
    await flush();
    expect((await sendingState()).paused).toBe(false);
    expect(smtp.messages.map(to).sort()).toEqual([
      "reader1@example.com",
      "reader2@example.com",
      "reader3@example.com",
      "reader4@example.com",
    ]);
    expect((await suppressedCount()).n).toBe(0);
  });

  it("the owner's Retry probes at once, not at the next wait, and is written to the audit log", async () => {
    smtp.refuse("mail");
    await buy("buyer@example.com");
    await flush();
    expect((await sendingState()).paused).toBe(true);
    smtp.refuse(undefined);
    // The next probe is 30 s away: a pass now sends nothing.
    await flush();
    expect(smtp.messages).toHaveLength(0);
    expect(await probeNow()).toBe(true);
    await flush();
    // The receipt, and the owner's sale e-mail (decision 069).
    expect(smtp.messages.map(to).sort()).toEqual(["buyer@example.com", env().OWNER_EMAIL].sort());
    expect((await sendingState()).paused).toBe(false);
    const [audit] = await db().select().from(adminAuditLog);
    expect(audit).toMatchObject({ action: "retry-sending", target: "mail" });
    expect(audit!.detail).toContain("sender");
    // Not paused any more: Retry has nothing to do.
    expect(await probeNow()).toBe(false);
  });

  it("two workers at once during an outage and after it: each waiting e-mail arrives exactly once", async () => {
    smtp.refuse("data");
    for (let n = 0; n < 8; n++) await lead(`reader${n}@example.com`);
    await buy("buyer@example.com");
    await Promise.all([flush(), flush()]);
    expect(smtp.messages).toHaveLength(0);
    smtp.refuse(undefined);
    await probeDue();
    await Promise.all([flush(), flush()]);
    await new Promise((r) => setTimeout(r, 100));
    // Eight guides, the receipt and the owner's sale e-mail (decision 069), once each.
    const addresses = smtp.messages.map(to);
    expect(addresses).toHaveLength(10);
    expect(new Set(addresses).size).toBe(10);
    expect((await suppressedCount()).n).toBe(0);
  });

  it("waits 30 s after the first refusal, doubling to at most 15 minutes", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((n) => probeDelayMs(n) / 1000)).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);
  });
});

describe("a refusal of one reader's own address", () => {
  it("at RCPT TO suppresses that reader only, once the server takes the next reader's e-mail; sending never pauses", async () => {
    await lead("gone@bounce.example");
    await lead("here@example.com");
    await lead("there@example.com");
    await flush();
    expect((await sendingState()).paused).toBe(false);
    expect(smtp.messages.map(to).sort()).toEqual(["here@example.com", "there@example.com"]);
    const gone = await findContact("gone@bounce.example");
    expect(gone).toMatchObject({ suppression: "hard_bounce" });
    expect(gone!.suppressionDetail).toMatch(/^SMTP 550 at send \(RCPT TO\): 550 5\.1\.1 No such mailbox/);
    expect((await suppressedCount()).n).toBe(1);
  });

  it("two unknown readers in a row are not a sending problem: both suppressed when the next reader's e-mail is taken", async () => {
    await lead("a@bounce.example");
    await lead("b@bounce.example");
    await flush();
    // Refused, and waiting for evidence: nobody suppressed yet, sending not paused.
    expect((await suppressedCount()).n).toBe(0);
    expect((await sendingState()).paused).toBe(false);
    await lead("c@example.com");
    await flush();
    expect((await findContact("a@bounce.example"))?.suppression).toBe("hard_bounce");
    expect((await findContact("b@bounce.example"))?.suppression).toBe("hard_bounce");
  });
});

describe("lifting the suppressions recorded at send in a period", () => {
  const hour = 60 * 60 * 1000;
  const backdate = (email: string, at: Date) =>
    db().execute(sql`
      with c as (update contacts set suppressed_at = ${at.toISOString()}::timestamptz where email = ${email} returning id, suppressed_at)
      update consents k set withdrawn_at = c.suppressed_at from c where k.contact_id = c.id and k.withdrawn_at is not null
    `);

  it("undoes each suppression and what it ended (consents, newsletter, welcome sequence), writes each to the audit log, and leaves everyone else alone", async () => {
    // The damage an outage did before: readers suppressed "at send" by the old rule.
    for (const email of ["ann@example.com", "bob@example.com"]) {
      await lead(email);
      await recordConsent(
        db(),
        { email },
        {
          purpose: "newsletter",
          source: "newsletter:/blog",
          wordingVersion: NEWSLETTER_CONSENT.version,
          proved: true,
        },
      );
      await db().insert(newsletterSubscribers).values({ email, status: "confirmed", confirmedAt: new Date() });
    }
    await db().execute(sql`insert into sequence_enrollments (contact_id, last_sent_at, next_at) select id, now(), now() from contacts`);
    await suppress("ann@example.com", "hard_bounce", "SMTP 550 at send: Mail command failed: 550 5.7.1 sender not verified");
    await suppress("bob@example.com", "hard_bounce", "SMTP 550 at send: Mail command failed: 550 5.7.1 sender not verified");
    // Outside the period: a day earlier.
    await lead("old@example.com");
    await suppress("old@example.com", "hard_bounce", "SMTP 550 at send: 550 5.1.1 no such user");
    await backdate("old@example.com", new Date(Date.now() - 24 * hour));
    // A provider's bounce event, not a refusal at send.
    await lead("event@example.com");
    await suppress("event@example.com", "hard_bounce", "SendGrid bounce: 550 5.1.1 mailbox unavailable");
    // Unsubscribed before the outage: stays suppressed.
    await lead("left@example.com");
    await suppress("left@example.com", "unsubscribed", "one-click unsubscribe");
    await suppress("left@example.com", "hard_bounce", "SMTP 550 at send: Mail command failed: 550 5.7.1 sender not verified");

    const from = new Date(Date.now() - hour);
    const until = new Date(Date.now() + hour);
    expect(await countSuppressionsAtSend(from, until)).toEqual({ liftable: 2, leftBefore: 1 });
    expect(await liftSuppressionsAtSend(from, until)).toEqual({ lifted: 2, leftBefore: 1 });

    for (const email of ["ann@example.com", "bob@example.com"]) {
      const c = await findContact(email);
      expect(c).toMatchObject({ suppression: null, suppressedAt: null });
      const held = await db()
        .select()
        .from(consents)
        .where(sql`${consents.contactId} = ${c!.id}`);
      expect(held.map((k) => [k.purpose, k.withdrawnAt])).toEqual([
        ["guide_followups", null],
        ["newsletter", null],
      ]);
      const [sub] = await db()
        .select()
        .from(newsletterSubscribers)
        .where(sql`${newsletterSubscribers.email} = ${email}`);
      expect(sub).toMatchObject({ status: "confirmed", unsubscribedAt: null });
      const [enrolment] = await db()
        .select()
        .from(sequenceEnrollments)
        .where(sql`${sequenceEnrollments.contactId} = ${c!.id}`);
      expect(enrolment).toMatchObject({ status: "active", stoppedReason: null });
    }
    expect((await findContact("old@example.com"))?.suppression).toBe("hard_bounce");
    expect((await findContact("event@example.com"))?.suppression).toBe("hard_bounce");
    expect((await findContact("left@example.com"))?.suppression).toBe("hard_bounce");
    const audit = await db().select().from(adminAuditLog).orderBy(adminAuditLog.id);
    expect(audit.map((a) => a.action)).toEqual(["lift-send-suppression", "lift-send-suppression"]);
    const ids = (
      await db()
        .select({ id: contacts.id })
        .from(contacts)
        .where(sql`${contacts.email} in ('ann@example.com', 'bob@example.com')`)
    ).map((c) => `contact:${c.id}`);
    expect(audit.map((a) => a.target).sort()).toEqual(ids.sort());
    expect(audit[0]!.detail).toContain("sender not verified");
    // A second lift finds nothing left to lift.
    expect(await liftSuppressionsAtSend(from, until)).toEqual({ lifted: 0, leftBefore: 1 });
  });
});
