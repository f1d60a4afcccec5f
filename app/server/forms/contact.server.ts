/** The contact page's form: every message is stored for the owner, and e-mailed to them. */
import { and, eq, gt, sql } from "drizzle-orm";
import { contactMessages, outbox } from "../../../db/schema";
import { ContactSchema } from "~/lib/forms/public";
import { addressSuppressed } from "~/server/audience/contacts.server";
import { db, type Tx } from "~/server/db.server";
import { env } from "~/server/env.server";
import { storeOnce, submitPublicForm, type StoreResult } from "~/server/forms/submission.server";
import { wakeOutbox } from "~/server/mail/outbox.server";
import { queueMail } from "~/server/mail/outbox-queue.server";

export type NewContactMessage = { name: string; email: string; subject: string; message: string };

/** A sender gets at most one acknowledgement in this window, however many messages they send. */
export const CONTACT_ACK_WINDOW = "1 hour";

/**
 * Store the message, queue it to the owner (OWNER_EMAIL), and queue the sender a fixed
 * acknowledgement, in one transaction. The acknowledgement repeats nothing the sender typed (a
 * stranger's address could have been typed), and goes at most once an hour to an address, and
 * never to a suppressed one (or one whose base mailbox is: issue 51). The owner gets every message.
 */
export async function storeContactMessage(message: NewContactMessage, ownerEmail: string = env().OWNER_EMAIL): Promise<StoreResult> {
  const stored = await storeOnce("a contact message", () =>
    db().transaction(async (tx) => {
      const [stored] = await tx.insert(contactMessages).values(message).returning({ id: contactMessages.id });
      const { id } = stored!;
      await queueMail(tx, "contact-owner", { messageId: id }, { dedupeKey: `contact:${id}`, to: ownerEmail });
      if (await mayAcknowledge(tx, message.email)) {
        await queueMail(tx, "contact-ack", { messageId: id }, { dedupeKey: `contact-ack:${id}`, to: message.email });
      }
      return [stored];
    }),
  );
  if (stored === "created") wakeOutbox();
  return stored;
}

/** No acknowledgement went to this address within the window, and it is not suppressed (nor its base mailbox). */
async function mayAcknowledge(tx: Tx, email: string): Promise<boolean> {
  const [recent] = await tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(eq(outbox.kind, "contact-ack"), eq(outbox.toAddress, email), gt(outbox.createdAt, sql`now() - ${CONTACT_ACK_WINDOW}::interval`)),
    )
    .limit(1);
  return !recent && !(await addressSuppressed(tx, email));
}

export function submitContactMessage(request: Request) {
  // Contact messages have no unique rule, so the only outcomes are stored or unavailable.
  return submitPublicForm(request, "contact", ContactSchema, ({ name, email, subject, message }) =>
    storeContactMessage({ name, email, subject, message }),
  );
}
