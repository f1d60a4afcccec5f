/**
 * What each outbox row becomes: its data loaded, its links made (order and unsubscribe tokens are
 * minted here, at send time, so no usable token is ever stored), the message rendered, and sent.
 */
import { createHash } from "node:crypto";
import addressparser from "nodemailer/lib/addressparser";
import { eq } from "drizzle-orm";
import { contactMessages, newsletterSubscribers } from "../../../db/schema";
import { SUPPORT_EMAIL } from "~/lib/site";
import { guideIdOf } from "~/lib/guides";
import { db } from "~/server/db.server";
import { env, mailTransportKind } from "~/server/env.server";
import type { MailContext } from "~/server/mail/render.server";
import { createMailTransport, type MailTransport, type OutgoingMail } from "~/server/mail/transport.server";
import { orderPagePath } from "~/lib/order-files";
import { grantedProducts, mintOrderLink, productNamesByOrder, refundNoticePart } from "~/server/delivery/order-access.server";
import { findOrder, orderNumber, paidOrdersFor } from "~/server/payments/orders.server";
import type { Deliver, DeliveryResult, OutboxRow, SendOne } from "~/server/mail/outbox.server";
import { PRODUCT_NAMES } from "~/lib/catalogue";
import { PRODUCT_FILES } from "~/lib/product-files";
import { mintEmailLink, mintEmailLinks, newsletterInvitation } from "~/server/forms/subscriptions.server";
import { reviewRequestDecision } from "~/server/content/review-requests.server";
import { sendBlocker, sendBlockers, suppress, type SendPolicy } from "~/server/audience/contacts.server";
import { findStep, isLastStep, stepStillWanted } from "~/server/audience/sequence.server";
import { broadcastsToSend, broadcastToSend, type BroadcastToSend } from "~/server/audience/broadcasts.server";
import type { OutboxKind } from "../../../db/schema";
import { composeBroadcast, composeStep, type ComposedMail, type ListMessage } from "~/server/mail/list-compose.server";

export type MailSettings = { from: string; context: MailContext };

export function mailSettingsFromEnv(): MailSettings {
  const e = env();
  return {
    from: e.MAIL_FROM,
    context: {
      businessName: e.BUSINESS_NAME,
      ownerName: e.OWNER_NAME,
      businessAddress: e.BUSINESS_ADDRESS ?? "Postal address not configured (set BUSINESS_ADDRESS)",
      supportEmail: SUPPORT_EMAIL,
      origin: e.PUBLIC_ORIGIN,
      timeZone: e.BUSINESS_TIME_ZONE,
    },
  };
}

export function transportFromEnv(): MailTransport {
  const e = env();
  return mailTransportKind(e) === "smtp"
    ? createMailTransport({ kind: "smtp", url: e.SMTP_URL!, maxConnections: e.SMTP_POOL_CONNECTIONS })
    : createMailTransport({ kind: "file", dir: `${e.DATA_DIR}/mail` });
}

export type { ComposedMail };
type Composed = ComposedMail | { skip: string } | { hold: string } | { cancel: string };

/**
 * Kinds sent to a list (guide, newsletter) and the review request: unsubscribe headers, and the
 * suppression list applies.
 * The templates are imported when a message of their kind is first sent: React Email's components
 * package loads all its components on import (Tailwind's compiler and Prism among them), seconds
 * that the server's start and its requests need not wait for.
 */
