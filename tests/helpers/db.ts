/**
 * A database for one test file. By default a fresh in-memory PGlite. With TEST_DB=postgres and
 * TEST_DATABASE_URL, a real PostgreSQL: each file gets its own throwaway database on that server
 * (files run in parallel, so they must not share tables), reached through a local TCP relay so
 * a test can cut the connection (an outage) and restore it.
 *
 *   const testDb = useTestDatabase();   // opens before the file's tests, empties tables before each
 *   await testDb.outage();  ...  await testDb.restore();
 */
import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { closeDatabase, db, openDatabase } from "~/server/db.server";
import { allowLog } from "./console-errors";
import { pgliteTemplate } from "./pglite-template";
import { throwawayDatabase } from "./throwaway-database";

export const TABLES = [
  "leads",
  "contact_messages",
  "newsletter_subscribers",
  "orders",
  "processed_events",
  "entitlements",
  "order_refunds",
  "refund_requests",
  "order_access_tokens",
  "downloads",
  "outbox",
  "email_tokens",
  "contacts",
  "consents",
  "contact_events",
  "sequence_steps",
  "sequence_enrollments",
  "page_views",
  "admin_audit_log",
  "rate_limits",
  "reviews",
  // The products go too: each test's site (useTestSite) seeds them again as a first start does.
  "product_waitlist",
  "product_redirects",
  "product_prices",
  "product_files",
  "products",
  "promotion_codes",
  "site_settings",
  "broadcasts",
  // The running counts go with the rows they count (TRUNCATE fires no DELETE trigger).
  "outbox_tallies",
  "contact_tallies",
  "broadcast_leaver_tallies",
  "swept_campaign_checkouts",
  "page_views_monthly",
  "contact_import_rows",
  "contact_imports",
  "mail_refusals",
  "mail_sending",
  "disputes",
  "dispute_trackers",
] as const;

export type TestDatabase = {
  kind: "pglite" | "postgres";
  /** PostgreSQL only: the connection string of this file's database (through the relay). */
  url?: string;
  /** Empty every table. */
  truncate(): Promise<void>;
  /**
   * The database stops answering. PostgreSQL: the relay drops every connection and refuses new
   * ones, as a stopped server would. PGlite (in-process, it cannot fail on its own): it is closed.
   */
  outage(): Promise<void>;
  /** The database is back. PostgreSQL: the same pool reconnects by itself. PGlite: reopened (empty). */
  restore(): Promise<void>;
  close(): Promise<void>;
};

export function usingPostgres(): boolean {
  return process.env.TEST_DB === "postgres";
}

export async function openTestDatabase(): Promise<TestDatabase> {
  if (!usingPostgres()) return openPglite();
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:55432/postgres)");
  return openPostgres(url);
}

async function truncateAll() {
  await db().execute(sql.raw(`TRUNCATE ${TABLES.map((t) => `"${t}"`).join(", ")} RESTART IDENTITY`));
}

async function openPglite(): Promise<TestDatabase> {
  await closeDatabase();
  await openDatabase({ initialData: await pgliteTemplate() });
  return {
    kind: "pglite",
    truncate: truncateAll,
    outage: () => closeDatabase(),
    restore: async () => {
      await openDatabase({ initialData: await pgliteTemplate() });
    },
    close: () => closeDatabase(),
  };
}

async function openPostgres(adminUrl: string): Promise<TestDatabase> {
  const database = await throwawayDatabase(adminUrl, "test");
  const target = new URL(adminUrl);
  const relay = await startRelay(target.hostname, Number(target.port || 5432));
  const url = new URL(database.url);
  url.hostname = "127.0.0.1";
  url.port = String(relay.port);

  await closeDatabase();
  await openDatabase({ databaseUrl: url.href });
  return {
    kind: "postgres",
    url: url.href,
    truncate: truncateAll,
    outage: () => {
      // The pool reports each connection it loses (and a transaction cut off), as it would in production.
      allowLog(/^log\.(error|warn): PostgreSQL (pool error|connection lost)/);
      return relay.stop();
    },
    restore: () => relay.start(),
    close: async () => {
      await closeDatabase();
      await relay.stop();
      await database.drop();
    },
  };
}

/** A TCP relay to PostgreSQL that can be switched off (connections dropped, new ones refused) and on again. */
async function startRelay(host: string, port: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let relayPort = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(port, host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      s.once("error", reject);
      s.listen(relayPort, "127.0.0.1", () => {
        relayPort = (s.address() as net.AddressInfo).port;
        server = s;
        resolve();
      });
    });

  await listen();
  return {
    port: relayPort,
    start: async () => {
      if (!server) await listen();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        sockets.clear();
        const s = server;
        server = undefined;
        if (!s) return resolve();
        s.close(() => resolve());
      }),
  };
}

/** Open a database for this test file, empty it before each test and close it at the end. */
export function useTestDatabase(): TestDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await openTestDatabase();
  });
  beforeEach(async () => {
    await current?.truncate();
  });
  afterAll(async () => {
    await current?.close();
  });
  const get = () => {
    if (!current) throw new Error("The test database opens in beforeAll");
    return current;
  };
  return {
    get kind() {
      return get().kind;
    },
    get url() {
      return get().url;
    },
    truncate: () => get().truncate(),
    outage: () => get().outage(),
    restore: () => get().restore(),
    close: () => get().close(),
  };
}

/**
 * The rows of a raw statement a test runs to look at the tables as they are (PGlite and
 * node-postgres both answer `{ rows }`), typed as the test says. The app itself never reads rows
 * this way: its statements are the query builder's, or named and parsed (app/server/*.sql.server.ts).
 */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
