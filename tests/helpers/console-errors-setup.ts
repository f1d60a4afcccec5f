import { afterAll, afterEach } from "vitest";
import { recordConsoleErrors, takeConsoleErrorProblems } from "./console-errors";

// Vitest's setupFiles for every project (vitest.config.ts): see console-errors.ts.
recordConsoleErrors();

function failOnProblems() {
  const problems = takeConsoleErrorProblems();
  if (problems.length > 0) throw new Error(problems.join("\n"));
}

// Registered before the file's own hooks, so it runs after them (Vitest runs after-hooks as a stack).
afterEach(failOnProblems);
// Errors logged in a file's beforeAll/afterAll or outside any test.
afterAll(failOnProblems);
