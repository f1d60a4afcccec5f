/**
 * `npm run bench:broadcast`: a broadcast to 10,000 contacts on the embedded database, measured
 * (reported, not a timed test). Needs the build (`npm run build`, or BUILD_DIR).
 *
 *   1. queueing: the one INSERT ... SELECT that queues 10,000 recipients (target <= 2 s);
 *   2. sending: the built server's outbox to a local SMTP sink, rate limit off (target >= 200/s);
 *   3. the lead form's requests/s with nothing sending, then while the broadcast sends;
 *   4. a configured MAIL_RATE_PER_MINUTE held (target within 5 %).
 *
 *   BENCH_CONTACTS=10000 BENCH_RATE_PER_MINUTE=1200 BENCH_RATE_SECONDS=30 BENCH_POOL=5 npm run bench:broadcast
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { articleSlugsFromDisk } from "../app/content/article-files";
import { BroadcastSchema } from "~/lib/forms/broadcast";
import { saveBroadcast, startBroadcast } from "~/server/audience/broadcasts.server";
import { closeDatabase, db, openDatabase } from "~/server/db.server";
import { freePort, startBuiltServer, stopServer, waitForServer, type BuiltServer } from "./lib/server-process.ts";

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE_PER_MINUTE ?? 1200);
const RATE_SECONDS = Number(process.env.BENCH_RATE_SECONDS ?? 30);
const LEADS = Number(process.env.BENCH_LEADS ?? 1000);
/** SMTP_POOL_CONNECTIONS of the server: messages in flight at once. */
const POOL = Number(process.env.BENCH_POOL ?? 5);
const BUILD_DIR = resolve(process.env.BUILD_DIR ?? "build");
const slugs = articleSlugsFromDisk();
/** The broadcast's contacts are bench1@example.com ...; the lead form's are lead1@example.com ... */
const CONTACT_PREFIX = "bench";

/**
 * An SMTP server that accepts and counts (no parsing: the sink must not be the bottleneck). Only
 * messages to the broadcast's contacts are timed: the lead form's guide e-mails (sent first, as
 * transactional mail) are not the broadcast's throughput.
 */
