/**
 * Whether our own sending works (issue 51, decision 065). A refusal about us, not about a reader
 * (the connection, the login, the sender address, every message, or several readers in a row
 * with one answer), pauses every kind of mail: the rows stay pending, nobody is suppressed, the
 * dashboard shows the server's words on every page. One real message, the oldest waiting, is the
 * probe: it goes at a growing wait (30 s, 1, 2, 4, 8, then every 15 minutes) or at once when the
 * owner presses Retry, and when the server takes it, sending resumes by itself. The state is one
 * row in the database, so every server pauses and resumes together.
 */
import { eq, sql } from "drizzle-orm";
import { mailSending, outbox, type SendingStage } from "../../../db/schema";
import { recordAudit } from "~/server/audit.server";
import { db } from "~/server/db.server";
import { log } from "~/server/log.server";

/** The wait before the next probe after `failedProbes` failed ones: 30 s doubling, at most 15 minutes. */
export function probeDelayMs(failedProbes: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, failedProbes), 15 * 60 * 1000);
}

export type SendingState =
  | { paused: false; resumedAt: Date | null; resumedHow: string | null }
  | {
      paused: true;
      since: Date;
      stage: SendingStage;
      serverWords: string;
      probes: number;
      nextProbeAt: Date;
      lastProbeAt: Date | null;
    };

const WORKING: SendingState = { paused: false, resumedAt: null, resumedHow: null };

export async function sendingState(): Promise<SendingState> {
  const [row] = await db().select().from(mailSending).where(eq(mailSending.id, 1));
  if (!row?.pausedAt) return row ? { paused: false, resumedAt: row.resumedAt, resumedHow: row.resumedHow } : WORKING;
  return {
    paused: true,
    since: row.pausedAt,
    stage: row.stage ?? "connection",
    serverWords: row.serverWords ?? "",
    probes: row.probes,
    nextProbeAt: row.nextProbeAt ?? row.pausedAt,
    lastProbeAt: row.lastProbeAt,
  };
}

/**
 * Pause every send: the mail server refused something about us. Already paused, the server's
 * latest words replace the old ones and the wait before the next probe stays as it was.
 */
export async function pauseSending(stage: SendingStage, serverWords: string): Promise<void> {
  const words = serverWords.slice(0, 500);
  const [row] = await db()
    .insert(mailSending)
    .values({ id: 1, pausedAt: new Date(), stage, serverWords: words, probes: 0, nextProbeAt: new Date(Date.now() + probeDelayMs(0)) })
    .onConflictDoUpdate({
      target: mailSending.id,
      set: {
        pausedAt: sql`coalesce(${mailSending.pausedAt}, now())`,
        stage,
        serverWords: words,
        probes: sql`case when ${mailSending.pausedAt} is null then 0 else ${mailSending.probes} end`,
        nextProbeAt: sql`case when ${mailSending.pausedAt} is null then now() + make_interval(secs => ${probeDelayMs(0) / 1000})
          else ${mailSending.nextProbeAt} end`,
      },
    })
    .returning({ pausedAt: mailSending.pausedAt });
  log.error(`Outbox: sending paused since ${row?.pausedAt?.toISOString()}: the mail server refused at the ${stage} step: ${words}`);
}

/**
 * This worker sends the probe now, if it is time and no other worker is sending one: it holds the
 * probe for `leaseSeconds` (a worker that dies mid-probe frees it after that).
 */
export async function takeProbe(leaseSeconds: number): Promise<boolean> {
  const taken = await db()
    .update(mailSending)
    .set({ probeUntil: sql`now() + make_interval(secs => ${leaseSeconds})`, lastProbeAt: sql`now()` })
    .where(
      sql`${mailSending.id} = 1 and ${mailSending.pausedAt} is not null and ${mailSending.nextProbeAt} <= now()
        and (${mailSending.probeUntil} is null or ${mailSending.probeUntil} < now())`,
    )
    .returning({ id: mailSending.id });
  return taken.length > 0;
}

/** The probe found nothing to send: the next pass may try again as soon as a row is waiting. */
export async function releaseProbe(): Promise<void> {
  await db().update(mailSending).set({ probeUntil: null }).where(eq(mailSending.id, 1));
}

/** The probe was refused too (`failedProbes` now, this one included): still paused, with the server's latest words, and a longer wait. */
export async function probeFailed(serverWords: string, failedProbes: number): Promise<void> {
  await db()
    .update(mailSending)
    .set({
      probeUntil: null,
      probes: failedProbes,
      nextProbeAt: sql`now() + make_interval(secs => ${probeDelayMs(failedProbes) / 1000})`,
      serverWords: serverWords.slice(0, 500),
    })
    .where(sql`${mailSending.id} = 1 and ${mailSending.pausedAt} is not null`);
}

/** The server took a message again (`how`: "probe") or the owner lifted the pause: every waiting row goes. */
export async function resumeSending(how: string): Promise<void> {
  const resumed = await db()
    .update(mailSending)
    .set({
      pausedAt: null,
      stage: null,
      serverWords: null,
      probes: 0,
      nextProbeAt: null,
      probeUntil: null,
      resumedAt: sql`now()`,
      resumedHow: how,
    })
    .where(sql`${mailSending.id} = 1 and ${mailSending.pausedAt} is not null`)
    .returning({ id: mailSending.id });
  if (resumed.length > 0) log.info(`Outbox: sending resumed (${how})`);
}

/**
 * The owner's Retry on the banner: the probe goes now (the worker is woken by the caller), not at
 * its next wait. False when sending is not paused.
 */
export async function probeNow(): Promise<boolean> {
  const updated = await db()
    .update(mailSending)
    .set({ nextProbeAt: sql`now()`, probeUntil: null })
    .where(sql`${mailSending.id} = 1 and ${mailSending.pausedAt} is not null`)
    .returning({ stage: mailSending.stage });
  if (updated.length === 0) return false;
  await recordAudit("retry-sending", "mail", `the owner asked to try sending again now (paused at the ${updated[0]!.stage} step)`);
  return true;
}

/** What the banner says: the pause, and how many e-mails wait for it (they all go once it works). */
export async function sendingProblem(): Promise<(Extract<SendingState, { paused: true }> & { waiting: number }) | undefined> {
  const state = await sendingState();
  if (!state.paused) return undefined;
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(sql`${outbox.status} = 'pending' and ${outbox.dueAt} <= now()`);
  return { ...state, waiting: row?.n ?? 0 };
}
