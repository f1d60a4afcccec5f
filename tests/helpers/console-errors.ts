import { format } from "node:util";
import { log } from "../../app/server/log.server";
import { logWords } from "./log";

/**
 * A unit or integration test fails when something logs a warning or an error that the test did
 * not expect, as the browser suite does (tests/e2e/fixtures.ts): console.error and console.warn,
 * and the server's own logger (pino, app/server/log.server.ts: how all server code logs) at
 * `warn` and `error`. `console-errors-setup.ts` installs the recorder for every test file
 * (vitest.config.ts `setupFiles`); a test that expects such a line says so with
 * `expectLog(/pattern/)`, and then fails if that line is never logged. (A test that replaces the
 * logger's method, `vi.spyOn(log, "error").mockImplementation(...)`, reads the calls itself.)
 */
type Recorder = { logged: string[]; expected: RegExp[]; allowed: RegExp[] };

// On globalThis: a test file importing this module gets the setup file's recorder even if the
// module is evaluated twice.
const KEY = Symbol.for("fresh-start-money.console-errors");
function recorder(): Recorder {
  const holder = globalThis as { [KEY]?: Recorder };
  return (holder[KEY] ??= { logged: [], expected: [], allowed: [] });
}

/** The current test expects a warning or an error with text matching each pattern (each at least once). */
export function expectLog(...patterns: RegExp[]) {
  recorder().expected.push(...patterns);
}

/**
 * The current test may log lines matching each pattern, or not: what a dependency's failure that
 * the test causes says on its own schedule (a PostgreSQL pool reports each connection it loses
 * when a test cuts the database off; tests/helpers/db.ts outage()).
 */
export function allowLog(...patterns: RegExp[]) {
  recorder().allowed.push(...patterns);
}

/** Record every console.error and console.warn, and the logger's warn and error (all still printed), from now on. */
export function recordConsoleErrors() {
  for (const level of ["error", "warn"] as const) {
    const print = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      recorder().logged.push(`console.${level}: ${format(...args)}`);
      print(...args);
    };
  }
  for (const level of ["error", "warn"] as const) {
    const write = log[level].bind(log) as (...args: unknown[]) => void;
    log[level] = ((...args: unknown[]) => {
      recorder().logged.push(`log.${level}: ${logWords(args)}`);
      write(...args);
    }) as (typeof log)[typeof level];
  }
}

/** What went wrong since the last call (unexpected lines, expected ones never logged), then start afresh. */
export function takeConsoleErrorProblems(): string[] {
  const { logged, expected, allowed } = recorder();
  const unexpected = logged.filter((text) => ![...expected, ...allowed].some((pattern) => pattern.test(text)));
  const missing = expected.filter((pattern) => !logged.some((text) => pattern.test(text)));
  recorder().logged = [];
  recorder().expected = [];
  recorder().allowed = [];
  return [
    ...unexpected.map((text) => `unexpected ${text}`),
    ...missing.map((pattern) => `expected a warning or an error matching ${pattern}, never logged`),
  ];
}
