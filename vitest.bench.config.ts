import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** Benchmarks that need the app's Vite transforms (npm run bench:outbox); never part of npm test. */
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: { include: ["scripts/*.bench-test.ts"], environment: "node" },
});
