/**
 * What each outbox row becomes: its message's definition looked up (messages/registry.server.ts),
 * checked against the address's suppressions and consents, composed, and handed to the transport.
 */
import { createHash } from "node:crypto";
import addressparser from "nodemailer/lib/addressparser";
import type { OutboxKind } from "../../../db/schema";
import { businessDefaultsFromEnv, env, mailTransportKind } from "~/server/env.server";
import { db } from "~/server/db.server";
import { readSavedDetails, type SavedDetails } from "~/server/business.server";
import { mintEmailLink, mintEmailLinks } from "~/server/audience/email-links.server";
import { sendBlocker, sendBlockers } from "~/server/audience/contacts.server";
import { broadcastsToSend, broadcastToSend, type BroadcastToSend } from "~/server/audience/broadcasts.server";
import { lastRender, type ComposedMail, type LastRender, type ListMessage } from "~/server/mail/list-compose.server";
import type { Unsent } from "~/server/mail/messages/definition.server";
import { messageOf } from "~/server/mail/messages/registry.server";
import type { DeliveryResult } from "~/server/mail/outbox-outcomes.server";
import type { Deliver, OutboxRow, SendOne } from "~/server/mail/outbox.server";
import type { MailContext } from "~/server/mail/render.server";
import { createMailTransport, type MailTransport, type OutgoingMail } from "~/server/mail/transport.server";
import { readProductCatalogue, type ProductCatalogue } from "~/server/shop/product-store.server";

export type MailSettings = {
  from: string;
  context: MailContext;
  /** The server's product store (server/app.ts); without one (a script, a test) each send reads the products table. */
  products?: ProductCatalogue;
};

/** What a footer says while no postal address is set (the environment or /admin/settings). */
const NO_POSTAL_ADDRESS = "Postal address not configured (set it on /admin/settings or in BUSINESS_ADDRESS)";

/** The sender and the messages' context from the environment: the defaults the owner's saved details override (withBusiness). */
export function mailSettingsFromEnv(): MailSettings {
  const e = env();
  const business = businessDefaultsFromEnv();
  return {
    from: e.MAIL_FROM,
    context: {
      businessName: business.businessName,
      ownerName: business.signedBy ?? undefined,
      businessAddress: business.postalAddress ?? NO_POSTAL_ADDRESS,
      supportEmail: business.supportEmail,
      origin: e.PUBLIC_ORIGIN,
      timeZone: business.timeZone,
      // As server/main.ts checks the links: with the owner's secret only while her dashboard is on.
      campaignSecret: e.OWNER_PASSWORD_HASH && e.SESSION_SECRET ? e.SESSION_SECRET : undefined,
    },
  };
}

/**
 * The settings under the owner's saved details (/admin/settings, decision 069): each saved field
 * over its default in the messages' context, and the sender's display name when it is the
 * business's name (MAIL_FROM "Fresh Start Money <...>"); the sender's address stays MAIL_FROM's,
 * the one the mail provider verified.
 */
export function withBusiness(settings: MailSettings, saved: SavedDetails): MailSettings {
  const base = settings.context;
  const context: MailContext = {
    ...base,
    ...(saved.businessName !== undefined ? { businessName: saved.businessName } : {}),
    ...(saved.supportEmail !== undefined ? { supportEmail: saved.supportEmail } : {}),
    ...(saved.postalAddress !== undefined ? { businessAddress: saved.postalAddress ?? NO_POSTAL_ADDRESS } : {}),
    ...(saved.signedBy !== undefined ? { ownerName: saved.signedBy ?? undefined } : {}),
    ...(saved.timeZone !== undefined ? { timeZone: saved.timeZone } : {}),
  };
  const [sender] = addressparser(settings.from, { flatten: true });
  const renamed = sender?.address && sender.name === base.businessName && context.businessName !== base.businessName;
  return { ...settings, from: renamed ? formatSender(context.businessName, sender.address) : settings.from, context };
}

/** "Name <address>", the name quoted as RFC 5322 asks when it holds more than words. */
function formatSender(name: string, address: string): string {
  const plain = /^[A-Za-z0-9 ]+$/.test(name);
  return plain ? `${name} <${address}>` : `"${name.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}" <${address}>`;
}

/** The settings a send uses now: the owner's details as saved at this moment (one read per batch). */
async function currentSettings(settings: MailSettings): Promise<MailSettings> {
  return withBusiness(settings, await readSavedDetails(db()));
}

export function transportFromEnv(): MailTransport {
  const e = env();
  return mailTransportKind(e) === "smtp"
    ? createMailTransport({ kind: "smtp", url: e.SMTP_URL!, maxConnections: e.SMTP_POOL_CONNECTIONS })
    : createMailTransport({ kind: "file", dir: `${e.DATA_DIR}/mail` });
}

export type { ComposedMail };
type Composed = ComposedMail | Unsent;

