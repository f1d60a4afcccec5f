/**
 * The owner's repair for a list already damaged (issue 51): before decision 065 any SMTP 5xx
 * suppressed the reader it happened to, so one wrong sender address or a revoked key marked every
 * reader mailed meanwhile as a hard bounce, their consents withdrawn, their newsletter ended, their
 * welcome sequence stopped. Lifting the suppressions recorded "at send" in a chosen period undoes
 * exactly what each of those suppressions did (the consents, subscription and sequence that it
 * ended, found by its own timestamp), and writes each lift to the audit log. A reader who had left
 * before (unsubscribed, complained, removed by the owner) is left as they are.
 */
import { and, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { contactEvents, contacts } from "../../../db/schema";
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
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(atSendIn(from, to), sql`not ${leftBefore}`))
        .orderBy(contacts.id)
        .limit(BATCH)
        .for("update");
      if (batch.length === 0) return 0;
      const ids = sql`(${sql.join(
        batch.map((c) => sql`${c.id}::int`),
        sql`, `,
      )})`;
      // Matched by the suppression's own timestamp, in the database (microseconds: a JavaScript Date keeps milliseconds).
      await tx.execute(sql`
        update consents k set withdrawn_at = null from contacts c
        where c.id in ${ids} and k.contact_id = c.id and k.withdrawn_at = c.suppressed_at
      `);
      await tx.execute(sql`
        update newsletter_subscribers s set status = case when s.confirmed_at is null then 'pending' else 'confirmed' end, unsubscribed_at = null
        from contacts c where c.id in ${ids} and lower(s.email) = c.email and s.unsubscribed_at = c.suppressed_at
      `);
      await tx.execute(sql`
        update sequence_enrollments set status = 'active', stopped_reason = null
        where contact_id in ${ids} and status = 'stopped' and stopped_reason = 'hard_bounce'
      `);
      const words = sql`left('lifted a hard bounce recorded at send on ' || to_char(c.suppressed_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC (a sending problem, not the reader): ' || coalesce(c.suppression_detail, ''), 500)`;
      await tx.execute(
        sql`insert into contact_events (contact_id, kind, detail) select c.id, 'unsuppressed', ${words} from contacts c where c.id in ${ids}`,
      );
      await tx.execute(
        sql`insert into admin_audit_log (action, target, detail) select 'lift-send-suppression', 'contact:' || c.id, ${words} from contacts c where c.id in ${ids}`,
      );
      await tx.execute(sql`update contacts set suppression = null, suppressed_at = null, suppression_detail = null where id in ${ids}`);
      return batch.length;
    });
    lifted += done;
    if (done < BATCH) break;
  }
  return { lifted, leftBefore: kept };
}
