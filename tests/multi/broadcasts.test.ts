/**
 * A broadcast to a few hundred contacts from built servers (server/main.ts) on one PostgreSQL,
 * through a real SMTP server in this process: the sending server killed with SIGKILL in the middle
 * (while the mail server keeps back its answer to the messages in flight) and started again, then
 * two servers sending one broadcast together under one shared send rate. No address gets a
 * broadcast twice; the messages in flight at the kill are recorded interrupted (they may or may
 * not have arrived) and never sent again, no more than the pooled SMTP connections; everyone else
 * gets one copy.
 *
 * Needs the build (`npm run build`) and TEST_DATABASE_URL; skipped without TEST_DATABASE_URL.
 */
import type { ParsedMail } from "mailparser";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServers, stopServers } from "../../scripts/lib/server-process";
import { startSmtp, type TestSmtp } from "../helpers/smtp";
import { throwawayDatabase } from "../helpers/throwaway-database";

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const AUDIENCE = 300;
const CONNECTIONS = 3;
/** 50 a second across every server: a few seconds per broadcast, long enough to kill a server mid-send. */
const RATE_PER_MINUTE = 3000;
const LEASE_SECONDS = 6;

if (!ADMIN_URL) console.warn("tests/multi/broadcasts.test.ts skipped: set TEST_DATABASE_URL to a PostgreSQL server to run it.");

