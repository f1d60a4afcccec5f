/**
 * E-mails to the buyers of a product (issue 53, decision 071) end to end through a real SMTP
 * server in this process: who gets one (refunded for the product: no; refunded for the other
 * product only: yes; unsubscribed from the newsletter: yes; stopped updates, bounced, complained or
 * suppressed by the owner: no; two spellings of one mailbox: one copy), exactly once across a
 * second start, a second run, two workers and a worker that died mid-send, the headers and footer
 * of the e-mail, its link to the buyer's own order page, and the one-click stop, which leaves the
 * receipts and the files alone. Refused inputs change nothing.
 */
import { eq, sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { describe, expect, it } from "vitest";
import { broadcasts, contacts, outbox } from "../../db/schema";
import { BroadcastSchema } from "~/lib/forms/broadcast";
import { ProductUpdateActionSchema, ProductUpdateSchema } from "~/lib/forms/product-update";
import { loader as orderLoader } from "~/routes/order";
import { action as stopAction, loader as stopLoader } from "~/routes/updates-stop";
import { countProductBuyers } from "~/server/audience/audience.server";
import { changeBroadcast, listBroadcasts, queueDueBroadcasts, saveBroadcast } from "~/server/audience/broadcasts.server";
import { findContact, recordConsent, stopProductUpdates, suppress } from "~/server/audience/contacts.server";
import { unsubscribe } from "~/server/audience/email-links.server";
import { listProductUpdates, saveProductUpdate, startProductUpdate } from "~/server/audience/product-updates.server";
import { db } from "~/server/db.server";
import { createDeliver } from "~/server/mail/mailer.server";
import { recordInterrupted } from "~/server/mail/outbox-claims.server";
import { queueMail } from "~/server/mail/outbox-queue.server";
import { createMailTransport } from "~/server/mail/transport.server";
import { orderNumber } from "~/server/payments/orders.server";
import { refundTestOrder } from "~/server/payments/test-provider.server";
import { expectLog } from "../helpers/console-errors";
import { usePurchasesTest } from "../helpers/purchases";
import { drainOutbox, rawHeader, testMailSettings, workerOptions } from "../helpers/smtp";

const ORIGIN = "https://shop.example";

const { mail: testMail, args, bought, disputed } = usePurchasesTest(ORIGIN, { connections: 2 });
const smtp = () => testMail.smtp();
const to = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0] : m.to)!.value[0]!.address!;

/** The receipts and notices the purchases queued, sent and forgotten: what follows is the update alone. */
async function settle(): Promise<void> {
  await testMail.flush();
  smtp().messages.length = 0;
}

const words = {
  subject: "New in your toolkit: a letter for medical debt",
  preview: "One more letter, and a corrected planner.",
  body: "Hi,\n\nTwo changes to what you bought. Read [how to use the new letter](/blog/dispute-credit-errors).\n\nThe team",
};

async function draft(productId: string, fields: Partial<typeof words> = {}): Promise<{ id: number; version: number }> {
  const saved = await saveProductUpdate(ProductUpdateSchema.parse({ productId, ...words, ...fields }));
  if (!("saved" in saved)) throw new Error(saved.refused);
  return { id: saved.saved, version: 1 };
}

/** Draft, confirm the count the page would show, send. */
async function sendUpdate(productId: string): Promise<{ id: number; queued: number }> {
  const d = await draft(productId);
  const recipients = await countProductBuyers(productId);
  const started = await startProductUpdate({ ...d, recipients });
  if (!("queued" in started)) throw new Error(started.refused);
  return { id: d.id, queued: started.queued };
}

async function stoppedAt(email: string): Promise<Date | null | undefined> {
  const [row] = await db().select({ at: contacts.productUpdatesStoppedAt }).from(contacts).where(eq(contacts.email, email));
  return row?.at;
}

async function snapshot() {
  return {
    updates: await db().select().from(broadcasts).orderBy(broadcasts.id),
    outbox: await db().$count(outbox),
  };
}

