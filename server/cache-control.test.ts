import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAL_CACHE_CONTROL, privateByDefault } from "./cache-control.ts";

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    privateByDefault(res);
    const chosen = new URL(req.url ?? "/", "http://x").searchParams.get("cc");
    if (chosen) res.setHeader("Cache-Control", chosen);
    // writeHead with headers of its own, as React Router's adapter does.
    res.writeHead(200, { "Content-Type": "text/plain" });
    res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const cacheControlOf = async (query = "") => (await fetch(`${base}/${query}`)).headers.get("cache-control");

describe("privateByDefault", () => {
  it("makes an answer with no Cache-Control private and unstored", async () => {
    expect(await cacheControlOf()).toBe(PERSONAL_CACHE_CONTROL);
  });
  it("turns a bare no-store into private, no-store", async () => {
    expect(await cacheControlOf("?cc=no-store")).toBe(PERSONAL_CACHE_CONTROL);
  });
  it("keeps a route's own choice", async () => {
    expect(await cacheControlOf("?cc=public,%20max-age=60")).toBe("public, max-age=60");
  });
});
