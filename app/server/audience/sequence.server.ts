/**
 * The welcome sequences, one per free guide (app/lib/guides.ts). A contact enters a guide's
 * sequence when its address proves itself through that guide's e-mail (the button on /guide/<token>),
 * only if it asked for that guide (a lead) under wording that promised the follow-ups. Each step is
 * queued in the outbox when due (dedupe key seq:<contact>:<step>, so a step reaches a contact once),
 * never within a day of another step to the same contact (a reader of two guides gets one step a
 * day), and every sequence stops at once on a purchase, an unsubscribe, a hard bounce or a
 * complaint. Every function takes `now`, so tests run it across simulated days.
 */
import { alias } from "drizzle-orm/pg-core";
import { and, asc, desc, eq, exists, gt, inArray, isNotNull, isNull, lte, max, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { consents, contacts, leads, orders, outbox, sequenceEnrollments, sequenceSteps, siteSettings } from "../../../db/schema";
import {
  advanceQueuedEnrollments,
  refreshShippedSteps,
  tryTransactionLock,
  type ShippedStepRefresh,
} from "~/server/audience/audience.sql.server";
import { parseSequenceFiles, type SequenceStep } from "~/server/audience/sequence-content.server";
import { isGuideId, type GuideId } from "~/lib/guides";
import { LEAD_FOLLOWUP_VERSIONS } from "~/lib/site";
import { db, type Executor } from "~/server/db.server";
import { outboxValues } from "~/server/mail/outbox.server";
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

const EARLIER: Record<string, string[] | undefined> = earlierDefaults.steps;

/**
 * The shipped steps, inserted once (the owner's edits then live in the table and are kept). A
 * step still exactly as an earlier release shipped it (its fingerprint in app/content/sequence-earlier-defaults.json)
 * takes this release's text: a step the owner edited is never overwritten.
 */
export async function seedSequenceSteps(): Promise<void> {
  // Two statements whatever the number of steps: the queue runs this before every pass.
  await db()
    .insert(sequenceSteps)
    .values(
      DEFAULT_STEPS.map(({ id, guide, position, subject, preview, body, delayMinutes }) => ({
        id,
        guide,
        position,
        subject,
        preview,
        body,
        delayMinutes,
      })),
    )
    .onConflictDoNothing();
  const replaced: ShippedStepRefresh[] = DEFAULT_STEPS.flatMap((st) => (EARLIER[st.id] ?? []).map((print) => ({ ...st, print })));
  await refreshShippedSteps(replaced);
}

const STEP_COLUMNS = {
  id: sequenceSteps.id,
  guide: sequenceSteps.guide,
  position: sequenceSteps.position,
  subject: sequenceSteps.subject,
  preview: sequenceSteps.preview,
  body: sequenceSteps.body,
  delayMinutes: sequenceSteps.delayMinutes,
};

/** A sequence_steps row as a step: its guide one of app/lib/guides.ts (the column is plain text). */
function asStep(row: Omit<SequenceStep, "guide"> & { guide: string }): SequenceStep {
  const { guide } = row;
  if (!isGuideId(guide)) throw new Error(`Sequence step ${row.id} belongs to an unknown guide "${guide}"`);
  return { ...row, guide };
}

/** One guide's steps in order (or every guide's, by guide). */
export async function listSteps(guide?: GuideId): Promise<SequenceStep[]> {
  await seedSequenceSteps();
  const rows = await db()
    .select(STEP_COLUMNS)
    .from(sequenceSteps)
    .where(guide ? eq(sequenceSteps.guide, guide) : undefined)
    .orderBy(asc(sequenceSteps.guide), asc(sequenceSteps.position));
  return rows.map(asStep);
}

export async function findStep(id: string): Promise<SequenceStep | undefined> {
  const [row] = await db().select(STEP_COLUMNS).from(sequenceSteps).where(eq(sequenceSteps.id, id));
  return row && asStep(row);
}

/**
 * Whether no step of its sequence comes after this one (the step that invites the reader to the
 * newsletter): for a reader, the last their consent covers (EARLIER_WORDING_LAST_POSITION).
 */
export async function isLastStep(step: Pick<SequenceStep, "guide" | "position">, contactId?: number): Promise<boolean> {
  const [steps] = await db()
    .select({ last: max(sequenceSteps.position) })
    .from(sequenceSteps)
    .where(eq(sequenceSteps.guide, step.guide));
  const [enrollment] =
    contactId === undefined
      ? []
      : await db()
          .select({ last: sequenceEnrollments.lastPosition })
          .from(sequenceEnrollments)
          .where(and(eq(sequenceEnrollments.contactId, contactId), eq(sequenceEnrollments.guide, step.guide)));
  // least() of the two: the one that is there, or the smaller.
  const lasts = [steps?.last, enrollment?.last].filter((n): n is number => n !== null && n !== undefined);
  return lasts.length > 0 && Math.min(...lasts) === step.position;
}

const PAUSED_KEY = "sequence_paused";

export async function isSequencePaused(): Promise<boolean> {
  const [row] = await db().select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, PAUSED_KEY));
  return row?.value === true;
}

