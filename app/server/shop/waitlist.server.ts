/**
 * "Tell me when it opens" (issue 53): a coming-soon product's page takes an address on the public
 * form pipeline, records the waitlist consent (its own purpose, "waitlist") and tag through the
 * audience module, and one row per product and contact. When the owner puts the product on sale,
 * `queueOpeningMail` queues one e-mail per waiting person through the outbox, keyed by product and
 * contact (a second opening, or a retry, queues nothing new); the send-time check keeps it from a
 * suppressed or withdrawn address, and its one-click unsubscribe withdraws the consent.
 */
import { and, count, eq, isNull } from "drizzle-orm";
import { contacts, productWaitlist } from "../../../db/schema";
import type { Product } from "~/lib/catalogue";
import { WaitlistSchema } from "~/lib/forms/public";
import { WAITLIST_CONSENT } from "~/lib/site";
import { waitlistTag } from "~/lib/tags";
import { addressSuppressed, recordConsent } from "~/server/audience/contacts.server";
import { db, type Executor } from "~/server/db.server";
import { storeOnce, submitPublicForm, type StoreResult } from "~/server/forms/submission.server";
import { wakeOutbox } from "~/server/mail/outbox.server";
import { queueMail } from "~/server/mail/outbox-queue.server";

/**
 * Put an address on a product's waitlist. A suppressed address (or its base mailbox) gets nothing
 * and nothing is stored, yet the answer is everyone's ("created"): the form must not tell a
 * stranger that an address unsubscribed. Already waiting: a duplicate.
 */
export async function joinWaitlist(product: Pick<Product, "id" | "slug">, email: string): Promise<StoreResult> {
  const page = `/products/${product.slug}`;
  return storeOnce("a waitlist address", () =>
    db().transaction(async (tx) => {
      if (await addressSuppressed(tx, email)) return [{ contactId: 0 }];
      const person = await recordConsent(
        tx,
        { email },
        {
          purpose: "waitlist",
          wordingVersion: WAITLIST_CONSENT.version,
          source: `waitlist form ${page}`,
          detail: `waitlist for ${product.id} from ${page} (wording ${WAITLIST_CONSENT.version})`,
          tags: [waitlistTag(product.id)],
        },
      );
      // Already waiting: the key refuses the row, the transaction (its consent too) is undone, and storeOnce says "duplicate".
      return tx
        .insert(productWaitlist)
        .values({ productId: product.id, contactId: person.contactId })
        .returning({ contactId: productWaitlist.contactId });
    }),
  );
}

/** The coming-soon page's form (works without JavaScript: the page renders the outcome). */
export function submitWaitlist(request: Request, product: Pick<Product, "id" | "slug">) {
  return submitPublicForm(request, "waitlist", WaitlistSchema, ({ email }) => joinWaitlist(product, email));
}

/**
 * The product is on sale: one "product-open" e-mail for each person waiting and not yet told, in
 * the transaction that put it on sale. Returns how many were queued.
 */
export async function queueOpeningMail(tx: Executor, productId: string): Promise<number> {
  const waiting = await tx
    .select({ contactId: productWaitlist.contactId, email: contacts.email })
    .from(productWaitlist)
    .innerJoin(contacts, eq(contacts.id, productWaitlist.contactId))
    .where(and(eq(productWaitlist.productId, productId), isNull(productWaitlist.notifiedAt)));
  let queued = 0;
  for (const person of waiting) {
    const dedupeKey = `product-open:${productId}:${person.contactId}`;
    if (await queueMail(tx, "product-open", { productId, contactId: person.contactId }, { dedupeKey, to: person.email })) queued++;
  }
  if (waiting.length > 0) {
    await tx
      .update(productWaitlist)
      .set({ notifiedAt: new Date() })
      .where(and(eq(productWaitlist.productId, productId), isNull(productWaitlist.notifiedAt)));
  }
  return queued;
}

/** After the transaction that queued them: the worker sends now rather than at its next tick. */
export function openingMailQueued(queued: number): void {
  if (queued > 0) wakeOutbox();
}

/** How many wait for each product (the dashboard's list). */
export async function waitlistCounts(): Promise<Map<string, number>> {
  const rows = await db()
    .select({ productId: productWaitlist.productId, n: count() })
    .from(productWaitlist)
    .groupBy(productWaitlist.productId);
  return new Map(rows.map((r) => [r.productId, r.n]));
}
