import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import lockfile from "proper-lockfile";
import * as schema from "../../db/schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

type Opened = { db: Database; kind: "pglite" | "postgres"; close: () => Promise<void> };

export type DatabaseOptions =
  /** A real PostgreSQL server (production, and the PostgreSQL test run). */
  | { databaseUrl: string; migrationsFolder?: string }
  /** Embedded PostgreSQL persisted in a directory; omit dataDir for an in-memory one (tests). */
  | { dataDir?: string; migrationsFolder?: string };

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
    });
    // An idle client losing its server must not crash the process; the next query reconnects.
    pool.on("error", (error) => console.error("PostgreSQL pool error:", error.message));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    await migratePg(db as never, { migrationsFolder });
    opened = { db, kind: "postgres", close: () => pool.end() };
  } else {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    const unlock = options.dataDir ? await lockDataDir(options.dataDir) : async () => {};
    try {
      const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
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
        console.error(`The lock on ${resolve(dataDir)} was lost (${error.message}); stopping.`);
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

/** The rows of a raw `db().execute(sql...)` (PGlite and node-postgres both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
