import type { AddressInfo, Socket } from "node:net";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { expect, it } from "vitest";
import { createMailTransport, type OutgoingMail } from "~/server/mail/transport.server";
import { startSmtp } from "../../../tests/helpers/smtp";

const mail = (i: number): OutgoingMail => ({
  from: "Fresh Start Money <support@freshstartmoney.com>",
  to: `reader${i}@example.com`,
  subject: `Message ${i}`,
  html: `<p>Message ${i}</p>`,
  text: `Message ${i}`,
  messageId: `<test-${i}@freshstartmoney.com>`,
  label: `test-${i}`,
});

it("sends a backlog over its few pooled connections, not one connection per message", async () => {
  const smtp = await startSmtp();
  const transport = createMailTransport({ kind: "smtp", url: smtp.url, maxConnections: 2 });
  try {
    // Twenty at once (a broadcast's batch), then five one after another (a quiet day's mail).
    await Promise.all(Array.from({ length: 20 }, (_, i) => transport.send(mail(i))));
    for (let i = 20; i < 25; i++) await transport.send(mail(i));
    const received = await smtp.waitFor(25);
    expect(received.map((m) => m.subject).sort()).toEqual(Array.from({ length: 25 }, (_, i) => `Message ${i}`).sort());
    expect(smtp.connections()).toBeLessThanOrEqual(2);
  } finally {
    transport.close();
    await smtp.close();
  }
});

/**
 * An SMTP server that records the envelope as the client sends it (MAIL FROM and each RCPT TO,
 * read off the wire, so before any refusal of the server's own) and the messages it takes; the answer to a message to `stallFor` is kept
 * back until release(), and `closedWhileStalled` says whether the client hung up meanwhile.
 */
async function recordingSmtp({ stallFor }: { stallFor?: string } = {}) {
  const mailFrom: string[] = [];
  const rcptTo: string[] = [];
  const messages: ParsedMail[] = [];
  let closedWhileStalled = false;
  const stalled: { session: string; answer: () => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onClose(session) {
      if (stalled.some((s) => s.session === session.id)) closedWhileStalled = true;
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push(parsed);
          if (stallFor && session.envelope.rcptTo.some((r) => r.address === stallFor)) {
            stalled.push({ session: session.id, answer: () => callback() });
          } else callback();
        })
        .catch(callback);
    },
  });
  server.on("error", () => {});
  server.server.on("connection", (socket: Socket) => {
    let buffered = "";
    socket.on("data", (chunk: Buffer) => {
      const lines = (buffered + chunk.toString("latin1")).split("\r\n");
      buffered = lines.pop()!;
      for (const line of lines) {
        const command = /^(MAIL FROM|RCPT TO):<(.*)>/i.exec(line);
        if (command) (command[1]!.toUpperCase() === "MAIL FROM" ? mailFrom : rcptTo).push(command[2]!);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    mailFrom,
    rcptTo,
    messages,
    stalled: () => stalled.length,
    closedWhileStalled: () => closedWhileStalled,
    release: () => stalled.splice(0).forEach((s) => s.answer()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const toOf = (parsed: ParsedMail) => (parsed.to as AddressObject).value;

it("hands the recipient over as one bare address: RCPT TO and the To: header are that address, with no name", async () => {
  const smtp = await recordingSmtp();
  const transport = createMailTransport({ kind: "smtp", url: smtp.url });
  try {
    await transport.send({ ...mail(1), to: "first.last+tag@example.com" });
    // A comment in front is not read as a comment: the whole of it stays one (quoted) local part.
    await transport.send({ ...mail(2), to: "(c)victim@example.com" });
    expect(smtp.mailFrom).toEqual(["support@freshstartmoney.com", "support@freshstartmoney.com"]);
    expect(smtp.rcptTo).toEqual(["first.last+tag@example.com", '"(c)victim"@example.com']);
    expect(smtp.messages.map(toOf)).toEqual([
      [{ address: "first.last+tag@example.com", name: "" }],
      [{ address: '"(c)victim"@example.com', name: "" }],
    ]);
    // The From: header keeps the configured name.
    expect(smtp.messages[0]!.from!.value).toEqual([{ address: "support@freshstartmoney.com", name: "Fresh Start Money" }]);
  } finally {
    transport.close();
    await smtp.close();
  }
});

it("a recipient of x<victim@example.com> never reaches victim@example.com: the server refuses the address as given", async () => {
  const smtp = await recordingSmtp();
  const transport = createMailTransport({ kind: "smtp", url: smtp.url });
  try {
    // nodemailer quotes the odd local part ("x victim"@example.com); smtp-server refuses that syntax.
    await expect(transport.send({ ...mail(1), to: "x<victim@example.com>" })).rejects.toMatchObject({ responseCode: 501 });
    expect(smtp.rcptTo).toEqual(['"x victim"@example.com']);
    expect(smtp.rcptTo).not.toContain("victim@example.com");
    expect(smtp.messages).toEqual([]);
  } finally {
    transport.close();
    await smtp.close();
  }
});

it("a send cut off by its signal closes its connection before the server answers, and the next send still goes", async () => {
  const smtp = await recordingSmtp({ stallFor: "slow@example.com" });
  const transport = createMailTransport({ kind: "smtp", url: smtp.url, maxConnections: 2 });
  try {
    const cut = new AbortController();
    const slow = transport.send({ ...mail(1), to: "slow@example.com" }, cut.signal);
    await expect.poll(smtp.stalled).toBe(1);
    let outcome: unknown;
    slow.then(
      (answer) => (outcome = answer),
      (error: unknown) => (outcome = error),
    );
    cut.abort(new Error("too slow"));
    await expect.poll(() => outcome).toMatchObject({ name: "AbortError" });
    await expect.poll(smtp.closedWhileStalled).toBe(true);
    await transport.send({ ...mail(2), to: "quick@example.com" });
    expect(smtp.messages.map((m) => toOf(m)[0]!.address)).toEqual(["slow@example.com", "quick@example.com"]);
  } finally {
    smtp.release();
    transport.close();
    await smtp.close();
  }
});
