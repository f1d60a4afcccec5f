import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Stripe's API that the real `stripe` SDK talks to (host/port/protocol,
 * or STRIPE_API_BASE for a server process). It records every request, answers Checkout Session
 * creation with a session JSON carrying a url, serves retrieve and list-by-payment-intent, and
 * can be told to fail or to hang.
 */
export type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: string;
  /** The form-encoded body as ordered [key, value] pairs (Stripe's bracket keys kept as is). */
  form: [string, string][];
};

export type FakeSession = {
  id: string;
  object: "checkout.session";
  url: string;
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid" | "no_payment_required";
  amount_total: number;
  currency: string;
  customer_email: string | null;
  customer_details: { email: string | null } | null;
  payment_intent: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
};

export type FakeStripeMode =
  | { kind: "ok" }
  /** Answer every API call with this status and a Stripe error body. */
  | { kind: "error"; status: number; type?: string; message?: string }
  /** Accept the connection and never answer. */
  | { kind: "hang" };

export type FakeStripe = {
  url: string;
  host: string;
  port: number;
  requests: RecordedRequest[];
  sessions: Map<string, FakeSession>;
  setMode(mode: FakeStripeMode): void;
  /** Mark a session paid (as Stripe would after the customer pays). */
  pay(sessionId: string, details?: { email?: string; paymentIntent?: string }): FakeSession;
  close(): Promise<void>;
};

function stripeError(res: ServerResponse, status: number, type: string, message: string, code?: string) {
  res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_fake_${Date.now()}` });
  res.end(JSON.stringify({ error: { type, message, ...(code ? { code } : {}) } }));
}

function json(res: ServerResponse, body: unknown) {
  res.writeHead(200, { "Content-Type": "application/json", "Request-Id": `req_fake_${Date.now()}` });
  res.end(JSON.stringify(body));
}

export async function startFakeStripe(): Promise<FakeStripe> {
  let mode: FakeStripeMode = { kind: "ok" };
  let counter = 0;
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const hanging = new Set<ServerResponse>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://fake-stripe");
      requests.push({
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        form: [...new URLSearchParams(body).entries()],
      });
      if (mode.kind === "hang") {
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      }
      if (mode.kind === "error") {
        return stripeError(res, mode.status, mode.type ?? "api_error", mode.message ?? "Fake Stripe was told to fail");
      }
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const form = new URLSearchParams(body);
        let total = 0;
        for (let i = 0; form.has(`line_items[${i}][price_data][unit_amount]`); i++) {
          total += Number(form.get(`line_items[${i}][price_data][unit_amount]`)) * Number(form.get(`line_items[${i}][quantity]`) ?? 1);
        }
        const metadata: Record<string, string> = {};
        for (const [key, value] of form) {
          const m = /^metadata\[(.+)\]$/.exec(key);
          if (m) metadata[m[1]!] = value;
        }
        const id = `cs_test_fake${String(++counter).padStart(4, "0")}${Math.random().toString(36).slice(2, 10)}`;
        const session: FakeSession = {
          id,
          object: "checkout.session",
          url: `https://checkout.stripe.com/c/pay/${id}`,
          mode: form.get("mode") ?? "",
          status: "open",
          payment_status: "unpaid",
          amount_total: total,
          currency: form.get("line_items[0][price_data][currency]") ?? "usd",
          customer_email: null,
          customer_details: null,
          payment_intent: null,
          metadata,
          success_url: form.get("success_url") ?? "",
          cancel_url: form.get("cancel_url") ?? "",
        };
        sessions.set(id, session);
        return json(res, session);
      }
      if (req.method === "GET" && url.pathname === "/v1/checkout/sessions") {
        const pi = url.searchParams.get("payment_intent");
        const data = [...sessions.values()].filter((s) => !pi || s.payment_intent === pi);
        return json(res, { object: "list", url: "/v1/checkout/sessions", has_more: false, data });
      }
      if (req.method === "POST" && url.pathname === "/v1/refunds") {
        // A full refund of the session paid with this payment intent (the dashboard's Refund).
        const form = new URLSearchParams(body);
        const pi = form.get("payment_intent");
        const session = [...sessions.values()].find((s) => pi && s.payment_intent === pi);
        if (!session) return stripeError(res, 404, "invalid_request_error", `No such payment_intent: '${pi}'`, "resource_missing");
        return json(res, {
          id: `re_fake${++counter}`,
          object: "refund",
          payment_intent: pi,
          amount: session.amount_total,
          status: "succeeded",
        });
      }
      const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === "GET" && retrieve) {
        const session = sessions.get(decodeURIComponent(retrieve[1]!));
        if (!session) {
          return stripeError(res, 404, "invalid_request_error", `No such checkout.session: '${retrieve[1]}'`, "resource_missing");
        }
        return json(res, session);
      }
      return stripeError(res, 404, "invalid_request_error", `Unrecognized request URL (${req.method}: ${url.pathname})`);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: "127.0.0.1",
    port,
    requests,
    sessions,
    setMode(next) {
      mode = next;
    },
    pay(sessionId, details = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`fake Stripe has no session ${sessionId}`);
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent = details.paymentIntent ?? `pi_fake_${sessionId.slice(-8)}`;
      const email = details.email ?? "buyer@example.com";
      session.customer_email = email;
      session.customer_details = { email };
      return session;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
