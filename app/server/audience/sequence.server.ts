/**
 * The welcome sequences, one per free guide (app/lib/guides.ts). A contact enters a guide's
 * sequence when its address proves itself through that guide's e-mail (the button on /guide/<token>),
 * only if it asked for that guide (a lead) under wording that promised the follow-ups. Each step is
 * queued in the outbox when due (dedupe key seq:<contact>:<step>, so a step reaches a contact once),
 * never within a day of another step to the same contact (a reader of two guides gets one step a
 * day), and every sequence stops at once on a purchase, an unsubscribe, a hard bounce or a
 * complaint. Every function takes `now`, so tests run it across simulated days.
 */
import { sql, type SQL } from "drizzle-orm";
import { parseSequenceFiles, type SequenceStep } from "~/server/audience/sequence-content.server";
import type { GuideId } from "~/lib/guides";
import { LEAD_FOLLOWUP_VERSIONS } from "~/lib/site";
import { db, rowsOf } from "~/server/db.server";
import earlierDefaults from "~/content/sequence-earlier-defaults.json";

export type { SequenceStep };

export const DEFAULT_STEPS = parseSequenceFiles(
  import.meta.glob<string>("../../content/sequence/*/*.md", { query: "?raw", import: "default", eager: true }),
);

/** The least time between two steps to one contact, whichever sequences they belong to. */
export const STEP_GAP_MINUTES = 24 * 60;

/**
 * Where a reader's consent, given under an earlier wording, ends their sequence: the credit
 * guide's readers of wording 2026-11-26 agreed to e-mails "over about two weeks", which its first
 * five steps are (migration 0019 set the same for those enrolled before).
 */
const EARLIER_WORDING_LAST_POSITION: readonly { version: string; guide: GuideId; last: number }[] = [
  { version: "2026-11-26", guide: "credit-repair", last: 5 },
];

/** stepFingerprint (sequence-content.server.ts) in SQL, of a sequence_steps row `s`. */
const FINGERPRINT = sql`md5(s.subject || chr(10) || s.preview || chr(10) || s.body || chr(10) || s.delay_minutes::text)`;
const EARLIER: Record<string, string[] | undefined> = earlierDefaults.steps;

/**
 * The shipped steps, inserted once (the owner's edits then live in the table and are kept). A
 * step still exactly as an earlier release shipped it (its fingerprint in app/content/sequence-earlier-defaults.json)
 * takes this release's text: a step the owner edited is never overwritten.
 */
export async function seedSequenceSteps(): Promise<void> {
  // Two statements whatever the number of steps: the queue runs this before every pass.
  await db().execute(sql`
    insert into sequence_steps (id, guide, position, subject, preview, body, delay_minutes)
    values ${sql.join(
      DEFAULT_STEPS.map((st) => sql`(${st.id}, ${st.guide}, ${st.position}, ${st.subject}, ${st.preview}, ${st.body}, ${st.delayMinutes})`),
      sql`, `,
    )}
    on conflict do nothing
  `);
  const replaced = DEFAULT_STEPS.flatMap((st) => (EARLIER[st.id] ?? []).map((print) => ({ ...st, print })));
  if (replaced.length === 0) return;
  await db().execute(sql`
    update sequence_steps s set subject = v.subject, preview = v.preview, body = v.body, delay_minutes = v.delay, updated_at = now()
    from (values ${sql.join(
      replaced.map(
        (r) => sql`(${r.id}::text, ${r.subject}::text, ${r.preview}::text, ${r.body}::text, ${r.delayMinutes}::int, ${r.print}::text)`,
      ),
      sql`, `,
    )}) as v(id, subject, preview, body, delay, print)
    where s.id = v.id and ${FINGERPRINT} = v.print
  `);
}

const STEP_COLUMNS = sql`id, guide, position, subject, preview, body, delay_minutes as "delayMinutes"`;

/** One guide's steps in order (or every guide's, by guide). */
export async function listSteps(guide?: GuideId): Promise<SequenceStep[]> {
  await seedSequenceSteps();
  return rowsOf<SequenceStep>(
    await db().execute(
      sql`select ${STEP_COLUMNS} from sequence_steps ${guide ? sql`where guide = ${guide}` : sql``} order by guide, position`,
    ),
  );
}

export async function findStep(id: string): Promise<SequenceStep | undefined> {
  const [step] = rowsOf<SequenceStep>(await db().execute(sql`select ${STEP_COLUMNS} from sequence_steps where id = ${id}`));
  return step;
}

/**
 * Whether no step of its sequence comes after this one (the step that invites the reader to the
 * newsletter): for a reader, the last their consent covers (EARLIER_WORDING_LAST_POSITION).
 */
export async function isLastStep(step: Pick<SequenceStep, "guide" | "position">, contactId?: number): Promise<boolean> {
  const [row] = rowsOf<{ last: number | string }>(
    await db().execute(sql`
      select least(
        (select max(position) from sequence_steps where guide = ${step.guide}),
        (select last_position from sequence_enrollments where contact_id = ${contactId ?? null}::int and guide = ${step.guide})
      ) as last
    `),
  );
  return Number(row?.last) === step.position;
}

