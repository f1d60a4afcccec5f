import type { ChildProcess } from "node:child_process";
import { createServer } from "node:net";

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
    if (child.exitCode !== null) return resolveStop();
    child.once("exit", () => resolveStop());
    child.kill("SIGTERM");
  });
}
