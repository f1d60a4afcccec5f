import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import lockfile from "proper-lockfile";
import { z } from "zod";
import * as schema from "../../db/schema";
import { log } from "~/server/log.server";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open transaction: what a domain step (`recordConsent(tx, ...)`, `queueMail(tx, ...)`) is given to write in. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Where a step reads or writes: a caller's transaction, or the database itself for a step on its own. */
export type Executor = Database | Tx;

type Opened = { db: Database; kind: "pglite" | "postgres"; close: () => Promise<void> };

export type DatabaseOptions =
  /** A real PostgreSQL server (production, and the PostgreSQL test run). */
  | { databaseUrl: string; migrationsFolder?: string }
  /**
   * Embedded PostgreSQL persisted in a directory; omit dataDir for an in-memory one (tests).
   * `initialData`: an in-memory one starts from this dumped data directory (PGlite's
   * dumpDataDir) instead of a new cluster: tests load a freshly initialised one, which costs a
   * third of the CPU of initialising it again in every test file. Migrations run on it as usual.
   */
  | { dataDir?: string; migrationsFolder?: string; initialData?: Blob };

let opened: Opened | undefined;

/** Open and migrate the database once, at start-up (not on the first request). */
export async function openDatabase(options: DatabaseOptions): Promise<Opened> {
  if (opened) return opened;
  const migrationsFolder = options.migrationsFolder ?? resolve("db/migrations");
  if ("databaseUrl" in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 3_000,
      idleTimeoutMillis: 30_000,
      // A server that vanished without closing the connection must not hang requests forever.
      query_timeout: 10_000,
      keepAlive: true,
      // No parallel workers for the site's queries: the dashboard's counts over 100,000 contacts
      // build their hash tables once in one process (103 ms) instead of once in each of three
      // (324 ms on 2 cores; issue 44). The site's queries are many and short; parallel plans
      // only ever started for the dashboard's few big ones.
      options: "-c max_parallel_workers_per_gather=0",
    });
    // An idle client losing its server must not crash the process; the next query reconnects.
    pool.on("error", (error) => log.error(`PostgreSQL pool error: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    db.transaction = transactionsThatReturnTheirClient(pool);
    try {
      await withMigrationLock(pool, () => migratePg(db as never, { migrationsFolder }));
    } catch (error) {
      await pool.end();
      throw error;
    }
    opened = { db, kind: "postgres", close: () => pool.end() };
  } else {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    const unlock = options.dataDir ? await lockDataDir(options.dataDir) : async () => {};
    try {
      const client = options.dataDir
        ? new PGlite(options.dataDir)
        : new PGlite(options.initialData ? { loadDataDir: options.initialData } : {});
      await client.waitReady;
      const db = drizzlePglite(client, { schema }) as unknown as Database;
      await migratePglite(db as never, { migrationsFolder });
      opened = { db, kind: "pglite", close: () => client.close().finally(unlock) };
    } catch (error) {
      await unlock();
      throw error;
    }
  }
  return opened;
}

/**
 * drizzle's node-postgres transaction (0.45) checks a client out of the pool and sends `begin`
 * before its try/finally: when `begin` fails (the server went away mid-request), that client is
 * never given back, and after `max` such failures every query waits for a client forever (found
 * by a test whose pool.end() then hung). Here each transaction checks out its own client, runs
 * drizzle's transaction on it, and always releases it; the pool drops a client whose connection
 * died (pg-pool checks it on release).
 */
function transactionsThatReturnTheirClient(pool: pg.Pool): Database["transaction"] {
  return (async (work: Parameters<Database["transaction"]>[0], config?: Parameters<Database["transaction"]>[1]) => {
    const client = await pool.connect();
    // A checked-out client whose connection drops emits "error"; unheard, it would end the process.
    // The transaction's own query fails with it too and reports it.
    const lost = (error: Error) => log.warn(`PostgreSQL connection lost during a transaction: ${error.message}`);
    client.on("error", lost);
    try {
      return await (drizzlePg(client, { schema }) as unknown as Database).transaction(work, config);
    } finally {
      client.off("error", lost);
      client.release();
    }
  }) as Database["transaction"];
}

/** The advisory lock key the migrations run under (any constant; "fsm-migrate" as a number). */
export const MIGRATION_LOCK_KEY = 0x66736d6d;
const MIGRATION_LOCK_WAIT_MS = 5 * 60_000;

/**
 * Several servers starting at once on one PostgreSQL (a rolling deploy, two replicas) each run
 * the migrations: under a session advisory lock they run one after the other, so the first
 * applies them and the rest find nothing to do (Drizzle's migrator alone would race on its own
 * bookkeeping table). The lock is held on a connection of its own for the migration's length and
 * released when it ends or when that connection drops. PGlite is one process: no lock needed.
 */
async function withMigrationLock<T>(pool: pg.Pool, run: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    // Polled rather than waited on: the pool's query_timeout would cut a long wait short.
    const deadline = Date.now() + MIGRATION_LOCK_WAIT_MS;
    while (!(await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [MIGRATION_LOCK_KEY])).rows[0]!.locked) {
      if (Date.now() > deadline) throw new Error(`another server held the migration lock for over ${MIGRATION_LOCK_WAIT_MS / 1000} s`);
      await new Promise((r) => setTimeout(r, 250));
    }
    try {
      return await run();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** Whether the open database answers a trivial query (GET /healthz). */
export async function databaseAnswers(): Promise<boolean> {
  if (!opened) return false;
  try {
    await opened.db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The embedded database has no autovacuum (PGlite runs PostgreSQL in one process, without its
 * background workers): every update and delete would leave its old row version behind for good,
 * and the planner would never learn the tables' sizes. The worker's hourly heartbeat calls this
 * (issue 44); PostgreSQL's own autovacuum does it there. A lazy VACUUM skips the pages already
 * clean, so after the first it reads only what changed since.
 */
export async function vacuumEmbedded(): Promise<boolean> {
  if (opened?.kind !== "pglite") return false;
  const { db } = opened;
  // A table at a time: the one connection is held for one table's vacuum, not the whole database's
  // (the first, on a year of data, took 13 s in all), so pages asked for meanwhile wait less.
  // From the catalogue rather than db/schema.ts: a table only a migration made is vacuumed too.
  const tables = parsedRows(
    await db.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname = current_schema() order by 1`),
    z.object({ name: z.string() }),
  );
  for (const { name } of tables) await db.execute(sql`vacuum (analyze) ${sql.identifier(name)}`);
  return true;
}