export async function setSequencePaused(paused: boolean): Promise<void> {
  await db()
    .insert(siteSettings)
    .values({ key: PAUSED_KEY, value: paused, updatedAt: sql`now()` })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: paused, updatedAt: sql`now()` } });
}

/** Addresses that bought: the sequences' last steps sell the toolkit, so they stop for them. */
const bought = (tx: Executor, contactEmail: SQLWrapper) =>
  exists(
    tx
      .select({ one: sql`1` })
      .from(orders)
      .where(and(eq(sql`lower(${orders.customerEmail})`, contactEmail), inArray(orders.status, ["paid", "refunded", "disputed"]))),
  );

/**
 * Start a guide's sequence for a contact that just proved its address, if it asked for that guide,
 * consented under wording that promised the follow-ups, is not suppressed, has not bought, and was
 * never enrolled in that guide's sequence. Returns whether it was enrolled now.
 *
 * The checks and the insert run in one transaction; the enrolment's key (contact, guide) makes a
 * second one at the same moment insert nothing, as the single statement this was did.
 */
export async function enrollIfEligible(contactId: number, guide: GuideId, now: Date = new Date()): Promise<boolean> {
  await seedSequenceSteps();
  return db().transaction(async (tx) => {
    const [contact] = await tx
      .select({ id: contacts.id, email: contacts.email })
      .from(contacts)
      .where(
        and(eq(contacts.id, contactId), isNull(contacts.suppression), isNotNull(contacts.provedAt), sql`not ${bought(tx, contacts.email)}`),
      );
    if (!contact) return false;
    const lead = tx
      .select({ createdAt: leads.createdAt })
      .from(leads)
      .where(and(eq(leads.email, contact.email), eq(leads.guide, guide)));
    const [asked] = await lead;
    if (!asked) return false;
    const followups = and(eq(consents.contactId, contact.id), eq(consents.purpose, "guide_followups"), isNull(consents.withdrawnAt));
    const [agreed] = await tx
      .select({ id: consents.id })
      .from(consents)
      .where(and(followups, inArray(consents.wordingVersion, [...LEAD_FOLLOWUP_VERSIONS])))
      .limit(1);
    if (!agreed) return false;
    const [first] = await tx
      .select({ position: sequenceSteps.position, delayMinutes: sequenceSteps.delayMinutes })
      .from(sequenceSteps)
      .where(eq(sequenceSteps.guide, guide))
      .orderBy(asc(sequenceSteps.position))
      .limit(1);
    if (!first) return false;
    const enrolled = await tx
      .insert(sequenceEnrollments)
      .values({
        contactId: contact.id,
        guide,
        status: "active",
        nextPosition: first.position,
        lastSentAt: now,
        nextAt: new Date(now.getTime() + first.delayMinutes * 60_000),
        lastPosition: await consentCap(tx, followups, lead, guide),
      })
      .onConflictDoNothing()
      .returning({ contactId: sequenceEnrollments.contactId });
    return enrolled.length === 1;
  });
}

/**
 * The last position a reader's consent covers: that of the earlier wording of the consent given
 * with this guide's lead (the same statement wrote both, so not after the lead), not a later one
 * for the other guide; null (every step) under any other wording.
 */
async function consentCap(tx: Executor, followups: SQL | undefined, lead: SQLWrapper, guide: GuideId): Promise<number | null> {
  const caps = EARLIER_WORDING_LAST_POSITION.filter((w) => w.guide === guide);
  if (caps.length === 0) return null;
  const [capped] = await tx
    .select({ version: consents.wordingVersion })
    .from(consents)
    .where(
      and(
        followups,
        inArray(
          consents.wordingVersion,
          caps.map((w) => w.version),
        ),
        lte(consents.createdAt, sql`(${lead})`),
      ),
    )
    .orderBy(desc(consents.createdAt))
    .limit(1);
  return caps.find((w) => w.version === capped?.version)?.last ?? null;
}

/** The key of the lock that lets one server at a time queue steps (two would each send a contact "its" one step today). */
const QUEUE_LOCK = 4_004_001;

/** The enrolments of these (contact, guide) pairs. */
const enrollmentIn = (rows: readonly { contactId: number; guide: string }[]) =>
  sql`(${sequenceEnrollments.contactId}, ${sequenceEnrollments.guide}) in (${sql.join(
    rows.map((d) => sql`(${d.contactId}::int, ${d.guide}::text)`),
    sql`, `,
  )})`;

/**
 * Stop everyone who bought or became suppressed since, then queue each step that is due (in the
 * outbox, one row per contact and step) and move the enrolment to its next step (or to done). A
 * contact gets at most one step a day: a due step whose contact had another within STEP_GAP_MINUTES
 * waits until that much after it. Nothing is queued while the owner has paused the sequences.
 * Returns how many were queued.
 */