/** The people of the rules, each with what happened to them. */
async function theBuyers() {
  const orders = {
    toolkit: await bought("tess@example.com"),
    bundle: await bought("bo@example.com", { bump: true }),
    packRefunded: await bought("paula@example.com", { bump: true }),
    allRefunded: await bought("rae@example.com", { bump: true }),
    disputed: await bought("dee@example.com"),
    unsubscribed: await bought("uma@example.com"),
    stopped: await bought("stan@example.com"),
    bounced: await bought("bea@example.com"),
    complained: await bought("cal@example.com"),
    owner: await bought("owen@example.com"),
    // One mailbox, two spellings, two orders: one person.
    janeFirst: await bought("Jane.Doe@Gmail.com"),
    janeSecond: await bought("janedoe+shop@gmail.com", { bump: true }),
  };
  await refundTestOrder(orders.packRefunded, "power-pack");
  await refundTestOrder(orders.allRefunded);
  await disputed(orders.disputed);
  // Subscribed to the newsletter, then unsubscribed from it with its link: buying is not the newsletter.
  await recordConsent(db(), { email: "uma@example.com" }, { purpose: "newsletter", source: "newsletter /blog", wordingVersion: "v1" });
  await unsubscribe("uma@example.com", "unsubscribe link");
  const { stopProductUpdates } = await import("~/server/audience/contacts.server");
  await stopProductUpdates("stan@example.com", "stop link");
  await suppress("bea@example.com", "hard_bounce", "SMTP 550 5.1.1 no such user");
  await suppress("cal@example.com", "complaint", "spam report");
  await suppress("owen@example.com", "owner", "asked by phone not to be e-mailed");
  await settle();
  return orders;
}

describe("who gets an update", () => {
  it("the toolkit's buyers not refunded for it, one copy per mailbox, whatever else they chose about the newsletter", async () => {
    await theBuyers();
    const toolkitBuyers = ["bo@example.com", "janedoe@gmail.com", "paula@example.com", "tess@example.com", "uma@example.com"];
    expect(await countProductBuyers("toolkit")).toBe(toolkitBuyers.length);
    const { queued } = await sendUpdate("toolkit");
    expect(queued).toBe(toolkitBuyers.length);
    await testMail.flush();
    expect(smtp().messages.map(to).sort()).toEqual(toolkitBuyers);
    for (const m of smtp().messages) expect(m.subject).toBe(words.subject);
  });

  it("the Power Pack's buyers: the one refunded for the pack alone is left out of its update", async () => {
    await theBuyers();
    expect(await countProductBuyers("power-pack")).toBe(2);
    await sendUpdate("power-pack");
    await testMail.flush();
    expect(smtp().messages.map(to).sort()).toEqual(["bo@example.com", "janedoe@gmail.com"]);
  });

  it("a buyer refunded between the send and their copy is left out when it goes (counted as left out, not sent)", async () => {
    const tess = await bought("tess@example.com");
    await bought("bo@example.com");
    await settle();
    const { id } = await sendUpdate("toolkit");
    await refundTestOrder(tess);
    await testMail.flush();
    expect(testMail.received("bo@example.com").filter((m) => m.subject === words.subject)).toHaveLength(1);
    expect(testMail.received("tess@example.com").filter((m) => m.subject === words.subject)).toHaveLength(0);
    // The server's pass before each outbox run marks an update with nothing left waiting sent, as it does a broadcast.
    await queueDueBroadcasts();
    const [update] = await listProductUpdates();
    expect(update).toMatchObject({
      id,
      status: "sent",
      productName: "Credit Repair Toolkit",
      figures: { sent: 1, suppressed: 1, queued: 0 },
    });
  });

  it("nobody to write to: the send is refused and nothing changes", async () => {
    await refundTestOrder(await bought("rae@example.com"));
    await settle();
    const d = await draft("toolkit");
    const before = await snapshot();
    const refused = await startProductUpdate({ ...d, recipients: 1 });
    expect(refused).toMatchObject({ httpStatus: 409 });
    expect((refused as { refused: string }).refused).toMatch(/^Nobody would get this update now/);
    expect(await snapshot()).toEqual(before);
  });
});

