/**
 * The protections' body limit, seen from a client: a server with the real protections and route
 * table in front of a stand-in for the route (204), and posts that declare a length and send their
 * bytes in chunks until the server answers (a refusal comes before the body is read).
 */
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { rateLimitStore } from "~/server/rate-limit-store.server";
import { protections } from "../../server/protections";
import { realRouteMatcher } from "./route-table";

export async function withProtectedRoute(
  origin: string,
  path: string,
  run: (send: (bytes: number, contentType: string) => Promise<{ status: number; body: string }>) => Promise<void>,
): Promise<void> {
  const app = express();
  app.use(protections({ publicOrigin: origin, trustProxy: false, perMinute: 100, store: rateLimitStore, route: await realRouteMatcher() }));
  app.post(path, (_req, res) => void res.status(204).end());
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  const send = (bytes: number, contentType: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      let answered = false;
      const req = httpRequest(url, {
        method: "POST",
        headers: { "Content-Type": contentType, Accept: "application/json", "Content-Length": String(bytes) },
      });
      req.on("response", (res) => {
        answered = true;
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, body });
          req.destroy();
        });
      });
      req.on("error", reject);
      const chunk = Buffer.alloc(1024 * 1024, "x");
      let left = bytes;
      const write = () => {
        while (left > 0 && !answered) {
          const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
          left -= piece.length;
          if (!req.write(piece)) return void req.once("drain", write);
        }
        if (!answered) req.end();
      };
      write();
    });
  try {
    await run(send);
  } finally {
    server.close();
  }
}