describe.skipIf(!ADMIN_URL)("a broadcast from servers that crash and run side by side", () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  let databaseUrl: string;
  let client: pg.Client;
  let smtp: TestSmtp;
  const servers: RunningServer[] = [];
  const emails = Array.from({ length: AUDIENCE }, (_, i) => `reader${i}@example.com`);

  const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await client.query<T>(text, values)).rows;

  async function start(): Promise<RunningServer> {
    const [server] = await startServers(1, {
      DATABASE_URL: databaseUrl,
      MAIL_TRANSPORT: "smtp",
      SMTP_URL: smtp.url,
      SMTP_POOL_CONNECTIONS: String(CONNECTIONS),
      MAIL_RATE_PER_MINUTE: String(RATE_PER_MINUTE),
      OUTBOX_LEASE_SECONDS: String(LEASE_SECONDS),
      BUSINESS_ADDRESS: "PO Box 123, Springfield, IL 62701",
    });
    servers.push(server!);
    return server!;
  }

  /** A broadcast due now, to the confirmed newsletter subscribers: the servers' workers start it. */
  async function scheduleNow(subject: string): Promise<number> {
    const [row] = await query<{ id: number }>(
      `insert into broadcasts (subject, preview, body, audiences, status, scheduled_at)
       values ($1, 'A short tip.', 'Hello, read [this](/blog).', '["newsletter"]'::jsonb, 'scheduled', now()) returning id`,
      [subject],
    );
    return row!.id;
  }

  async function finished(id: number, timeoutMs = 90_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [row] = await query<{ waiting: string; status: string }>(
        `select (select count(*) from outbox where kind = 'broadcast' and (payload->>'broadcastId')::int = $1 and status = 'pending') as waiting,
                (select status from broadcasts where id = $1) as status`,
        [id],
      );
      if (row!.status === "sent" && Number(row!.waiting) === 0) return;
      if (Date.now() > deadline) throw new Error(`broadcast ${id}: ${row!.waiting} still waiting, status ${row!.status}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  const received = (subject: string) => smtp.messages.filter((m: ParsedMail) => m.subject === subject).map((m) => m.to);
  const addressesOf = (subject: string) =>
    smtp.messages.filter((m) => m.subject === subject).map((m) => (Array.isArray(m.to) ? m.to[0] : m.to)!.value[0]!.address!);

  async function outcome(id: number) {
    const rows = await query<{ to_address: string; status: string }>(
      `select to_address, status from outbox where kind = 'broadcast' and (payload->>'broadcastId')::int = $1`,
      [id],
    );
    return {
      sent: rows.filter((r) => r.status === "sent").map((r) => r.to_address),
      interrupted: rows.filter((r) => r.status === "interrupted").map((r) => r.to_address),
      other: rows.filter((r) => r.status !== "sent" && r.status !== "interrupted"),
    };
  }

  beforeAll(async () => {
    database = await throwawayDatabase(ADMIN_URL!, "bcast");
    databaseUrl = database.url;
    smtp = await startSmtp();
    // The first start migrates the database; the audience is written after it.
    await start();
    client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await query(
      `with c as (insert into contacts (email, proved_at) select unnest($1::text[]), now() returning id)
       insert into consents (contact_id, purpose, source, wording_version) select id, 'newsletter', 'import: multi test', 'import' from c`,
      [emails],
    );
  });

  afterAll(async () => {
    await stopServers(servers);
    await client?.end();
    await smtp?.close();
    await database?.drop();
  });

  it("kill -9 of the sending server mid-broadcast, then a restart: nobody gets it twice, nobody is lost unaccounted", async () => {
    const subject = "Tip one: the crash";
    const id = await scheduleNow(subject);
    await smtp.waitFor(80, 60_000);
    // The mail server takes the next messages but keeps back its answer: the kill lands while
    // they are handed over and unconfirmed (well inside the send timeout, half the lease).
    smtp.holdAnswers();
    const deadline = Date.now() + 10_000;
    // Until the messages sent together are all waiting (no new one for 300 ms).
    for (let seen = -1; (seen !== smtp.heldFor().length || seen === 0) && Date.now() < deadline;) {
      seen = smtp.heldFor().length;
      await new Promise((r) => setTimeout(r, 300));
    }
    const inFlight = smtp.heldFor();
    const started = await query<{ to_address: string }>(
      `select to_address from outbox where (payload->>'broadcastId')::int = $1 and status = 'pending' and send_started_at is not null`,
      [id],
    );
    servers[0]!.child.kill("SIGKILL");
    await new Promise((r) => servers[0]!.child.once("exit", r));
    // The messages kept waiting did arrive: sending any of them again would be a second copy.
    smtp.releaseAnswers();
    expect(inFlight.length).toBeGreaterThan(0);
    expect(started.map((r) => r.to_address).sort()).toEqual([...inFlight].sort());
    const atKill = received(subject).length;
    expect(atKill).toBeLessThan(AUDIENCE);

    await start();
    await finished(id);
    const got = addressesOf(subject);
    const { sent, interrupted, other } = await outcome(id);
    expect(new Set(got).size).toBe(got.length); // nobody twice
    expect(other).toEqual([]);
    expect(sent.every((a) => got.includes(a))).toBe(true);
    expect(new Set([...got, ...interrupted])).toEqual(new Set(emails));
    expect(sent.length + interrupted.length).toBe(AUDIENCE);
    expect(interrupted.length).toBeLessThanOrEqual(CONNECTIONS);
    // Exactly the messages in flight at the kill are recorded interrupted, and arrived once;
    // everyone else got exactly one copy, after the restart if not before.
    expect([...interrupted].sort()).toEqual([...inFlight].sort());
    expect([...got].sort()).toEqual([...emails].sort());
    console.info(
      `kill -9 after ${atKill} received, ${inFlight.length} in flight: ${sent.length} sent, ${interrupted.length} interrupted, ${got.length} received in all`,
    );
  });

  it("two servers send one broadcast together: once each, and within the one shared rate", async () => {
    await start();
    const subject = "Tip two: side by side";
    const id = await scheduleNow(subject);
    await finished(id);
    const got = addressesOf(subject);
    const { sent, interrupted } = await outcome(id);
    expect(interrupted).toEqual([]);
    expect(got.sort()).toEqual([...emails].sort());
    expect(sent.sort()).toEqual([...emails].sort());

    // Both servers' sends share MAIL_RATE_PER_MINUTE: the time from the first to the last
    // message is at least what the rate allows (less the bucket, at most a second of it), not half of it.
    const times = (
      await query<{ t: Date }>(`select sent_at as t from outbox where (payload->>'broadcastId')::int = $1 order by sent_at`, [id])
    ).map((r) => new Date(r.t).getTime());
    const seconds = (times.at(-1)! - times[0]!) / 1000;
    const allowedPerSecond = RATE_PER_MINUTE / 60;
    expect(seconds).toBeGreaterThanOrEqual((AUDIENCE - allowedPerSecond * 2) / allowedPerSecond);
    console.info(
      `two servers: ${AUDIENCE} in ${seconds.toFixed(1)} s = ${((AUDIENCE / seconds) * 60).toFixed(0)}/min (limit ${RATE_PER_MINUTE})`,
    );
  });
});
