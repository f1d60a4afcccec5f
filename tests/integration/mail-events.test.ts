/**
 * SendGrid's Event Webhook: the signature scheme checked against the official library's own test
 * vector, and SendGrid's documented sample bounce, blocked and spam report events, signed here with
 * a key of this test's own (SendGrid's private key is SendGrid's), suppressing the right addresses.
 * A bad signature, or a good one whose timestamp is more than five minutes from now, answers 400
 * and changes nothing; a replayed request changes nothing twice, even without SendGrid's event ids.
 */
import { generateKeyPairSync, sign } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contacts, processedEvents } from "../../db/schema";
import { action as webhookAction } from "~/routes/api/webhooks.sendgrid";
import { handleSendgridEvents, parseSendgridPublicKey, verifySendgridSignature } from "~/server/audience/mail-events.server";
import { findContact, ownerClearSuppression } from "~/server/audience/contacts.server";
import { db } from "~/server/db.server";
import { appConfigFromEnv } from "~/server/config.server";
import { parseEnv } from "~/server/env.server";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

// From sendgrid/sendgrid-nodejs, packages/eventwebhook/src/eventwebhook.spec.js.
const LIBRARY_KEY =
  "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEEDr2LjtURuePQzplybdC+u4CwrqDqBaWjcMMsTbhdbcwHBcepxo7yAQGhHPTnlvFYPAZFceEu/1FwCM/QmGUhA==";
const LIBRARY_SIGNATURE = "MEUCIQCtIHJeH93Y+qpYeWrySphQgpNGNr/U+UyUlBkU6n7RAwIgJTz2C+8a8xonZGi6BpSzoQsbVRamr2nlxFDWYNH2j/0=";
const LIBRARY_TIMESTAMP = "1588788367";
const LIBRARY_PAYLOAD = JSON.stringify({ category: "example_payload", event: "test_event", message_id: "message_id" });

// SendGrid's documented sample events (Event Webhook reference: bounce, blocked, spamreport, delivered).
const SAMPLE_EVENTS = [
  {
    email: "bounced@example.com",
    timestamp: 1513299569,
    "smtp-id": "<14c5d75ce93.dfd.64b469@ismtpd-555>",
    event: "bounce",
    category: "cat facts",
    sg_event_id: "6g4ZI7SA-xmRDv57GoPIPw==",
    sg_message_id: "14c5d75ce93.dfd.64b469.filter0001.16648.5515E0B88.0",
    reason: "500 unknown recipient",
    status: "5.0.0",
    type: "bounce",
  },
  {
    email: "blocked@example.com",
    timestamp: 1513299569,
    "smtp-id": "<14c5d75ce93.dfd.64b469@ismtpd-555>",
    event: "bounce",
    category: "cat facts",
    sg_event_id: "6g4ZI7SA-xmRDv57GoPIPx==",
    sg_message_id: "14c5d75ce93.dfd.64b469.filter0001.16648.5515E0B88.0",
    reason: "550 temporarily blocked",
    status: "4.0.0",
    type: "blocked",
  },
  {
    email: "complainer@example.com",
    timestamp: 1513299569,
    "smtp-id": "<14c5d75ce93.dfd.64b469@ismtpd-555>",
    event: "spamreport",
    category: "cat facts",
    sg_event_id: "37nvH5QBz858KGVYCM4uOA==",
    sg_message_id: "14c5d75ce93.dfd.64b469.filter0001.16648.5515E0B88.0",
  },
  {
    email: "fine@example.com",
    timestamp: 1513299569,
    "smtp-id": "<14c5d75ce93.dfd.64b469@ismtpd-555>",
    event: "delivered",
    category: "cat facts",
    sg_event_id: "rWVYmVk90MjZJ9iohOBa3w==",
    sg_message_id: "14c5d75ce93.dfd.64b469.filter0001.16648.5515E0B88.0",
    response: "250 OK",
  },
];

const pair = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
const PUBLIC_KEY = pair.publicKey.export({ format: "der", type: "spki" }).toString("base64");
const signed = (payload: string, timestamp: string) => sign("sha256", Buffer.from(timestamp + payload), pair.privateKey).toString("base64");
/** A signature timestamp `offsetSeconds` from now, as SendGrid sends it (unix seconds). */
const secondsFromNow = (offsetSeconds = 0) => String(Math.floor(Date.now() / 1000) + offsetSeconds);
const sendgridHeaders = (payload: string, timestamp: string) => ({
  "X-Twilio-Email-Event-Webhook-Signature": signed(payload, timestamp),
  "X-Twilio-Email-Event-Webhook-Timestamp": timestamp,
});

