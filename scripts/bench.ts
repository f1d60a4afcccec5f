/**
 * `npm run bench`: throughput of the production server (issue #5), against the existing build
 * (BUILD_DIR, default "build"; it builds nothing). The server runs on its own port with a fresh
 * temporary database and the form rate limit raised out of the way; autocannon drives each case
 * with 50 connections for 10 s (after a 2 s warm-up), asking for compression like a browser
 * (Accept-Encoding: br, gzip):
 *
 *   a prerendered page (/about), the home page and a shipped article (made from the database,
 *   answered from the page cache), an article published through the dashboard's editor after
 *   the server started (issue 24), the checkout bare and as an article's promo link asks for it
 *   (both from the page cache), pages rendered per request (the success page, which hydrates, and
 *   a blog search), the 404 page of an unknown address (from the page cache) and a missing
 *   article's (rendered per request), a lead POST (to the form's address for scripts, api/forms/lead/:slug)
 *   (unique e-mails, same-origin headers), and for comparison a minimal static file server
 *   (node:http, the same prerendered file from memory, precompressed) in its own process.
 *
 * With BENCH_DATABASE_URL (a PostgreSQL server; or TEST_DATABASE_URL), the same page, article and
 * lead POST again on PostgreSQL: one server, then two servers on the same database with the load
 * split between them (half the connections each, as a round-robin balancer would), in a
 * throwaway database created and dropped on that server.
 *
 * Options (environment): BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { articleSlugsFromDisk } from "../app/content/article-files.ts";
import { readBuildInfo } from "../server/build-info.ts";
import { logInAsOwner, postArticle, sampleArticle, throwawayOwner } from "./lib/owner-client.ts";
import { freePort, startBuiltServer, stopServer, waitForServer } from "./lib/server-process.ts";
import { throwawayDatabase } from "../tests/helpers/throwaway-database.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const BUILD_DIR = resolve(ROOT, process.env.BUILD_DIR ?? "build");
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Stands for the server's address in a case's URL (measure() puts in each server's). */
const BASE_PLACEHOLDER = "http://server.invalid";
const DATABASE_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

/** `bench.ts --static <file> <port>`: the comparison server, run as its own process. */
if (process.argv[2] === "--static") {
  const body = readFileSync(process.argv[3]!);
  const br = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
  const gzip = gzipSync(body, { level: 9 });
  createHttpServer((req, res) => {
    const accept = String(req.headers["accept-encoding"] ?? "");
    const [encoding, payload] = /\bbr\b/.test(accept) ? ["br", br] : /\bgzip\b/.test(accept) ? ["gzip", gzip] : [undefined, body];
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", payload.length);
    res.end(payload);
  }).listen(Number(process.argv[4]), "127.0.0.1", () => console.log("static server ready"));
} else {
  await main();
}

type Case = {
  name: string;
  url: string;
  expectStatus: number;
  /** Measured again on PostgreSQL (one server, then two) when a PostgreSQL server is given. */
  onPostgres?: true;
  options?: Partial<autocannon.Options>;
};

type Row = { name: string; rps: number; p50: number; p99: number; kbPerResponse: number; unexpected: number; errors: number };

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolveRun, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolveRun(result)));
  });
}

/**
 * One case against one or more servers at once, the connections split evenly between them (the
 * way a round-robin balancer spreads them): requests per second add up; latency is the worst
 * server's percentile.
 */
