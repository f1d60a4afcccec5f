import pino from "pino";

/**
 * The process's one logger: a JSON line per event on standard output (time, level, msg and the
 * event's fields), for whatever collects the server's output. Nothing else in the server writes
 * to the console (ESLint's no-console). A request's line never holds a query string, a secret
 * link's token, an address or a cookie (server/request-log.ts says what it holds).
 */
export function createLogger() {
  return pino({
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
}

export const log = createLogger();
