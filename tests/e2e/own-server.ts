/**
 * A built server of a spec's own (its own port, DATA_DIR and .eml directory), started before the
 * spec's tests and stopped after, with the owner dashboard on; and the owner's log-in.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { E2E_OWNER_ENV, E2E_OWNER_PASSWORD } from "../../playwright.config";
import { type BuiltServer, startBuiltServer, stopServer, waitForServer } from "../../scripts/lib/server-process";
import { test, waitForHydration } from "./fixtures";

/**
 * How long a spec's own built server may take to answer, and its start-up hook in all: a start
 * takes 5-10 s on a quiet machine (a fresh embedded database is migrated and seeded), and several
 * start at once when the workers reach such specs together on two cores.
 */
export const SERVER_START_LIMIT_MS = 120_000;
export const SERVER_START_HOOK_MS = SERVER_START_LIMIT_MS + 30_000;

export function useOwnServer(name: string, portOffset: number, env: Record<string, string> = {}) {
  const port = Number(process.env.E2E_PORT ?? 3100) + portOffset;
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = `.data/e2e-${name}-${port}`;
  test.use({ baseURL: origin });
  let server: BuiltServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(SERVER_START_HOOK_MS);
    rmSync(dataDir, { recursive: true, force: true });
    server = startBuiltServer({ env: { PORT: String(port), DATA_DIR: dataDir, ...E2E_OWNER_ENV, ...env } });
    await waitForServer(`${origin}/about`, server.child, SERVER_START_LIMIT_MS);
  });
  test.afterAll(async () => {
    if (server) await stopServer(server.child);
  });
  return { origin, dataDir, mailDir: join(dataDir, "mail") };
}

/** Open an owner page, logging in first when the dashboard asks. */
export async function logIn(page: Page, path: string, origin: string) {
  await page.goto(path);
  if (new URL(page.url()).pathname === "/admin/login") {
    await page.getByLabel("Password").fill(E2E_OWNER_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
  }
  await page.waitForURL((url) => url.pathname === new URL(path, origin).pathname);
  await dashboardReady(page);
}

/** The dashboard's pages run React: its forms check as the owner types once it has hydrated (root.tsx marks the moment). */
export async function dashboardReady(page: Page) {
  await waitForHydration(page);
}
