/**
 * The owner's repair for a list already damaged (issue 51): before decision 065 any SMTP 5xx
 * suppressed the reader it happened to, so one wrong sender address or a revoked key marked every
 * reader mailed meanwhile as a hard bounce, their consents withdrawn, their newsletter ended, their
 * welcome sequence stopped. Lifting the suppressions recorded "at send" in a chosen period undoes
 * exactly what each of those suppressions did (the consents, subscription and sequence that it
 * ended, found by its own timestamp), and writes each lift to the audit log. A reader who had left
 * before (unsubscribed, complained, removed by the owner) is left as they are.
 */
import { and, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { adminAuditLog, consents, contactEvents, contacts, newsletterSubscribers, sequenceEnrollments } from "../../../db/schema";
import { db } from "~/server/db.server";

/** What the outbox wrote on a suppression "at send" (old and new spellings: "SMTP 550 at send: ...", "SMTP 550 at send (RCPT TO): ..."). */
const AT_SEND = "SMTP % at send%";

/** Hard bounces the outbox recorded at send in [from, to). */
const atSendIn = (from: Date, to: Date): SQL =>
  and(
    eq(contacts.suppression, "hard_bounce"),
    sql`${contacts.suppressionDetail} like ${AT_SEND}`,
    gte(contacts.suppressedAt, from),
    lt(contacts.suppressedAt, to),
  )!;

/** The contact had left by its own wish (or the owner's) before this suppression: keep it suppressed. */
const leftBefore = sql`exists (
  select 1 from ${contactEvents} e
  where e.contact_id = ${contacts.id} and e.kind = 'suppressed' and e.created_at < ${contacts.suppressedAt}
    and e.detail not like ${`hard_bounce: ${AT_SEND}`}
)`;

export type SendSuppressionCounts = { liftable: number; leftBefore: number };

/** How many suppressions recorded at send in [from, to) a lift would undo, and how many it would leave. */
export async function countSuppressionsAtSend(from: Date, to: Date): Promise<SendSuppressionCounts> {
  const [row] = await db()
    .select({
      liftable: sql<number>`count(*) filter (where not ${leftBefore})::int`,
      leftBefore: sql<number>`count(*) filter (where ${leftBefore})::int`,
    })
    .from(contacts)
    .where(atSendIn(from, to));
  return { liftable: row?.liftable ?? 0, leftBefore: row?.leftBefore ?? 0 };
}

/** What the contact's history and the audit log say of each lift, in the suppression's own words and UTC time. */
const liftWords = sql<string>`left('lifted a hard bounce recorded at send on ' || to_char(${contacts.suppressedAt} at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC (a sending problem, not the reader): ' || coalesce(${contacts.suppressionDetail}, ''), 500)`;

/** Lifted this many at a time, each batch in one transaction. */
const BATCH = 1_000;

/**
 * Lift the suppressions recorded at send in [from, to): for each contact, the suppression, and what
 * it ended at that same moment (its consents withdrawn, its newsletter subscription ended, its
 * welcome sequence stopped for a hard bounce). One audit row per contact. Set-based statements, a
 * batch of contacts in each transaction. Returns the counts.
 */
export async function liftSuppressionsAtSend(from: Date, to: Date): Promise<{ lifted: number; leftBefore: number }> {
  const { leftBefore: kept } = await countSuppressionsAtSend(from, to);
  let lifted = 0;
  for (;;) {
    const done = await db().transaction(async (tx) => {
      const batch = await tx
        .select({ id: contacts.id, words: liftWords })
        .from(contacts)
        .where(and(atSendIn(from, to), sql`not ${leftBefore}`))
        .orderBy(contacts.id)
        .limit(BATCH)
        .for("update");
      if (batch.length === 0) return 0;
      const ids = batch.map((c) => c.id);
      const batchContact = inArray(contacts.id, ids);
      // Matched by the suppression's own timestamp, in the database (microseconds: a JavaScript Date keeps milliseconds).
      await tx
        .update(consents)
        .set({ withdrawnAt: null })
        .from(contacts)
        .where(and(batchContact, eq(consents.contactId, contacts.id), eq(consents.withdrawnAt, contacts.suppressedAt)));
      await tx
        .update(newsletterSubscribers)
        .set({
          status: sql`case when ${newsletterSubscribers.confirmedAt} is null then 'pending' else 'confirmed' end`,
          unsubscribedAt: null,
        })
        .from(contacts)
        .where(
          and(
            batchContact,
            sql`lower(${newsletterSubscribers.email}) = ${contacts.email}`,
            eq(newsletterSubscribers.unsubscribedAt, contacts.suppressedAt),
          ),
        );
      await tx
        .update(sequenceEnrollments)
        .set({ status: "active", stoppedReason: null })
        .where(
          and(
            inArray(sequenceEnrollments.contactId, ids),
            eq(sequenceEnrollments.status, "stopped"),
            eq(sequenceEnrollments.stoppedReason, "hard_bounce"),
          ),
        );
      await tx.insert(contactEvents).values(batch.map((c) => ({ contactId: c.id, kind: "unsuppressed", detail: c.words })));
      await tx
        .insert(adminAuditLog)
        .values(batch.map((c) => ({ action: "lift-send-suppression", target: `contact:${c.id}`, detail: c.words })));
      await tx.update(contacts).set({ suppression: null, suppressedAt: null, suppressionDetail: null }).where(batchContact);
      return batch.length;
    });
    lifted += done;
    if (done < BATCH) break;
  }
  return { lifted, leftBefore: kept };
}