export async function queueDueSteps(now: Date = new Date(), limit = 500): Promise<number> {
  const e = sequenceEnrollments;
  await db()
    .update(e)
    .set({ status: "stopped", stoppedReason: "purchased" })
    .where(
      and(
        eq(e.status, "active"),
        inArray(e.contactId, db().select({ id: contacts.id }).from(contacts).where(bought(db(), contacts.email))),
      ),
    );
  await db()
    .update(e)
    .set({ status: "stopped", stoppedReason: sql`${contacts.suppression}` })
    .from(contacts)
    .where(and(eq(e.contactId, contacts.id), eq(e.status, "active"), isNotNull(contacts.suppression)));
  if (await isSequencePaused()) return 0;
  await seedSequenceSteps();
  const gapMs = STEP_GAP_MINUTES * 60_000;
  return db().transaction(async (tx) => {
    if (!(await tryTransactionLock(tx, QUEUE_LOCK))) return 0;
    // Due, but the contact had a step (of any sequence) less than a day ago: due a day after that one.
    const other = alias(sequenceEnrollments, "o");
    const othersOfContact = eq(other.contactId, e.contactId);
    await tx
      .update(e)
      .set({
        nextAt: sql`(${tx
          .select({ last: max(other.stepSentAt) })
          .from(other)
          .where(othersOfContact)}) + make_interval(mins => ${STEP_GAP_MINUTES})`,
      })
      .where(
        and(
          eq(e.status, "active"),
          lte(e.nextAt, now),
          exists(
            tx
              .select({ one: sql`1` })
              .from(other)
              .where(and(othersOfContact, gt(other.stepSentAt, new Date(now.getTime() - gapMs)))),
          ),
        ),
      );
    const due = await tx
      .select({ contactId: e.contactId, guide: e.guide, stepId: sequenceSteps.id, email: contacts.email })
      .from(e)
      .innerJoin(sequenceSteps, and(eq(sequenceSteps.guide, e.guide), eq(sequenceSteps.position, e.nextPosition)))
      .innerJoin(contacts, eq(contacts.id, e.contactId))
      .where(and(eq(e.status, "active"), lte(e.nextAt, now)))
      .orderBy(asc(e.nextAt), asc(e.createdAt))
      .limit(limit)
      .for("update", { of: e, skipLocked: true });
    if (due.length === 0) return 0;
    // One step per contact now; its other due sequences wait a day.
    const seen = new Set<number>();
    const now1 = due.filter((d) => !seen.has(d.contactId) && seen.add(d.contactId));
    const later = due.filter((d) => !now1.includes(d));
    if (later.length > 0) {
      await tx
        .update(e)
        .set({ nextAt: new Date(now.getTime() + gapMs) })
        .where(enrollmentIn(later));
    }
    await tx
      .insert(outbox)
      .values(
        now1.map((d) =>
          outboxValues({
            kind: "sequence-step",
            dedupeKey: `seq:${d.contactId}:${d.stepId}`,
            toAddress: d.email,
            payload: { contactId: d.contactId, stepId: d.stepId },
          }),
        ),
      )
      .onConflictDoNothing({ target: outbox.dedupeKey });
    // The next step after the one just queued: its delay counts from now; none left means done.
    await advanceQueuedEnrollments(tx, now1, now);
    return now1.length;
  });
}

/** Stop a contact's sequences (send time found a purchase). */
export async function stopEnrollment(contactId: number, reason: string): Promise<void> {
  await db()
    .update(sequenceEnrollments)
    .set({ status: "stopped", stoppedReason: reason })
    .where(and(eq(sequenceEnrollments.contactId, contactId), eq(sequenceEnrollments.status, "active")));
}

/** Whether a queued step may still go to this contact: enrolled in its guide's sequence, not stopped, and has not bought. */
export async function stepStillWanted(contactId: number, stepId: string): Promise<{ ok: true } | { ok: false; reason: string }> {
  const e = sequenceEnrollments;
  const [row] = await db()
    .select({ status: e.status, stoppedReason: e.stoppedReason, bought: sql<boolean>`${bought(db(), contacts.email)}`.mapWith(Boolean) })
    .from(e)
    .innerJoin(contacts, eq(contacts.id, e.contactId))
    .innerJoin(sequenceSteps, and(eq(sequenceSteps.guide, e.guide), eq(sequenceSteps.id, stepId)))
    .where(eq(e.contactId, contactId));
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
  const [step] = await db()
    .update(sequenceSteps)
    .set({ subject: edit.subject, preview: edit.preview, body: edit.body, delayMinutes: edit.delayMinutes, updatedAt: sql`now()` })
    .where(eq(sequenceSteps.id, id))
    .returning({ guide: sequenceSteps.guide, position: sequenceSteps.position });
  if (!step) return false;
  await rescheduleWaiting(step, edit.delayMinutes);
  return true;
}

/** Everyone waiting for this step: due `delayMinutes` after the step before it reached them. */
export async function rescheduleWaiting(step: { guide: string; position: number }, delayMinutes: number): Promise<void> {
  await db()
    .update(sequenceEnrollments)
    .set({ nextAt: sql`${sequenceEnrollments.lastSentAt} + make_interval(mins => ${delayMinutes})` })
    .where(
      and(
        eq(sequenceEnrollments.status, "active"),
        eq(sequenceEnrollments.guide, step.guide),
        eq(sequenceEnrollments.nextPosition, step.position),
      ),
    );
}