async function compose(row: OutboxRow, settings: MailSettings, facts: SendFacts): Promise<Composed> {
  const ctx = settings.context;
  const url = (path: string) => `${ctx.origin}${path}`;
  const unsubscribeUrl = async () => url(`/unsubscribe/${await facts.unsubscribeToken(row)}`);
  switch (row.kind) {
    case "receipt": {
      const order = await findOrder(row.payload.orderId);
      if (!order || order.status !== "paid") return { skip: `order ${row.payload.orderId} is not paid (${order?.status ?? "missing"})` };
      const products = await grantedProducts(order.id);
      const token = await mintOrderLink(order.id, "receipt");
      return {
        mail: await (
          await import("~/server/mail/templates/receipt.server")
        ).receiptMail(ctx, {
          orderNumber: orderNumber(order.id),
          paidAt: order.paidAt ?? order.updatedAt,
          lines: order.lines.map((l) => ({ name: l.name, amountCents: l.unitAmountCents * l.quantity })),
          totalCents: order.amountTotal,
          orderUrl: url(orderPagePath(token)),
          products: products.map((id) => ({
            name: PRODUCT_NAMES[id],
            fileCount: PRODUCT_FILES[id].reduce((n, g) => n + g.files.length, 0),
          })),
        }),
      };
    }
    case "access-ended": {
      const order = await findOrder(row.payload.orderId);
      if (!order) return { skip: `order ${row.payload.orderId} is missing` };
      return {
        mail: await (
          await import("~/server/mail/templates/refund.server")
        ).refundMail(ctx, {
          orderNumber: orderNumber(order.id),
          kind: order.status === "disputed" ? "disputed" : "refunded",
          lines: order.lines.map((l) => ({ name: l.name, amountCents: l.unitAmountCents * l.quantity })),
          totalCents: order.amountTotal,
          part: await refundNoticePart(order, row.payload.products),
        }),
      };
    }
    case "guide": {
      const unsubscribe = await unsubscribeUrl();
      const guide = guideIdOf(row.payload.guide);
      return {
        unsubscribeUrl: unsubscribe,
        mail: await (
          await import("~/server/mail/templates/guide.server")
        ).guideMail(ctx, {
          guide,
          name: row.payload.name,
          // Through the site: opening it proves the address is theirs (and starts that guide's welcome sequence).
          guideUrl: url(`/guide/${await mintEmailLink(row.toAddress, "prove")}?guide=${guide}`),
          toolkitUrl: url("/resources"),
          unsubscribeUrl: unsubscribe,
        }),
      };
    }
    case "newsletter-confirm": {
      const [subscriber] = await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, row.payload.subscriberId));
      if (!subscriber || subscriber.status !== "pending") return { skip: `subscriber is ${subscriber?.status ?? "missing"}` };
      const confirm = await mintEmailLink(row.toAddress, "newsletter-confirm");
      const unsubscribe = await unsubscribeUrl();
      return {
        unsubscribeUrl: unsubscribe,
        mail: await (
          await import("~/server/mail/templates/newsletter-confirm.server")
        ).newsletterConfirmMail(ctx, { confirmUrl: url(`/newsletter/confirm/${confirm}`), unsubscribeUrl: unsubscribe }),
      };
    }
    case "contact-owner": {
      const [message] = await db().select().from(contactMessages).where(eq(contactMessages.id, row.payload.messageId));
      if (!message) return { skip: `contact message ${row.payload.messageId} is missing` };
      return {
        replyTo: message.email,
        mail: await (
          await import("~/server/mail/templates/contact-owner.server")
        ).contactOwnerMail(ctx, { ...message, receivedAt: message.createdAt, messageId: message.id }),
      };
    }
    case "contact-ack": {
      return { mail: await (await import("~/server/mail/templates/contact-ack.server")).contactAckMail(ctx, {}) };
    }
    case "lost-link": {
      const orders = await paidOrdersFor(row.toAddress);
      if (orders.length === 0) return { skip: "no paid orders for this address" };
      const names = await productNamesByOrder(orders.map((o) => o.id));
      const links = [];
      for (const order of orders) {
        const token = await mintOrderLink(order.id, "lost-link");
        links.push({
          orderNumber: orderNumber(order.id),
          paidAt: order.paidAt ?? order.updatedAt,
          productNames: names.get(order.id) ?? [],
          orderUrl: url(orderPagePath(token)),
        });
      }
      return { mail: await (await import("~/server/mail/templates/lost-link.server")).lostLinkMail(ctx, { orders: links }) };
    }
    case "review-request": {
      const decision = await reviewRequestDecision(row.payload.orderId);
      if ("skip" in decision) return decision;
      const order = decision.send;
      const token = await mintOrderLink(order.id, "review-request");
      const unsubscribe = await unsubscribeUrl();
      return {
        unsubscribeUrl: unsubscribe,
        mail: await (
          await import("~/server/mail/templates/review-request.server")
        ).reviewRequestMail(ctx, {
          orderNumber: orderNumber(order.id),
          paidAt: order.paidAt ?? order.updatedAt,
          productNames: order.lines.map((l) => l.name),
          reviewUrl: url(`${orderPagePath(token)}#review`),
          unsubscribeUrl: unsubscribe,
        }),
      };
    }
    case "sequence-step": {
      const wanted = await stepStillWanted(row.payload.contactId, row.payload.stepId);
      if (!wanted.ok) return { skip: wanted.reason };
      const step = await findStep(row.payload.stepId);
      if (!step) return { skip: `step ${row.payload.stepId} no longer exists` };
      const last = await isLastStep(step, row.payload.contactId);
      const invitation = last ? await newsletterInvitation(row.toAddress) : undefined;
      return composeStep(
        { ...step, last: Boolean(invitation), newsletterInvitationUrl: invitation && url(`/newsletter/confirm/${invitation}`) },
        ctx,
        await unsubscribeUrl(),
      );
    }
    case "broadcast": {
      const broadcast = await facts.broadcast(row.payload.broadcastId);
      if ("hold" in broadcast || "cancel" in broadcast) return broadcast;
      return composeBroadcast(broadcast, ctx, await unsubscribeUrl());
    }
    default: {
      // The kinds are checked twice before this: by the compiler here, and by the table's CHECK.
      const unknown: never = row;
      throw new Error(`Unknown e-mail kind ${(unknown as OutboxRow).kind}`);
    }
  }
}

