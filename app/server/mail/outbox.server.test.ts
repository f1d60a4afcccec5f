/**
 * A send cut off by the outbox's own timeout (a mail server that takes the message and then keeps
 * back its answer): the connection is closed, the outcome is unknown, and nothing sends the
 * message again by itself, transactional mail or list mail.
 */
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterEach, expect, it, vi } from "vitest";
import { LIST_KINDS, outbox } from "../../../db/schema";
import { db } from "~/server/db.server";
import { log } from "~/server/log.server";
import { outboxValues, processOutbox, type Deliver, type OutboxMessage } from "~/server/mail/outbox.server";
import { createMailTransport } from "~/server/mail/transport.server";
import { useTestDatabase } from "../../../tests/helpers/db";
import { loggedText } from "../../../tests/helpers/log";

useTestDatabase();
afterEach(() => vi.restoreAllMocks());

/**
 * A mail server that reads each message whole, then keeps back its answer while `stalling`: the
 * client waits with the message handed over and unconfirmed. `received` counts every message
 * whose data arrived whole, answered or not (the worst case: a server that delivers what it read
 * even after the client hung up); `hungUpWhileStalled` says whether the client closed meanwhile.
 */
async function stallingSmtp() {
  let stalling = true;
  let hungUpWhileStalled = false;
  const received: string[] = [];
  const stalled: { session: string; answer: () => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onClose(session) {
      if (stalled.some((s) => s.session === session.id)) hungUpWhileStalled = true;
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push(parsed.subject!);
          if (stalling) stalled.push({ session: session.id, answer: () => callback() });
          else callback();
        })
        .catch(callback);
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    hungUpWhileStalled: () => hungUpWhileStalled,
    /** The stall ends: every answer kept back is given, and the next ones at once. */
    endStall: () => {
      stalling = false;
      for (const s of stalled.splice(0)) s.answer();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const cases: { title: string; message: OutboxMessage; status: "failed" | "interrupted" }[] = [
  { title: "a receipt (transactional)", message: { kind: "receipt", payload: { orderId: 1 } }, status: "failed" },
  {
    title: "a welcome-sequence step (list mail)",
    message: { kind: "sequence-step", payload: { contactId: 1, stepId: "s1" } },
    status: "interrupted",
  },
];

it.each(cases)(
  "$title cut off by the send timeout: its connection closed, recorded $status as may-have-arrived, never sent again by itself",
  async ({ message, status }) => {
    const errors = vi.spyOn(log, "error").mockImplementation(() => {});
    vi.spyOn(log, "warn").mockImplementation(() => {});
    const smtp = await stallingSmtp();
    const transport = createMailTransport({ kind: "smtp", url: smtp.url });
    // The message as the mailer hands it over; the signal is the outbox's cut-off.
    const deliver: Deliver = async (row, signal) => ({
      status: "sent",
      info: await transport.send(
        {
          from: "Fresh Start Money <support@freshstartmoney.com>",
          to: row.toAddress,
          subject: `${row.kind} ${row.id}`,
          html: "<p>Thank you</p>",
          text: "Thank you",
          messageId: `<${row.kind}.${row.id}@freshstartmoney.com>`,
          label: `${row.id}-${row.kind}`,
        },
        signal,
      ),
    });
    // A 6 s lease: each send is cut off after 3 s (half the lease), time enough for the message
    // itself to cross even on a loaded machine (1 s was not, at load 20).
    const options = { leaseSeconds: 6, listKinds: LIST_KINDS };
    try {
      await db()
        .insert(outbox)
        .values(outboxValues({ ...message, dedupeKey: "cut-off", toAddress: "buyer@example.com" } as Parameters<typeof outboxValues>[0]));

      const started = Date.now();
      expect(await processOutbox(deliver, options)).toBe(1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
      const [row] = await db().select().from(outbox);
      expect(row).toMatchObject({ status, attempts: 1, sentAt: null, lockedUntil: null, claimToken: null });
      // The server read the message whole and was still holding back its answer when the client hung up.
      expect(smtp.received).toEqual([`${message.kind} 1`]);
      await expect.poll(smtp.hungUpWhileStalled).toBe(true);
      expect(row!.lastError).toMatch(/^cut off after 3 s .* may or may not have arrived, so it is not sent again automatically/);
      expect(loggedText(errors)).toMatch(/it may have arrived, so it is not sent again/);

      // The stall ends; later passes, even after any retry delay, leave the row alone.
      smtp.endStall();
      await db()
        .update(outbox)
        .set({ nextAttemptAt: sql`now() - interval '1 hour'` })
        .where(eq(outbox.id, row!.id));
      expect(await processOutbox(deliver, options)).toBe(0);
      await new Promise((r) => setTimeout(r, 200));
      expect(smtp.received).toEqual([`${message.kind} 1`]);
      expect((await db().select().from(outbox))[0]).toMatchObject({ status, attempts: 1 });
    } finally {
      smtp.endStall();
      transport.close();
      await smtp.close();
    }
  },
);
