import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The two-server test (tests/multi): built servers against one PostgreSQL, so it runs after
 * `npm run build` in scripts/test-all.sh, on its own.
 */
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: { include: ["tests/multi/**/*.test.ts"], environment: "node", testTimeout: 60_000, hookTimeout: 90_000 },
});
