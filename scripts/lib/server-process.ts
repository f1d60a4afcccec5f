import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { PARTNER_IDS, PARTNERS } from "../../app/lib/partners";
import { readBuildInfo } from "../../server/build-info";

/** A TCP port nothing listens on right now, on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolvePort(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Waits until `url` answers 2xx; fails early if the server process exits first. */
export async function waitForServer(url: string, child: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode}) before answering ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s`);
}

/** SIGTERM, then wait for the process to exit. */
export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolveStop) => {
    // Already gone (exited, or killed by a signal: then exitCode stays null).
    if (child.exitCode !== null || child.signalCode !== null) return resolveStop();
    child.once("exit", () => resolveStop());
    child.kill("SIGTERM");
  });
}

/** Partner links for servers started to be measured or tested: not placeholders (production refuses those), on the .test domain reserved for testing. */
export const STAND_IN_PARTNER_LINKS: Record<string, string> = Object.fromEntries(
  PARTNER_IDS.map((id) => [PARTNERS[id].envVar, `https://partners.test/${id}?ref=fresh-start-money`]),
);

export type BuiltServer = { child: ChildProcess; output: () => string };

/**
 * The built production server (`server/main.ts`) in a child process: the one way the benchmarks,
 * Lighthouse and the browser tests start it. Production mode with the test payment provider, file
 * mail and stand-in partner links unless the caller's environment says otherwise; `env` adds or overrides variables
 * (PORT, DATA_DIR, BUILD_DIR, PUBLIC_ORIGIN...). `nice` lowers its priority below the caller's
 * measuring tools' (Lighthouse). Its output is collected for `output()`, or passed through.
 */
export function startBuiltServer({
  env,
  cwd = process.cwd(),
  nice = false,
  passOutput = false,
}: {
  env: Record<string, string | undefined>;
  cwd?: string;
  nice?: boolean;
  passOutput?: boolean;
}): BuiltServer {
  const args = ["--import", "tsx", "server/main.ts"];
  const child = spawn(nice ? "nice" : process.execPath, nice ? ["-n", "-10", process.execPath, ...args] : args, {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PAYMENT_PROVIDER: process.env.PAYMENT_PROVIDER || "test",
      MAIL_TRANSPORT: process.env.MAIL_TRANSPORT || "file",
      ...Object.fromEntries(Object.entries(STAND_IN_PARTNER_LINKS).map(([name, url]) => [name, process.env[name] || url])),
      HOST: "127.0.0.1",
      ...env,
    },
    stdio: passOutput ? ["ignore", "ignore", "inherit"] : ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** One of `startServers`' servers: its address and its DATA_DIR (its .eml files, its uploads). */
export type RunningServer = BuiltServer & { base: string; dataDir: string };

/**
 * `n` built servers started at the same moment, as a load balancer runs them on one database
 * (`env`'s DATABASE_URL): each on a free port with a DATA_DIR of its own, for the build in
 * BUILD_DIR and the origin it was built for. Resolves once every one answers /healthz; otherwise
 * stops them and fails with their output. `stopServers` stops them and removes their directories.
 */
export async function startServers(n: number, env: Record<string, string | undefined>): Promise<RunningServer[]> {
  const buildDir = resolve(process.env.BUILD_DIR ?? "build");
  const origin = readBuildInfo(buildDir)?.publicOrigin;
  if (!origin) throw new Error(`No build in ${buildDir}: run \`npm run build\` first.`);
  const servers = await Promise.all(
    Array.from({ length: n }, async (): Promise<RunningServer> => {
      const port = await freePort();
      const dataDir = mkdtempSync(join(tmpdir(), "server-"));
      const server = startBuiltServer({
        env: { PORT: String(port), PUBLIC_ORIGIN: origin, BUILD_DIR: buildDir, DATA_DIR: dataDir, ...env },
      });
      return { ...server, base: `http://127.0.0.1:${port}`, dataDir };
    }),
  );
  try {
    await Promise.all(servers.map((server) => waitForServer(`${server.base}/healthz`, server.child, 60_000)));
  } catch (error) {
    await stopServers(servers);
    throw new Error([(error as Error).message, ...servers.map((server, i) => `--- server ${i + 1}:\n${server.output()}`)].join("\n"));
  }
  return servers;
}

export async function stopServers(servers: readonly RunningServer[]): Promise<void> {
  await Promise.all(servers.map((server) => stopServer(server.child)));
  for (const server of servers) rmSync(server.dataDir, { recursive: true, force: true });
}