function request(payload: string, headers: Record<string, string>) {
  return new Request("https://shop.example/api/webhooks/sendgrid", {
    method: "POST",
    body: payload,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

/** The route, with the configuration a server built from SENDGRID_WEBHOOK_PUBLIC_KEY (or none). */
async function post(payload: string, headers: Record<string, string>, configuredKey?: string) {
  const config = appConfigFromEnv(parseEnv(configuredKey ? { SENDGRID_WEBHOOK_PUBLIC_KEY: configuredKey } : {}));
  const result = (await webhookAction({ request: request(payload, headers), params: {}, context: { config } } as never)) as unknown as {
    data: unknown;
    init: { status: number };
  };
  return { status: result.init.status, body: result.data };
}

describe("SendGrid's signature scheme", () => {
  it("accepts the official library's test vector and refuses it altered", () => {
    const key = parseSendgridPublicKey(LIBRARY_KEY)!;
    expect(verifySendgridSignature(key, LIBRARY_PAYLOAD, LIBRARY_SIGNATURE, LIBRARY_TIMESTAMP)).toBe(true);
    expect(verifySendgridSignature(key, "payload", LIBRARY_SIGNATURE, LIBRARY_TIMESTAMP)).toBe(false);
    expect(verifySendgridSignature(key, LIBRARY_PAYLOAD, LIBRARY_SIGNATURE, "1588788368")).toBe(false);
    expect(verifySendgridSignature(key, LIBRARY_PAYLOAD, LIBRARY_SIGNATURE.replace("H2j", "H3j"), LIBRARY_TIMESTAMP)).toBe(false);
    expect(parseSendgridPublicKey("not a key")).toBeUndefined();
  });
});

describe("POST /api/webhooks/sendgrid", () => {
  it("suppresses the documented bounce and spam report at once, not the blocked or delivered ones; a repeat changes nothing", async () => {
    const key = parseSendgridPublicKey(PUBLIC_KEY);
    const payload = `${JSON.stringify(SAMPLE_EVENTS)}\r\n`;
    const timestamp = secondsFromNow();
    const first = await handleSendgridEvents(key, payload, signed(payload, timestamp), timestamp);
    expect(first).toEqual({ status: 200, body: { received: 4, applied: 2 } });
    expect((await findContact("bounced@example.com"))?.suppression).toBe("hard_bounce");
    expect((await findContact("complainer@example.com"))?.suppression).toBe("complaint");
    expect(await findContact("blocked@example.com")).toBeUndefined();
    expect(await findContact("fine@example.com")).toBeUndefined();
    const again = await handleSendgridEvents(key, payload, signed(payload, timestamp), timestamp);
    expect(again).toEqual({ status: 200, body: { received: 4, applied: 0 } });
    expect(await db().select().from(processedEvents)).toHaveLength(2);
  });

  it("answers 400 and changes nothing for a bad, missing or other key's signature, and for a body changed after signing", async () => {
    const payload = JSON.stringify(SAMPLE_EVENTS);
    const timestamp = secondsFromNow();
    const key = parseSendgridPublicKey(PUBLIC_KEY);
    const other = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
    const otherSignature = sign("sha256", Buffer.from(timestamp + payload), other.privateKey).toString("base64");
    const tampered = payload.replace("complainer@", "someone@");
    for (const [body, signature, ts] of [
      [payload, "", timestamp],
      [payload, otherSignature, timestamp],
      [tampered, signed(payload, timestamp), timestamp],
      [payload, signed(payload, timestamp), String(Number(timestamp) + 1)],
      [payload, "not base64 at all", timestamp],
    ] as const) {
      expect(await handleSendgridEvents(key, body, signature || null, ts)).toEqual({ status: 400, body: { error: "Bad signature" } });
    }
    expect(await db().select().from(contacts)).toEqual([]);
    expect(await db().select().from(processedEvents)).toEqual([]);
  });

  it("through the route: 404 without a configured key, 400 for a bad signature, 200 with SendGrid's headers", async () => {
    const payload = JSON.stringify(SAMPLE_EVENTS.slice(2, 3));
    const timestamp = secondsFromNow();
    const headers = {
      "X-Twilio-Email-Event-Webhook-Signature": signed(payload, timestamp),
      "X-Twilio-Email-Event-Webhook-Timestamp": timestamp,
    };
    expect((await post(payload, headers)).status).toBe(404);
    expect((await post(payload, { ...headers, "X-Twilio-Email-Event-Webhook-Timestamp": "1" }, PUBLIC_KEY)).status).toBe(400);
    expect(await db().select().from(contacts)).toEqual([]);
    expect(await post(payload, headers, PUBLIC_KEY)).toEqual({ status: 200, body: { received: 1, applied: 1 } });
    expect((await findContact("complainer@example.com"))?.suppression).toBe("complaint");
    expect(() => parseEnv({ SENDGRID_WEBHOOK_PUBLIC_KEY: "bm90IGEga2V5" })).toThrow(/SENDGRID_WEBHOOK_PUBLIC_KEY/);
  });

  it("refuses a well-signed request stamped 6 minutes ago or 6 minutes ahead, suppressing nothing; a fresh one works", async () => {
    const payload = JSON.stringify(SAMPLE_EVENTS.slice(0, 1));
    for (const timestamp of [secondsFromNow(-6 * 60), secondsFromNow(6 * 60)]) {
      expect(await post(payload, sendgridHeaders(payload, timestamp), PUBLIC_KEY)).toEqual({
        status: 400,
        body: { error: "Bad signature: its timestamp is more than 5 minutes from the server's clock" },
      });
    }
    expect(await db().select().from(contacts)).toEqual([]);
    expect(await db().select().from(processedEvents)).toEqual([]);
    expect(await post(payload, sendgridHeaders(payload, secondsFromNow()), PUBLIC_KEY)).toEqual({
      status: 200,
      body: { received: 1, applied: 1 },
    });
    expect((await findContact("bounced@example.com"))?.suppression).toBe("hard_bounce");
  });

  it("takes a timestamp exactly 5 minutes from the server's clock either way, and not a second more", async () => {
    const key = parseSendgridPublicKey(PUBLIC_KEY);
    const now = new Date("2026-03-01T12:00:00Z");
    const at = (offsetSeconds: number) => String(now.getTime() / 1000 + offsetSeconds);
    const payload = JSON.stringify([{ email: "edge@example.com", event: "delivered" }]);
    for (const offset of [-300, 300]) {
      expect((await handleSendgridEvents(key, payload, signed(payload, at(offset)), at(offset), now)).status).toBe(200);
    }
    for (const offset of [-301, 301]) {
      expect((await handleSendgridEvents(key, payload, signed(payload, at(offset)), at(offset), now)).status).toBe(400);
    }
  });

  it("a replayed request whose events have no sg_event_id does not re-suppress what the owner lifted; new deliveries still count", async () => {
    const withoutIds = SAMPLE_EVENTS.map(({ sg_event_id: _id, ...event }) => event);
    // Two bounces in one batch, alike but for the address: each counts once.
    const batch = [withoutIds[0]!, { ...withoutIds[0]!, email: "also-bounced@example.com" }];
    const payload = JSON.stringify(batch);
    const headers = sendgridHeaders(payload, secondsFromNow());
    expect(await post(payload, headers, PUBLIC_KEY)).toEqual({ status: 200, body: { received: 2, applied: 2 } });
    expect((await findContact("bounced@example.com"))?.suppression).toBe("hard_bounce");
    expect((await findContact("also-bounced@example.com"))?.suppression).toBe("hard_bounce");

    expect(await ownerClearSuppression("bounced@example.com")).toBe("cleared");
    expect(await post(payload, headers, PUBLIC_KEY)).toEqual({ status: 200, body: { received: 2, applied: 0 } });
    expect((await findContact("bounced@example.com"))?.suppression).toBeNull();
    expect(await db().select().from(processedEvents)).toHaveLength(2);

    // The same event JSON in a later delivery SendGrid signed anew is a new bounce, and counts.
    expect(await post(payload, sendgridHeaders(payload, secondsFromNow(1)), PUBLIC_KEY)).toEqual({
      status: 200,
      body: { received: 2, applied: 2 },
    });
    expect((await findContact("bounced@example.com"))?.suppression).toBe("hard_bounce");
    expect(await db().select().from(processedEvents)).toHaveLength(4);
  });
});
