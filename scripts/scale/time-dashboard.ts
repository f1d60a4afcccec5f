/**
 * Each dashboard page's database reads, timed (median of RUNS, default 5) on a seeded database:
 * `DATA_DIR=... npx vite-node --config vitest.bench.config.ts scripts/scale/time-dashboard.ts [part of a page's name]`
 * (or DATABASE_URL=...). vite-node, because the server modules need Vite's import.meta.glob.
 */
import { closeDatabase, openDatabase } from "../../app/server/db.server";
import { dashboardReads, sampleIds, timeReads } from "./dashboard-reads";

const databaseUrl = process.env.DATABASE_URL || undefined;
await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: process.env.DATA_DIR || "./data" });
const only = process.argv.slice(2).find((arg) => !arg.startsWith("-"));
const reads = dashboardReads(await sampleIds()).filter((r) => !only || r.page.includes(only));
for (const { page, ms } of await timeReads(reads, Number(process.env.RUNS ?? 5))) console.log(`${String(ms).padStart(8)} ms  ${page}`);
await closeDatabase();
