import { format } from "node:util";
import { pino } from "pino";

/**
 * The server's one logger: JSON lines on standard output (time, level, msg and fields), for
 * whatever collects the process's output. The request log (server/request-log.ts) is a child of
 * it. Never log a query string, a token, an e-mail address or a form's values.
 */
export const log = pino({
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});

/**
 * Production output is JSON lines only: anything still written with `console` (a library, code
 * not yet moved to `log`) goes out as a line of this logger instead of a plain one.
 */
export function sendConsoleToLog(): void {
  const to =
    (level: "info" | "warn" | "error") =>
    (...args: unknown[]) =>
      log[level](format(...args));
  console.log = to("info");
  console.info = to("info");
  console.warn = to("warn");
  console.error = to("error");
}
