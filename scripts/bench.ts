/**
 * `npm run bench`: throughput of the production server (issue #5), against the existing build
 * (BUILD_DIR, default "build"; it builds nothing). The server runs on its own port with a fresh
 * temporary database and the form rate limit raised out of the way; autocannon drives each case
 * with 50 connections for 10 s (after a 2 s warm-up), asking for compression like a browser
 * (Accept-Encoding: br, gzip):
 *
 *   a prerendered page (/), an article, a server-rendered page (/checkout), the 404 page, a lead
 *   POST (unique e-mails, same-origin headers), and for comparison a minimal static file server
 *   (node:http, the same prerendered file from memory, precompressed) in its own process.
 *
 * Options (environment): BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { articleSlugsFromDisk } from "../app/content/article-files.ts";
import { readBuildInfo } from "../server/build-info.ts";
import { freePort, startBuiltServer, waitForServer } from "./lib/server-process.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const BUILD_DIR = resolve(ROOT, process.env.BUILD_DIR ?? "build");
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

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
  options?: Partial<autocannon.Options>;
};

type Row = { name: string; rps: number; p50: number; p99: number; kbPerResponse: number; unexpected: number; errors: number };

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolveRun, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolveRun(result)));
  });
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
    const { child: server } = startBuiltServer({
      cwd: ROOT,
      passOutput: true,
      env: { PORT: String(port), PUBLIC_ORIGIN: origin, DATA_DIR: dataDir, BUILD_DIR, FORM_RATE_LIMIT_PER_MINUTE: "1000000" },
    });
    children.push(server);
    const staticServer = spawn(
      process.execPath,
      ["--import", "tsx", fileURLToPath(import.meta.url), "--static", join(BUILD_DIR, "client/index.html"), String(staticPort)],
      {
        cwd: ROOT,
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    children.push(staticServer);
    const base = `http://127.0.0.1:${port}`;
    await waitForServer(`${base}/about`, server);
    await waitForServer(`http://127.0.0.1:${staticPort}/`, staticServer);

    let lead = 0;
    const leadRun = Date.now().toString(36);
    const slug = article.slice("/blog/".length);
    const cases: Case[] = [
      { name: "prerendered page GET /", url: `${base}/`, expectStatus: 200 },
      { name: `article GET ${article}`, url: `${base}${article}`, expectStatus: 200 },
      { name: "server-rendered GET /checkout", url: `${base}/checkout`, expectStatus: 200 },
      { name: "404 page GET /no-such-page", url: `${base}/no-such-page`, expectStatus: 404 },
      {
        name: `lead POST ${article} (unique e-mails)`,
        url: `${base}${article}`,
        expectStatus: 200,
        options: {
          method: "POST",
          headers: {
            "accept-encoding": "br, gzip",
            "content-type": "application/x-www-form-urlencoded",
            accept: "application/json",
            // What a browser on this server sends (React Router checks Origin against Host).
            origin: base,
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
      { name: "static file server (node:http), same / file", url: `http://127.0.0.1:${staticPort}/`, expectStatus: 200 },
    ];

    const rows: Row[] = [];
    for (const c of cases) {
      const options = (duration: number, connections: number): autocannon.Options => ({
        url: c.url,
        connections,
        duration,
        headers: { "accept-encoding": "br, gzip" },
        ...c.options,
      });
      await run(options(2, 10)); // warm-up: JIT, caches, database pages
      const result = await run(options(DURATION, CONNECTIONS));
      const statusCount = (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
      const total = Object.values(statusCount).reduce((sum, s) => sum + s.count, 0);
      const expected = statusCount[String(c.expectStatus)]?.count ?? 0;
      rows.push({
        name: c.name,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        kbPerResponse: total ? result.throughput.total / total / 1024 : 0,
        unexpected: total - expected,
        errors: result.errors + result.timeouts,
      });
      console.log(`done: ${c.name}`);
    }

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
    console.log(`\nautocannon, ${CONNECTIONS} connections x ${DURATION} s per case, Accept-Encoding: br, gzip, NODE_ENV=production\n`);
    console.log(line(header));
    console.log(`|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`);
    for (const row of cells) console.log(line(row));
    const prerendered = rows[0]!.rps;
    const plain = rows[rows.length - 1]!.rps;
    console.log(`\nprerendered / static server: ${((prerendered / plain) * 100).toFixed(0)} %`);
    if (rows.some((r) => r.unexpected || r.errors)) {
      console.error("Some requests failed or answered an unexpected status (see the table).");
      process.exitCode = 1;
    }
  } finally {
    cleanup();
  }
}
