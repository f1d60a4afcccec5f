/** The contact page's form: every message is stored for the owner, and e-mailed to them. */
import { sql } from "drizzle-orm";
import { ContactSchema } from "~/lib/forms";
import { db, rowsOf } from "~/server/db.server";
import { env } from "~/server/env.server";
import { storeOnce, submitPublicForm, type StoreResult } from "~/server/forms/submission.server";
import { INSERT_INTO_OUTBOX, outboxSelect, wakeOutbox } from "~/server/mail/outbox.server";

export type NewContactMessage = { name: string; email: string; subject: string; message: string };

/**
 * Store the message and queue it to the owner (OWNER_EMAIL) in one statement. No copy goes to the
 * sender: an acknowledgement would let anyone mail text to any address through this form.
 */
export async function storeContactMessage(message: NewContactMessage, ownerEmail: string = env().OWNER_EMAIL): Promise<StoreResult> {
  const stored = await storeOnce("a contact message", async () =>
    rowsOf(
      await db().execute(sql`
        with message as (
          insert into contact_messages (name, email, subject, message)
          values (${message.name}, ${message.email}, ${message.subject}, ${message.message})
          returning id
        ), mail as (
          ${INSERT_INTO_OUTBOX}
          ${outboxSelect({ kind: "contact-owner", dedupeKey: sql`'contact:' || id`, toAddress: sql`${ownerEmail}`, payload: { messageId: sql`id` } })}
          from message
        )
        select id from message
      `),
    ),
  );
  if (stored === "created") wakeOutbox();
  return stored;
}

export function submitContactMessage(request: Request) {
  // Contact messages have no unique rule, so the only outcomes are stored or unavailable.
  return submitPublicForm(request, "contact", ContactSchema, ({ name, email, subject, message }) =>
    storeContactMessage({ name, email, subject, message }),
  );
}