/** How long a lock lives without its owner's heartbeat (the owner refreshes it every `LOCK_UPDATE_MS`). */
export const LOCK_STALE_MS = 15_000;
const LOCK_UPDATE_MS = 5_000;

/**
 * PGlite does not stop a second process from opening the same directory, and two writers corrupt
 * it: one process per data directory (use PostgreSQL, DATABASE_URL, for more). The lock is a
 * directory made atomically (proper-lockfile) whose timestamp its owner refreshes: another
 * process, in this PID namespace or another container's, sees it held while the heartbeat runs,
 * may take it only once it has gone stale, and never removes a lock it does not own.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(resolve(dataDir), {
      lockfilePath: resolve(dataDir, "fsm-server.lock"),
      stale: LOCK_STALE_MS,
      update: LOCK_UPDATE_MS,
      realpath: false,
      onCompromised: (error) => {
        // Someone took the directory from us: writing on would corrupt it.
        log.error(`The lock on ${resolve(dataDir)} was lost (${error.message}); stopping.`);
        process.exit(1);
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ELOCKED") throw error;
    throw new Error(
      `The data directory ${resolve(dataDir)} is in use by another process: the embedded database allows one process at a time. Stop the server first (or use DATABASE_URL for more than one process).`,
    );
  }
}

/** The open database; start-up opens it before the server listens. */
export function db(): Database {
  if (!opened) throw new Error("The database is not open: openDatabase() runs at start-up.");
  return opened.db;
}

export async function closeDatabase(): Promise<void> {
  const current = opened;
  opened = undefined;
  await current?.close();
}

/** SQLSTATE of a database error, through Drizzle's wrapping (e.g. "23505" unique violation). */
export function sqlState(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The rows of a set-based statement (one of a domain's `*.sql.server.ts`), each parsed by the
 * statement's row schema: a column renamed or retyped in SQL fails here, by name, instead of
 * travelling on as a wrong type. PGlite and node-postgres both answer `{ rows }`.
 */
export function parsedRows<S extends z.ZodType>(result: unknown, row: S): z.output<S>[] {
  const rows = (result as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) throw new Error("A raw statement answered without rows");
  return rows.map((r) => row.parse(r));
}
