/**
 * The audience's statements that stay SQL: each reads or writes a whole set at once (the welcome
 * sequences' refresh, advance and figures, a broadcast's fan-out to its audience, a set of
 * people's consents), in a shape the query builder cannot say or says only as one statement per
 * row. Each is named, says why it is SQL, and parses its rows by a schema (`parsedRows`): a column
 * renamed in a statement fails here by name. Every other read and write of the audience goes
 * through the query builder, typed by db/schema.ts (a person's consent: contacts.server.ts
 * recordConsent).
 */
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { GuideId } from "~/lib/guides";
import { SEQUENCE_INVITATION_PAGE } from "~/lib/site";
import { db, parsedRows, type Executor, type Tx } from "~/server/db.server";
import { SUPPRESSION_REASONS, type BroadcastKind, type ConsentPurpose } from "../../../db/schema";

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

// --- broadcasts ---------------------------------------------------------------------------------

/** The dedupe key's start of each copy of a broadcast, by its kind: bc:<broadcast>:<contact>, pu:<broadcast>:<contact>. */
const COPY_KEY: Record<BroadcastKind, string> = { broadcast: "bc", "product-update": "pu" };

/**
 * Queue broadcast `id` to every contact `c` passing `audience` (audience.server.ts audienceWhere;
 * a product update's buyers, product-updates.server.ts), in the caller's transaction: one outbox
 * row each of `kind`, dedupe key bc:<broadcast>:<contact> (pu: for a product update), so a
 * contact already queued is skipped. Returns how many rows it wrote, counted in the database
 * (100,000 ids need not travel back to be counted, issue 44). SQL: an INSERT ... SELECT over the
 * whole audience, its rows counted by a CTE around it; the builder would need every recipient
 * read into the process first.
 */
export async function queueBroadcastRecipients(
  tx: Executor,
  id: number,
  audience: SQL,
  kind: BroadcastKind = "broadcast",
): Promise<number> {
  const [queued] = parsedRows(
    await tx.execute(sql`
      with queued as (
        insert into outbox (kind, dedupe_key, to_address, payload, due_at, next_attempt_at)
        select ${kind}::text, ${`${COPY_KEY[kind]}:${id}:`} || c.id, c.email, jsonb_build_object('broadcastId', ${id}::int, 'contactId', c.id), now(), now()
        from contacts c where ${audience}
        on conflict (dedupe_key) do nothing
        returning 1
      )
      select count(*)::int as n from queued
    `),
    z.object({ n: z.coerce.number() }),
  );
  return queued?.n ?? 0;
}

// --- contacts, consents and tags -----------------------------------------------------------------