describe("exactly once", () => {
  it("a second start, a second run and two workers at once send each buyer one copy", { timeout: 60_000 }, async () => {
    const emails = Array.from({ length: 30 }, (_, i) => `buyer${i}@example.com`);
    for (const email of emails) await bought(email);
    await settle();
    const d = await draft("toolkit");
    expect(await startProductUpdate({ ...d, recipients: 30 })).toEqual({ queued: 30, productName: "Credit Repair Toolkit" });
    // The same confirmation posted again (a second tab, a repeated post): refused, nothing queued.
    const again = await startProductUpdate({ ...d, recipients: 30 });
    expect((again as { refused: string }).refused).toMatch(/already sent or started/);
    expect(await db().$count(outbox, sql`${outbox.kind} = 'product-update'`)).toBe(30);

    // Two servers' workers, each with its own SMTP connection, drain the outbox together.
    const transports = [0, 1].map(() => createMailTransport({ kind: "smtp", url: smtp().url, maxConnections: 1 }));
    try {
      const delivers = transports.map((t) => createDeliver(t, testMailSettings(ORIGIN)));
      await Promise.all(delivers.map((deliver) => drainOutbox(deliver, workerOptions({ concurrency: 1 }))));
      // A later run (a restart) finds nothing to send.
      await Promise.all(delivers.map((deliver) => drainOutbox(deliver, workerOptions({ concurrency: 1 }))));
    } finally {
      for (const t of transports) t.close();
    }
    expect(smtp().messages.map(to).sort()).toEqual([...emails].sort());
    await queueDueBroadcasts();
    const [update] = await listProductUpdates();
    expect(update).toMatchObject({ status: "sent", queued: 30, figures: { sent: 30, queued: 0, failed: 0 } });
  });

  it("a copy whose worker died after handing it to the mail server is never sent again", async () => {
    expectLog(/1 list e-mail\(s\) interrupted mid-send are not sent again/);
    await bought("x@example.com");
    await bought("y@example.com");
    await settle();
    await sendUpdate("toolkit");
    await db().execute(sql`
      update outbox set send_started_at = now(), claim_token = 'dead', locked_until = now() - interval '1 second', attempts = 1
      where kind = 'product-update' and to_address = 'x@example.com'
    `);
    expect(await recordInterrupted()).toBe(1);
    await testMail.flush();
    expect(smtp().messages.map(to)).toEqual(["y@example.com"]);
    expect((await listProductUpdates())[0]!.figures).toMatchObject({ sent: 1, interrupted: 1 });
  });

  it("pause holds the copies not yet sent, resume sends them (the broadcast's own controls)", async () => {
    for (let i = 0; i < 3; i++) await bought(`p${i}@example.com`);
    await settle();
    const { id } = await sendUpdate("toolkit");
    expect(await changeBroadcast(id, "pause")).toBe(true);
    await testMail.flush();
    expect(smtp().messages).toHaveLength(0);
    expect(await changeBroadcast(id, "resume")).toBe(true);
    await testMail.flush();
    expect(smtp().messages).toHaveLength(3);
  });
});

