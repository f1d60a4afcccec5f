/**
 * How an e-mail leaves the server: SMTP through nodemailer (SMTP_URL), or, on the embedded
 * default, an .eml file under DATA_DIR/mail that any mail program opens.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import nodemailer from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import { log } from "~/server/log.server";

export type OutgoingMail = {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  /** Stable per outbox row, so a retried send carries the same Message-ID. */
  messageId: string;
  /** Names the .eml file (file transport). */
  label: string;
};

export type MailTransport = {
  kind: "smtp" | "file";
  /**
   * `signal` cuts the send off: a message still waiting for a pooled connection is dropped, and
   * the connection carrying one is closed (only that one), so it cannot finish afterwards. The file
   * transport writes at once and ignores it.
   */
  send(mail: OutgoingMail, signal?: AbortSignal): Promise<string>;
  close(): void;
};

export type TransportOptions = { kind: "smtp"; url: string; maxConnections?: number } | { kind: "file"; dir: string };

export function createMailTransport(options: TransportOptions): MailTransport {
  if (options.kind === "smtp") {
    // Pooled connections, reused from message to message (a broadcast or a backlog is not one TLS
    // handshake and login per message). Each send still fails on its own within the timeouts
    // below, and the outbox, not nodemailer, decides whether to retry it.
    // The URL goes inside the options: as createTransport's first argument it makes a plain SMTP
    // transport and the second becomes message defaults, so `pool` was ignored and every message
    // opened its own connection (measured: 5 connections for 5 messages, ~110 ms each on loopback).
    const transporter = nodemailer.createTransport({
      url: options.url,
      pool: true,
      maxConnections: options.maxConnections ?? 3,
      maxMessages: 500,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      // A connection that drops mid-send fails that send at once: the outbox, not the pool, retries.
      maxRequeues: 0,
    });
    return {
      kind: "smtp",
      async send(mail, signal) {
        const info = await transporter.sendMail({ ...toNodemailer(mail), signal });
        return String(info.response ?? info.messageId);
      },
      close: () => transporter.close(),
    };
  }
  const dir = resolve(options.dir);
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "file",
    async send(mail) {
      const info = (await transporter.sendMail(toNodemailer(mail))) as unknown as { message: Buffer };
      mkdirSync(dir, { recursive: true });
      const stamp = new Date()
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d+Z$/, "Z");
      const file = join(dir, `${stamp}-${mail.label}.eml`);
      writeFileSync(file, info.message);
      // The file, not the address: no personal data in the log.
      log.info(`E-mail written to ${file} (no SMTP_URL set)`);
      return `file ${file}`;
    },
    close: () => {},
  };
}

/**
 * The bare address of a configured sender ("Name <address>"), read by nodemailer's own parser:
 * the envelope's MAIL FROM.
 */
function senderAddress(from: string): string {
  const [first] = addressparser(from, { flatten: true });
  if (!first?.address) throw new Error(`The sender "${from}" has no e-mail address (MAIL_FROM)`);
  return first.address;
}

/**
 * A recipient is one bare address, given as an address object (no name) and as an explicit
 * envelope: a string would be parsed as an address list, and `x<victim@example.com>` or
 * `(c)victim@example.com` would become a name or comment plus victim@example.com. As objects,
 * nodemailer only normalises them (an odd local part is quoted), never reads another address in.
 */
function toNodemailer(mail: OutgoingMail) {
  const to = { name: "", address: mail.to };
  return {
    from: mail.from,
    to,
    envelope: { from: senderAddress(mail.from), to: [to] },
    // The sender of a contact message typed this one: the same care as a recipient.
    replyTo: mail.replyTo === undefined ? undefined : { name: "", address: mail.replyTo },
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: mail.headers,
    messageId: mail.messageId,
  };
}