async function measure(c: Case, bases: string[]): Promise<Row> {
  const options = (base: string, duration: number, connections: number): autocannon.Options => ({
    url: c.url.replace(BASE_PLACEHOLDER, base),
    connections,
    duration,
    headers: { "accept-encoding": "br, gzip" },
    ...c.options,
    ...(c.options?.headers ? { headers: { ...c.options.headers, origin: base } } : {}),
  });
  await Promise.all(bases.map((base) => run(options(base, 2, 10)))); // warm-up: JIT, caches, database pages
  const results = await Promise.all(bases.map((base) => run(options(base, DURATION, Math.ceil(CONNECTIONS / bases.length)))));
  let total = 0;
  let expected = 0;
  for (const result of results) {
    const statusCount = (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
    total += Object.values(statusCount).reduce((sum, s) => sum + s.count, 0);
    expected += statusCount[String(c.expectStatus)]?.count ?? 0;
  }
  const sum = (f: (r: autocannon.Result) => number) => results.reduce((acc, r) => acc + f(r), 0);
  return {
    name: c.name,
    rps: Math.round(sum((r) => r.requests.average)),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    kbPerResponse: total ? sum((r) => r.throughput.total) / total / 1024 : 0,
    unexpected: total - expected,
    errors: sum((r) => r.errors + r.timeouts),
  };
}

function printTable(title: string, rows: Row[]) {
  const header = ["case", "req/s", "p50 ms", "p99 ms", "KB/resp", "wrong status", "errors"];
  const cells = rows.map((r) => [
    r.name,
    String(r.rps),
    String(r.p50),
    String(r.p99),
    r.kbPerResponse.toFixed(1),
    String(r.unexpected),
    String(r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) => `| ${row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`);
  for (const row of cells) console.log(line(row));
}

async function main() {
  const origin = readBuildInfo(BUILD_DIR)?.publicOrigin ?? "http://localhost:3000";
  const article = `/blog/${articleSlugsFromDisk()[0]}`;
  const [port, staticPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), "bench-data-"));
  const children: ChildProcess[] = [];
  const cleanup = () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on("SIGINT", () => {
    cleanup();
    process.exit(130);
  });

  try {
    const owner = throwawayOwner();
    const { child: server } = startBuiltServer({
      cwd: ROOT,
      passOutput: true,
      env: { PORT: String(port), PUBLIC_ORIGIN: origin, DATA_DIR: dataDir, BUILD_DIR, FORM_RATE_LIMIT_PER_MINUTE: "1000000", ...owner.env },
    });
    children.push(server);
    const base = `http://127.0.0.1:${port}`;
    await waitForServer(`${base}/about`, server);
    // /about is kept by the page cache now (no prerendered file): the static server serves the page as the site answers it.
    const aboutFile = join(dataDir, "about.html");
    writeFileSync(aboutFile, await (await fetch(`${base}/about`, { headers: { "accept-encoding": "identity" } })).text());
    const staticServer = spawn(
      process.execPath,
      ["--import", "tsx", fileURLToPath(import.meta.url), "--static", aboutFile, String(staticPort)],
      {
        cwd: ROOT,
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    children.push(staticServer);
    await waitForServer(`http://127.0.0.1:${staticPort}/`, staticServer);
    // An article that exists only in the database: published through the editor, as the owner would.
    const published = "/blog/bench-sinking-fund";
    const cookie = await logInAsOwner(base, owner.password);
    await postArticle(base, cookie, "new", { ...sampleArticle("bench-sinking-fund", "How to Build a Sinking Fund"), intent: "publish" });

    let lead = 0;
    const leadRun = Date.now().toString(36);
    const slug = article.slice("/blog/".length);
    const cases: Case[] = [
      { name: "prerendered page GET /about", url: `${BASE_PLACEHOLDER}/about`, expectStatus: 200, onPostgres: true },
      { name: `shipped article GET ${article}`, url: `${BASE_PLACEHOLDER}${article}`, expectStatus: 200, onPostgres: true },
      { name: `published article GET ${published}`, url: `${BASE_PLACEHOLDER}${published}`, expectStatus: 200 },
      { name: "home page GET / (from the articles)", url: `${BASE_PLACEHOLDER}/`, expectStatus: 200 },
      { name: "checkout GET /checkout (page cache)", url: `${BASE_PLACEHOLDER}/checkout`, expectStatus: 200 },
      {
        name: `checkout from an article's link GET /checkout?bump=1&from=${slug} (page cache)`,
        url: `${BASE_PLACEHOLDER}/checkout?bump=1&from=${slug}`,
        expectStatus: 200,
      },
      // Rendered per request: the success page (a page that hydrates; with a session id it shows that order).
      { name: "server-rendered GET /checkout-success", url: `${BASE_PLACEHOLDER}/checkout-success`, expectStatus: 200, onPostgres: true },
      { name: "blog search GET /blog?q=credit (rendered per request)", url: `${BASE_PLACEHOLDER}/blog?q=credit`, expectStatus: 200 },
      { name: "404 page GET /no-such-page (page cache)", url: `${BASE_PLACEHOLDER}/no-such-page`, expectStatus: 404 },
      {
        name: "missing article GET /blog/no-such-article (404 rendered per request)",
        url: `${BASE_PLACEHOLDER}/blog/no-such-article`,
        expectStatus: 404,
      },
      {
        // Named as before (the figures compare across runs); posted to the form's address for scripts, which answers JSON.
        name: `lead POST ${article} (unique e-mails)`,
        url: `${BASE_PLACEHOLDER}/api/forms/lead/${slug}`,
        expectStatus: 200,
        onPostgres: true,
        options: {
          method: "POST",
          headers: {
            "accept-encoding": "br, gzip",
            "content-type": "application/x-www-form-urlencoded",
            accept: "application/json",
            // What a browser on this server sends (React Router checks Origin against Host; measure() sets each server's).
            origin: BASE_PLACEHOLDER,
            "sec-fetch-site": "same-origin",
          },
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                body: new URLSearchParams({
                  name: "Bench Reader",
                  email: `bench.${leadRun}.${lead++}@example.com`,
                  sourcePage: slug,
                }).toString(),
              }),
            },
          ],
        },
      },
      { name: "static file server (node:http), same /about file", url: `http://127.0.0.1:${staticPort}/`, expectStatus: 200 },
    ];

    const rows: Row[] = [];
    for (const c of cases) {
      rows.push(await measure(c, [c.url.startsWith(BASE_PLACEHOLDER) ? base : `http://127.0.0.1:${staticPort}`]));
      console.log(`done: ${c.name}`);
    }
    printTable(`autocannon, ${CONNECTIONS} connections x ${DURATION} s per case, Accept-Encoding: br, gzip, NODE_ENV=production`, rows);
    const prerendered = rows[0]!.rps;
    const plain = rows[rows.length - 1]!.rps;
    console.log(`\nprerendered / static server: ${((prerendered / plain) * 100).toFixed(0)} %`);
    console.log(`published article / prerendered page: ${((rows[2]!.rps / prerendered) * 100).toFixed(0)} %`);
    if (DATABASE_URL) {
      // The embedded server goes first: the two-server runs need both cores.
      server.kill("SIGTERM");
      rows.push(
        ...(await benchServersOnPostgres(
          DATABASE_URL,
          origin,
          cases.filter((c) => c.onPostgres),
        )),
      );
    } else {
      console.log("\nSet BENCH_DATABASE_URL (a PostgreSQL server) for the one- and two-server cases on PostgreSQL.");
    }
    if (rows.some((r) => r.unexpected || r.errors)) {
      console.error("Some requests failed or answered an unexpected status (see the table).");
      process.exitCode = 1;
    }
  } finally {
    cleanup();
  }
}

