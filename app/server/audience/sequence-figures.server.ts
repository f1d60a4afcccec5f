/**
 * The welcome sequences' figures for the owner (/admin/sequence): per step, what was sent, who is
 * waiting and what it sold; per free guide, what became of its requests.
 */
import { sql } from "drizzle-orm";
import type { GuideId } from "~/lib/guides";
import { SEQUENCE_INVITATION_PAGE } from "~/lib/site";
import { listSteps } from "~/server/audience/sequence.server";
import type { SequenceStep } from "~/server/audience/sequence-content.server";
import { db, rowsOf } from "~/server/db.server";

export type StepFigures = SequenceStep & { sent: number; waiting: number; orders: number; revenueCents: number };

/**
 * One guide's steps, each with how many received it, how many wait for it, and the orders (and
 * their revenue) paid by its recipients after it was sent to them, before the sequence's next step
 * reached them.
 */
export async function stepFigures(guide: GuideId): Promise<StepFigures[]> {
  const steps = await listSteps(guide);
  const figures = rowsOf<{ stepId: string; sent: number; orders: number; revenueCents: number }>(
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
  );
  const waiting = rowsOf<{ position: number; waiting: number }>(
    await db().execute(sql`
      select next_position as position, count(*)::int as waiting from sequence_enrollments
      where status = 'active' and guide = ${guide} group by next_position
    `),
  );
  return steps.map((step) => {
    const f = figures.find((x) => x.stepId === step.id);
    return {
      ...step,
      sent: f?.sent ?? 0,
      orders: f?.orders ?? 0,
      revenueCents: f?.revenueCents ?? 0,
      waiting: waiting.find((w) => w.position === step.position)?.waiting ?? 0,
    };
  });
}

/** What became of one free guide's requests: the owner's line of figures per guide (issue 40, item 7). */
export type GuideFigures = {
  /** Asked on an article's form. */
  asked: number;
  /** Used the e-mail's button: the address is theirs (the sequence starts here). */
  opened: number;
  /** Waiting for a next step now. */
  inSequence: number;
  /** Got every step. */
  finished: number;
  /** Unsubscribed, bounced or complained since. */
  unsubscribed: number;
  /** Paid for an order, at any time after asking. */
  bought: number;
  /** Joined the newsletter with the last step's button. */
  joinedNewsletter: number;
};

export async function guideFigures(guide: GuideId): Promise<GuideFigures> {
  const [row] = rowsOf<Record<keyof GuideFigures, number | string>>(
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
  );
  const n = (v: number | string | undefined) => Number(v ?? 0);
  return {
    asked: n(row?.asked),
    opened: n(row?.opened),
    inSequence: n(row?.inSequence),
    finished: n(row?.finished),
    unsubscribed: n(row?.unsubscribed),
    bought: n(row?.bought),
    joinedNewsletter: n(row?.joinedNewsletter),
  };
}
