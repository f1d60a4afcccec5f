/**
 * The buyer's dispute tracker (issue 54, decision 074), through its routes as a browser without
 * JavaScript uses them: a dispute added, its due date and state on the page, the refusal of an
 * account number, another mailbox's dispute untouched, the CSV and the calendar file, delete all;
 * a refunded order's tracker readable but closed; the reminders sent when due, once, never to a
 * suppressed address, a stopped tracker, an answered dispute or a refunded order.
 */
import { eq, sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { beforeEach, describe, expect, it } from "vitest";
import { disputes, disputeTrackers, outbox } from "../../db/schema";
import { action as trackerAction, loader as trackerLoader } from "~/routes/order-disputes";
import { loader as orderLoader } from "~/routes/order";
import { loader as allOrdersLoader } from "~/routes/orders-all";
import { mintPurchasesLink } from "~/server/delivery/purchases.server";
import { loader as csvLoader } from "~/routes/order-disputes-csv";
import { loader as icsLoader } from "~/routes/order-dispute-ics";
import { action as stopAction, loader as stopLoader } from "~/routes/disputes-stop";
import { fromZonedInput, zonedDay } from "~/lib/dates";
import { unsubscribe } from "~/server/audience/email-links.server";
import { db } from "~/server/db.server";
import { mintOrderLink } from "~/server/delivery/order-access.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { findOrderBySession, type Order } from "~/server/payments/orders.server";
import { createPayments } from "~/server/payments/payments.server";
import type { Payments } from "~/server/payments/provider.server";
import { findTestOrder, payTestOrder, refundTestOrder } from "~/server/payments/test-provider.server";
import { trackerTotals } from "~/server/disputes/tracker-totals.server";
import { useTestSite } from "../helpers/context";
import { useTestDatabase } from "../helpers/db";
import { call, requestsTo } from "../helpers/routes";
import { rawHeader, useOutboxMail } from "../helpers/smtp";

const ORIGIN = "https://shop.example";
const NY = "America/New_York";

useTestDatabase();
const site = useTestSite();
const payments: Payments = createPayments({ provider: "test", publicOrigin: ORIGIN });
const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: { config: { owner: null, payments }, ...site() } }) as never;
const { get, post } = requestsTo(ORIGIN);
const mail = useOutboxMail(ORIGIN);
beforeEach(() => {
  mail.smtp().messages.length = 0;
});

async function paidOrder(email: string, includeBump = false): Promise<{ order: Order; token: string }> {
  const { sessionId } = await startCheckout(payments, site(), { includeBump });
  await payTestOrder((await findTestOrder(sessionId))!, email);
  const order = (await findOrderBySession(sessionId))!;
  return { order, token: await mintOrderLink(order.id, "receipt") };
}

type Page = {
  kind: string;
  done?: string;
  view: {
    today: string;
    mode: string;
    disputes: {
      id: number;
      to: string;
      state: string;
      due: { day: string; text: string; statute: string; explanation: string };
      results: { text: string };
      received: { day: string; assumed: boolean; why: string };
      timeline: { label: string; today?: boolean }[];
      outcome: { label: string; steps: { text: string; statute?: string; letter?: { href: string } }[] } | null;
      icsPath: string;
    }[];
  };
};

const page = async (token: string) => (await call<Page>(() => trackerLoader(args(get(`/orders/${token}/disputes`), { token })))).data;
const send = (token: string, fields: Record<string, string>) =>
  call<{ kind: string; errors?: Record<string, string>; message?: string }>(() =>
    trackerAction(args(post(`/orders/${token}/disputes`, fields), { token })),
  );

const EQUIFAX = {
  intent: "add",
  recipient: "equifax",
  about: "late payment, March 2024",
  letterId: "bureau-inaccurate-item",
  sentVia: "mail",
  sentOn: "2026-03-02",
  receivedOn: "2026-03-05",
};

const reminders = () => db().select().from(outbox).where(eq(outbox.kind, "dispute-reminder")).orderBy(outbox.id);
const to = (m: ParsedMail) => (m.to as { text: string }).text;
const remindersTo = (email: string) => mail.smtp().messages.filter((m) => to(m) === email && /dispute with/i.test(m.subject ?? ""));