/**
 * Why each kind is sent: the consent purpose it needs (it goes only to a contact holding a
 * current consent of that purpose, with no suppression), or "transactional" for what a person
 * needs or just asked for (a receipt, a lost link, a confirmation), which stops only for a hard
 * bounce or a complaint. Checked at send time (sendBlockers), whatever was true when the row was queued.
 */
export const SEND_POLICY: Record<OutboxKind, SendPolicy> = {
  receipt: "transactional",
  "access-ended": "transactional",
  // The one e-mail the lead form promised, under the consent it recorded for the guide and its follow-ups.
  guide: "guide_followups",
  "newsletter-confirm": "transactional",
  "contact-owner": "transactional",
  "contact-ack": "transactional",
  "lost-link": "transactional",
  // Asked of a buyer, not needed by them: it stops for an unsubscribe like the list's mail.
  "review-request": "buyer",
  "sequence-step": "guide_followups",
  broadcast: "newsletter",
};

function addressDomain(from: string): string {
  const [first] = addressparser(from, { flatten: true });
  return first?.address?.split("@")[1] || "localhost";
}

type Addressed = Pick<OutboxRow, "id" | "kind" | "dedupeKey" | "toAddress">;

function messageId(row: Addressed, from: string): string {
  const domain = addressDomain(from);
  const key = createHash("sha256").update(row.dedupeKey).digest("hex").slice(0, 24);
  return `<${row.kind}.${row.id}.${key}@${domain}>`;
}

