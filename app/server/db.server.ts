import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
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
    const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
    try {
      const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
      await client.waitReady;
      const db = drizzlePglite(client, { schema }) as unknown as Database;
      await migratePglite(db as never, { migrationsFolder });
      opened = { db, kind: "pglite", close: () => client.close().finally(unlock) };
    } catch (error) {
      unlock();
      throw error;
    }
  }
  return opened;
}

/**
 * PGlite does not stop a second process from opening the same directory, and two writers
 * corrupt it: claim the directory with a lock file naming our pid (a dead owner's lock is stale).
 */
function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, "fsm-server.lock");
  try {
    writeFileSync(file, String(process.pid), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const owner = Number(readFileSync(file, "utf8").trim());
    if (owner && owner !== process.pid && processIsAlive(owner)) {
      throw new Error(
        `The data directory ${resolve(dataDir)} is in use by process ${owner}: the embedded database allows one process at a time. Stop the server first (or use DATABASE_URL).`,
      );
    }
    writeFileSync(file, String(process.pid));
  }
  return () => rmSync(file, { force: true });
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
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
