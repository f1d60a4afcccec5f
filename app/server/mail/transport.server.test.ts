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
