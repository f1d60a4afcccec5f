/**
 * Bounces and complaints reported later by the sending service, through SendGrid's Event Webhook
 * (https://www.twilio.com/docs/sendgrid/for-developers/tracking-events/event). Each request is
 * signed (the Signed Event Webhook): ECDSA P-256 with SHA-256 over the timestamp header followed
 * by the raw body, checked against the public key SendGrid shows (base64 DER, SENDGRID_WEBHOOK_PUBLIC_KEY).
 * A hard bounce or a spam report suppresses the address at once; a repeated event changes nothing twice.
 */
import { verify, type KeyObject } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { suppress } from "~/server/audience/contacts.server";
import { db, rowsOf } from "~/server/db.server";
export { parseSendgridPublicKey } from "~/server/audience/sendgrid-key.server";

export const SIGNATURE_HEADER = "X-Twilio-Email-Event-Webhook-Signature";
export const TIMESTAMP_HEADER = "X-Twilio-Email-Event-Webhook-Timestamp";

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
 * missing or bad signature or a body that is not SendGrid's array of events.
 */
export async function handleSendgridEvents(
  publicKey: KeyObject | undefined,
  payload: string,
  signature: string | null,
  timestamp: string | null,
): Promise<MailEventsResult> {
  if (!publicKey) return { status: 404, body: { error: "The e-mail event webhook is not configured" } };
  if (!signature || !timestamp || !verifySendgridSignature(publicKey, payload, signature, timestamp)) {
    return { status: 400, body: { error: "Bad signature" } };
  }
  let events: unknown[];
  try {
    events = EventsSchema.parse(JSON.parse(payload));
  } catch {
    return { status: 400, body: { error: "Expected a JSON array of events" } };
  }
  let applied = 0;
  for (const raw of events) {
    const parsed = EventSchema.safeParse(raw);
    if (!parsed.success) continue;
    const outcome = outcomeOf(parsed.data);
    if (!outcome) continue;
    if (parsed.data.sg_event_id) {
      // Retried deliveries of the same event: the first one counts.
      const fresh = rowsOf(
        await db().execute(sql`
          insert into processed_events (event_id, type) values (${`sendgrid:${parsed.data.sg_event_id}`}, ${`sendgrid.${parsed.data.event}`})
          on conflict do nothing returning event_id
        `),
      );
      if (fresh.length === 0) continue;
    }
    await suppress(parsed.data.email, outcome.reason, outcome.detail);
    applied++;
  }
  return { status: 200, body: { received: events.length, applied } };
}
