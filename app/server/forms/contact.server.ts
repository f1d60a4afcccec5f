/** The contact page's form: every message is stored for the owner, and e-mailed to them. */
import { sql } from "drizzle-orm";
import { ContactSchema } from "~/lib/forms/public";
import { suppressedAddress } from "~/server/audience/contacts.server";
import { db, rowsOf } from "~/server/db.server";
import { env } from "~/server/env.server";
import { storeOnce, submitPublicForm, type StoreResult } from "~/server/forms/submission.server";
import { INSERT_INTO_OUTBOX, outboxSelect, wakeOutbox } from "~/server/mail/outbox.server";

export type NewContactMessage = { name: string; email: string; subject: string; message: string };

/** A sender gets at most one acknowledgement in this window, however many messages they send. */
export const CONTACT_ACK_WINDOW = "1 hour";

/**
 * Store the message, queue it to the owner (OWNER_EMAIL), and queue the sender a fixed
 * acknowledgement, in one statement. The acknowledgement repeats nothing the sender typed (a
 * stranger's address could have been typed), and goes at most once an hour to an address, and
 * never to a suppressed one (or one whose base mailbox is: issue 51). The owner gets every message.
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
        ), ack as (
          ${INSERT_INTO_OUTBOX}
          ${outboxSelect({ kind: "contact-ack", dedupeKey: sql`'contact-ack:' || id`, toAddress: sql`${message.email}`, payload: { messageId: sql`id` } })}
          from message
          where not exists (
            select 1 from outbox
            where kind = 'contact-ack' and to_address = ${message.email}
              and created_at > now() - ${CONTACT_ACK_WINDOW}::interval
          ) and not ${suppressedAddress(message.email)}
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
