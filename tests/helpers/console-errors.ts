import { format } from "node:util";

/**
 * A unit or integration test fails when something logs console.error that the test did not
 * expect, as the browser suite does (tests/e2e/fixtures.ts). `console-errors-setup.ts` installs
 * the recorder for every test file (vitest.config.ts `setupFiles`); a test that expects an error
 * says so with `expectConsoleError(/pattern/)`, and then fails if that error is never logged.
 */
type Recorder = { logged: string[]; expected: RegExp[] };

// On globalThis: a test file importing this module gets the setup file's recorder even if the
// module is evaluated twice.
const KEY = Symbol.for("fresh-start-money.console-errors");
function recorder(): Recorder {
  const holder = globalThis as { [KEY]?: Recorder };
  return (holder[KEY] ??= { logged: [], expected: [] });
}

/** The current test expects console.error with text matching each pattern (each at least once). */
export function expectConsoleError(...patterns: RegExp[]) {
  recorder().expected.push(...patterns);
}

/** Record every console.error (still printed) from now on. */
export function recordConsoleErrors() {
  const print = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    recorder().logged.push(format(...args));
    print(...args);
  };
}

/** What went wrong since the last call (unexpected errors, expected ones never logged), then start afresh. */
export function takeConsoleErrorProblems(): string[] {
  const { logged, expected } = recorder();
  const unexpected = logged.filter((text) => !expected.some((pattern) => pattern.test(text)));
  const missing = expected.filter((pattern) => !logged.some((text) => pattern.test(text)));
  recorder().logged = [];
  recorder().expected = [];
  return [
    ...unexpected.map((text) => `unexpected console.error: ${text}`),
    ...missing.map((pattern) => `expected console.error matching ${pattern} was never logged`),
  ];
}