/**
 * A row's message, by its kind's definition (messages/): its payload checked, its facts loaded,
 * its links minted (order and unsubscribe tokens at send time, so no usable token is ever
 * stored), rendered; or why it does not go. The List-Unsubscribe headers go exactly with the
 * policies that ask for them.
 */
async function compose(row: OutboxRow, settings: MailSettings, facts: SendFacts, renders: LastRender): Promise<Composed> {
  const message = messageOf(row.kind);
  const ctx = settings.context;
  const url = (path: string) => `${ctx.origin}${path}`;
  let unsubscribe: Promise<string> | undefined;
  const unsubscribeUrl = () => (unsubscribe ??= facts.unsubscribeToken(row).then((token) => url(`/unsubscribe/${token}`)));
  const loaded = await message.load({
    to: row.toAddress,
    payload: message.payload.parse(row.payload),
    ctx,
    url,
    unsubscribeUrl,
    broadcast: facts.broadcast,
    products: () => (settings.products ? Promise.resolve(settings.products) : readProductCatalogue()),
  });
  if (!("props" in loaded)) return loaded;
  const composed = await message.render(ctx, loaded.props, renders);
  return { ...composed, unsubscribeUrl: message.policy.unsubscribe ? (composed.unsubscribeUrl ?? (await unsubscribeUrl())) : undefined };
}

/** Who a row may go to now (its kind's consent, checked at send time, whatever was true when it was queued). */
const consentOf = (row: OutboxRow) => messageOf(row.kind).policy.consent;

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
    // A reply reaches support (the business's saved address) unless the message names its own (a contact message: its sender).
    replyTo: composed.replyTo ?? settings.context.supportEmail,
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
  const { context } = await currentSettings(mailSettingsFromEnv());
  return (await compose(message, context, `${context.origin}/unsubscribe/preview`)).mail;
}

/** A test send of a saved list message to OWNER_EMAIL, "[Test]" before its subject, outside the outbox. */
export async function sendListMessageTest<T extends ListMessage>(message: T, compose: ComposeList<T>, kind: OutboxKind, key: string) {
  const settings = await currentSettings(mailSettingsFromEnv());
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
  blocker: (row) => sendBlocker(row.toAddress, consentOf(row)),
  broadcast: broadcastToSend,
  unsubscribeToken: (row) => mintEmailLink(row.toAddress, "unsubscribe"),
};

/** The send-time facts of rows about to go together: three statements for all of them, not three each. */
async function factsForRows(rows: OutboxRow[]): Promise<SendFacts> {
  const blockers = await sendBlockers(rows.map((row) => ({ email: row.toAddress, policy: consentOf(row) })));
  const blocked = new Map(rows.map((row, i) => [row.id, blockers[i]]));
  const broadcastIds = new Map(rows.map((row) => [row.id, messageOf(row.kind).broadcastOf?.(row.payload)]));
  const broadcasts = await broadcastsToSend([...broadcastIds.values()].filter((id) => id !== undefined));
  // Links only for the broadcast rows that will go (a held or suppressed row needs none).
  const linked = rows.filter((row) => {
    const id = broadcastIds.get(row.id);
    const broadcast = id === undefined ? undefined : broadcasts.get(id);
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

async function prepare(row: OutboxRow, settings: MailSettings, facts: SendFacts, renders: LastRender): Promise<Prepared> {
  const blocked = await facts.blocker(row);
  if (blocked) return { result: { status: "suppressed", info: blocked } };
  const composed = await compose(row, settings, facts, renders);
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
  // This sender's last render: a broadcast's copies, sent in many batches, are rendered once.
  const renders = lastRender();
  // The signal aborts a send the outbox cut off: nodemailer closes that message's connection, so it cannot arrive later.
  const send = async (prepared: Prepared, signal?: AbortSignal): Promise<DeliveryResult> =>
    "result" in prepared ? prepared.result : { status: "sent", info: await transport.send(prepared.mail, signal) };
  const forRows = async (rows: OutboxRow[]): Promise<SendOne> => {
    const [facts, current] = await Promise.all([factsForRows(rows), currentSettings(settings)]);
    // One row's failure (a template error) is that row's, not its neighbours'.
    const ready = new Map(
      await Promise.all(
        rows.map(async (row) => [row.id, await prepare(row, current, facts, renders).catch((error: unknown) => ({ error }))] as const),
      ),
    );
    return async (row, signal) => {
      const prepared = ready.get(row.id) ?? (await prepare(row, current, ONE_BY_ONE, renders));
      if ("error" in prepared) throw prepared.error;
      return send(prepared, signal);
    };
  };
  const one = async (row: OutboxRow, signal?: AbortSignal) =>
    send(await prepare(row, await currentSettings(settings), ONE_BY_ONE, renders), signal);
  return Object.assign(one, {
    forRows,
  });
}
