/**
 * A real SMTP server inside the test process (smtp-server) that parses every message it receives
 * with a real mail parser (mailparser). It can be stopped and started again on the same port, as
 * a mail provider's outage would look to the site.
 */
import type { AddressInfo, Socket } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";
import { createDeliver, type MailSettings } from "~/server/mail/mailer.server";
import { env } from "~/server/env.server";
import { mailWorkerOptions, processOutbox, type Deliver, type ProcessOptions } from "~/server/mail/outbox.server";
import { createMailTransport, type MailTransport } from "~/server/mail/transport.server";

/**
 * The mailer's settings in the tests: the site's sender, a test postal address, links to `origin`;
 * with `campaignSecret`, list e-mails' site links are signed as with the owner dashboard on.
 */
export function testMailSettings(origin: string, campaignSecret?: string): MailSettings {
  return {
    from: "Fresh Start Money <support@freshstartmoney.com>",
    context: {
      businessName: "Fresh Start Money",
      businessAddress: "PO Box 123, Springfield, IL 62701",
      supportEmail: "support@freshstartmoney.com",
      origin,
      timeZone: "America/New_York",
      campaignSecret,
    },
  };
}

/** A header's value as sent, unfolded (mailparser folds List-* headers into a structured "list" entry). */
export function rawHeader(mail: ParsedMail, name: string): string | undefined {
  return mail.headerLines
    .find((h) => h.key === name)
    ?.line.slice(name.length + 1)
    .replace(/\r?\n[ \t]+/g, " ")
    .trim();
}

/**
 * A step of the SMTP conversation the test server can refuse for every message, as a
 * misconfigured or suspended sending account does: the login, the sender (MAIL FROM), every
 * recipient (RCPT TO), or the message (DATA).
 */
export type RefusedStep = "auth" | "mail" | "rcpt" | "data";

/** What the test server answers when it refuses a step (code and words as a real provider's). */
export const REFUSALS: Record<RefusedStep, { code: number; words: string }> = {
  auth: { code: 535, words: "5.7.8 Authentication failed: the API key was revoked" },
  mail: { code: 550, words: "5.7.1 The from address does not match a verified Sender Identity" },
  rcpt: { code: 550, words: "5.7.1 Relaying denied for this account" },
  data: { code: 554, words: "5.7.1 Account suspended: contact support" },
};

function refusal(step: RefusedStep) {
  const error = new Error(REFUSALS[step].words) as Error & { responseCode: number };
  error.responseCode = REFUSALS[step].code;
  return error;
}