/** (version, last position) rows for a guide's earlier wordings; a never-matching row when it has none. */
function capValues(guide: GuideId): SQL {
  const rows = EARLIER_WORDING_LAST_POSITION.filter((w) => w.guide === guide);
  if (rows.length === 0) return sql`(null::text, null::int)`;
  return sql.join(
    rows.map((w) => sql`(${w.version}::text, ${w.last}::int)`),
    sql`, `,
  );
}

const PAUSED_KEY = "sequence_paused";

export async function isSequencePaused(): Promise<boolean> {
  const [row] = rowsOf<{ value: unknown }>(await db().execute(sql`select value from site_settings where key = ${PAUSED_KEY}`));
  return row?.value === true;
}

export async function setSequencePaused(paused: boolean): Promise<void> {
  await db().execute(sql`
    insert into site_settings (key, value, updated_at) values (${PAUSED_KEY}, ${JSON.stringify(paused)}::jsonb, now())
    on conflict (key) do update set value = excluded.value, updated_at = now()
  `);
}

const iso = (d: Date) => d.toISOString();

/** Addresses that bought: the sequences' last steps sell the toolkit, so they stop for them. */
const BOUGHT = (contactEmail: SQL) =>
  sql`exists (select 1 from orders o where lower(o.customer_email) = ${contactEmail} and o.status in ('paid', 'refunded', 'disputed'))`;

/**
 * Start a guide's sequence for a contact that just proved its address, if it asked for that guide,
 * consented under wording that promised the follow-ups, is not suppressed, has not bought, and was
 * never enrolled in that guide's sequence. Returns whether it was enrolled now.
 */
export async function enrollIfEligible(contactId: number, guide: GuideId, now: Date = new Date()): Promise<boolean> {
  await seedSequenceSteps();
  const versions = sql.join(
    LEAD_FOLLOWUP_VERSIONS.map((v) => sql`${v}`),
    sql`, `,
  );
  const rows = rowsOf(
    await db().execute(sql`
      insert into sequence_enrollments (contact_id, guide, status, next_position, last_sent_at, next_at, last_position)
      select c.id, ${guide}, 'active', first.position, ${iso(now)}::timestamptz, ${iso(now)}::timestamptz + make_interval(mins => first.delay_minutes),
        (
          select w.last from consents k
          join (values ${capValues(guide)}) as w(version, last) on w.version = k.wording_version
          where k.contact_id = c.id and k.purpose = 'guide_followups' and k.withdrawn_at is null
            -- The consent given with this guide's lead (the same statement wrote both), not a later one for the other guide.
            and k.created_at <= (select l.created_at from leads l where l.email = c.email and l.guide = ${guide})
          order by k.created_at desc limit 1
        )
      from contacts c, (select position, delay_minutes from sequence_steps where guide = ${guide} order by position limit 1) first
      where c.id = ${contactId} and c.suppression is null and c.proved_at is not null
        and exists (select 1 from leads l where l.email = c.email and l.guide = ${guide})
        and exists (
          select 1 from consents k
          where k.contact_id = c.id and k.purpose = 'guide_followups' and k.withdrawn_at is null and k.wording_version in (${versions})
        )
        and not ${BOUGHT(sql`c.email`)}
      on conflict (contact_id, guide) do nothing
      returning contact_id
    `),
  );
  return rows.length === 1;
}

/** The key of the lock that lets one server at a time queue steps (two would each send a contact "its" one step today). */
const QUEUE_LOCK = 4_004_001;

/**
 * Stop everyone who bought or became suppressed since, then queue each step that is due (in the
 * outbox, one row per contact and step) and move the enrolment to its next step (or to done). A
 * contact gets at most one step a day: a due step whose contact had another within STEP_GAP_MINUTES
 * waits until that much after it. Nothing is queued while the owner has paused the sequences.
 * Returns how many were queued.
 */
