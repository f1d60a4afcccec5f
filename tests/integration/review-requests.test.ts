/**
 * The e-mail asking a buyer for a review: queued in the payment's statement, due a week later,
 * and decided when due. It is never sent early, never to a refunded or disputed order, an order
 * that already has a review, or an unsubscribed address; when it goes, it links the order page's
 * review form, can be stopped in one click, and offers nothing for a review (16 CFR 465). Every
 * e-mail goes to an SMTP server inside this process.
 */
import { eq, sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { beforeEach, describe, expect, it } from "vitest";
import { orders, outbox } from "../../db/schema";
import { mailHealth, retryEmail } from "~/server/admin/mail-health.server";
import { action as orderAction, loader as orderLoader } from "~/routes/order";
import { REVIEW_REQUEST_DELAY_DAYS } from "~/server/content/review-requests.server";
import { db } from "~/server/db.server";
import { mintOrderLink } from "~/server/delivery/order-access.server";
import { unsubscribe } from "~/server/audience/email-links.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { findOrderBySession, type Order } from "~/server/payments/orders.server";
import { createPayments } from "~/server/payments/payments.server";
import type { Payments } from "~/server/payments/provider.server";
import { findTestOrder, payTestOrder, refundTestOrder } from "~/server/payments/test-provider.server";
import { useTestSite } from "../helpers/context";
import { useTestDatabase } from "../helpers/db";
import { call, requestsTo } from "../helpers/routes";
import { rawHeader, useOutboxMail } from "../helpers/smtp";

const ORIGIN = "https://shop.example";
const DAY_MS = 86_400_000;

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

/** Everything due in the outbox, sent now. */
const flush = () => mail.flush();

async function paidOrder(email: string, includeBump = false): Promise<Order> {
  const { sessionId } = await startCheckout(payments, site(), { includeBump });
  await payTestOrder((await findTestOrder(sessionId))!, email);
  return (await findOrderBySession(sessionId))!;
}

async function requestRow(orderId: number) {
  const rows = await db().select().from(outbox).where(eq(outbox.kind, "review-request"));
  return rows.find((r) => (r.payload as { orderId: number }).orderId === orderId);
}

/** The week passes for this order's request (its due time moves back by the delay). */
async function weekPasses(orderId: number): Promise<void> {
  await db().execute(sql`
    update outbox set due_at = due_at - make_interval(days => ${REVIEW_REQUEST_DELAY_DAYS}),
                      next_attempt_at = next_attempt_at - make_interval(days => ${REVIEW_REQUEST_DELAY_DAYS})
    where kind = 'review-request' and (payload->>'orderId')::int = ${orderId}
  `);
}

const to = (mail: ParsedMail) => (mail.to as { text: string }).text;
const receivedBy = (email: string) => mail.smtp().messages.filter((m) => to(m) === email);

/** Send whatever is due, then give the SMTP server a moment to have received anything sent. */
async function flushAndSettle(): Promise<void> {
  await flush();
  await new Promise((r) => setTimeout(r, 100));
}

describe("the review request", () => {
  it("is queued when the order is paid, to the buyer, due 7 days after the payment", async () => {
    expect(REVIEW_REQUEST_DELAY_DAYS).toBe(7);
    const order = await paidOrder("due@example.com");
    const row = (await requestRow(order.id))!;
    expect(row).toMatchObject({ toAddress: "due@example.com", payload: { orderId: order.id }, status: "pending", attempts: 0 });
    // Written in the payment's statement: the same now() as paid_at, plus exactly the delay.
    expect(row.dueAt.getTime() - order.paidAt!.getTime()).toBe(7 * DAY_MS);
    expect(row.nextAttemptAt.getTime()).toBe(row.dueAt.getTime());
    // A repeat of the payment event queues nothing more.
    await payTestOrder((await findTestOrder(order.providerSessionId))!, "due@example.com");
    expect(await db().select().from(outbox).where(eq(outbox.kind, "review-request"))).toHaveLength(1);
  });

  it("is not sent before it is due", async () => {
    const order = await paidOrder("early@example.com");
    await flushAndSettle();
    expect(receivedBy("early@example.com").map((m) => m.subject)).toEqual([expect.stringMatching(/receipt/)]);
    // The dashboard counts it as scheduled, not as a late e-mail, and its Retry cannot send it early.
    const health = await mailHealth();
    // Sent: the receipt and the owner's sale e-mail (decision 069).
    expect(health).toMatchObject({ sent: 2, queued: 0, scheduled: 1, failed: 0, rows: [] });
    expect(await retryEmail((await requestRow(order.id))!.id)).toBe(false);
    // A minute before it is due: still waiting, never tried.
    await weekPasses(order.id);
    await db().execute(sql`update outbox set due_at = now() + interval '1 minute', next_attempt_at = now() + interval '1 minute'
      where kind = 'review-request'`);
    await flushAndSettle();
    expect(receivedBy("early@example.com")).toHaveLength(1);
    expect(await requestRow(order.id)).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("is sent once due, linking the order page's review form, with one-click unsubscribe", async () => {
    const order = await paidOrder("sent@example.com", true);
    await flushAndSettle();
    await weekPasses(order.id);
    await flushAndSettle();
    await flushAndSettle();
    const [mail, ...others] = receivedBy("sent@example.com").filter((m) => !/receipt/.test(m.subject ?? ""));
    expect(others).toEqual([]);
    expect(mail!.subject).toBe("How is the Credit Repair Toolkit working for you?");
    expect(await requestRow(order.id)).toMatchObject({ status: "sent" });

    // The button leads to the buyer's own order page, at the review form.
    const text = mail!.text ?? "";
    const link = text.match(new RegExp(`${ORIGIN}/orders/([A-Za-z0-9_-]{43})#review`));
    expect(link, text).not.toBeNull();
    expect(mail!.html).toContain(`${ORIGIN}/orders/${link![1]}#review`);
    const token = link![1]!;
    const page = await call<{ kind: string; review: unknown }>(() => orderLoader(args(get(`/orders/${token}`), { token })));
    expect(page.data).toMatchObject({ kind: "open", review: null });
    expect(text).toContain("Credit Repair Toolkit and Dispute Letter Power Pack");
    expect(text).toContain("FSM-");
    // The day of the payment, in the business's zone (the default, New York) and naming it.
    const paidDay = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "America/New_York" }).format(order.paidAt!);
    expect(text).toContain(`On ${paidDay} (Eastern Time) you bought`);
    expect(text).toContain("We aim to reply within one business day.");

    // A list message: a visible unsubscribe link and the one-click headers (RFC 8058).
    expect(text).toMatch(new RegExp(`Unsubscribe: ${ORIGIN}/unsubscribe/[A-Za-z0-9_-]{43}`));
    expect(rawHeader(mail!, "list-unsubscribe")).toMatch(
      new RegExp(`^<${ORIGIN}/unsubscribe/[A-Za-z0-9_-]{43}>, <mailto:support@freshstartmoney\\.com\\?subject=unsubscribe>$`),
    );
    expect(rawHeader(mail!, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  });

  it("offers nothing for a review and asks for an honest one, good or bad (16 CFR 465)", async () => {
    const order = await paidOrder("honest@example.com");
    await weekPasses(order.id);
    await flushAndSettle();
    const mail = receivedBy("honest@example.com").find((m) => !/receipt/.test(m.subject ?? ""))!;
    for (const part of [mail.text ?? "", String(mail.html), mail.subject ?? ""]) {
      expect(part).not.toMatch(
        /\b(discount|coupon|promo|code|gift|card credit|voucher|reward|prize|raffle|draw|sweepstakes|entry|entries|cash|refund credit|free|bonus|% off|thank-you gift|in return|in exchange)\b/i,
      );
      expect(part).not.toMatch(/\b(5|five)[- ]stars?\b|positive review|good review|great review/i);
    }
    const text = mail.text ?? "";
    expect(text).toContain("nothing is given for it");
    expect(text).toContain("whether it’s good, bad or mixed");
    expect(text).toContain("We never pick reviews by their stars.");
  });

  it("is never sent for an order refunded or disputed by the time it is due", async () => {
    const refunded = await paidOrder("refunded@example.com");
    expect(await refundTestOrder(refunded)).toBe("applied");
    const disputed = await paidOrder("disputed@example.com");
    // The test provider has no disputes; a Stripe dispute event moves the order's status the same way.
    await db().update(orders).set({ status: "disputed" }).where(eq(orders.id, disputed.id));
    expect((await db().select().from(orders)).map((o) => o.status).sort()).toEqual(["disputed", "refunded"]);
    await weekPasses(refunded.id);
    await weekPasses(disputed.id);
    await flushAndSettle();
    expect(await requestRow(refunded.id)).toMatchObject({ status: "suppressed", sentInfo: expect.stringMatching(/not paid \(refunded\)/) });
    expect(await requestRow(disputed.id)).toMatchObject({ status: "suppressed", sentInfo: expect.stringMatching(/not paid \(disputed\)/) });
    expect(mail.smtp().messages.filter((m) => /working for you/.test(m.subject ?? ""))).toEqual([]);
    // The refunded buyer got the notice that access ended, the only e-mail due (the receipt too is decided when sent).
    expect(receivedBy("refunded@example.com").map((m) => m.subject)).toEqual([expect.stringMatching(/refund/i)]);
  });

  it("is never sent for an order that already has a review", async () => {
    const order = await paidOrder("reviewed@example.com");
    const token = await mintOrderLink(order.id, "receipt");
    const review = { rating: "3", body: "Useful letters, but the guide is long to read.", displayName: "Rae B." };
    expect((await call(() => orderAction(args(post(`/orders/${token}`, review), { token })))).status).toBe(200);
    await weekPasses(order.id);
    await flushAndSettle();
    expect(await requestRow(order.id)).toMatchObject({ status: "suppressed", sentInfo: expect.stringMatching(/already has a review/) });
    expect(receivedBy("reviewed@example.com").map((m) => m.subject)).toEqual([expect.stringMatching(/receipt/)]);
  });

  it("is never sent to an address that unsubscribed", async () => {
    const order = await paidOrder("stop@example.com");
    await unsubscribe("stop@example.com", "one-click");
    await weekPasses(order.id);
    await flushAndSettle();
    expect(await requestRow(order.id)).toMatchObject({ status: "suppressed", sentInfo: "address suppressed (unsubscribed)" });
    // The receipt is not a list message: it still went.
    expect(receivedBy("stop@example.com").map((m) => m.subject)).toEqual([expect.stringMatching(/receipt/)]);
  });
});
