/**
 * The lost-link page: e-mail one link to the page of every order of the address (decision 071),
 * saying nothing about it here.
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { orders } from "../../../db/schema";
import { OrderLookupSchema } from "~/lib/forms/public";
import { addressSuppressed } from "~/server/audience/contacts.server";
import { db } from "~/server/db.server";
import { submitPublicForm } from "~/server/forms/submission.server";
import { wakeOutbox } from "~/server/mail/outbox.server";
import { queueMail } from "~/server/mail/outbox-queue.server";
import { log } from "~/server/log.server";

/** One lost-link e-mail per address per this window, however often the form is sent. */
export const LOOKUP_WINDOW_SECONDS = 600;

/**
 * Queue the e-mail only when the address has an order (paid at some time: paid, refunded or
 * disputed, each of which the page lists; orders hold the canonical spelling the form gives) and
 * is not suppressed (nor its base mailbox), for any reason: issue 51 asks that no form write to a
 * suppressed address, and this form can be sent by anyone: a stranger who types someone's
 * address makes at most one e-mail a window, to that address, and learns nothing. An unsubscribed buyer still gets the receipts a purchase sends (the
 * send-time check lets transactional mail through an unsubscribe), but not a lost link someone
 * asked for by typing the address; support can send it. The caller answers the same either way.
 */
export async function requestOrderLinks(email: string): Promise<void> {
  await db().transaction(async (tx) => {
    const [paid] = await tx
      .select({ id: orders.id, window: sql<number>`floor(extract(epoch from now()) / ${LOOKUP_WINDOW_SECONDS})`.mapWith(Number) })
      .from(orders)
      .where(and(eq(orders.customerEmail, email), isNotNull(orders.paidAt)))
      .limit(1);
    if (!paid || (await addressSuppressed(tx, email))) return;
    await queueMail(tx, "lost-link", {}, { dedupeKey: `lost-link:${email}:${paid.window}`, to: email });
  });
  wakeOutbox();
}

/** A bot (the hidden field filled in) is answered "sent" too, and nothing is queued. */
export function submitOrderLookup(request: Request) {
  return submitPublicForm(request, "orderLookup", OrderLookupSchema, async ({ email }) => {
    try {
      await requestOrderLinks(email);
      return "created";
    } catch (error) {
      log.error(`Could not queue a lost-link e-mail: ${(error as Error).message}`);
      return "unavailable";
    }
  });
}
