/**
 * `npm run bench:leads`: the lead form under load, end to end. Builds the site (BUILD_DIR,
 * default build-bench), starts the production server on its own temporary embedded database (or
 * on DATABASE_URL when set) with the rate limit out of the way, posts N unique leads with C
 * connections, then counts the rows. A lead answered "success" that is not in the table is a bug:
 * the script fails if there is one.
 *
 *   BENCH_LEADS=2000 BENCH_CONNECTIONS=10 npm run bench:leads
 *   DATABASE_URL=postgres://... npm run bench:leads     (rows are tagged, nothing is deleted)
 *   npm run bench:leads -- --no-build                   (reuse an existing BUILD_DIR build)
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import autocannon from "autocannon";
import pg from "pg";
import { articleSlugsFromDisk } from "../app/content/article-files";
import { freePort, startBuiltServer, stopServer, waitForServer } from "./lib/server-process.ts";

const amount = Number(process.env.BENCH_LEADS ?? 2000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const buildDir = process.env.BUILD_DIR ?? "build-bench";
const databaseUrl = process.env.DATABASE_URL || undefined;
const skipBuild = process.argv.includes("--no-build");
const run = `bench-${Date.now().toString(36)}`;
const slugs = articleSlugsFromDisk();

async function storedEmails(dataDir: string | undefined): Promise<Set<string>> {
  const query = "select email from leads where email like $1";
  const pattern = `${run}-%`;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ email: string }>(query, [pattern]);
    await client.end();
    return new Set(rows.map((r) => r.email));
  }
  const client = new PGlite(dataDir!);
  const { rows } = await client.query<{ email: string }>(query, [pattern]);
  await client.close();
  return new Set(rows.map((r) => r.email));
}

async function main() {
  if (!skipBuild || !existsSync(join(buildDir, "server/index.js"))) {
    console.error(`Building into ${buildDir}...`);
    const built = spawnSync("npx", ["react-router", "build"], {
      env: { ...process.env, BUILD_DIR: buildDir },
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (built.status !== 0) throw new Error("the build failed");
  }

  const port = await freePort();
  const tempDir = databaseUrl ? undefined : mkdtempSync(join(tmpdir(), "bench-leads-"));
  const dataDir = tempDir ? join(tempDir, "data") : undefined;
  const { child: server } = startBuiltServer({
    passOutput: true,
    env: {
      BUILD_DIR: buildDir,
      PORT: String(port),
      FORM_RATE_LIMIT_PER_MINUTE: "1000000",
      ...(dataDir ? { DATA_DIR: dataDir, DATABASE_URL: "" } : {}),
    },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(`${base}/about`, server);
    console.error(
      `Posting ${amount} leads with ${connections} connections to ${databaseUrl ? "PostgreSQL (DATABASE_URL)" : "the embedded database"}...`,
    );

    let sent = 0;
    const accepted: string[] = [];
    const started = performance.now();
    const result = await autocannon({
      url: base,
      connections,
      amount,
      timeout: 30,
      requests: [
        {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
          setupRequest: (request, context) => {
            const i = sent++;
            const slug = slugs[i % slugs.length]!;
            const email = `${run}-${i}@example.com`;
            (context as { email?: string }).email = email;
            return {
              ...request,
              path: `/api/forms/lead/${slug}`,
              body: new URLSearchParams({ name: `Bench Reader ${i}`, email, sourcePage: slug }).toString(),
            };
          },
          onResponse: (status, body, context) => {
            if (status === 200 && body.includes('"status":"success"')) accepted.push((context as { email: string }).email);
          },
        },
      ],
    });

    const seconds = (performance.now() - started) / 1000;
    await stopServer(server);
    const stored = await storedEmails(dataDir);
    const lost = accepted.filter((email) => !stored.has(email));

    const rows: [string, string][] = [
      ["database", databaseUrl ? "PostgreSQL (DATABASE_URL)" : "embedded PGlite (temp DATA_DIR)"],
      ["leads posted / connections", `${result.requests.sent} / ${connections}`],
      ["requests/s (posted / wall time)", `${(result.requests.sent / seconds).toFixed(0)} (${seconds.toFixed(1)} s)`],
      ["latency p50 / p99", `${result.latency.p50} ms / ${result.latency.p99} ms`],
      ["non-2xx answers", String(result.non2xx)],
      ["errors / timeouts", `${result.errors} / ${result.timeouts}`],
      ["accepted (answered success)", String(accepted.length)],
      ["rows stored", String(stored.size)],
      ["accepted but missing", String(lost.length)],
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    console.log(`\n| ${"measure".padEnd(width)} | value |\n|${"-".repeat(width + 2)}|-------|`);
    for (const [k, v] of rows) console.log(`| ${k.padEnd(width)} | ${v} |`);
    if (lost.length > 0 || stored.size !== accepted.length || accepted.length !== amount) {
      console.error(
        `\nFAIL: ${lost.length} accepted leads are missing, ${stored.size} stored vs ${accepted.length} accepted of ${amount} posted.`,
      );
      process.exitCode = 1;
    }
  } finally {
    await stopServer(server);
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  }
}

await main().catch((error) => {
  console.error(`bench:leads failed: ${(error as Error).message}`);
  process.exit(1);
});