/** Tags as a text[] parameter list ('{}' for none), each tag a bound parameter. */
export function tagArray(tags: readonly string[]): SQL {
  return tags.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        tags.map((tag) => sql`${tag}`),
        sql`, `,
      )}]::text[]`;
}

/** What a set's consents are: the purpose and wording every row shares, as in recordConsent's grant. */
export type SetConsentGrant = {
  purpose: ConsentPurpose;
  wordingVersion: string;
  /** A suppressed contact gets no consent (an import cannot undo an unsubscribe); its event says so in its `kept_detail` words. */
  skipSuppressed?: boolean;
  /** The contact event's kind (default "consent"; an import's are "import"). */
  eventKind?: string;
};

const ConsentSetRow = z.object({ contacts: z.coerce.number(), consents: z.coerce.number() });

/**
 * A consent recorded for every person `people` selects, in one statement, as recordConsent records
 * one: the contact made if new (a name fills an empty one; its tags merged A to Z by merge_tags,
 * migration 0017), the consent under this wording (none for a suppressed contact under
 * `skipSuppressed`), and its contact_event. `people` selects `email, name, source, tags` (text[])
 * and `detail` (the history's words), and with `skipSuppressed` `kept_detail`; `before`: common
 * table expressions it may select from (a seed's own insert). Each address once. How many
 * contacts and consents were written. The contacts import's merge (up to 10,000 staged rows a
 * statement) and the scale seed use it. SQL: insert ... select over the whole set inside the
 * database, the three inserts as one statement's CTEs; the builder would send every person's
 * values back in as parameters (an import of 20,000 rows took over 40 s that way on the embedded
 * database).
 */
export async function recordConsentSet(
  tx: Executor,
  people: SQL,
  grant: SetConsentGrant,
  before?: SQL,
): Promise<z.output<typeof ConsentSetRow>> {
  const given = grant.skipSuppressed ? sql`c.suppression is null` : sql`true`;
  const kind = grant.eventKind ?? "consent";
  const [row] = parsedRows(
    await tx.execute(sql`
      with ${before ? sql`${before}, ` : sql``}consent_people as (${people}),
      consent_contact as (
        insert into contacts (email, name, tags) select email, name, merge_tags(tags, '{}') from consent_people
        on conflict (email) do update set name = coalesce(contacts.name, excluded.name), tags = merge_tags(contacts.tags, excluded.tags)
        returning id, email, suppression
      ),
      consent_given as (
        insert into consents (contact_id, purpose, source, wording_version)
        select c.id, ${grant.purpose}, p.source, ${grant.wordingVersion}
        from consent_contact c join consent_people p on p.email = c.email
        where ${given}
        returning id
      ),
      consent_event as (
        insert into contact_events (contact_id, kind, detail)
        select c.id, ${kind}, ${
          grant.skipSuppressed
            ? sql`case when ${given} then p.detail else p.kept_detail || ' (' || c.suppression || '), no consent recorded' end`
            : sql`p.detail`
        }
        from consent_contact c join consent_people p on p.email = c.email
      )
      select (select count(*) from consent_contact) as contacts, (select count(*) from consent_given) as consents
    `),
    ConsentSetRow,
  );
  return row ?? { contacts: 0, consents: 0 };
}

/** One person of recordConsent's statement: where they stand in the call, and their own words. */
export type ConsentPersonRow = {
  /** Their place in the call (the first spelling of their address), the order the rows come back in. */
  ord: number;
  email: string;
  name: string | null;
  /** Already A to Z, each once (merge_tags keeps them so). */
  tags: readonly string[];
  source: string;
  /** The history's words when the consent is recorded. */
  detail: string;
  /** The history's words, before " (<suppression>), no consent recorded", when it is not. */
  keptDetail: string;
};

/** What recordConsent's grant asks of the statement (contacts.server.ts ConsentGrant). */
export type ConsentStatementGrant = SetConsentGrant & { proved?: boolean };

const ConsentPersonRecorded = z.object({
  contactId: z.coerce.number(),
  email: z.string(),
  consented: z.boolean(),
  suppression: z.enum(SUPPRESSION_REASONS).nullable(),
});

/**
 * recordConsent's write, for a few people passed in by value (each address once): the contacts
 * upserted (a name fills an empty one; tags merged by merge_tags; with `proved`, proved_at set if
 * empty and a suppression other than a hard bounce cleared), a consent for each one consented (all,
 * or under `skipSuppressed` those whose contact, after the upsert, is not suppressed), a
 * contact_event each (its detail, or `keptDetail (<suppression>), no consent recorded`), and each
 * person's contact back, in `ord` order. SQL: the three writes as one statement's data-modifying
 * CTEs; the builder says them as three statements, and on the embedded database each statement
 * costs a fixed round of protocol work, so a form's write took twice as long (issue 52). Every
 * person's value is a bound parameter of a VALUES list.
 */
export async function recordConsentRows(
  tx: Executor,
  people: readonly ConsentPersonRow[],
  grant: ConsentStatementGrant,
): Promise<z.output<typeof ConsentPersonRecorded>[]> {
  if (people.length === 0) return [];
  const rows = sql.join(
    people.map(
      (p) =>
        sql`(${p.ord}::int, ${p.email}::text, ${p.name}::text, ${tagArray(p.tags)}, ${p.source}::text, ${p.detail}::text, ${p.keptDetail}::text)`,
    ),
    sql`, `,
  );
  const proved = grant.proved
    ? sql`,
          proved_at = coalesce(contacts.proved_at, now()),
          suppression = case when contacts.suppression = 'hard_bounce' then contacts.suppression end,
          suppressed_at = case when contacts.suppression = 'hard_bounce' then contacts.suppressed_at end,
          suppression_detail = case when contacts.suppression = 'hard_bounce' then contacts.suppression_detail end`
    : sql``;
  const consented = grant.skipSuppressed ? sql`c.suppression is null` : sql`true`;
  return parsedRows(
    await tx.execute(sql`
      with consent_people (ord, email, name, tags, source, detail, kept_detail) as (values ${rows}),
      consent_contact as (
        insert into contacts (email, name, tags, proved_at)
        select email, name, tags, ${grant.proved ? sql`now()` : sql`null::timestamptz`} from consent_people order by ord
        on conflict (email) do update set
          name = coalesce(contacts.name, excluded.name),
          tags = merge_tags(contacts.tags, excluded.tags)${proved}
        returning id, email, suppression
      ),
      consent_person as (
        select c.id, c.email, c.suppression, ${consented} as consented, p.ord, p.source, p.detail, p.kept_detail
        from consent_contact c join consent_people p on p.email = c.email
      ),
      consent_given as (
        insert into consents (contact_id, purpose, source, wording_version)
        select id, ${grant.purpose}, source, ${grant.wordingVersion} from consent_person where consented order by ord
      ),
      consent_event as (
        insert into contact_events (contact_id, kind, detail)
        select id, ${grant.eventKind ?? "consent"},
          case when consented then detail else kept_detail || ' (' || suppression || '), no consent recorded' end
        from consent_person order by ord
      )
      select id as "contactId", email, consented, suppression from consent_person order by ord
    `),
    ConsentPersonRecorded,
  );
}