/**
 * The given cases on PostgreSQL: one server, then two on the same database with the load split
 * between them. A throwaway database on that server, dropped at the end.
 */
async function benchServersOnPostgres(adminUrl: string, origin: string, cases: Case[]): Promise<Row[]> {
  const database = await throwawayDatabase(adminUrl, "bench");
  const url = new URL(database.url);
  const servers: ChildProcess[] = [];
  const dataDirs: string[] = [];
  try {
    const bases: string[] = [];
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const dataDir = mkdtempSync(join(tmpdir(), "bench-pg-"));
      dataDirs.push(dataDir);
      const { child } = startBuiltServer({
        cwd: ROOT,
        passOutput: true,
        env: {
          PORT: String(port),
          PUBLIC_ORIGIN: origin,
          DATA_DIR: dataDir,
          DATABASE_URL: url.href,
          BUILD_DIR,
          FORM_RATE_LIMIT_PER_MINUTE: "1000000",
        },
      });
      servers.push(child);
      bases.push(`http://127.0.0.1:${port}`);
      await waitForServer(`${bases[i]}/healthz`, child);
    }
    const rows: Row[] = [];
    for (const c of cases) {
      for (const n of [1, 2]) {
        rows.push({ ...(await measure(c, bases.slice(0, n))), name: `${c.name}, PostgreSQL, ${n} server${n > 1 ? "s" : ""}` });
        console.log(`done: ${rows.at(-1)!.name}`);
      }
    }
    printTable(
      `PostgreSQL at BENCH_DATABASE_URL: one server, then two with the ${CONNECTIONS} connections split between them (${DURATION} s each)`,
      rows,
    );
    for (let i = 0; i < rows.length; i += 2) {
      console.log(`${cases[i / 2]!.name}: two servers ${(rows[i + 1]!.rps / rows[i]!.rps).toFixed(2)}x one`);
    }
    return rows;
  } finally {
    await Promise.all(servers.map((child) => stopServer(child)));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    await database.drop();
  }
}
