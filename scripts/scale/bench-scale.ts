/**
 * `npm run bench:scale` (issue 44, item 7): the owner's side of the site at a real owner's scale,
 * on the embedded database and on PostgreSQL, beside the same figures on a near-empty database,
 * printed as one table. For each database:
 *
 * 1. near-empty (20 contacts, 5 orders, 1 broadcast, through the seed's own statements) and then
 *    at scale (`npm run seed:scale`'s sizes, or --contacts/--page-views/--orders/--broadcasts):
 *    the built server (BUILD_DIR, default ./build) on it, each dashboard page asked for over HTTP
 *    as the owner, 2 warm-up requests then the median of 7: its server time;
 * 2. at scale, in this process once the server has stopped (the embedded database allows one
 *    process): the contacts and orders CSVs streamed (time, peak memory), a broadcast to every
 *    imported newsletter reader queued (after the import below: over 100,000), the import of
 *    100,000 contacts from one file, the hourly sweep (page views rolled up, counts folded,
 *    VACUUM on the embedded database), and the database's size.
 *
 * The embedded database is a new directory under the system's temp folder (or --data-dir: a
 * copy of it is used, so an already seeded one can be measured again without seeding); PostgreSQL
 * is a throwaway database on the server SCALE_DATABASE_URL or TEST_DATABASE_URL names (the one
 * .ci/run starts), skipped when neither is set. Run by vite-node (the server modules use Vite's
 * import.meta.glob). Options: --only embedded|postgres, --skip-import.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { closeDatabase, db, openDatabase, type DatabaseOptions } from "../../app/server/db.server";
import { startBroadcast, saveBroadcast } from "../../app/server/audience/broadcasts.server";
import { countAudience } from "../../app/server/audience/audience.server";
import { sweepExpired } from "../../app/server/maintenance/sweep.server";
import { compactTallies } from "../../app/server/tallies.server";
import { vacuumEmbedded } from "../../app/server/db.server";
import { readBuildInfo } from "../../server/build-info";
import { throwawayDatabase } from "../../tests/helpers/throwaway-database";
import { logInAsOwner, throwawayOwner } from "../lib/owner-client";
import { freePort, startBuiltServer, stopServer, waitForServer } from "../lib/server-process";
import { sampleIds, type Sample } from "./dashboard-reads";
import { databaseSize } from "./db-size";
import { benchExports } from "./export-bench";
import { benchImport } from "./import-bench";
import { FULL_SIZES, seedScale, type SeedSizes } from "./seed-data";
import { sitePagePaths } from "./site-paths";

/** The issue's budgets. */
const PAGE_BUDGET_MS = 300;
const IMPORT_BUDGET_S = 60;
const QUEUE_BUDGET_S = 5;

const NEAR_EMPTY: SeedSizes = { contacts: 20, pageViews: 1_000, orders: 5, broadcasts: 1 };

/** The dashboard's pages, with the seeded contact, order and broadcast to open. */
function dashboardPages(s: Sample): { name: string; path: string }[] {
  const q = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;
  return [
    { name: "overview, 30 days", path: "/admin" },
    { name: "overview, 90 days", path: "/admin?days=90" },
    { name: "contacts", path: "/admin/contacts" },
    { name: "contacts, page 1,000", path: "/admin/contacts?page=1000" },
    { name: "contacts, search by address", path: `/admin/contacts${q({ q: s.contactEmail.slice(0, 12) })}` },
    { name: "contacts, search by name", path: `/admin/contacts${q({ q: s.name })}` },
    { name: "contacts, newsletter", path: "/admin/contacts?purpose=newsletter" },
    { name: "contacts, imported who bought", path: "/admin/contacts?tag=imported&bought=yes" },
    { name: "contacts, guide readers of 30 days", path: "/admin/contacts?source=guide&added=30" },
    { name: "one contact", path: `/admin/contacts/${s.contactId}` },
    { name: "orders", path: "/admin/orders" },
    { name: "orders, page 400", path: "/admin/orders?page=400" },
    { name: "orders, by buyer", path: `/admin/orders${q({ email: s.buyer })}` },
    { name: "one order", path: `/admin/orders/${s.orderId}` },
    { name: "broadcasts", path: "/admin/broadcasts" },
    { name: "a broadcast's progress (polled)", path: `/admin/broadcasts/${s.broadcastId}/progress` },
    { name: "live recipient count, newsletter", path: "/admin/broadcasts/recipients?audience=newsletter" },
    {
      name: "live recipient count, guide + buyers, tags",
      path: "/admin/broadcasts/recipients?audience=guide&audience=buyers&include=topic-credit-repair&exclude=imported",
    },
    { name: "e-mail health", path: "/admin/email" },
  ];
}

type Column = Map<string, string>;

const ms = (n: number) => `${Math.round(n)} ms`;

