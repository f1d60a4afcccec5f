import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Stripe's API that the real `stripe` SDK talks to (host/port/protocol,
 * or STRIPE_API_BASE for a server process). It records every request, answers Checkout Session
 * creation with a session JSON carrying a url, serves retrieve and list-by-payment-intent, refunds
 * a payment whole or in part (idempotently, keeping a running total for the charge.refunded event
 * a test then sends), retrieves a refund and lists a payment's refunds, can forget its idempotency
 * keys (as Stripe does after 24 hours), and can be told to fail, to hang, or to do what it was
 * asked and then drop the connection unanswered.
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

export type FakeRefund = {
  id: string;
  object: "refund";
  payment_intent: string;
  amount: number;
  status: "succeeded";
  metadata: Record<string, string>;
};

export type FakeCharge = {
  id: string;
  object: "charge";
  payment_intent: string;
  amount: number;
  amount_refunded: number;
  refunded: boolean;
};

export type FakeStripeMode =
  | { kind: "ok" }
  /** Answer every API call with this status and a Stripe error body. */
  | { kind: "error"; status: number; type?: string; message?: string }
  /** Accept the connection and never answer. */
  | { kind: "hang" }
  /** Do what was asked (make the refund), then drop the connection without answering: the caller never hears. */
  | { kind: "lose-answer" };

export type FakeStripe = {
  url: string;
  host: string;
  port: number;
  requests: RecordedRequest[];
  sessions: Map<string, FakeSession>;
  /** Every refund made, in order (a repeated idempotency key makes none). */
  refunds: FakeRefund[];
  /**
   * The charge of a payment as Stripe's charge.refunded event carries it after the refunds so far:
   * `amount_refunded` the running total, `refunded` true only once all of it is given back.
   */
  charge(paymentIntent: string): FakeCharge;
  /** Forget every session, request and refund (a test's database starts its order ids again, so its idempotency keys do too). */
  reset(): void;
  /** Forget the idempotency keys seen so far, keeping the refunds made: Stripe keeps a key for 24 hours. */
  forgetIdempotencyKeys(): void;
  setMode(mode: FakeStripeMode): void;
  /** Mark a session paid (as Stripe would after the customer pays). */
  pay(sessionId: string, details?: { email?: string; paymentIntent?: string }): FakeSession;
  close(): Promise<void>;
};

function stripeError(res: ServerResponse, status: number, type: string, message: string, code?: string) {
  res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_fake_${Date.now()}` });
  res.end(JSON.stringify({ error: { type, message, ...(code ? { code } : {}) } }));
}

export async function startFakeStripe(): Promise<FakeStripe> {
  let mode: FakeStripeMode = { kind: "ok" };
  const json = (res: ServerResponse, body: unknown) => {
    if (mode.kind === "lose-answer") return void res.socket?.destroy();
    res.writeHead(200, { "Content-Type": "application/json", "Request-Id": `req_fake_${Date.now()}` });
    res.end(JSON.stringify(body));
  };
  let counter = 0;
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const hanging = new Set<ServerResponse>();
  const refunds: FakeRefund[] = [];
  const refundsByKey = new Map<string, FakeRefund>();
  const refundedTotals = new Map<string, number>();

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
        // A refund of the session paid with this payment intent: `amount` for part of it (one product),
        // else what is left. A repeated idempotency key answers the first refund again, as Stripe does.
        const key = String(req.headers["idempotency-key"] ?? "");
        const again = key ? refundsByKey.get(key) : undefined;
        if (again) return json(res, again);
        const form = new URLSearchParams(body);
        const pi = form.get("payment_intent");
        const session = [...sessions.values()].find((s) => pi && s.payment_intent === pi);
        if (!session) return stripeError(res, 404, "invalid_request_error", `No such payment_intent: '${pi}'`, "resource_missing");
        const left = session.amount_total - (refundedTotals.get(pi!) ?? 0);
        const amount = form.has("amount") ? Number(form.get("amount")) : left;
        if (!(amount > 0 && amount <= left)) {
          return stripeError(
            res,
            400,
            "invalid_request_error",
            `Refund amount (${amount}) is greater than unrefunded amount`,
            "amount_too_large",
          );
        }
        refundedTotals.set(pi!, (refundedTotals.get(pi!) ?? 0) + amount);
        const metadata: Record<string, string> = {};
        for (const [k, value] of form) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m) metadata[m[1]!] = value;
        }
        const refund: FakeRefund = {
          id: `re_fake${++counter}`,
          object: "refund",
          payment_intent: pi!,
          amount,
          status: "succeeded",
          metadata,
        };
        refunds.push(refund);
        if (key) refundsByKey.set(key, refund);
        return json(res, refund);
      }
      if (req.method === "GET" && url.pathname === "/v1/refunds") {
        // A payment's refunds, newest first, as Stripe lists them (one page: has_more false).
        const pi = url.searchParams.get("payment_intent");
        const data = refunds.filter((r) => !pi || r.payment_intent === pi).reverse();
        return json(res, { object: "list", url: "/v1/refunds", has_more: false, data });
      }
      const refundId = /^\/v1\/refunds\/([^/]+)$/.exec(url.pathname);
      if (req.method === "GET" && refundId) {
        const refund = refunds.find((r) => r.id === decodeURIComponent(refundId[1]!));
        if (!refund) return stripeError(res, 404, "invalid_request_error", `No such refund: '${refundId[1]}'`, "resource_missing");
        return json(res, refund);
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
    refunds,
    charge(paymentIntent) {
      const session = [...sessions.values()].find((s) => s.payment_intent === paymentIntent);
      if (!session) throw new Error(`fake Stripe has no payment ${paymentIntent}`);
      const refunded = refundedTotals.get(paymentIntent) ?? 0;
      return {
        id: `ch_${paymentIntent}`,
        object: "charge",
        payment_intent: paymentIntent,
        amount: session.amount_total,
        amount_refunded: refunded,
        refunded: refunded >= session.amount_total,
      };
    },
    reset() {
      requests.length = 0;
      sessions.clear();
      refunds.length = 0;
      refundsByKey.clear();
      refundedTotals.clear();
      mode = { kind: "ok" };
    },
    forgetIdempotencyKeys() {
      refundsByKey.clear();
    },
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