async function startSink(): Promise<{ url: string; times: number[]; close(): Promise<void> }> {
  const times: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const toContact = session.envelope.rcptTo.some((rcpt) => rcpt.address.startsWith(CONTACT_PREFIX));
      stream.on("data", () => {});
      stream.on("end", () => {
        if (toContact) times.push(performance.now());
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", () => r()));
  return { url: `smtp://127.0.0.1:${port}`, times, close: () => new Promise((r) => server.close(() => r())) };
}

async function withDatabase<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  await openDatabase({ dataDir });
  try {
    return await work();
  } finally {
    await closeDatabase();
  }
}

/** Confirmed-by-import newsletter contacts, written directly (the queueing is what is measured). */
async function seedContacts(): Promise<void> {
  await db().execute(sql`
    with c as (insert into contacts (email, proved_at) select ${CONTACT_PREFIX} || g || '@example.com', now() from generate_series(1, ${CONTACTS}) g returning id)
    insert into consents (contact_id, purpose, source, wording_version) select id, 'newsletter', 'import: bench', 'import' from c
  `);
}

async function queueOne(subject: string): Promise<{ id: number; ms: number; queued: number }> {
  const draft = BroadcastSchema.parse({ subject, preview: "A short tip.", body: "Hello, read [this](/blog).", audienceNewsletter: "on" });
  const saved = await saveBroadcast(draft);
  if (!("saved" in saved)) throw new Error(saved.refused);
  const started = performance.now();
  const outcome = await startBroadcast({ id: saved.saved, version: 1, when: "now", scheduledAt: undefined });
  const ms = performance.now() - started;
  if (!("started" in outcome) || outcome.started !== "now") throw new Error(`not started: ${JSON.stringify(outcome)}`);
  return { id: saved.saved, ms, queued: outcome.queued };
}

async function setStatus(dataDir: string, id: number, status: string): Promise<void> {
  await withDatabase(dataDir, () => db().execute(sql`update broadcasts set status = ${status} where id = ${id}`));
}

async function startServer(dataDir: string, smtpUrl: string, rate: number): Promise<{ server: BuiltServer; base: string }> {
  const port = await freePort();
  const server = startBuiltServer({
    env: {
      BUILD_DIR,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      FORM_RATE_LIMIT_PER_MINUTE: "1000000",
      MAIL_TRANSPORT: "smtp",
      SMTP_URL: smtpUrl,
      SMTP_POOL_CONNECTIONS: String(POOL),
      MAIL_RATE_PER_MINUTE: String(rate),
      BUSINESS_ADDRESS: "PO Box 123, Springfield, IL 62701",
    },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForServer(`${base}/about`, server.child, 90_000);
  return { server, base };
}

let leadCounter = 0;
async function postLeads(base: string): Promise<number> {
  const started = performance.now();
  const result = await autocannon({
    url: base,
    connections: 10,
    amount: LEADS,
    timeout: 30,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        setupRequest: (request) => {
          const i = leadCounter++;
          const slug = slugs[i % slugs.length]!;
          return {
            ...request,
            path: `/api/forms/lead/${slug}`,
            body: new URLSearchParams({ name: `Bench ${i}`, email: `lead${i}@example.com`, sourcePage: slug }).toString(),
          };
        },
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`lead posts failed: ${result.non2xx} non-2xx, ${result.errors} errors`);
  // Timed here: autocannon's own duration is in whole seconds (1,000 posts in 8 or 9 s: 125 or 111/s).
  return result.requests.sent / ((performance.now() - started) / 1000);
}

const perSecond = (times: number[], from: number, to: number) => (to - from) / ((times[to - 1]! - times[from]!) / 1000);

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "bench-broadcast-"));
  const dataDir = join(dir, "data");
  const sink = await startSink();
  const rows: [string, string][] = [];
  let running: BuiltServer | undefined;
  try {
    // 1. Queueing, in this process on the embedded database.
    const first = await withDatabase(dataDir, async () => {
      await seedContacts();
      return queueOne("Bench: throughput");
    });
    rows.push([`queue ${first.queued} recipients (one INSERT ... SELECT, PGlite)`, `${(first.ms / 1000).toFixed(2)} s`]);
    await setStatus(dataDir, first.id, "paused");

    // 3a. The lead form with nothing sending (the broadcast is paused).
    let { server, base } = await startServer(dataDir, sink.url, 0);
    running = server;
    const leadsAlone = await postLeads(base);
    await stopServer(server.child);
    rows.push(["lead form, nothing sending", `${leadsAlone.toFixed(0)} requests/s`]);

    // 2. Sending with the rate limit off, then 3b. the lead form while it sends.
    await setStatus(dataDir, first.id, "sending");
    sink.times.length = 0;
    ({ server, base } = await startServer(dataDir, sink.url, 0));
    running = server;
    // Past the start (the first message renders the broadcast), 3,000 messages or a minute.
    const deadline = Date.now() + 60_000;
    while (sink.times.length < 3100 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (sink.times.length < 200) throw new Error(`only ${sink.times.length} messages in a minute`);
    const sendRate = perSecond(sink.times, 100, sink.times.length);
    const before = sink.times.length;
    const leadsBeside = await postLeads(base);
    const duringLeads = sink.times.length - before;
    rows.push([`broadcast to SMTP sink, rate limit off (${POOL} pooled connections)`, `${sendRate.toFixed(0)} messages/s`]);
    rows.push([`lead form while the broadcast sends (${duringLeads} sent meanwhile)`, `${leadsBeside.toFixed(0)} requests/s`]);
    await stopServer(server.child);

    // 4. A configured rate, on a second broadcast.
    const second = await withDatabase(dataDir, async () => {
      await db().execute(sql`update broadcasts set status = 'cancelled' where id = ${first.id}`);
      await db().execute(sql`update outbox set status = 'cancelled' where status = 'pending'`);
      return queueOne("Bench: rate");
    });
    sink.times.length = 0;
    ({ server } = await startServer(dataDir, sink.url, RATE));
    running = server;
    const started = performance.now();
    while (sink.times.length === 0) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, RATE_SECONDS * 1000));
    const firstAt = sink.times[0]!;
    const inWindow = sink.times.filter((t) => t <= firstAt + RATE_SECONDS * 1000).length;
    const measured = (inWindow / RATE_SECONDS) * 60;
    rows.push([
      `MAIL_RATE_PER_MINUTE=${RATE}, ${RATE_SECONDS} s from the first message (broadcast ${second.id})`,
      `${measured.toFixed(0)}/min (${(((measured - RATE) / RATE) * 100).toFixed(1)} %), first after ${((firstAt - started) / 1000).toFixed(1)} s`,
    ]);
    await stopServer(server.child);
    running = undefined;
  } finally {
    if (running) await stopServer(running.child);
    await sink.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`\n| ${"measure".padEnd(width)} | value |\n|${"-".repeat(width + 2)}|-------|`);
  for (const [k, v] of rows) console.log(`| ${k.padEnd(width)} | ${v} |`);
}

await main().catch((error) => {
  console.error(`bench:broadcast failed: ${(error as Error).stack ?? error}`);
  process.exit(1);
});
