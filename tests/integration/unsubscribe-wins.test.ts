/**
 * Issue 51, items 2, 3 and 5: an unsubscribe is the last word. A newsletter confirmation link is
 * used once and confirms nothing minted before an unsubscribe (the live review re-subscribed an
 * address by posting an already-used link after a one-click unsubscribe); a suppression of
 * "x@d" covers every "x+tag@d" spelling (the review's `victim1+a@example.net` got a guide e-mail
 * after `victim1@example.net` unsubscribed); and no public form writes to a suppressed address,
 * while answering exactly as it answers anyone. Through the route actions, a real SMTP server in
 * this process and the tables, on PGlite and on PostgreSQL.
 */
import { sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { describe, expect, it } from "vitest";
import { contacts, newsletterSubscribers } from "../../db/schema";
import { action as confirmAction, loader as confirmLoader } from "~/routes/newsletter-confirm";
import { ownerClearSuppression, recordConsent, sendBlocker, suppress } from "~/server/audience/contacts.server";
import { db } from "~/server/db.server";
import { resendGuide, RESEND_AFTER_SECONDS } from "~/server/forms/guide-resend.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { createPayments } from "~/server/payments/payments.server";
import { findTestOrder, payTestOrder } from "~/server/payments/test-provider.server";
import { useTestSite } from "../helpers/context";
import { rowsOf, useTestDatabase } from "../helpers/db";
import { ORIGIN, postContact, postLead, postNewsletter, postOrderLookup } from "../helpers/forms";
import { useOutboxMail } from "../helpers/smtp";
import { oneClickUnsubscribe } from "../helpers/unsubscribe";

useTestDatabase();
const site = useTestSite();
const mail = useOutboxMail(ORIGIN);

/** The confirmation link's token in a newsletter confirmation e-mail. */
function confirmToken(message: ParsedMail): string {
  const found = (message.text ?? "").match(new RegExp(`${ORIGIN}/newsletter/confirm/([A-Za-z0-9_-]{43})`));
  if (!found) throw new Error(`no confirmation link in: ${message.text}`);
  return found[1]!;
}

const open = (token: string) => confirmLoader({ params: { token } } as never);
const press = (token: string) =>
  confirmAction({ request: new Request(`${ORIGIN}/newsletter/confirm/${token}`, { method: "POST" }), params: { token } } as never);

/** Sign up on the blog's newsletter box and return the token of the confirmation e-mail that arrives. */
async function signUp(email: string): Promise<string> {
  expect((await postNewsletter({ form: { email } })).outcome.status).toBe("success");
  await mail.flush();
  const confirmation = mail.received(email).at(-1);
  expect(confirmation?.subject, `a confirmation e-mail to ${email}`).toMatch(/confirm/i);
  return confirmToken(confirmation!);
}

async function newsletterState(email: string) {
  const [subscriber] = await db()
    .select()
    .from(newsletterSubscribers)
    .where(sql`${newsletterSubscribers.email} = ${email}`);
  const [contact] = await db()
    .select()
    .from(contacts)
    .where(sql`${contacts.email} = ${email}`);
  const held = rowsOf<{ n: number }>(
    await db().execute(sql`
      select count(*)::int as n from consents k join contacts c on c.id = k.contact_id
      where c.email = ${email} and k.purpose = 'newsletter' and k.withdrawn_at is null
    `),
  )[0]!.n;
  return { status: subscriber?.status, suppression: contact?.suppression ?? null, currentNewsletterConsents: held };
}

/** Every outbox row to this address, as "kind status". */
async function queuedTo(email: string): Promise<string[]> {
  const rows = rowsOf<{ kind: string; status: string }>(
    await db().execute(sql`select kind, status from outbox where to_address = ${email} order by id`),
  );
  return rows.map((r) => `${r.kind} ${r.status}`);
}

describe("a newsletter confirmation link", () => {
  it("used, then a one-click unsubscribe: posting it again subscribes nobody and lifts nothing", async () => {
    const email = "reviewer@example.net";
    const token = await signUp(email);
    expect(await press(token)).toEqual({ state: "confirmed", email });
    // The confirmation e-mail's own List-Unsubscribe, as the review used it.
    expect(await oneClickUnsubscribe(mail.received(email).at(-1)!, ORIGIN)).toEqual({ state: "done", email });
    expect(await newsletterState(email)).toEqual({ status: "unsubscribed", suppression: "unsubscribed", currentNewsletterConsents: 0 });

    expect(await open(token)).toEqual({ state: "stale", email });
    expect(await press(token)).toEqual({ state: "stale", email });
    expect(await newsletterState(email)).toEqual({ status: "unsubscribed", suppression: "unsubscribed", currentNewsletterConsents: 0 });
  });

  it("never used, minted before an unsubscribe: it confirms nothing, even when the sign-up is pending", async () => {
    const email = "late@example.net";
    const token = await signUp(email);
    await suppress(email, "unsubscribed", "unsubscribe link");
    expect(await press(token)).toEqual({ state: "stale", email });
    expect(await newsletterState(email)).toEqual({ status: "unsubscribed", suppression: "unsubscribed", currentNewsletterConsents: 0 });

    // The sign-up made pending again some other way (an older version of the site did): the link still predates the unsubscribe.
    const other = "pending@example.net";
    const otherToken = await signUp(other);
    await suppress(other, "owner", "asked by phone");
    expect(await ownerClearSuppression(other)).toBe("cleared");
    await db().execute(sql`update newsletter_subscribers set status = 'pending' where email = ${other}`);
    expect(await open(otherToken)).toEqual({ state: "stale", email: other });
    expect(await press(otherToken)).toEqual({ state: "stale", email: other });
    expect(await newsletterState(other)).toMatchObject({ status: "pending", currentNewsletterConsents: 0 });
  });

  it("minted before its base mailbox unsubscribed, a +tag spelling's link confirms nothing", async () => {
    const token = await signUp("victim1+news@example.net");
    await suppress("victim1@example.net", "unsubscribed", "unsubscribe link");
    expect(await press(token)).toEqual({ state: "stale", email: "victim1+news@example.net" });
    // The sign-up's own consent (given on the form, never confirmed) is all it holds.
    expect(await newsletterState("victim1+news@example.net")).toEqual({
      status: "pending",
      suppression: null,
      currentNewsletterConsents: 1,
    });
    const confirmed = rowsOf(await db().execute(sql`select 1 from newsletter_subscribers where status = 'confirmed'`));
    expect(confirmed).toEqual([]);
  });

  it("is used once: two presses at once confirm once (one consent recorded for it), and the second says 'already confirmed'", async () => {
    const email = "twice@example.net";
    const token = await signUp(email);
    const answers = await Promise.all([press(token), press(token)]);
    expect(answers.map((a) => (a as { state: string }).state).sort()).toEqual(["already", "confirmed"]);
    // The sign-up's consent, as given on the form, and one confirmation's: a second would make three.
    expect(await newsletterState(email)).toEqual({ status: "confirmed", suppression: null, currentNewsletterConsents: 2 });
    expect(await open(token)).toEqual({ state: "already", email });
    const used = rowsOf<{ used: boolean }>(
      await db().execute(sql`select used_at is not null as used from email_tokens where purpose = 'newsletter-confirm'`),
    );
    expect(used).toEqual([{ used: true }]);
  });
});

describe("a suppression of x@d", () => {
  it("covers x+anything@d: no guide e-mail and no list mail; contacts stay as typed; lifting it lifts both", async () => {
    await suppress("victim1@example.net", "owner", "asked by phone");
    const lead = await postLead({ form: { name: "Vic", email: "Victim1+a@example.net" } });
    expect(lead.outcome).toMatchObject({ status: "success", title: "Success!" });
    // A guide row queued before the suppression (or by an older version) is held back when its turn comes.
    await db().execute(sql`
      insert into outbox (kind, dedupe_key, to_address, payload)
      values ('guide', 'guide:old', 'victim1+b@example.net', ${JSON.stringify({ leadId: 0, name: "Vic", guide: "credit-repair" })}::jsonb)
    `);
    await recordConsent(
      db(),
      { email: "victim1+b@example.net" },
      { purpose: "guide_followups", source: "lead form /blog/x", wordingVersion: "v" },
    );
    await mail.flush();
    expect(mail.received("victim1+a@example.net")).toEqual([]);
    expect(mail.received("victim1+b@example.net")).toEqual([]);
    expect(await queuedTo("victim1+a@example.net")).toEqual([]);
    expect(await queuedTo("victim1+b@example.net")).toEqual(["guide suppressed"]);
    // Outside the providers that document "+tags", each spelling stays a contact of its own.
    expect((await db().select({ email: contacts.email }).from(contacts)).map((c) => c.email).sort()).toEqual([
      "victim1+a@example.net",
      "victim1+b@example.net",
      "victim1@example.net",
    ]);
    expect(await sendBlocker("victim1+b@example.net", "guide_followups")).toBe("address suppressed (owner)");

    // Lifted on x@d: x+b@d, which consented itself, may be written to again.
    expect(await ownerClearSuppression("victim1@example.net")).toBe("cleared");
    expect(await sendBlocker("victim1+b@example.net", "guide_followups")).toBeUndefined();
  });

  it("holds transactional mail to x+tag@d back exactly as it would x@d's (a complaint, not an unsubscribe); never the other way round", async () => {
    await suppress("quiet@example.net", "unsubscribed", "link");
    await suppress("angry@example.net", "complaint", "provider");
    expect(await sendBlocker("quiet+shop@example.net", "transactional")).toBeUndefined();
    expect(await sendBlocker("angry+shop@example.net", "transactional")).toBe("address suppressed (complaint)");
    // x+tag@d unsubscribing says nothing certain about x@d (another mailbox, maybe): x@d's own consent still holds.
    await suppress("ann+list@example.net", "unsubscribed", "link");
    await recordConsent(
      db(),
      { email: "ann@example.net" },
      { purpose: "guide_followups", source: "lead form /blog/x", wordingVersion: "v" },
    );
    expect(await sendBlocker("ann@example.net", "guide_followups")).toBeUndefined();
    expect(await sendBlocker("ann+list@example.net", "guide_followups")).toBe("address suppressed (unsubscribed)");
  });
});

describe("a suppressed address typed into a form", () => {
  const payments = createPayments({ provider: "test", publicOrigin: ORIGIN });
  async function buy(email: string) {
    const { sessionId } = await startCheckout(payments, site(), { includeBump: false });
    await payTestOrder((await findTestOrder(sessionId))!, email);
  }
  const lookUp = async (email: string) => (await postOrderLookup({ form: { email } })).outcome;

  it.each([
    ["unsubscribed", "gone@example.org"],
    ["unsubscribed", "gone+shop@example.org"],
    ["complaint", "gone@example.org"],
    ["hard_bounce", "gone@example.org"],
  ] as const)("%s, typed as %s: every form answers as for anyone, and nothing is queued to it", async (reason, typed) => {
    // A buyer of the toolkit (their receipt went), then suppressed; and a stranger's fresh address beside it.
    await buy("gone@example.org");
    await buy("fresh@example.org");
    if (typed !== "gone@example.org") await buy(typed);
    await mail.flush();
    await suppress("gone@example.org", reason, "test");
    const before = await queuedTo(typed);
    const subscribersBefore = await db().select().from(newsletterSubscribers);

    const fresh = {
      newsletter: (await postNewsletter({ form: { email: "fresh@example.org" } })).outcome,
      contact: (await postContact({ form: { name: "Fay", email: "fresh@example.org", subject: "Hi", message: "Hello" } })).outcome,
      lead: (await postLead({ form: { name: "Fay", email: "fresh@example.org" } })).outcome,
      lookup: await lookUp("fresh@example.org"),
    };
    const gone = {
      newsletter: (await postNewsletter({ form: { email: typed } })).outcome,
      contact: (await postContact({ form: { name: "Fay", email: typed, subject: "Hi", message: "Hello" } })).outcome,
      lead: (await postLead({ form: { name: "Fay", email: typed } })).outcome,
      lookup: await lookUp(typed),
    };
    expect(gone).toEqual({ ...fresh, lead: { ...fresh.lead, resend: expect.any(String) } });
    await mail.flush();

    // The owner still gets the message; the address gets nothing, and nothing is even queued to it.
    expect(await queuedTo(typed)).toEqual(before);
    // (Its review request is due a week after the purchase: review-requests.test.ts.)
    expect((await queuedTo("fresh@example.org")).filter((row) => !row.startsWith("review-request"))).toEqual([
      "receipt sent",
      "newsletter-confirm sent",
      "contact-ack sent",
      "guide sent",
      "lost-link sent",
    ]);
    const toOwner = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from outbox where kind = 'contact-owner'`));
    expect(toOwner).toEqual([{ n: 2 }]);
    // The newsletter box stored nothing for it (no pending sign-up, no consent).
    expect((await db().select().from(newsletterSubscribers)).filter((s) => s.email !== "fresh@example.org")).toEqual(subscribersBefore);

    // "Send it again", a minute later: the answer a delivered e-mail gets, to the typed address as to the fresh one.
    const later = new Date(Date.now() + (RESEND_AFTER_SECONDS + 5) * 1000);
    const goneResend = await resendGuide((gone.lead as { resend: string }).resend, later);
    const freshResend = await resendGuide((fresh.lead as { resend: string }).resend, later);
    expect(freshResend.title).toBe("It was delivered");
    expect(goneResend).toEqual({
      ...freshResend,
      description: freshResend.description.replaceAll("fresh@example.org", typed),
      resend: expect.any(String),
    });
  });
});
