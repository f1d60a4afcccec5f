import { get, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { createGunzip } from "node:zlib";
import { writeReadableStreamToWritable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressRendered, preferredEncoding } from "./compression";

describe("preferredEncoding", () => {
  const both = { br: Buffer.from("b"), gzip: Buffer.from("g") };
  it("prefers brotli, honours q=0 and falls back to identity", () => {
    expect(preferredEncoding("gzip, deflate, br", both)).toBe("br");
    expect(preferredEncoding("br;q=0, gzip", both)).toBe("gzip");
    expect(preferredEncoding("br;q=0.0, gzip;q=0", both)).toBe("identity");
    expect(preferredEncoding(undefined, both)).toBe("identity");
    expect(preferredEncoding("br", {})).toBe("identity");
  });
});

const SHELL = `<!DOCTYPE html><html><body><main>${"<p>The page's shell.</p>".repeat(200)}</main>`;
const REST = `<div>The deferred part.</div></body></html>`;

describe("compressRendered", () => {
  let base: string;
  let close: () => void;
  /** Lets the page's deferred part go; the page also sends it by itself after 3 s. */
  let release = () => {};
  let released = false;

  beforeAll(async () => {
    const app = express();
    app.use(compressRendered());
    // A page as React Router sends one: its shell, then the rest when it is ready, by React Router's own writer.
    app.get("/page", (_req, res) => {
      released = false;
      const rest = new Promise<void>((resolve) => {
        release = resolve;
        setTimeout(resolve, 3000);
      }).then(() => (released = true));
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode(SHELL));
          await rest;
          controller.enqueue(new TextEncoder().encode(REST));
          controller.close();
        },
      });
      res.status(200).type("html");
      void writeReadableStreamToWritable(body, res);
    });
    // A form's answer as React Router sends one: a short JSON body, streamed without a length.
    app.post("/api/forms/lead/:slug", (_req, res) => {
      res.status(200).type("json");
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(JSON.stringify({ ok: true, message: "Check your inbox." })));
          controller.close();
        },
      });
      void writeReadableStreamToWritable(body, res);
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const ask = (acceptEncoding?: string) =>
    new Promise<IncomingMessage>((resolve, reject) => {
      get(`${base}/page`, { headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } }, resolve).on(
        "error",
        reject,
      );
    });

  /** The decoded text as it arrives: what had arrived before the deferred part was let go, and all of it. */
  async function read(res: IncomingMessage) {
    const decoded = res.headers["content-encoding"] === "gzip" ? res.pipe(createGunzip()) : res;
    let text = "";
    let beforeRest = "";
    for await (const chunk of decoded) {
      text += String(chunk);
      if (!released) beforeRest = text;
      if (text.length >= SHELL.length) release();
    }
    return { text, beforeRest };
  }

  it("gzips a page even when the client prefers brotli, and sends its shell before its deferred part", async () => {
    const res = await ask("br, gzip");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers.vary).toBe("Accept-Encoding");
    const { text, beforeRest } = await read(res);
    expect(text).toBe(SHELL + REST);
    expect(beforeRest).toBe(SHELL);
  });

  it("honours q-values: identity when gzip is refused or ranked lower, or nothing is asked", async () => {
    for (const accept of ["gzip;q=0", "gzip;q=0.2, identity", "identity", undefined]) {
      const res = await ask(accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers["content-encoding"], accept).toBeUndefined();
      expect((await read(res)).text, accept).toBe(SHELL + REST);
    }
    const gzip = await ask("identity;q=0, gzip;q=0.5");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect((await read(gzip)).text).toBe(SHELL + REST);
  });

  it("sends a form's short JSON answer uncompressed, though the client takes gzip", async () => {
    const res = await fetch(`${base}/api/forms/lead/budgeting-tips-that-work`, { method: "POST", headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await res.json()).toEqual({ ok: true, message: "Check your inbox." });
  });

  it("answers 406 when the client takes neither gzip nor identity", async () => {
    for (const accept of ["br, identity;q=0", "gzip;q=0, identity;q=0", "*;q=0"]) {
      const res = await ask(accept);
      expect(res.statusCode, accept).toBe(406);
      expect(res.headers.vary, accept).toBe("Accept-Encoding");
      expect((await read(res)).text).toBe("Not Acceptable: this page is available gzip-compressed or uncompressed.");
    }
  });
});