async function timePages(base: string, cookie: string, sample: Sample, column: Column): Promise<void> {
  for (const { name, path } of dashboardPages(sample)) {
    const times: number[] = [];
    let status = 0;
    for (let i = 0; i < 9; i++) {
      const started = performance.now();
      const response = await fetch(`${base}${path}`, { headers: { Cookie: cookie } });
      await response.arrayBuffer();
      status = response.status;
      if (i >= 2) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    column.set(`page: ${name}`, `${ms(median)}${status === 200 ? "" : ` (${status})`}${median > PAGE_BUDGET_MS ? " OVER" : ""}`);
  }
}

/** The built server on this database, the pages timed over HTTP, the server stopped. */
async function measurePages(database: DatabaseOptions, column: Column): Promise<void> {
  await openDatabase(database);
  const sample = await sampleIds();
  // The hourly sweep first, as a site that has been running has had it (the server's worker would
  // otherwise run its first one, VACUUM included, while the pages are being timed).
  const swept = performance.now();
  const sweep = await sweepExpired();
  const folded = await compactTallies();
  const vacuumed = await vacuumEmbedded();
  // PostgreSQL's autovacuum would be working through the freshly written tables while the pages are
  // timed: done first, as a running site has had it.
  if ("databaseUrl" in database) await db().execute(sql`vacuum (analyze)`);
  column.set(
    "hourly sweep (the first)",
    `${seconds(swept)} s: ${sweep.pageViewDays} page-view days rolled up, ${sweep.abandonedOrders} abandoned checkouts, ${folded.outbox + folded.contacts + folded.leavers} count rows folded${vacuumed ? ", VACUUM" : ""}`,
  );
  await closeDatabase();
  const port = await freePort();
  const owner = throwawayOwner();
  const buildDir = process.env.BUILD_DIR || "build";
  const server = startBuiltServer({
    env: {
      PORT: String(port),
      BUILD_DIR: buildDir,
      // The build's own (the server refuses another); the requests go to 127.0.0.1, as npm run bench's do.
      PUBLIC_ORIGIN: readBuildInfo(buildDir)?.publicOrigin ?? "http://localhost:3000",
      ...owner.env,
      ...("databaseUrl" in database ? { DATABASE_URL: database.databaseUrl } : { DATA_DIR: database.dataDir, DATABASE_URL: "" }),
      // The worker's heartbeat (sends, the sweep) stays out of the figures.
      MAIL_TRANSPORT: "file",
    },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(`${base}/healthz`, server.child, 300_000);
    const cookie = await logInAsOwner(base, owner.password);
    await timePages(base, cookie, sample, column);
  } catch (error) {
    console.error(server.output().slice(-2000));
    throw error;
  } finally {
    await stopServer(server.child);
  }
}

const seconds = (from: number) => Math.round((performance.now() - from) / 100) / 10;

/** The in-process figures at scale (see the module's comment). */
async function measureInProcess(database: DatabaseOptions, column: Column, skipImport: boolean): Promise<void> {
  await openDatabase(database);
  try {
    for (const e of await benchExports(["audience", "orders"])) {
      column.set(
        `export: ${e.name === "audience" ? "contacts" : e.name} CSV`,
        `${e.rows.toLocaleString("en-US")} rows, ${e.seconds} s, peak RSS ${e.peakRssMb} MB (from ${e.startRssMb})`,
      );
    }
    if (!skipImport) {
      for (const rows of [10_000, 100_000]) {
        const result = await benchImport(rows);
        column.set(
          `import: ${rows.toLocaleString("en-US")} contacts from one file`,
          `${result.seconds} s${result.seconds > IMPORT_BUDGET_S ? " OVER" : ""}, peak heap ${result.peakHeapMb} MB, RSS ${result.startRssMb}→${result.peakRssMb} MB, longest other query ${result.longestOtherQueryMs} ms`,
        );
      }
    }
    const segment = { audiences: ["newsletter" as const], includeTags: ["imported"], excludeTags: [] };
    const recipients = await countAudience(segment);
    const saved = await saveBroadcast({
      intent: "save",
      id: 0,
      version: 1,
      subject: "Bench: to every imported reader",
      preview: "A benchmark's broadcast.",
      body: "Hello.",
      ...segment,
    });
    if (!("saved" in saved)) throw new Error(saved.refused);
    const started = performance.now();
    const outcome = await startBroadcast({ id: saved.saved, version: 1, when: "now", scheduledAt: undefined });
    const queued = "queued" in outcome ? outcome.queued : 0;
    const took = seconds(started);
    column.set(
      "broadcast: recipients queued",
      `${queued.toLocaleString("en-US")} (counted ${recipients.toLocaleString("en-US")}) in ${took} s${took > QUEUE_BUDGET_S ? " OVER" : ""}`,
    );
    const swept = performance.now();
    const sweep = await sweepExpired();
    const folded = await compactTallies();
    const vacuumed = await vacuumEmbedded();
    column.set(
      "hourly sweep (after the import and the broadcast)",
      `${seconds(swept)} s: ${sweep.pageViewDays} page-view days rolled up, ${folded.outbox + folded.contacts + folded.leavers} count rows folded${vacuumed ? ", VACUUM" : ""}`,
    );
    const size = await databaseSize();
    const top = size.tables.slice(0, 3).map((t) => `${t.name} ${Math.round(t.mb)} MB`);
    column.set("database size", `${Math.round(size.totalMb)} MB (${top.join(", ")})`);
  } finally {
    await closeDatabase();
  }
}

async function seed(database: DatabaseOptions, sizes: SeedSizes, column: Column | undefined): Promise<void> {
  await openDatabase(database);
  try {
    const report = await seedScale(sizes, {
      paths: sitePagePaths(),
      concurrency: "databaseUrl" in database ? 4 : 1,
      say: (line) => console.error(`    ${line}`),
    });
    if (column) {
      column.set(
        "seed: seconds",
        Object.entries(report.seconds)
          .map(([k, v]) => `${k} ${v}`)
          .join(", "),
      );
      const biggest = report.broadcastQueues.reduce((a, b) => (b.queued > a.queued ? b : a), { queued: 0, seconds: 0 });
      column.set("seed: largest broadcast queued", `${biggest.queued.toLocaleString("en-US")} in ${biggest.seconds.toFixed(2)} s`);
    }
  } finally {
    await closeDatabase();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      contacts: { type: "string" },
      "page-views": { type: "string" },
      orders: { type: "string" },
      broadcasts: { type: "string" },
      "data-dir": { type: "string" },
      only: { type: "string" },
      "skip-import": { type: "boolean" },
    },
  });
  const sizes: SeedSizes = {
    contacts: Number(values.contacts ?? FULL_SIZES.contacts),
    pageViews: Number(values["page-views"] ?? FULL_SIZES.pageViews),
    orders: Number(values.orders ?? FULL_SIZES.orders),
    broadcasts: Number(values.broadcasts ?? FULL_SIZES.broadcasts),
  };
  const postgresServer = process.env.SCALE_DATABASE_URL || process.env.TEST_DATABASE_URL;
  const columns: { title: string; column: Column }[] = [];
  const work = mkdtempSync(join(tmpdir(), "bench-scale-"));
  try {
    for (const kind of ["embedded", "postgres"] as const) {
      if (values.only && values.only !== kind) continue;
      if (kind === "postgres" && !postgresServer) {
        console.error("PostgreSQL skipped: set SCALE_DATABASE_URL or TEST_DATABASE_URL.");
        continue;
      }
      const empty: Column = new Map();
      const scaled: Column = new Map();
      columns.push(
        { title: `${kind}, near-empty`, column: empty },
        { title: `${kind}, ${sizes.contacts.toLocaleString("en-US")} contacts`, column: scaled },
      );
      const databases: { options: DatabaseOptions; drop: () => Promise<void> }[] = [];
      const fresh = async (): Promise<DatabaseOptions> => {
        if (kind === "embedded") {
          const dataDir = mkdtempSync(join(work, "data-"));
          databases.push({ options: { dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) });
          return { dataDir };
        }
        const database = await throwawayDatabase(postgresServer!, "bench_scale");
        databases.push({ options: { databaseUrl: database.url }, drop: database.drop });
        return { databaseUrl: database.url };
      };
      try {
        console.error(`${kind}: near-empty`);
        const small = await fresh();
        await seed(small, NEAR_EMPTY, undefined);
        await measurePages(small, empty);
        console.error(`${kind}: at scale ${JSON.stringify(sizes)}`);
        let big: DatabaseOptions;
        if (kind === "embedded" && values["data-dir"]) {
          const dataDir = mkdtempSync(join(work, "seeded-"));
          cpSync(values["data-dir"], dataDir, { recursive: true });
          rmSync(join(dataDir, "fsm-server.lock"), { recursive: true, force: true });
          databases.push({ options: { dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) });
          big = { dataDir };
          scaled.set("seed: seconds", `(reused ${values["data-dir"]})`);
        } else {
          big = await fresh();
          await seed(big, sizes, scaled);
        }
        await measurePages(big, scaled);
        await measureInProcess(big, scaled, !!values["skip-import"]);
      } finally {
        for (const database of databases) await database.drop().catch(() => {});
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const rows = [...new Set(columns.flatMap(({ column }) => [...column.keys()]))];
  const header = ["figure", ...columns.map((c) => c.title)];
  console.log(`| ${header.join(" | ")} |`);
  console.log(`|${header.map(() => "---").join("|")}|`);
  for (const row of rows) console.log(`| ${row} | ${columns.map(({ column }) => column.get(row) ?? "").join(" | ")} |`);
  console.log(
    `\nBudgets: each page ≤ ${PAGE_BUDGET_MS} ms server time; import ≤ ${IMPORT_BUDGET_S} s; broadcast queued ≤ ${QUEUE_BUDGET_S} s. OVER marks a miss.`,
  );
}

await main();
