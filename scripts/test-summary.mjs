// Sums the test counts of every suite that ran (reports/*.json) into one "N passed, N failed" line.
import { existsSync, readdirSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
if (existsSync("reports")) {
  for (const file of readdirSync("reports").filter((f) => f.endsWith(".json"))) {
    const report = JSON.parse(readFileSync(`reports/${file}`, "utf8"));
    if (file.startsWith("vitest")) {
      passed += report.numPassedTests ?? 0;
      failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0);
    } else if (file.startsWith("playwright")) {
      passed += report.stats?.expected ?? 0;
      failed += (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0);
      if (report.errors?.length) failed += report.errors.length;
    } else if (typeof report.passed === "number" && typeof report.failed === "number") {
      passed += report.passed;
      failed += report.failed;
    }
  }
}
// A step that failed without a report of its own (typecheck, build, a crashed runner) still counts:
// at least one failure per failed step.
const failedSteps = Number(process.env.FAILED_STEPS ?? 0);
if (failedSteps > failed) failed = failedSteps;
console.log(`${passed} passed, ${failed} failed`);