export type TestSmtp = {
  url: string;
  /** The same server, with a user name and password in the address: the client logs in (AUTH). */
  urlWithLogin: string;
  /** From now on, refuse this step for every message (undefined: refuse nothing but @bounce.example). */
  refuse(step: RefusedStep | undefined): void;
  /** How many times the server refused a step since it started. */
  refusals(): number;
  messages: ParsedMail[];
  /** How many SMTP connections clients have opened so far. */
  connections(): number;
  /**
   * From now on, take each message whole but keep back the answer to it: the client waits with
   * the message handed over and unconfirmed (a slow mail server). The messages kept waiting,
   * their recipients as addresses.
   */
  holdAnswers(): void;
  heldFor(): string[];
  /** Answer the waiting messages (they count as received) and answer the next ones at once again. */
  releaseAnswers(): void;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Wait until at least n messages arrived (or fail after `ms`). */
  waitFor(n: number, ms?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
};

export async function startSmtp(): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  let connections = 0;
  let refusing: RefusedStep | undefined;
  let refused = 0;
  const refuseAt = (step: RefusedStep) => {
    if (refusing !== step) return undefined;
    refused++;
    return refusal(step);
  };
  let holding = false;
  const held: { mail: ParsedMail; answer: () => void }[] = [];
  const sockets = new Set<Socket>();
  let port = 0;
  let server: SMTPServer | undefined;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = new SMTPServer({
        authOptional: true,
        allowInsecureAuth: true,
        disabledCommands: ["STARTTLS"],
        logger: false,
        onConnect(_session, callback) {
          connections++;
          callback();
        },
        onAuth(auth, _session, callback) {
          const error = refuseAt("auth");
          if (error) return callback(error);
          callback(null, { user: auth.username });
        },
        onMailFrom(_address, _session, callback) {
          callback(refuseAt("mail") ?? undefined);
        },
        // Addresses at bounce.example do not exist: a permanent refusal, as a real server gives.
        onRcptTo(address, _session, callback) {
          const error = refuseAt("rcpt");
          if (error) return callback(error);
          if (address.address.endsWith("@bounce.example")) {
            const error = new Error("5.1.1 No such mailbox") as Error & { responseCode: number };
            error.responseCode = 550;
            return callback(error);
          }
          callback();
        },
        onData(stream, _session, callback) {
          if (refusing === "data") {
            stream.resume();
            stream.on("end", () => callback(refuseAt("data")));
            return;
          }
          simpleParser(stream)
            .then((mail) => {
              if (holding) {
                held.push({ mail, answer: () => callback() });
                return;
              }
              messages.push(mail);
              callback();
            })
            .catch(callback);
        },
      });
      s.on("error", () => {});
      s.server.on("connection", (socket: Socket) => {
        sockets.add(socket);
        socket.once("close", () => sockets.delete(socket));
      });
      s.server.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        port = (s.server.address() as AddressInfo).port;
        server = s;
        resolve();
      });
    });
  // An outage: the open connections drop too (smtp-server's close() alone lets them finish for 30 s,
  // and the site's pooled connections would go on sending through a server that is "down").
  const stop = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = undefined;
      if (!s) return resolve();
      s.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });

  await listen();
  return {
    url: `smtp://127.0.0.1:${port}`,
    urlWithLogin: `smtp://site:secret@127.0.0.1:${port}`,
    refuse: (step) => {
      refusing = step;
    },
    refusals: () => refused,
    messages,
    connections: () => connections,
    holdAnswers: () => {
      holding = true;
    },
    heldFor: () => held.map(({ mail }) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)!.value[0]!.address!),
    releaseAnswers: () => {
      holding = false;
      for (const { mail, answer } of held.splice(0)) {
        messages.push(mail);
        answer();
      }
    },
    stop,
    start: async () => {
      if (!server) await listen();
    },
    async waitFor(n, ms = 5_000) {
      const deadline = Date.now() + ms;
      while (messages.length < n) {
        if (Date.now() > deadline) throw new Error(`expected ${n} e-mails, got ${messages.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return messages;
    },
    close: stop,
  };
}

/**
 * The options the server's worker runs with (mailWorkerOptions, from this process's environment),
 * with what a test changes: by default one send at a time, so a test's messages arrive in order.
 */
export function workerOptions(overrides: ProcessOptions = {}): ProcessOptions {
  return { ...mailWorkerOptions(env(), "smtp"), concurrency: 1, ...overrides };
}

/** Send until the outbox has nothing due (the worker's loop, run to the end), with the server's options unless a test says otherwise. */
export async function drainOutbox(deliver: Deliver, options: ProcessOptions = workerOptions()): Promise<void> {
  while ((await processOutbox(deliver, options)) > 0);
}

/**
 * A test file's mail: a real SMTP server in the process, the site's transport to it and the
 * outbox's deliverer (set up before the file's tests, closed after). `flush()` sends everything due.
 * `login`: the transport logs in (so the server can refuse AUTH); `connections`: the pool's size,
 * and as many sent at once by `flush()`; `campaignSecret`: list e-mails' links signed with it (testMailSettings).
 */
export function useOutboxMail(
  origin: string,
  { login = false, connections = 1, campaignSecret }: { login?: boolean; connections?: number; campaignSecret?: string } = {},
) {
  const run = {} as { smtp: TestSmtp; transport: MailTransport; deliver: Deliver };
  beforeAll(async () => {
    run.smtp = await startSmtp();
    run.transport = createMailTransport({ kind: "smtp", url: login ? run.smtp.urlWithLogin : run.smtp.url, maxConnections: connections });
    run.deliver = createDeliver(run.transport, testMailSettings(origin, campaignSecret));
  });
  afterAll(async () => {
    run.transport.close();
    await run.smtp.close();
  });
  return {
    /** Send until the outbox has nothing due. */
    flush: () => drainOutbox(run.deliver, workerOptions({ concurrency: connections })),
    /** What reached one address, in order. */
    received: (address: string) => run.smtp.messages.filter((m) => (m.to as { text: string }).text === address),
    /** The SMTP server (what it received, what it refuses). */
    smtp: () => run.smtp,
    /** The outbox's deliverer on this transport, for a single pass (processOutbox). */
    deliver: () => run.deliver,
  };
}