/** A rendered message as the transport gets it: addresses, headers and a Message-ID stable per row. */
export function outgoingMail(row: Addressed, composed: ComposedMail, settings: MailSettings): OutgoingMail {
  const headers: Record<string, string> = {};
  if (composed.unsubscribeUrl) {
    headers["List-Unsubscribe"] = `<${composed.unsubscribeUrl}>, <mailto:${settings.context.supportEmail}?subject=unsubscribe>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  return {
    from: settings.from,
    to: row.toAddress,
    replyTo: composed.replyTo,
    subject: composed.mail.subject,
    html: composed.mail.html,
    text: composed.mail.text,
    headers,
    messageId: messageId(row, settings.from),
    label: `${row.id}-${row.kind}`,
  };
}

/** A test of a list message to OWNER_EMAIL, outside the outbox (no contact, no count); returns the address. */
export async function sendOwnerTest(kind: OutboxKind, key: string, composed: ComposedMail, settings: MailSettings): Promise<string> {
  const to = env().OWNER_EMAIL;
  const transport = transportFromEnv();
  try {
    await transport.send(outgoingMail({ id: Date.now(), kind, dedupeKey: `test:${key}:${Date.now()}`, toAddress: to }, composed, settings));
  } finally {
    transport.close();
  }
  return to;
}

type ComposeList<T extends ListMessage> = (message: T, ctx: MailContext, unsubscribeUrl: string) => Promise<ComposedMail>;

/** A list message (a step, a broadcast) as readers will get it, for the owner (the unsubscribe link a placeholder). */
export async function previewListMessage<T extends ListMessage>(message: T, compose: ComposeList<T>) {
  const { context } = mailSettingsFromEnv();
  return (await compose(message, context, `${context.origin}/unsubscribe/preview`)).mail;
}

/** A test send of a saved list message to OWNER_EMAIL, "[Test]" before its subject, outside the outbox. */
export async function sendListMessageTest<T extends ListMessage>(message: T, compose: ComposeList<T>, kind: OutboxKind, key: string) {
  const settings = mailSettingsFromEnv();
  const test = { ...message, subject: `[Test] ${message.subject}` };
  return sendOwnerTest(kind, key, await compose(test, settings.context, `${settings.context.origin}/unsubscribe/test`), settings);
}

/**
 * What a send reads from the database that can be read for many rows at once: the address's
 * suppression (checked at send time, whatever was true when the row was queued), a broadcast's
 * status and content, and the reader's own unsubscribe link. Looked up one row at a time, or for
 * the rows about to be sent together in a statement each (factsForRows).
 */
type SendFacts = {
  blocker(row: OutboxRow): Promise<string | undefined>;
  broadcast(id: number): Promise<BroadcastToSend>;
  unsubscribeToken(row: OutboxRow): Promise<string>;
};

const ONE_BY_ONE: SendFacts = {
  blocker: (row) => sendBlocker(row.toAddress, SEND_POLICY[row.kind]),
  broadcast: broadcastToSend,
  unsubscribeToken: (row) => mintEmailLink(row.toAddress, "unsubscribe"),
};

/** The send-time facts of rows about to go together: three statements for all of them, not three each. */
async function factsForRows(rows: OutboxRow[]): Promise<SendFacts> {
  const blockers = await sendBlockers(rows.map((row) => ({ email: row.toAddress, policy: SEND_POLICY[row.kind] })));
  const blocked = new Map(rows.map((row, i) => [row.id, blockers[i]]));
  const broadcasts = await broadcastsToSend(rows.flatMap((row) => (row.kind === "broadcast" ? [row.payload.broadcastId] : [])));
  // Links only for the broadcast rows that will go (a held or suppressed row needs none).
  const linked = rows.filter((row) => {
    const broadcast = row.kind === "broadcast" ? broadcasts.get(row.payload.broadcastId) : undefined;
    return broadcast && !("hold" in broadcast) && !("cancel" in broadcast) && !blocked.get(row.id);
  });
  const tokens = await mintEmailLinks(
    linked.map((row) => row.toAddress),
    "unsubscribe",
  );
  const tokenOf = new Map(linked.map((row, i) => [row.id, tokens[i]!]));
  return {
    blocker: (row) => (blocked.has(row.id) ? Promise.resolve(blocked.get(row.id)) : ONE_BY_ONE.blocker(row)),
    broadcast: (id) => Promise.resolve(broadcasts.get(id) ?? broadcastToSend(id)),
    unsubscribeToken: (row) => Promise.resolve(tokenOf.get(row.id) ?? ONE_BY_ONE.unsubscribeToken(row)),
  };
}

/** A row ready to go: its message, or why it does not go (suppressed, held, cancelled). */
type Prepared = { mail: OutgoingMail } | { result: DeliveryResult };

async function prepare(row: OutboxRow, settings: MailSettings, facts: SendFacts): Promise<Prepared> {
  const blocked = await facts.blocker(row);
  if (blocked) return { result: { status: "suppressed", info: blocked } };
  const composed = await compose(row, settings, facts);
  if ("skip" in composed) return { result: { status: "suppressed", info: composed.skip } };
  if ("hold" in composed) return { result: { status: "held", info: composed.hold } };
  if ("cancel" in composed) return { result: { status: "cancelled", info: composed.cancel } };
  return { mail: outgoingMail(row, composed, settings) };
}

/**
 * The outbox's deliver function for this transport and these settings. Its `forRows` checks and
 * composes the rows sent together before the outbox marks them "send started" (their send-time
 * facts read at once), so what it returns only hands each message to the transport.
 */
export function createDeliver(transport: MailTransport, settings: MailSettings): Deliver {
  // The signal aborts a send the outbox cut off: nodemailer closes that message's connection, so it cannot arrive later.
  const send = async (prepared: Prepared, signal?: AbortSignal): Promise<DeliveryResult> =>
    "result" in prepared ? prepared.result : { status: "sent", info: await transport.send(prepared.mail, signal) };
  const forRows = async (rows: OutboxRow[]): Promise<SendOne> => {
    const facts = await factsForRows(rows);
    // One row's failure (a template error) is that row's, not its neighbours'.
    const ready = new Map(
      await Promise.all(
        rows.map(async (row) => [row.id, await prepare(row, settings, facts).catch((error: unknown) => ({ error }))] as const),
      ),
    );
    return async (row, signal) => {
      const prepared = ready.get(row.id) ?? (await prepare(row, settings, ONE_BY_ONE));
      if ("error" in prepared) throw prepared.error;
      return send(prepared, signal);
    };
  };
  return Object.assign(async (row: OutboxRow, signal?: AbortSignal) => send(await prepare(row, settings, ONE_BY_ONE), signal), { forRows });
}

/** An SMTP 5xx for this row's address: a hard bounce, suppressed for every later send. */
export async function suppressHardBounce(row: OutboxRow, error: unknown): Promise<void> {
  const code = (error as { responseCode?: number }).responseCode;
  await suppress(row.toAddress, "hard_bounce", `SMTP ${code ?? "5xx"} at send: ${String((error as Error).message ?? error).slice(0, 300)}`);
}
