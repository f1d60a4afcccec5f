/**
 * One page for all of a buyer's purchases (issue 53, decision 071): the lost-link form sends one
 * e-mail with one link, to a page that lists every order of that mailbox however its address was
 * spelled (products, date, status with refunded parts, each order's own page), and never another
 * person's. A stranger typing someone's address makes at most that one e-mail; an address with no
 * orders gets nothing, as before. The link is ours, expires, and the page is never stored.
 */
import { eq, sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { describe, expect, it } from "vitest";
import { emailTokens, orderAccessTokens, outbox } from "../../db/schema";
import { action as lookupAction } from "~/routes/orders-lookup";
import { headers as purchasesHeaders, loader as purchasesLoader } from "~/routes/orders-all";
import { loader as orderLoader } from "~/routes/order";
import { db } from "~/server/db.server";
import type { PurchasesView } from "~/server/delivery/purchases.server";
import { orderNumber } from "~/server/payments/orders.server";
import { refundTestOrder } from "~/server/payments/test-provider.server";
import { usePurchasesTest } from "../helpers/purchases";

const ORIGIN = "https://shop.example";

const { mail: testMail, args, bought, disputed, abandoned } = usePurchasesTest(ORIGIN);
const smtp = () => testMail.smtp();

const lookUp = (email: string) =>
  lookupAction(args(new Request(`${ORIGIN}/orders/lookup`, { method: "POST", body: new URLSearchParams({ email }) })));

/** The site's links in a message's text part. */
const siteLinks = (mail: ParsedMail) =>
  (mail.text ?? "")
    .split(/\s+/)
    .map((w) => w.replace(/[).,]+$/, ""))
    .filter((w) => w.startsWith(`${ORIGIN}/`));

async function purchasesPage(token: string) {
  const answer = (await purchasesLoader(args(new Request(`${ORIGIN}/orders/all/${token}`), { token }))) as {
    data: PurchasesView;
    init: { status?: number } | null;
  };
  return { status: answer.init?.status ?? 200, view: answer.data };
}

/** The purchases page the one link of the lost-link e-mail opens. */
async function pageFromMail(mail: ParsedMail) {
  const links = siteLinks(mail);
  expect(links).toHaveLength(1);
  const url = new URL(links[0]!);
  expect(url.pathname).toMatch(/^\/orders\/all\/[A-Za-z0-9_-]{43}$/);
  return purchasesPage(url.pathname.split("/").pop()!);
}

