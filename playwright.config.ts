import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { STAND_IN_PARTNER_LINKS } from "./scripts/lib/server-process";
import { hashOwnerPassword } from "./app/server/admin/owner-password.server";
import { CHROME_ARGS, CHROME_PATH } from "./scripts/lib/chromium";

if (!existsSync(CHROME_PATH)) {
  throw new Error(
    `Chromium not found at ${CHROME_PATH}: browser tests need it. Install it (Debian: apt-get install -y chromium) or set CHROME_PATH.`,
  );
}

const PORT = Number(process.env.E2E_PORT ?? 3100);
const partnerLinks = Object.entries(STAND_IN_PARTNER_LINKS)
  .map(([name, url]) => `${name}='${url}'`)
  .join(" ");

/**
 * The owner dashboard of the server under test: a password that exists only here, hashed when
 * the tests start (the cheapest parameters the format accepts), and a fresh session secret.
 */
export const E2E_OWNER_PASSWORD = "e2e-only owner password";
/** The dashboard's settings for the browser tests' servers (a test-only password, a fresh secret). */
export const E2E_OWNER_ENV = {
  OWNER_PASSWORD_HASH: hashOwnerPassword(E2E_OWNER_PASSWORD, { ln: 14, r: 8, p: 1 }),
  SESSION_SECRET: randomBytes(32).toString("hex"),
};
const ownerEnv = Object.entries(E2E_OWNER_ENV)
  .map(([name, value]) => `${name}='${value}'`)
  .join(" ");

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Two on this 2-core machine. Three were tried (a test waits about half its time): several specs
  // start built servers of their own, and three workers starting them at once on two cores made
  // those start-ups miss their time limits (CI run of 2026-11-26, 17:25).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: !!process.env.CI,
  // E2E_REPORT: a second run in one `npm test` (the walk on a development build) keeps its own counts.
  reporter: [["list"], ["json", { outputFile: process.env.E2E_REPORT ?? "reports/playwright.json" }]],
  // A whole flow (the sequence editor, a review from purchase to approval) takes up to 25 s on a
  // quiet machine: 60 s leaves room for a busy one without hiding a hang for long.
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: CHROME_PATH, args: CHROME_ARGS },
    trace: "off",
  },
  webServer: {
    // The built server, on a fresh embedded database. `npm test` builds first. The form rate limit is
    // raised so parallel browser tests from one address never trip it (tests/integration proves the default).
    command: `rm -rf .data/e2e-${PORT} && PORT=${PORT} HOST=127.0.0.1 FORM_RATE_LIMIT_PER_MINUTE=10000 ${ownerEnv} DATA_DIR=.data/e2e-${PORT} ${partnerLinks} node --import tsx server/main.ts`,
    url: `http://127.0.0.1:${PORT}/about`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
  },
});