describe("the e-mail", () => {
  it("is a list message with its own one-click stop, its footer says why, and it links the buyer's own order page", async () => {
    const mine = await bought("tess@example.com", { bump: true });
    await bought("bo@example.com");
    await settle();
    await sendUpdate("toolkit");
    await testMail.flush();
    const mail = testMail.received("tess@example.com")[0]!;
    const header = rawHeader(mail, "list-unsubscribe")!;
    const stopUrl = header.match(/^<([^>]+)>/)![1]!;
    expect(stopUrl).toMatch(new RegExp(`^${ORIGIN}/updates/stop/[A-Za-z0-9_-]{43}$`));
    expect(header).toContain("<mailto:support@freshstartmoney.com?subject=unsubscribe>");
    expect(rawHeader(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    // The footer: why it came (what they bought, not the newsletter), the stop link as in the header, the postal address.
    expect(mail.text).toContain(
      "You’re getting this because you bought the Credit Repair Toolkit from shop.example: it is news about what you bought, not our newsletter.",
    );
    expect(mail.text).toContain(`Stop product updates: ${stopUrl}`);
    expect(mail.html).toContain(`href="${stopUrl}"`);
    expect(mail.text).toContain("PO Box 123, Springfield, IL 62701");
    expect(mail.text).not.toContain("/unsubscribe/");
    // The body as written, its site links tagged with the update's campaign.
    expect(mail.text).toContain("/blog/dispute-credit-errors?utm_source=email&utm_campaign=broadcast-");
    // The order page it links is Tess's own order, open.
    const orderLink = (mail.text ?? "").split(/\s+/).find((w) => w.startsWith(`${ORIGIN}/orders/`))!;
    const token = orderLink.split("/").pop()!;
    const page = (await orderLoader(args(new Request(orderLink), { token }))) as { data: { kind: string; orderNumber: string } };
    expect(page.data).toMatchObject({ kind: "open", orderNumber: orderNumber(mine.id) });
    // Each buyer's copy has links of their own.
    const bo = testMail.received("bo@example.com")[0]!;
    expect(rawHeader(bo, "list-unsubscribe")).not.toBe(header);
    expect(bo.text).not.toContain(orderLink);
  });

  it("one click on its stop link ends product updates only: the receipt still comes, the order page still opens", async () => {
    const mine = await bought("tess@example.com");
    await settle();
    await sendUpdate("toolkit");
    await testMail.flush();
    const mail = testMail.received("tess@example.com")[0]!;
    const stopUrl = new URL(rawHeader(mail, "list-unsubscribe")!.match(/^<([^>]+)>/)![1]!);
    const token = stopUrl.pathname.split("/").pop()!;
    // A GET (a mail scanner) changes nothing; the mail app's one-click POST stops.
    expect(await stopLoader(args(new Request(stopUrl), { token }))).toEqual({ state: "ask", email: "tess@example.com" });
    expect(await stoppedAt("tess@example.com")).toBeNull();
    const oneClick = new Request(stopUrl, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(await stopAction(args(oneClick, { token }))).toEqual({ state: "done", email: "tess@example.com" });
    expect(await stoppedAt("tess@example.com")).toBeInstanceOf(Date);
    expect((await findContact("tess@example.com"))!.suppression).toBeNull();
    expect(await stopLoader(args(new Request(stopUrl), { token }))).toEqual({ state: "done", email: "tess@example.com" });
    smtp().messages.length = 0;

    // The next update leaves her out, as the count said it would.
    await bought("bo@example.com");
    await settle();
    expect(await countProductBuyers("toolkit")).toBe(1);
    await sendUpdate("toolkit");
    // Her receipt, sent again by the owner, still reaches her.
    await queueMail(db(), "receipt", { orderId: mine.id }, { dedupeKey: `receipt:${mine.id}:again`, to: "tess@example.com" });
    await testMail.flush();
    expect(
      smtp()
        .messages.map((m) => `${to(m)} ${m.subject}`)
        .sort(),
    ).toEqual([`bo@example.com ${words.subject}`, expect.stringMatching(/^tess@example\.com .*receipt/i)]);
    const orderLink = (mail.text ?? "").split(/\s+/).find((w) => w.startsWith(`${ORIGIN}/orders/`))!;
    const page = (await orderLoader(args(new Request(orderLink), { token: orderLink.split("/").pop()! }))) as { data: { kind: string } };
    expect(page.data.kind).toBe("open");
  });

  it("a copy queued before the buyer stopped updates is held back at send time", async () => {
    await bought("tess@example.com");
    await settle();
    await sendUpdate("toolkit");
    await stopProductUpdates("tess@example.com", "stop link of an earlier update");
    await testMail.flush();
    expect(smtp().messages).toHaveLength(0);
    const [row] = await db()
      .select()
      .from(outbox)
      .where(sql`${outbox.kind} = 'product-update'`);
    expect(row).toMatchObject({ status: "suppressed", sentInfo: "product updates stopped" });
  });
});

describe("refused inputs change nothing", () => {
  it("an unknown product, an empty subject, an unconfirmed or miscounted send", async () => {
    await bought("tess@example.com");
    await settle();
    const before = await snapshot();
    expect(await saveProductUpdate(ProductUpdateSchema.parse({ productId: "no-such-product", ...words }))).toEqual({
      refused: "There is no such product: choose one from the list.",
      httpStatus: 400,
    });
    const empty = ProductUpdateSchema.safeParse({ productId: "toolkit", ...words, subject: "  " });
    expect(empty.success).toBe(false);
    expect(empty.error!.issues[0]!.message).toBe("The subject is empty.");
    const unconfirmed = ProductUpdateActionSchema.safeParse({ intent: "send", id: "1", version: "1", recipients: "1" });
    expect(unconfirmed.error!.issues[0]!.message).toBe("Confirm the send first: the page names the product and how many buyers get it.");
    expect(await snapshot()).toEqual(before);

    // The owner confirmed 2 buyers; there is 1 now: nothing is queued, the update stays a draft.
    const d = await draft("toolkit");
    const drafted = await snapshot();
    const miscounted = await startProductUpdate({ ...d, recipients: 2 });
    expect(miscounted).toEqual({
      refused: "The Credit Repair Toolkit has 1 buyer to e-mail now, not the 2 you confirmed: nothing was sent. Look again and confirm.",
      httpStatus: 409,
    });
    expect(await snapshot()).toEqual(drafted);
    expect(drafted.updates[0]).toMatchObject({ status: "draft", productId: "toolkit", audiences: [] });
  });

  it("an update is not a broadcast: the broadcasts page neither lists it nor edits it", async () => {
    const d = await draft("toolkit");
    expect(await listBroadcasts()).toEqual([]);
    const edit = await saveBroadcast(BroadcastSchema.parse({ ...words, id: String(d.id), version: "1", audienceNewsletter: "on" }));
    expect(edit).toMatchObject({ refused: "No such broadcast.", httpStatus: 404 });
    const [row] = await db().select().from(broadcasts);
    expect(row).toMatchObject({ productId: "toolkit", audiences: [], subject: words.subject });
    const stopped = await db().select({ n: contacts.productUpdatesStoppedAt }).from(contacts);
    expect(stopped).toEqual([]);
  });
});