describe("the lost-link form", () => {
  it("sends one e-mail with one link; the page lists both orders of one mailbox, spelled two ways, and nobody else's", async () => {
    const first = await bought("Jane.Doe@Gmail.com");
    const second = await bought("janedoe+shop@googlemail.com", { bump: true });
    const others = await bought("john@example.com", { bump: true });
    await refundTestOrder(second, "power-pack");
    await testMail.flush();
    smtp().messages.length = 0;

    // Typed a third way; twice, as an impatient person does.
    await lookUp(" JANE.DOE@gmail.com ");
    await lookUp("jane.doe+again@gmail.com");
    await testMail.flush();
    expect(smtp().messages).toHaveLength(1);
    const [mail] = smtp().messages;
    expect(mail!.to).toMatchObject({ text: "janedoe@gmail.com" });
    expect(mail!.subject).toBe("Your orders");
    expect(mail!.text).toContain("both of your orders");
    // One link: the page; no order's own link, in either part.
    expect(String(mail!.html).match(/href="https:\/\/shop\.example\/orders\//g)).toHaveLength(1);

    const { status, view } = await pageFromMail(mail!);
    expect(status).toBe(200);
    if (view.kind !== "ok") throw new Error(view.kind);
    expect(view.maskedEmail).toBe("j•••@gmail.com");
    expect(view.orders.map((o) => o.orderNumber)).toEqual([orderNumber(second.id), orderNumber(first.id)]);
    expect(view.orders.map((o) => o.orderNumber)).not.toContain(orderNumber(others.id));
    const paidDay = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "America/New_York" }).format(first.paidAt!);
    expect(view.orders[1]).toMatchObject({
      status: "paid",
      paidOn: `${paidDay} (Eastern Time)`,
      lines: [{ name: "Credit Repair Toolkit", amountCents: 700, refunded: false }],
      totalCents: 700,
      refundedCents: 0,
    });
    expect(view.orders[0]).toMatchObject({
      status: "partly-refunded",
      lines: [
        { name: "Credit Repair Toolkit", amountCents: 700, refunded: false },
        { name: "Dispute Letter Power Pack", amountCents: 1499, refunded: true },
      ],
      totalCents: 2199,
      refundedCents: 1499,
    });

    // Each order's own page opens from there: that order, open.
    for (const [purchase, order] of [
      [view.orders[0]!, second],
      [view.orders[1]!, first],
    ] as const) {
      const token = purchase.orderPath.split("/").pop()!;
      const page = (await orderLoader(args(new Request(`${ORIGIN}${purchase.orderPath}`), { token }))) as {
        data: { kind: string; orderNumber: string };
      };
      expect(page.data).toMatchObject({ kind: "open", orderNumber: orderNumber(order.id) });
    }
    // A reload shows the same links and stores no more of them.
    const links = await db().$count(orderAccessTokens);
    const again = await pageFromMail(mail!);
    expect(again.view).toEqual(view);
    expect(await db().$count(orderAccessTokens)).toBe(links);
  });

  it("lists a refunded order and a disputed one with their status", async () => {
    const refunded = await bought("ann@example.com");
    await refundTestOrder(refunded);
    const disputedOrder = await bought("ann@example.com");
    await disputed(disputedOrder);
    // A checkout started and never paid is nobody's purchase.
    await abandoned();
    await testMail.flush();
    smtp().messages.length = 0;
    await lookUp("ann@example.com");
    await testMail.flush();
    const { view } = await pageFromMail(smtp().messages[0]!);
    if (view.kind !== "ok") throw new Error(view.kind);
    expect(view.orders.map((o) => [o.orderNumber, o.status, o.refundedCents])).toEqual([
      [orderNumber(disputedOrder.id), "disputed", 0],
      [orderNumber(refunded.id), "refunded", 700],
    ]);
    expect(view.orders[1]!.lines).toEqual([{ name: "Credit Repair Toolkit", amountCents: 700, refunded: true }]);
  });

  it("a stranger's typing makes at most one e-mail a window, to the owner of the address; no orders: nothing, as before", async () => {
    await bought("ann@example.com");
    await testMail.flush();
    smtp().messages.length = 0;
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await lookUp("ann@example.com"));
    answers.push(await lookUp("nobody@example.com"));
    for (const answer of answers) expect((answer as { data: unknown }).data).toEqual((answers[0] as { data: unknown }).data);
    expect(await db().$count(outbox, eq(outbox.kind, "lost-link"))).toBe(1);
    await testMail.flush();
    expect(smtp().messages.map((m) => m.to)).toEqual([expect.objectContaining({ text: "ann@example.com" })]);
    // The address with no orders got nothing, and no link was made for it.
    expect(await db().$count(emailTokens, eq(emailTokens.email, "nobody@example.com"))).toBe(0);
  });
});

describe("the page's link", () => {
  it("is ours (404 otherwise), expires (410), and the page is private and never stored", async () => {
    await bought("ann@example.com");
    await lookUp("ann@example.com");
    await testMail.flush();
    const mail = smtp().messages.find((m) => m.subject === "Your orders")!;
    const token = new URL(siteLinks(mail)[0]!).pathname.split("/").pop()!;
    expect((await purchasesPage(token)).status).toBe(200);
    expect((await purchasesPage("x".repeat(43))).status).toBe(404);
    expect((await purchasesPage("not-a-token")).status).toBe(404);
    await db().execute(sql`update email_tokens set expires_at = now() - interval '1 second' where purpose = 'purchases'`);
    expect(await purchasesPage(token)).toEqual({ status: 410, view: { kind: "expired" } });
    expect(purchasesHeaders()).toMatchObject({ "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" });
  });
});
