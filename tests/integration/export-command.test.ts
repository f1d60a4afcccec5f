/**
 * `npm run export` as the owner runs it: a process of its own on the embedded database in
 * DATA_DIR, refusing while a server holds it. These cases never use a test database of this
 * process, so they run once (PGLITE_ONLY in vitest.config.ts), not again on PostgreSQL.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import lockfile from "proper-lockfile";
import { afterAll, describe, expect, it } from "vitest";
import { LOCK_STALE_MS } from "~/server/db.server";

const run = promisify(execFile);

// Each case starts the command (node with tsx): allow for a machine busy with other test files.
// The first also migrates a fresh embedded database on disk: 22 s in a quiet CI run, 40-60 s
// with browser tests running beside it (2026-11-28), mostly waiting on the disk.
describe("npm run export (the command)", { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "export-test-"));
  const dataDir = join(dir, "data");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cli = (...args: string[]) =>
    run(process.execPath, ["--import", "tsx", "scripts/export.ts", ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    });

  it("reads the embedded database in DATA_DIR and writes CSV to standard output", async () => {
    await run(process.execPath, ["--import", "tsx", "scripts/migrate.ts"], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    });
    const client = new PGlite(dataDir);
    await client.query(
      "insert into leads (name, email, lead_magnet, source_page) values ('Owner''s lead', 'lead@example.com', 'Credit Repair Starter Guide', 'emergency-fund-guide')",
    );
    await client.close();
    const { stdout } = await cli("leads");
    expect(stdout).toMatch(
      /^id,name,email,lead_magnet,source_page,created_at\r\n1,Owner's lead,lead@example\.com,Credit Repair Starter Guide,emergency-fund-guide,\S+Z\r\n$/,
    );
  });

  it("refuses an unknown table with the usage line", async () => {
    await expect(cli("refunds")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("leads|contacts|subscribers|audience|orders"),
    });
  });

  const holdLock = () =>
    lockfile.lock(dataDir, { lockfilePath: join(dataDir, "fsm-server.lock"), realpath: false, stale: LOCK_STALE_MS, update: 5_000 });

  it("says to stop the server first when the server holds the embedded database", async () => {
    // A running server's lock, held (with its heartbeat) by this test process.
    const release = await holdLock();
    try {
      await expect(cli("leads")).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("Stop the server first") });
      // The refused process did not remove the owner's lock.
      expect(await lockfile.check(dataDir, { lockfilePath: join(dataDir, "fsm-server.lock"), realpath: false, stale: LOCK_STALE_MS })).toBe(
        true,
      );
    } finally {
      await release();
    }
  });

  it("refuses while the lock is fresh whoever holds it (a process id we cannot see), and takes over a stale one", async () => {
    // What a server in another container (another PID namespace) leaves: a lock with no pid we can check.
    const lockDir = join(dataDir, "fsm-server.lock");
    mkdirSync(lockDir);
    try {
      await expect(cli("leads")).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("Stop the server first") });
      // Its owner died without a word: once the heartbeat is older than the stale limit, the lock is free.
      const old = new Date(Date.now() - LOCK_STALE_MS - 5_000);
      utimesSync(lockDir, old, old);
      const { stdout } = await cli("leads");
      expect(stdout).toMatch(/^id,name,email/);
    } finally {
      rmSync(lockDir, { recursive: true, force: true });
    }
  });
});