async function flushAndSettle(): Promise<void> {
  await mail.flush();
  await new Promise((r) => setTimeout(r, 100));
}

/** The test clock: every waiting reminder's time has come. */
const timePasses = () =>
  db().execute(
    sql`update outbox set due_at = now() - interval '1 minute', next_attempt_at = now() - interval '1 minute' where kind = 'dispute-reminder' and status = 'pending'`,
  );

/** A day in New York, n days from today (the expectation is plain calendar arithmetic, not the module's). */
function nyDay(offset: number): string {
  const [y, m, d] = zonedDay(new Date(), NY).split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + offset)).toISOString().slice(0, 10);
}

describe("adding a dispute", () => {
  it("stores it, redirects back, and the page shows its due date, rule, statute, state and a timeline with today", async () => {
    const { token } = await paidOrder("ann@example.com");
    const answer = await send(token, EQUIFAX);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe(`/orders/${token}/disputes?done=add#disputes`);

    const [row] = await db().select().from(disputes);
    expect(row).toMatchObject({ recipient: "equifax", about: "late payment, March 2024", sentOn: "2026-03-02", receivedOn: "2026-03-05" });
    const [tracker] = await db().select().from(disputeTrackers);
    expect(tracker).toMatchObject({ email: "ann@example.com", timeZone: null });

    const shown = await page(token);
    const [d] = shown.view.disputes;
    // Received Thursday March 5: the 30-day period beginning that day ends Friday April 3.
    expect(d!.due).toMatchObject({ day: "2026-04-03", text: "Friday, April 3, 2026", statute: "15 U.S.C. 1681i(a)(1)(A)" });
    expect(d!.results.text).toBe("Friday, April 10, 2026");
    // Today (December 2026) is long past: no answer recorded, so overdue.
    expect(d!.state).toBe("overdue");
    expect(d!.timeline.filter((p) => p.today)).toHaveLength(1);
    expect(d!.timeline.map((p) => p.label)).toEqual(["Sent", "Received", "Due", "Results must be sent by", "Today"]);

    // The order page's "My disputes" lists it, with the way to the tracker.
    const order = await call<{ disputes: { path: string; disputes: { stateLabel: string }[] } }>(() =>
      orderLoader(args(get(`/orders/${token}`), { token })),
    );
    expect(order.data.disputes).toMatchObject({ path: `/orders/${token}/disputes`, disputes: [{ stateLabel: "Overdue" }] });
    // Both reminder days are long past: none is queued (an e-mail saying "due today" would not be true).
    expect(await reminders()).toEqual([]);
  });

  it("shows on the page of all of a buyer's orders too, leading to the same tracker", async () => {
    const { token } = await paidOrder("all@example.com");
    await paidOrder("all@example.com");
    await send(token, EQUIFAX);
    const link = await mintPurchasesLink("all@example.com");
    const all = await call<{ disputes: { path: string; disputes: { to: string; due: { day: string } }[] } }>(() =>
      allOrdersLoader(args(get(`/orders/all/${link}`), { token: link })),
    );
    expect(all.data.disputes.disputes).toMatchObject([{ to: "Equifax", due: { day: "2026-04-03" } }]);
    const viaAll = all.data.disputes.path.split("/")[2]!;
    expect(viaAll).not.toBe(token);
    expect((await page(viaAll)).view.disputes.map((d) => d.to)).toEqual(["Equifax"]);
  });

  it("assumes 5 business days for mail with no received date, and says so", async () => {
    const { token } = await paidOrder("bea@example.com");
    // Sent Monday November 23, 2026: Thanksgiving (Thursday 26) is no business day, so received Tuesday December 1.
    await send(token, { ...EQUIFAX, sentOn: "2026-11-23", receivedOn: "" });
    const [d] = (await page(token)).view.disputes;
    expect(d!.received).toMatchObject({ day: "2026-12-01", assumed: true });
    expect(d!.received.why).toContain("5 business days");
    expect(d!.due.day).toBe("2026-12-30");
  });

  it("refuses an account or Social Security number with the message, and stores nothing", async () => {
    const { token } = await paidOrder("cy@example.com");
    for (const about of ["card 4111 1111 1111 1111", "SSN 123-45-6789", "account 12345678"]) {
      const answer = await send(token, { ...EQUIFAX, about });
      expect(answer.status).toBe(400);
      expect(answer.data.errors?.about).toBe("Leave out account numbers: the bureau and the date are enough");
    }
    const named = await send(token, { ...EQUIFAX, recipient: "furnisher", furnisherName: "Acme Bank 98765432" });
    expect(named.data.errors?.furnisherName).toBe("Leave out account numbers: the bureau and the date are enough");
    expect(await db().select().from(disputes)).toEqual([]);
    expect(await reminders()).toEqual([]);
  });

  it("refuses a date in the future and a receipt before sending, with messages", async () => {
    const { token } = await paidOrder("dee@example.com");
    const future = await send(token, { ...EQUIFAX, sentOn: nyDay(3), receivedOn: "" });
    expect(future.data.errors?.sentOn).toMatch(/future/);
    const backwards = await send(token, { ...EQUIFAX, receivedOn: "2026-03-01" });
    expect(backwards.data.errors?.receivedOn).toMatch(/can't be before/);
    expect(await db().select().from(disputes)).toEqual([]);
    // A later date of a stored dispute can't come before it was sent either.
    await send(token, EQUIFAX);
    const [row] = await db().select().from(disputes);
    const answer = await send(token, { intent: "outcome", disputeId: String(row!.id), outcome: "deleted", outcomeOn: "2026-02-27" });
    expect(answer.status).toBe(400);
    expect(answer.data.errors?.outcomeOn).toBe("The answer can't come before the dispute was sent.");
    expect(
      (await send(token, { intent: "more-info", disputeId: String(row!.id), moreInfoOn: "2026-03-01" })).data.errors?.moreInfoOn,
    ).toMatch(/before the dispute/);
    expect(await db().select().from(disputes)).toMatchObject([{ outcome: null, moreInfoOn: null }]);
  });

  it("never changes or deletes another mailbox's dispute", async () => {
    const ann = await paidOrder("own@example.com");
    const eve = await paidOrder("eve@example.com");
    await send(ann.token, EQUIFAX);
    const [row] = await db().select().from(disputes);
    expect((await send(eve.token, { intent: "delete", disputeId: String(row!.id) })).status).toBe(404);
    expect(
      (await send(eve.token, { intent: "outcome", disputeId: String(row!.id), outcome: "deleted", outcomeOn: "2026-04-01" })).status,
    ).toBe(404);
    expect(await db().select().from(disputes)).toMatchObject([{ id: row!.id, outcome: null }]);
    expect((await page(eve.token)).view.disputes).toEqual([]);
    // The refused changes made Eve no tracker.
    expect((await db().select().from(disputeTrackers)).map((t) => t.email)).toEqual(["own@example.com"]);
  });
});

describe("answers and next steps", () => {
  it("verified: the method-of-verification request and a statement of dispute, linking the buyer's own letters", async () => {
    const { token } = await paidOrder("ver@example.com", true);
    await send(token, EQUIFAX);
    const [row] = await db().select().from(disputes);
    const answer = await send(token, { intent: "outcome", disputeId: String(row!.id), outcome: "verified", outcomeOn: "2026-04-02" });
    expect(answer.status).toBe(303);
    const [d] = (await page(token)).view.disputes;
    expect(d!.state).toBe("answered");
    expect(d!.outcome!.label).toBe("Verified as accurate");
    expect(d!.outcome!.steps.map((s) => s.statute)).toEqual([
      "15 U.S.C. 1681i(a)(6)(B)(iii), (a)(7)",
      "15 U.S.C. 1681i(b), (c)",
      "15 U.S.C. 1681i(a)(3)",
    ]);
    expect(d!.outcome!.steps[0]!.letter?.href).toBe(`/orders/${token}/files/bureau-method-of-verification.docx`);
    expect(d!.outcome!.steps[1]!.letter?.href).toBe(`/orders/${token}/files/pp-statement-of-dispute.docx`);
    // An answered dispute keeps no reminder waiting.
    expect((await reminders()).filter((r) => r.status === "pending")).toEqual([]);
  });

  it("no answer: a follow-up and a CFPB complaint with what to attach; deleted: watch for reinsertion", async () => {
    const { token } = await paidOrder("none@example.com");
    await send(token, EQUIFAX);
    await send(token, { ...EQUIFAX, recipient: "experian", about: "collection I don't recognise" });
    const [a, b] = await db().select().from(disputes).orderBy(disputes.id);
    await send(token, { intent: "outcome", disputeId: String(a!.id), outcome: "no-answer", outcomeOn: "2026-04-11" });
    await send(token, { intent: "outcome", disputeId: String(b!.id), outcome: "deleted", outcomeOn: "2026-04-01" });
    const [noAnswer, deleted] = (await page(token)).view.disputes;
    const complaint = noAnswer!.outcome!.steps.at(-1)!;
    expect(complaint.text).toContain("(855) 411-2372");
    expect(complaint.text).toContain("certified-mail receipt");
    // The toolkit alone has no follow-up letter: the dispute letter it has is linked instead.
    expect(noAnswer!.outcome!.steps[0]!.letter?.href).toBe(`/orders/${token}/files/bureau-inaccurate-item.docx`);
    expect(deleted!.outcome!.steps[0]!.statute).toBe("15 U.S.C. 1681i(a)(5)(B)");
    expect(deleted!.outcome!.steps[0]!.text).toContain("within 5 business days");
  });

  it("more information within the 30 days moves the due date to day 45 (1681i(a)(1)(B))", async () => {
    const { token } = await paidOrder("more@example.com");
    await send(token, EQUIFAX);
    const [row] = await db().select().from(disputes);
    await send(token, { intent: "more-info", disputeId: String(row!.id), moreInfoOn: "2026-03-20" });
    const [d] = (await page(token)).view.disputes;
    expect(d!.due).toMatchObject({ day: "2026-04-18", statute: "15 U.S.C. 1681i(a)(1)(B)" });
  });
});

describe("the buyer's data", () => {
  it("downloads everything as CSV and a due date as a calendar file, then deletes it all in one step", async () => {
    const { token } = await paidOrder("data@example.com");
    await send(token, EQUIFAX);
    await send(token, {
      ...EQUIFAX,
      recipient: "furnisher",
      furnisherName: "Acme Bank",
      about: "balance, 2025",
      sentOn: nyDay(0),
      receivedOn: "",
    });
    const csv = await csvLoader(args(get(`/orders/${token}/disputes/export.csv`), { token }));
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Cache-Control")).toMatch(/no-store/);
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toMatch(/^sent_to,lender_or_collector,what_it_disputes,letter,sent_via,sent_on,received_on/);
    expect(lines[1]).toMatch(
      /^Equifax,,"late payment, March 2024",Dispute an inaccurate item \(to a credit bureau\),mail,2026-03-02,2026-03-05,no,no,,2026-04-03,/,
    );
    expect(lines[2]).toMatch(/^Lender or collector,Acme Bank,"balance, 2025"/);

    const [first] = (await page(token)).view.disputes;
    const ics = await icsLoader(args(get(first!.icsPath), { token, disputeId: String(first!.id) }));
    expect(ics.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const text = await ics.text();
    expect(text).toContain("DTSTART;VALUE=DATE:20260403\r\n");
    expect(text).toContain("SUMMARY:Equifax: answer due (late payment\\, March 2024)\r\n");
    // Another order's link does not open this dispute's file.
    const other = await paidOrder("other@example.com");
    expect((await icsLoader(args(get("/x"), { token: other.token, disputeId: String(first!.id) }))).status).toBe(404);

    expect((await reminders()).length).toBe(2);
    const gone = await send(token, { intent: "delete-all" });
    expect(gone.status).toBe(303);
    expect(await db().select().from(disputes)).toEqual([]);
    expect(await db().select().from(disputeTrackers)).toEqual([]);
    expect(await reminders()).toEqual([]);
    expect((await page(token)).view.disputes).toEqual([]);
  });

  it("a refunded order's tracker stays readable and exportable, takes no new entries, and sends no reminders", async () => {
    const { order, token } = await paidOrder("refund@example.com");
    await send(token, { ...EQUIFAX, sentOn: nyDay(0), receivedOn: nyDay(0) });
    expect(await refundTestOrder(order)).toBe("applied");
    const shown = await page(token);
    expect(shown.view.mode).toBe("closed");
    expect(shown.view.disputes).toHaveLength(1);
    expect((await csvLoader(args(get("/x"), { token }))).status).toBe(200);
    const refused = await send(token, EQUIFAX);
    expect(refused.status).toBe(403);
    expect(await db().select().from(disputes)).toHaveLength(1);
    await db().execute(
      sql`update outbox set due_at = now() - interval '1 minute', next_attempt_at = now() - interval '1 minute' where kind = 'dispute-reminder'`,
    );
    await flushAndSettle();
    expect(remindersTo("refund@example.com")).toEqual([]);
    expect((await reminders()).map((r) => [r.status, r.sentInfo])).toEqual([
      ["suppressed", expect.stringMatching(/refunded/)],
      ["suppressed", expect.stringMatching(/refunded/)],
    ]);
  });
});

describe("the reminders", () => {
  it("are queued for 9 AM in the buyer's zone on the due date and 5 business days later, and move with the zone", async () => {
    const { token } = await paidOrder("zone@example.com");
    await send(token, { ...EQUIFAX, sentOn: nyDay(0), receivedOn: nyDay(0) });
    const due = nyDay(29);
    const rows = await reminders();
    expect(rows.map((r) => r.dedupeKey)).toEqual([
      expect.stringMatching(`:due:${due}$`),
      expect.stringMatching(/:follow-up:\d{4}-\d{2}-\d{2}$/),
    ]);
    expect(rows[0]!.dueAt.toISOString()).toBe(fromZonedInput(`${due}T09:00`, NY)!.toISOString());
    expect((await send(token, { intent: "time-zone", timeZone: "America/Los_Angeles" })).status).toBe(303);
    const moved = await reminders();
    expect(moved[0]!.dueAt.toISOString()).toBe(fromZonedInput(`${due}T09:00`, "America/Los_Angeles")!.toISOString());
    expect(moved[0]!.dueAt.getTime() - rows[0]!.dueAt.getTime()).toBe(3 * 3_600_000);
    expect(moved[1]!.dueAt.getTime() - rows[1]!.dueAt.getTime()).toBe(3 * 3_600_000);
    expect((await send(token, { intent: "time-zone", timeZone: "Mars/Base" })).status).toBe(400);
  });

  it("are not sent before they are due; when due, go once, linking the tracker, with a one-click stop", async () => {
    const { token } = await paidOrder("due@example.com");
    const today = nyDay(0);
    await send(token, { ...EQUIFAX, sentOn: today, receivedOn: today });
    const due = nyDay(29);
    expect((await reminders()).map((r) => r.dedupeKey)[0]).toMatch(new RegExp(`:due:${due}$`));
    await flushAndSettle();
    expect(remindersTo("due@example.com")).toEqual([]);

    // The clock moves on to the due date: the first reminder's time comes.
    await db().execute(sql`update outbox set due_at = now() - interval '1 minute', next_attempt_at = now() - interval '1 minute'
      where kind = 'dispute-reminder' and dedupe_key like '%:due:%'`);
    await flushAndSettle();
    await flushAndSettle();
    const [reminder, ...more] = remindersTo("due@example.com");
    expect(more).toEqual([]);
    expect(reminder!.subject).toBe("Your dispute with Equifax: the answer is due today");
    const text = reminder!.text ?? "";
    expect(text).toContain("15 U.S.C. 1681i(a)(1)(A)");
    const tracker = text.match(new RegExp(`${ORIGIN}/orders/([A-Za-z0-9_-]{43})/disputes#dispute-\\d+`));
    expect(tracker, text).not.toBeNull();
    expect((await page(tracker![1]!)).view.disputes).toHaveLength(1);
    const stop = rawHeader(reminder!, "list-unsubscribe")!.match(new RegExp(`<${ORIGIN}/disputes/stop/([A-Za-z0-9_-]{43})>`));
    expect(stop).not.toBeNull();
    expect(rawHeader(reminder!, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(text).toContain(`${ORIGIN}/disputes/stop/${stop![1]}`);

    // One click stops the follow-up.
    const stopToken = stop![1]!;
    expect((await call<{ state: string }>(() => stopLoader(args(get("/x"), { token: stopToken })))).data.state).toBe("ask");
    expect((await call<{ state: string }>(() => stopAction(args(post("/x", {}), { token: stopToken })))).data.state).toBe("done");
    await db().execute(sql`update outbox set due_at = now() - interval '1 minute', next_attempt_at = now() - interval '1 minute'
      where kind = 'dispute-reminder'`);
    await flushAndSettle();
    expect(remindersTo("due@example.com")).toHaveLength(1);
    expect((await reminders()).map((r) => r.status)).toEqual(["sent", "suppressed"]);
  });

  it("the follow-up goes 5 business days later only with no answer recorded", async () => {
    const { token } = await paidOrder("follow@example.com");
    const today = { sentOn: nyDay(0), receivedOn: nyDay(0) };
    await send(token, { ...EQUIFAX, ...today });
    await send(token, { ...EQUIFAX, ...today, recipient: "transunion" });
    const [, second] = await db().select().from(disputes).orderBy(disputes.id);
    await send(token, { intent: "outcome", disputeId: String(second!.id), outcome: "corrected", outcomeOn: nyDay(0) });
    // The clock passes both of the first dispute's days; the answered one's reminders were removed.
    await timePasses();
    await flushAndSettle();
    await flushAndSettle();
    expect(remindersTo("follow@example.com").map((m) => m.subject)).toEqual([
      "Your dispute with Equifax: the answer is due today",
      "Your dispute with Equifax: still no answer?",
    ]);
    // Saving the zone again queues nothing new for the days already sent (exactly once).
    await send(token, { intent: "time-zone", timeZone: NY });
    await timePasses();
    await flushAndSettle();
    expect(remindersTo("follow@example.com")).toHaveLength(2);
  });

  it("never go to an address that unsubscribed", async () => {
    const { token } = await paidOrder("quiet@example.com");
    await send(token, { ...EQUIFAX, sentOn: nyDay(0), receivedOn: nyDay(0) });
    await unsubscribe("quiet@example.com", "one-click");
    await timePasses();
    await flushAndSettle();
    expect(remindersTo("quiet@example.com")).toEqual([]);
    expect((await reminders()).map((r) => r.status)).toEqual(["suppressed", "suppressed"]);
  });
});

describe("the owner's totals", () => {
  it("count buyers tracking, disputes and answers, and hold nothing of an entry", async () => {
    expect(await trackerTotals()).toEqual({
      buyers: 0,
      disputes: 0,
      outcomes: { deleted: 0, corrected: 0, verified: 0, "no-answer": 0, waiting: 0 },
    });
    const ann = await paidOrder("t1@example.com");
    const bo = await paidOrder("t2@example.com");
    await paidOrder("t3@example.com");
    await send(ann.token, EQUIFAX);
    await send(ann.token, { ...EQUIFAX, recipient: "experian" });
    await send(bo.token, EQUIFAX);
    const [first] = await db().select().from(disputes).orderBy(disputes.id);
    await send(ann.token, { intent: "outcome", disputeId: String(first!.id), outcome: "deleted", outcomeOn: "2026-04-01" });
    const totals = await trackerTotals();
    expect(totals).toEqual({ buyers: 2, disputes: 3, outcomes: { deleted: 1, corrected: 0, verified: 0, "no-answer": 0, waiting: 2 } });
    expect(JSON.stringify(totals)).not.toMatch(/late payment|example\.com/);
  });
});
