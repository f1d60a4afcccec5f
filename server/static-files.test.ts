import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, get, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync, constants as zlib } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaticResponder, loadStaticFiles, writePrecompressed } from "./static-files";
import { staticScriptHashes } from "../scripts/build/static-script-hashes";

const PAGE = `<!DOCTYPE html><html><head><script>window.a=1</script></head><body>${"<p>About us</p>".repeat(100)}<script type="application/ld+json">{"x":1}</script></body></html>`;
let root: string;
let server: Server;
/** Whether the prerendered /about is out of date (the business's details changed since the build, decision 069). */
let aboutOutOfDate = false;
let base: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "static-files-"));
  mkdirSync(join(root, "about"), { recursive: true });
  mkdirSync(join(root, "assets"), { recursive: true });
  writeFileSync(join(root, "about/index.html"), PAGE);
  writeFileSync(join(root, "assets/app-1.js"), `console.log(${JSON.stringify("x".repeat(2000))})`);
  const respond = createStaticResponder(await loadStaticFiles(root, staticScriptHashes(root)), {
    root,
    baseHeaders: { "X-Content-Type-Options": "nosniff" },
    htmlPolicy: (hashes) => `script-src 'self' ${hashes.join(" ")}`,
    queryRendered: { "/about": ["q", "page"] },
    stepsAside: (path) => aboutOutOfDate && (path === "/about" || path === "/about.data"),
  });
  server = createServer((req, res) => {
    if (!respond(req, res)) res.writeHead(418).end("not static");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(root, { recursive: true, force: true });
});

describe("createStaticResponder", () => {
  it("leaves a page asked with a query parameter it reads to the server; other queries get the file", async () => {
    for (const path of ["/about?q=credit", "/about?utm_source=x&page=2", "/about?page="]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(418);
    }
    for (const path of ["/about", "/about?", "/about?utm_source=news", "/about?query=q"]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toBe(PAGE);
    }
  });

  it("serves a prerendered page at its clean URL, brotli first, with its policy and the base headers", async () => {
    const res = await fetch(`${base}/about`, { headers: { "accept-encoding": "br, gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    // The one executable inline script's hash, worked out here (the JSON-LD block is data, not allowed).
    const hash = createHash("sha256").update("window.a=1").digest("base64");
    expect(res.headers.get("content-security-policy")).toBe(`script-src 'self' 'sha256-${hash}'`);
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(await res.text()).toBe(PAGE); // fetch decodes the brotli body
  });

  it("sends the stored encodings byte for byte, and identity when asked", async () => {
    const raw = (encoding: string) => rawGet(`${base}/about`, encoding);
    const br = await raw("br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body).toString()).toBe(PAGE);
    const gz = await raw("gzip, br;q=0");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(PAGE);
    const plain = await raw("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(PAGE);
  });

  it("answers 304 to a matching ETag, and HEAD without a body", async () => {
    const first = await fetch(`${base}/assets/app-1.js`);
    const etag = first.headers.get("etag")!;
    expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(first.headers.get("content-security-policy")).toBeNull(); // only HTML carries a policy
    const again = await fetch(`${base}/assets/app-1.js`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    const head = await fetch(`${base}/about`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("redirects a trailing slash to the one URL of the page, keeping the query", async () => {
    const res = await fetch(`${base}/about/?ref=x`, { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/about?ref=x");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("steps aside for a prerendered page while it is out of date, and answers it again after; other files meanwhile", async () => {
    aboutOutOfDate = true;
    try {
      expect((await fetch(`${base}/about`)).status).toBe(418);
      expect((await fetch(`${base}/assets/app-1.js`)).status).toBe(200);
    } finally {
      aboutOutOfDate = false;
    }
    const page = await fetch(`${base}/about`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(PAGE);
  });

  it("leaves other methods and unknown paths to the application", async () => {
    expect((await fetch(`${base}/about`, { method: "POST", body: "x" })).status).toBe(418);
    expect((await fetch(`${base}/nope`)).status).toBe(418);
    expect((await fetch(`${base}/about/index.html`)).status).toBe(418);
  });
});

/** One raw answer (headers, undecoded body) of a responder over `dir`, asked with this Accept-Encoding. */
async function fetchFrom(dir: string, path: string, encoding: string) {
  const respond = createStaticResponder(await loadStaticFiles(dir), { root: dir, baseHeaders: {}, htmlPolicy: () => "" });
  const server = createServer((req, res) => {
    if (!respond(req, res)) res.writeHead(418).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  try {
    return await rawGet(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, encoding);
  } finally {
    server.close();
  }
}

function rawGet(url: string, encoding: string) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    get(url, { headers: { "accept-encoding": encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}

describe("the build's compressed copies", () => {
  it("are written beside each compressible file, read at start instead of compressing, and never served as files", async () => {
    const dir = mkdtempSync(join(tmpdir(), "precompressed-"));
    try {
      const script = `console.log(${JSON.stringify("y".repeat(3000))})`;
      writeFileSync(join(dir, "app.js"), script);
      writeFileSync(join(dir, "tiny.css"), "a{}"); // too small to be worth it
      writeFileSync(join(dir, "logo.png"), Buffer.alloc(4000)); // already compressed as a format
      expect(await writePrecompressed(dir)).toBe(1);
      expect(brotliDecompressSync(readFileSync(join(dir, "app.js.br"))).toString()).toBe(script);
      expect(gunzipSync(readFileSync(join(dir, "app.js.gz"))).toString()).toBe(script);
      expect(existsSync(join(dir, "tiny.css.br"))).toBe(false);
      expect(existsSync(join(dir, "logo.png.gz"))).toBe(false);

      // What the server sends is the build's bytes: replace them with other valid ones and see them sent.
      const otherBr = brotliCompressSync(Buffer.from(script), { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } });
      expect(otherBr.equals(readFileSync(join(dir, "app.js.br")))).toBe(false);
      writeFileSync(join(dir, "app.js.br"), otherBr);
      const files = await loadStaticFiles(dir);
      expect(readFileSync(join(dir, "app.js.br")).equals(otherBr)).toBe(true); // kept: it unpacks to the file
      expect(files.get("/app.js")).toMatchObject({ br: true, gzip: true });
      expect([...files.keys()].sort()).toEqual(["/app.js", "/logo.png", "/tiny.css"]);
      const sent = await fetchFrom(dir, "/app.js", "br");
      expect(sent.headers["content-encoding"]).toBe("br");
      expect(sent.body.equals(otherBr)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("that no longer match their file (it changed after the build) are set aside and the file compressed anew", async () => {
    const dir = mkdtempSync(join(tmpdir(), "precompressed-"));
    try {
      writeFileSync(join(dir, "app.js"), `console.log(${JSON.stringify("old".repeat(1000))})`);
      await writePrecompressed(dir);
      const now = `console.log(${JSON.stringify("new".repeat(1000))})`;
      writeFileSync(join(dir, "app.js"), now);
      writeFileSync(join(dir, "app.js.gz"), "not gzip at all");
      await loadStaticFiles(dir);
      const br = await fetchFrom(dir, "/app.js", "br");
      const gz = await fetchFrom(dir, "/app.js", "gzip");
      expect(brotliDecompressSync(br.body).toString()).toBe(now);
      expect(gunzipSync(gz.body).toString()).toBe(now);
      expect(gzipSync(Buffer.from(now), { level: 9 }).equals(gz.body)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
