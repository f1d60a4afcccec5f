/**
 * `npm run bench:outbox`: an SMTP outage, measured. With the mail server down, N leads and M
 * purchases are taken (every one must succeed); the server's outbox tries and fails; the mail
 * server comes back; the outbox drains. Prints what was accepted, queued, delivered, duplicated
 * and how long the drain took. Embedded database in memory, SMTP server in this process. It runs
 * under Vitest (vitest.bench.config.ts) because the app's modules use Vite's import.meta.glob.
 */
import { sql } from "drizzle-orm";
import { startCheckout } from "../app/server/payments/checkout.server";
import { loadSiteContent } from "../app/server/content/site-content.server";
import { closeDatabase, db, openDatabase } from "../app/server/db.server";
import { storeLead } from "../app/server/forms/leads.server";
import { createMailTransport } from "../app/server/mail/transport.server";
import { createDeliver } from "../app/server/mail/mailer.server";
import { processOutbox } from "../app/server/mail/outbox.server";
import { createPayments } from "../app/server/payments/payments.server";
import { findTestOrder, payTestOrder } from "../app/server/payments/test-provider.server";
import { startSmtp } from "../tests/helpers/smtp";
import { expect, it } from "vitest";

const LEADS = Number(process.env.BENCH_LEADS ?? 200);
const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 50);

it(`survives an SMTP outage with ${LEADS} leads and ${PURCHASES} purchases`, { timeout: 600_000 }, async () => {
  const origin = "https://shop.example";
  await openDatabase({});
  const site = await loadSiteContent();
  const payments = createPayments({ provider: "test", publicOrigin: origin });
  const smtp = await startSmtp();
  const deliver = createDeliver(createMailTransport({ kind: "smtp", url: smtp.url }), {
    from: "Fresh Start Money <support@freshstartmoney.com>",
    context: {
      businessName: "Fresh Start Money",
      businessAddress: "PO Box 1, Springfield, IL 62701",
      supportEmail: "support@freshstartmoney.com",
      origin,
      timeZone: "America/New_York",
    },
  });
  const quiet = console.error;
  console.error = () => {};

  await smtp.stop();
  let accepted = 0;
  for (let i = 0; i < LEADS; i++)
    if ((await storeLead({ name: `Lead ${i}`, email: `lead${i}@example.com`, sourcePage: "dispute-credit-errors" })) === "created")
      accepted++;
  for (let i = 0; i < PURCHASES; i++) {
    const { sessionId } = await startCheckout(payments, site, { includeBump: i % 2 === 0 });
    await payTestOrder((await findTestOrder(sessionId))!, `buyer${i}@example.com`);
    accepted++;
  }
  while ((await processOutbox(deliver)) > 0);
  const failedFirst = (await db().execute(
    sql`select count(*)::int as n from outbox where status = 'pending' and attempts = 1 and last_error is not null`,
  )) as unknown as { rows: { n: number }[] };

  await smtp.start();
  // The failed first tries come due now; each purchase's review request still waits its week.
  await db().execute(sql`update outbox set next_attempt_at = now() where attempts > 0`);
  const started = performance.now();
  while ((await processOutbox(deliver)) > 0);
  const drainMs = performance.now() - started;
  console.error = quiet;

  const recipients = smtp.messages.map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address ?? "");
  const unique = new Set(recipients);
  const rows = (await db().execute(sql`select status, count(*)::int as n from outbox group by status order by status`)) as unknown as {
    rows: { status: string; n: number }[];
  };
  console.log(`accepted while SMTP was down: ${accepted} of ${LEADS + PURCHASES} (${LEADS} leads, ${PURCHASES} purchases)`);
  console.log(`queued and failed on the first try: ${failedFirst.rows[0]!.n}`);
  console.log(
    `delivered after SMTP came back: ${smtp.messages.length} messages to ${unique.size} addresses; duplicates: ${smtp.messages.length - unique.size}`,
  );
  console.log(`outbox rows: ${rows.rows.map((r) => `${r.status} ${r.n}`).join(", ")}`);
  console.log(
    `drain time: ${(drainMs / 1000).toFixed(1)} s (${((smtp.messages.length / drainMs) * 1000).toFixed(0)} messages/s, one worker)`,
  );
  expect(accepted).toBe(LEADS + PURCHASES);
  expect(smtp.messages.length).toBe(unique.size);
  await smtp.close();
  await closeDatabase();
});
