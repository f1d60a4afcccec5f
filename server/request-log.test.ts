import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { loggablePath, requestLogger } from "./request-log";

describe("loggablePath", () => {
  it("never keeps a query string: a tool page's inputs stay out of the log", () => {
    expect(loggablePath("/tools/budget?income=4200&rent=1500")).toBe("/tools/budget");
    expect(loggablePath("/contact?email=ann%40example.com#x")).toBe("/contact");
  });

  it("replaces the tokens of secret links", () => {
    expect(loggablePath("/orders/AbCdEf0123456789xyz/files/workbook")).toBe("/orders/:token/files/workbook");
    expect(loggablePath("/newsletter/confirm/tok123")).toBe("/newsletter/confirm/:token");
    expect(loggablePath("/unsubscribe/tok123?x=1")).toBe("/unsubscribe/:token");
    expect(loggablePath("/orders/lookup")).toBe("/orders/lookup");
  });

  it("replaces them however the path is encoded, as the router decodes it (issue 22)", () => {
    expect(loggablePath("/%6Frders/AbCdEf0123456789xyz")).toBe("/orders/:token");
    expect(loggablePath("/%256Frders/AbCdEf0123456789xyz")).toBe("/orders/:token");
    expect(loggablePath("/orders%2FAbCdEf0123456789xyz%2Ffiles%2Fworkbook")).toBe("/orders/:token/files/workbook");
    expect(loggablePath("/%75nsubscribe/tok123")).toBe("/unsubscribe/:token");
    expect(loggablePath("/newsletter/%63onfirm/tok123")).toBe("/newsletter/confirm/:token");
    expect(loggablePath("//orders/AbCdEf0123456789xyz")).toBe("/orders/:token");
    expect(loggablePath("/ORDERS/AbCdEf0123456789xyz")).toBe("/ORDERS/:token");
  });

  it("keeps ordinary paths as they are", () => {
    expect(loggablePath("/blog/budgeting-tips-that-work")).toBe("/blog/budgeting-tips-that-work");
    expect(loggablePath(undefined)).toBe("/");
  });
});

describe("requestLogger", () => {
  it("writes one JSON line per request: id, method, the loggable path, status", async () => {
    const lines: string[] = [];
    const logger = pino(
      { base: undefined, formatters: { level: (label) => ({ level: label }) } },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(...String(chunk).split("\n").filter(Boolean));
          done();
        },
      }),
    );
    const logRequest = requestLogger({ enabled: true, logger });
    const server = createServer((req, res) => {
      logRequest(req, res);
      res.statusCode = req.url?.startsWith("/boom") ? 500 : 200;
      res.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const first = await fetch(`${base}/%6Frders/AbCdEf0123456789xyz?email=ann%40example.com`, {
      headers: { "x-request-id": "req-0001-abcd" },
    });
    await first.text();
    await (await fetch(`${base}/boom`)).text();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(first.headers.get("x-request-id")).toBe("req-0001-abcd");
    const [ok, failed] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(ok).toMatchObject({ level: "info", msg: "request", id: "req-0001-abcd", method: "GET", path: "/orders/:token", status: 200 });
    expect(failed).toMatchObject({ level: "error", msg: "request", method: "GET", path: "/boom", status: 500 });
    expect(lines.join("\n")).not.toMatch(/AbCdEf|example\.com|email/);
  });
});
