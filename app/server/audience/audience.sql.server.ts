/**
 * The audience's statements that stay SQL: each reads or writes a whole set at once (the shipped
 * steps' refresh, the due steps' advance, the sequences' figures), in a shape the query builder
 * cannot say or says only as one statement per row. Each is named, says why it is SQL, and parses
 * its rows by a schema (`parsedRows`): a column renamed in a statement fails here by name. Every
 * other read and write of the audience goes through the query builder, typed by db/schema.ts.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { GuideId } from "~/lib/guides";
import { SEQUENCE_INVITATION_PAGE } from "~/lib/site";
import { db, parsedRows, type Executor, type Tx } from "~/server/db.server";

// --- the welcome sequences ---------------------------------------------------------------------

/** A count: `::int` answers a number; a bare count(*) a bigint, a string from node-postgres. */
const sequenceCount = z.coerce.number();

/** A shipped step's text and delay, and the fingerprint (md5) an earlier release shipped it with. */
export type ShippedStepRefresh = { id: string; subject: string; preview: string; body: string; delayMinutes: number; print: string };

/**
 * Give each step still exactly as an earlier release shipped it (its fingerprint, stepFingerprint
 * in sequence-content.server.ts, computed here in SQL) this release's text; a step the owner
 * edited does not match and is kept. SQL: one update joined to a list of values, whatever the
 * number of steps (the queue runs the seed before every pass), matched on an expression.
 */
export async function refreshShippedSteps(replaced: readonly ShippedStepRefresh[]): Promise<void> {
  if (replaced.length === 0) return;
  await db().execute(sql`
    update sequence_steps s set subject = v.subject, preview = v.preview, body = v.body, delay_minutes = v.delay, updated_at = now()
    from (values ${sql.join(
      replaced.map(
        (r) => sql`(${r.id}::text, ${r.subject}::text, ${r.preview}::text, ${r.body}::text, ${r.delayMinutes}::int, ${r.print}::text)`,
      ),
      sql`, `,
    )}) as v(id, subject, preview, body, delay, print)
    where s.id = v.id and md5(s.subject || chr(10) || s.preview || chr(10) || s.body || chr(10) || s.delay_minutes::text) = v.print
  `);
}

/**
 * Take the transaction's lock that lets one server at a time queue steps, without waiting: false
 * when another holds it. SQL: a function call with no table, which the builder cannot select.
 */
export async function tryTransactionLock(tx: Tx, key: number): Promise<boolean> {
  const [row] = parsedRows(await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as got`), z.object({ got: z.boolean() }));
  return row?.got === true;
}

/**
 * Move each enrolment whose step was just queued to its next step (the next position its reader's
 * consent covers), due that step's delay after `now`; none left means done. SQL: each row's next
 * step is a lateral subquery of the steps, one update for the whole batch.
 */
export async function advanceQueuedEnrollments(
  tx: Executor,
  queued: readonly { contactId: number; guide: string }[],
  now: Date,
): Promise<void> {
  if (queued.length === 0) return;
  const at = sql`${now.toISOString()}::timestamptz`;
  const keys = sql.join(
    queued.map((d) => sql`(${d.contactId}::int, ${d.guide}::text)`),
    sql`, `,
  );
  await tx.execute(sql`
    update sequence_enrollments e set
      last_sent_at = ${at},
      step_sent_at = ${at},
      next_position = coalesce(nxt.position, e.next_position),
      next_at = ${at} + make_interval(mins => coalesce(nxt.delay_minutes, 0)),
      status = case when nxt.position is null then 'done' else 'active' end
    from sequence_enrollments cur
    left join lateral (
      select position, delay_minutes from sequence_steps
      where guide = cur.guide and position > cur.next_position and (cur.last_position is null or position <= cur.last_position)
      order by position limit 1
    ) nxt on true
    where e.contact_id = cur.contact_id and e.guide = cur.guide and (cur.contact_id, cur.guide) in (${keys})
  `);
}

const StepSalesRowSchema = z.object({ stepId: z.string(), sent: sequenceCount, orders: sequenceCount, revenueCents: sequenceCount });

/**
 * Per step of one guide's sequence: how many addresses were sent it, and the paid orders (and
 * their revenue) of those addresses after it reached them, before their next step did. SQL: a
 * CTE of the sent steps read twice (the later step bounds the order), grouped per step.
 */
export async function stepSales(guide: GuideId): Promise<z.output<typeof StepSalesRowSchema>[]> {
  return parsedRows(
    await db().execute(sql`
      with sent as (
        select payload->>'stepId' as step_id, to_address, sent_at from outbox
        where kind = 'sequence-step' and status = 'sent' and payload->>'stepId' in (select id from sequence_steps where guide = ${guide})
      )
      select s.step_id as "stepId", count(distinct s.to_address)::int as sent,
             count(distinct o.id)::int as orders, coalesce(sum(o.amount_total), 0)::int as "revenueCents"
      from sent s
      left join orders o on lower(o.customer_email) = s.to_address and o.status = 'paid' and o.paid_at >= s.sent_at
        and not exists (
          select 1 from sent later where later.to_address = s.to_address and later.sent_at > s.sent_at and later.sent_at <= o.paid_at
        )
      group by s.step_id
    `),
    StepSalesRowSchema,
  );
}

const GuideRequestsRowSchema = z.object({
  asked: sequenceCount,
  opened: sequenceCount,
  inSequence: sequenceCount,
  finished: sequenceCount,
  unsubscribed: sequenceCount,
  bought: sequenceCount,
  joinedNewsletter: sequenceCount,
});

/**
 * What became of one free guide's requests, counted in one pass over its leads: opened, in the
 * sequence, finished, unsubscribed, bought, joined the newsletter from the last step. SQL: seven
 * filtered counts over one join, two of them over correlated `exists`.
 */
export async function guideRequestCounts(guide: GuideId): Promise<z.output<typeof GuideRequestsRowSchema>> {
  const [row] = parsedRows(
    await db().execute(sql`
      select count(*) as asked,
        count(*) filter (where l.opened_at is not null) as opened,
        count(*) filter (where e.status = 'active') as "inSequence",
        count(*) filter (where e.status = 'done') as finished,
        count(*) filter (where c.suppression is not null) as unsubscribed,
        count(*) filter (where exists (select 1 from orders o where o.customer_email = l.email and o.status = 'paid' and o.paid_at >= l.created_at)) as bought,
        count(*) filter (where exists (
          select 1 from newsletter_subscribers n where n.email = l.email and n.status = 'confirmed' and n.consent_page = ${SEQUENCE_INVITATION_PAGE}
        )) as "joinedNewsletter"
      from leads l
      left join contacts c on c.email = l.email
      left join sequence_enrollments e on e.contact_id = c.id and e.guide = l.guide
      where l.guide = ${guide}
    `),
    GuideRequestsRowSchema,
  );
  // An aggregate without group by always answers one row.
  if (!row) throw new Error("The guide's counts answered no row");
  return row;
}
