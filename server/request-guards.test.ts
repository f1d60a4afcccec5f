import net, { type AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loggedText } from "../tests/helpers/log";
import { createServer } from "node:http";
import { finalErrorHandler, refuseMalformed, rejectMalformed, validHost } from "./request-guards";

/** The logger the error handler is given: its calls are what it logged. */
const logged = { error: vi.fn() };

/** A raw HTTP/1.1 exchange: what an attacker can send that fetch() would refuse to. */
function raw(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.end(`${head}\r\nConnection: close\r\n\r\n`));
    let data = "";
    socket.on("data", (chunk) => (data += chunk.toString()));
    socket.on("end", () => resolve(data));
    socket.on("error", reject);
  });
}

let server: ReturnType<express.Express["listen"]>;
let port: number;

beforeAll(async () => {
  const app = express();
  app.use(rejectMalformed);
  app.get("/contact", () => {
    throw new Error(`secret detail at ${process.cwd()}/app/routes/contact.tsx`);
  });
  app.get("/ok", (_req, res) => {
    res.send("fine");
  });
  app.use(finalErrorHandler(logged));
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("requests the site cannot read are refused plainly", () => {
  it.each([
    ["TRACE", "TRACE /contact HTTP/1.1\r\nHost: localhost", 405],
    ["a Host with a space", "GET /ok HTTP/1.1\r\nHost: a b", 400],
    ["an absolute-form request line", "GET http://evil.example/contact HTTP/1.1\r\nHost: localhost", 400],
    ["a Host with a path", "GET /ok HTTP/1.1\r\nHost: evil.example/x", 400],
  ])("%s", async (_name, head, status) => {
    const answer = await raw(port, head);
    expect(answer.startsWith(`HTTP/1.1 ${status} `)).toBe(true);
    expect(answer).not.toMatch(/at |node_modules|\/work\//);
  });

  it("and ordinary requests pass", async () => {
    expect(await raw(port, "GET /ok HTTP/1.1\r\nHost: localhost:3000")).toMatch(/^HTTP\/1\.1 200 [\s\S]*fine$/);
  });
});

describe("an error in a route", () => {
  it("answers a plain 500 without a stack trace, and logs it", async () => {
    logged.error.mockClear();
    const answer = await raw(port, "GET /contact HTTP/1.1\r\nHost: localhost");
    expect(answer.startsWith("HTTP/1.1 500 ")).toBe(true);
    expect(answer).toMatch(/Internal Server Error$/);
    expect(answer).not.toContain("secret detail");
    expect(loggedText(logged.error)).toContain("secret detail");
  });
});

it("knows a host when it sees one", () => {
  for (const host of ["localhost", "localhost:3000", "127.0.0.1:3100", "[::1]:3000", "freshstartmoney.com"])
    expect(validHost(host), host).toBe(true);
  for (const host of [undefined, "", "a b", "evil.example/x", "user@host", "host?x", "a\\b"])
    expect(validHost(host), String(host)).toBe(false);
});

it("refuses the same requests before anything else answers (the server's static files and page cache come first)", async () => {
  const first = createServer((req, res) => {
    if (refuseMalformed(req, res)) return;
    res.end("answered from memory");
  });
  first.listen(0, "127.0.0.1");
  await new Promise((r) => first.once("listening", r));
  const at = (first.address() as AddressInfo).port;
  try {
    const bad = await raw(at, "GET / HTTP/1.1\r\nHost: a b");
    expect(bad.startsWith("HTTP/1.1 400 ")).toBe(true);
    expect(bad).toMatch(/the Host header is not a host\.$/);
    expect(bad).not.toContain("answered from memory");
    expect((await raw(at, "TRACE / HTTP/1.1\r\nHost: localhost")).startsWith("HTTP/1.1 405 ")).toBe(true);
    expect(await raw(at, "GET / HTTP/1.1\r\nHost: localhost")).toMatch(/^HTTP\/1\.1 200 [\s\S]*answered from memory$/);
  } finally {
    await new Promise<void>((r) => first.close(() => r()));
  }
});