export async function queueDueSteps(now: Date = new Date(), limit = 500): Promise<number> {
  await db().execute(sql`
    update sequence_enrollments e set status = 'stopped', stopped_reason = 'purchased'
    from contacts c
    where e.contact_id = c.id and e.status = 'active' and ${BOUGHT(sql`c.email`)}
  `);
  await db().execute(sql`
    update sequence_enrollments e set status = 'stopped', stopped_reason = c.suppression
    from contacts c
    where e.contact_id = c.id and e.status = 'active' and c.suppression is not null
  `);
  if (await isSequencePaused()) return 0;
  await seedSequenceSteps();
  const at = sql`${iso(now)}::timestamptz`;
  const gap = sql`make_interval(mins => ${STEP_GAP_MINUTES})`;
  return db().transaction(async (tx) => {
    const [lock] = rowsOf<{ got: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${QUEUE_LOCK}) as got`));
    if (!lock?.got) return 0;
    // Due, but the contact had a step (of any sequence) less than a day ago: due a day after that one.
    await tx.execute(sql`
      update sequence_enrollments e
      set next_at = (select max(o.step_sent_at) from sequence_enrollments o where o.contact_id = e.contact_id) + ${gap}
      where e.status = 'active' and e.next_at <= ${at}
        and exists (select 1 from sequence_enrollments o where o.contact_id = e.contact_id and o.step_sent_at > ${at} - ${gap})
    `);
    const due = rowsOf<{ contactId: number; guide: string }>(
      await tx.execute(sql`
        select e.contact_id as "contactId", e.guide
        from sequence_enrollments e
        join sequence_steps s on s.guide = e.guide and s.position = e.next_position
        where e.status = 'active' and e.next_at <= ${at}
        order by e.next_at, e.created_at
        limit ${limit}
        for update of e skip locked
      `),
    );
    if (due.length === 0) return 0;
    // One step per contact now; its other due sequences wait a day.
    const seen = new Set<number>();
    const now1 = due.filter((d) => !seen.has(d.contactId) && seen.add(d.contactId));
    const later = due.filter((d) => !now1.includes(d));
    const keys = (rows: typeof due) =>
      sql.join(
        rows.map((d) => sql`(${d.contactId}::int, ${d.guide}::text)`),
        sql`, `,
      );
    if (later.length > 0) {
      await tx.execute(sql`update sequence_enrollments set next_at = ${at} + ${gap} where (contact_id, guide) in (${keys(later)})`);
    }
    await tx.execute(sql`
      insert into outbox (kind, dedupe_key, to_address, payload)
      select 'sequence-step', 'seq:' || e.contact_id || ':' || s.id, c.email,
             jsonb_build_object('contactId', e.contact_id, 'stepId', s.id)
      from sequence_enrollments e
      join contacts c on c.id = e.contact_id
      join sequence_steps s on s.guide = e.guide and s.position = e.next_position
      where (e.contact_id, e.guide) in (${keys(now1)})
      on conflict (dedupe_key) do nothing
    `);
    // The next step after the one just queued: its delay counts from now; none left means done.
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
      where e.contact_id = cur.contact_id and e.guide = cur.guide and (cur.contact_id, cur.guide) in (${keys(now1)})
    `);
    return now1.length;
  });
}

/** Stop a contact's sequences (send time found a purchase). */
export async function stopEnrollment(contactId: number, reason: string): Promise<void> {
  await db().execute(sql`
    update sequence_enrollments set status = 'stopped', stopped_reason = ${reason} where contact_id = ${contactId} and status = 'active'
  `);
}

/** Whether a queued step may still go to this contact: enrolled in its guide's sequence, not stopped, and has not bought. */
export async function stepStillWanted(contactId: number, stepId: string): Promise<{ ok: true } | { ok: false; reason: string }> {
  const [row] = rowsOf<{ status: string; stoppedReason: string | null; bought: boolean }>(
    await db().execute(sql`
      select e.status, e.stopped_reason as "stoppedReason", ${BOUGHT(sql`c.email`)} as bought
      from sequence_enrollments e
      join contacts c on c.id = e.contact_id
      join sequence_steps s on s.guide = e.guide and s.id = ${stepId}
      where e.contact_id = ${contactId}
    `),
  );
  if (!row) return { ok: false, reason: "not enrolled" };
  if (row.bought) {
    await stopEnrollment(contactId, "purchased");
    return { ok: false, reason: "sequence stopped: purchased" };
  }
  if (row.status === "stopped") return { ok: false, reason: `sequence stopped: ${row.stoppedReason ?? "stopped"}` };
  return { ok: true };
}

export type StepEdit = { subject: string; preview: string; body: string; delayMinutes: number };

/**
 * The owner's edit of a step: it applies to everyone who has not been sent it yet (the content
 * is read at send time), and a changed delay reschedules everyone waiting for this step.
 */
export async function updateStep(id: string, edit: StepEdit): Promise<boolean> {
  const rows = rowsOf<{ guide: GuideId; position: number }>(
    await db().execute(sql`
      update sequence_steps set subject = ${edit.subject}, preview = ${edit.preview}, body = ${edit.body},
        delay_minutes = ${edit.delayMinutes}, updated_at = now()
      where id = ${id}
      returning guide, position
    `),
  );
  const step = rows[0];
  if (!step) return false;
  await rescheduleWaiting(step, edit.delayMinutes);
  return true;
}

/** Everyone waiting for this step: due `delayMinutes` after the step before it reached them. */
export async function rescheduleWaiting(step: { guide: GuideId; position: number }, delayMinutes: number): Promise<void> {
  await db().execute(sql`
    update sequence_enrollments set next_at = last_sent_at + make_interval(mins => ${delayMinutes})
    where status = 'active' and guide = ${step.guide} and next_position = ${step.position}
  `);
}
