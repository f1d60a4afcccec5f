/**
 * Bounces and complaints reported later by the sending service, through SendGrid's Event Webhook
 * (https://www.twilio.com/docs/sendgrid/for-developers/tracking-events/event). Each request is
 * signed (the Signed Event Webhook): ECDSA P-256 with SHA-256 over the timestamp header followed
 * by the raw body, checked against the public key SendGrid shows (base64 DER, SENDGRID_WEBHOOK_PUBLIC_KEY).
 * A hard bounce or a spam report suppresses the address at once; a repeated event changes nothing twice.
 * A request whose signature timestamp is more than five minutes from the server's clock is refused,
 * so a captured request cannot be replayed later.
 */
import { createHash, verify, type KeyObject } from "node:crypto";
import { z } from "zod";
import { processedEvents } from "../../../db/schema";
import { suppress } from "~/server/audience/contacts.server";
import { db } from "~/server/db.server";
export { parseSendgridPublicKey } from "~/server/audience/sendgrid-key.server";

export const SIGNATURE_HEADER = "X-Twilio-Email-Event-Webhook-Signature";
export const TIMESTAMP_HEADER = "X-Twilio-Email-Event-Webhook-Timestamp";
/** How far the signed timestamp (unix seconds) may be from the server's clock, either way. */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

/** SendGrid's scheme: the signature (base64 DER ECDSA) of timestamp + payload, exactly as received. */
export function verifySendgridSignature(key: KeyObject, payload: string, signature: string, timestamp: string): boolean {
  if (!/^\d+$/.test(timestamp) || !signature) return false;
  try {
    return verify("sha256", Buffer.from(timestamp + payload, "utf8"), { key, dsaEncoding: "der" }, Buffer.from(signature, "base64"));
  } catch {
    return false;
  }
}

const EventSchema = z.looseObject({
  email: z.string().min(3).max(320),
  event: z.string(),
  sg_event_id: z.string().min(1).max(200).optional(),
  type: z.string().optional(),
  reason: z.string().optional(),
  status: z.string().optional(),
});
const EventsSchema = z.array(z.unknown()).max(10_000);

/** What one event means for the audience, or undefined for events this site does not act on. */
function outcomeOf(event: z.infer<typeof EventSchema>): { reason: "hard_bounce" | "complaint"; detail: string } | undefined {
  const detail = [event.status, event.reason].filter(Boolean).join(" ").slice(0, 300);
  // type "blocked" is a temporary refusal (SendGrid retries it); only type "bounce" is permanent.
  if (event.event === "bounce" && (event.type ?? "bounce") === "bounce")
    return { reason: "hard_bounce", detail: `sendgrid bounce ${detail}` };
  if (event.event === "spamreport") return { reason: "complaint", detail: "sendgrid spamreport" };
  if (event.event === "dropped" && /bounced address/i.test(event.reason ?? ""))
    return { reason: "hard_bounce", detail: `sendgrid dropped: ${detail}` };
  if (event.event === "dropped" && /spam report/i.test(event.reason ?? ""))
    return { reason: "complaint", detail: `sendgrid dropped: ${detail}` };
  return undefined;
}

export type MailEventsResult = { status: 200 | 400 | 404; body: { received?: number; applied?: number; error?: string } };

/**
 * POST /api/webhooks/sendgrid. 404 while no key is configured; 400, changing nothing, for a
 * missing or bad signature, a signature timestamp more than five minutes from `now`, or a body
 * that is not SendGrid's array of events.
 */
export async function handleSendgridEvents(
  publicKey: KeyObject | undefined,
  payload: string,
  signature: string | null,
  timestamp: string | null,
  now: Date = new Date(),
): Promise<MailEventsResult> {
  if (!publicKey) return { status: 404, body: { error: "The e-mail event webhook is not configured" } };
  if (!signature || !timestamp || !verifySendgridSignature(publicKey, payload, signature, timestamp)) {
    return { status: 400, body: { error: "Bad signature" } };
  }
  // Checked after the signature, so only a request SendGrid really signed learns why it was refused.
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > TIMESTAMP_TOLERANCE_SECONDS) {
    return { status: 400, body: { error: "Bad signature: its timestamp is more than 5 minutes from the server's clock" } };
  }
  let events: unknown[];
  try {
    events = EventsSchema.parse(JSON.parse(payload));
  } catch {
    return { status: 400, body: { error: "Expected a JSON array of events" } };
  }
  // An event without sg_event_id is known by the signed request it came in (timestamp and exact
  // body) and its place in the batch: a replay of that request repeats all three and changes
  // nothing, while any other delivery SendGrid signs has its own timestamp and so still counts.
  // (A key from the event's own JSON would merge two genuine events that serialise alike.)
  const requestHash = createHash("sha256").update(`${timestamp}\n${payload}`, "utf8").digest("hex");
  let applied = 0;
  for (const [index, raw] of events.entries()) {
    const parsed = EventSchema.safeParse(raw);
    if (!parsed.success) continue;
    const outcome = outcomeOf(parsed.data);
    if (!outcome) continue;
    // Retried deliveries of the same event, and replays of the same request: the first one counts.
    const eventId = parsed.data.sg_event_id ? `sendgrid:${parsed.data.sg_event_id}` : `sendgrid-request:${requestHash}:${index}`;
    const fresh = await db()
      .insert(processedEvents)
      .values({ eventId, type: `sendgrid.${parsed.data.event}` })
      .onConflictDoNothing()
      .returning({ eventId: processedEvents.eventId });
    if (fresh.length === 0) continue;
    await suppress(parsed.data.email, outcome.reason, outcome.detail);
    applied++;
  }
  return { status: 200, body: { received: events.length, applied } };
}
