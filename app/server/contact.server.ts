/** The contact page's form: every message is stored for the owner, and e-mailed to them. */
import { sql } from "drizzle-orm";
import { checkForm, ContactSchema, isBot, outcome } from "~/lib/forms";
import { db, rowsOf } from "~/server/db.server";
import { env } from "~/server/env.server";
import { failedKeepsValues, formResponse, readFormBody, storeOnce, unreadableBody, type StoreResult } from "~/server/form-request.server";
import { wakeOutbox } from "~/server/outbox.server";

export type NewContactMessage = { name: string; email: string; subject: string; message: string };

/**
 * Store the message and queue it to the owner (OWNER_EMAIL) in one statement. No copy goes to the
 * sender: an acknowledgement would let anyone mail text to any address through this form.
 */
export async function storeContactMessage(message: NewContactMessage, ownerEmail = env().OWNER_EMAIL): Promise<StoreResult> {
  const stored = await storeOnce("a contact message", async () =>
    rowsOf(
      await db().execute(sql`
        with message as (
          insert into contact_messages (name, email, subject, message)
          values (${message.name}, ${message.email}, ${message.subject}, ${message.message})
          returning id
        ), mail as (
          insert into outbox (kind, dedupe_key, to_address, payload)
          select 'contact-owner', 'contact:' || id, ${ownerEmail}, jsonb_build_object('messageId', id) from message
        )
        select id from message
      `),
    ),
  );
  if (stored === "created") wakeOutbox();
  return stored;
}

export async function submitContactMessage(request: Request) {
  const body = await readFormBody(request);
  if (!body.ok) return unreadableBody("contact", body);
  if (isBot(body.fields)) return formResponse(outcome("contact", "success"));
  const checked = checkForm("contact", ContactSchema, body.fields);
  if (!checked.ok) return formResponse(checked.outcome);
  const { name, email, subject, message } = checked.data;
  const stored = await storeContactMessage({ name, email, subject, message });
  // Contact messages have no unique rule, so the only outcomes are stored or unavailable.
  const result = outcome("contact", stored === "unavailable" ? "unavailable" : "success");
  return formResponse(failedKeepsValues(result, { name, email, subject, message }));
}
