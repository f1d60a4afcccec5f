import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Every unit and integration test on the embedded database (PGlite), and, when TEST_DATABASE_URL
 * names a PostgreSQL server (`.ci/run` starts one), the integration tests again against it: two
 * projects of one run, so their files share the run's workers instead of waiting for each other.
 *
 * Two workers on this 2-core machine, not Vitest's default of one (cores - 1): many files wait on
 * other processes (LibreOffice, SpamAssassin, PostgreSQL, an SMTP round trip), and one worker left
 * the second core idle for much of the run.
 */
const INTEGRATION = "tests/integration/**/*.test.ts";
/**
 * Integration files that never use TEST_DB: each migrates a PGlite of its own (a migration applied
 * to a database holding old rows). On the `postgres` project they ran the same PGlite test again.
 */
const PGLITE_ONLY = [
  "tests/integration/outbox-kinds.test.ts",
  "tests/integration/audience-backfill.test.ts",
  // The export command's own process on a DATA_DIR of its own (its PostgreSQL case is in export.test.ts).
  "tests/integration/export-command.test.ts",
  "tests/integration/counsellor-migration.test.ts",
];

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    // A console.error the test did not expect fails it (tests/helpers/console-errors.ts), as in the browser suite.
    setupFiles: ["tests/helpers/console-errors-setup.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "embedded",
          include: ["app/**/*.test.{ts,tsx}", "tests/products/**/*.test.ts", "server/**/*.test.ts", INTEGRATION, "scripts/**/*.test.ts"],
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: { name: "postgres", include: [INTEGRATION], exclude: PGLITE_ONLY, env: { TEST_DB: "postgres" } },
            },
          ]
        : []),
    ],
  },
});
