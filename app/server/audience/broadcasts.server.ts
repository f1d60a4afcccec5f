/**
 * Broadcasts: one-off e-mails to the list (and, with a product, updates to its buyers: decision
 * 071, audience/product-updates.server.ts, which reuses the steps below). A draft (or a scheduled one) is edited under a version
 * number, so a stale tab is refused; starting it queues every recipient in the outbox in one
 * INSERT ... SELECT (dedupe key bc:<broadcast>:<contact>: each contact once, whatever is repeated);
 * pause, resume and cancel act on the broadcast's status, which the outbox reads when it claims a
 * row and the mailer again just before sending it.
 */
import { and, desc, eq, inArray, isNotNull, isNull, lt, lte, notExists, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { BROADCAST_KINDS, broadcasts, outbox, sqlWordList, type BroadcastAudience, type BroadcastStatus } from "../../../db/schema";
import { BROADCAST_MESSAGES, type BroadcastInput, type BroadcastSendInput } from "~/lib/forms/broadcast";
import { audienceWhere, countAudience, type Segment } from "~/server/audience/audience.server";
import { queueBroadcastRecipients } from "~/server/audience/audience.sql.server";
import { db, type Executor } from "~/server/db.server";
import { wakeOutbox } from "~/server/mail/outbox.server";

export type Broadcast = {
  id: number;
  subject: string;
  preview: string;
  body: string;
  audiences: BroadcastAudience[];
  /** Within the audiences, only contacts with any of these tags (none: everyone in them). */
  includeTags: string[];
  /** Contacts with any of these tags are left out. */
  excludeTags: string[];
  /** A product update's product (its buyers get it, not the audiences); null for a newsletter broadcast. */
  productId: string | null;
  status: BroadcastStatus;
  scheduledAt: Date | null;
  version: number;
  queued: number;
  startedAt: Date | null;
  finishedAt: Date | null;
  createdAt: Date;
};

const COLUMNS = {
  id: broadcasts.id,
  subject: broadcasts.subject,
  preview: broadcasts.preview,
  body: broadcasts.body,
  audiences: broadcasts.audiences,
  includeTags: broadcasts.includeTags,
  excludeTags: broadcasts.excludeTags,
  productId: broadcasts.productId,
  status: broadcasts.status,
  scheduledAt: broadcasts.scheduledAt,
  version: broadcasts.version,
  queued: broadcasts.queued,
  startedAt: broadcasts.startedAt,
  finishedAt: broadcasts.finishedAt,
  createdAt: broadcasts.createdAt,
};

export async function findBroadcast(id: number): Promise<Broadcast | undefined> {
  const [row] = await db().select(COLUMNS).from(broadcasts).where(eq(broadcasts.id, id));
  return row;
}

/** Newsletter broadcasts and product updates: one table, two pages (each lists its own). */
export type BroadcastSort = "newsletter" | "product-update";

/** The condition on a broadcasts row for its sort. */
export const ofSort = (sort: BroadcastSort) => (sort === "newsletter" ? isNull(broadcasts.productId) : isNotNull(broadcasts.productId));

export async function listBroadcasts(sort: BroadcastSort = "newsletter"): Promise<Broadcast[]> {
  return db().select(COLUMNS).from(broadcasts).where(ofSort(sort)).orderBy(desc(broadcasts.id));
}

/** Editing stops once a broadcast has started: its recipients must all get the same e-mail. */
export const EDITABLE: readonly BroadcastStatus[] = ["draft", "scheduled"];

/** Why a change was not made (nothing changed). */
export type Refusal = { refused: string; httpStatus: 400 | 404 | 409 };

export type SaveOutcome = { saved: number } | Refusal;

const stale = (noun: string) =>
  `This ${noun} was changed in another tab or by someone else since you opened it: reload to see it, then edit again.`;

/** Why a change to this broadcast (of this sort) at this version is refused (it was not made), after it was. */
export async function whyRefused(id: number, sort: BroadcastSort = "newsletter"): Promise<Refusal> {
  const noun = sort === "newsletter" ? "broadcast" : "update";
  const current = await findBroadcast(id);
  if (!current || (current.productId === null) !== (sort === "newsletter")) {
    return { refused: sort === "newsletter" ? "No such broadcast." : "No such update.", httpStatus: 404 };
  }
  if (!EDITABLE.includes(current.status)) {
    return {
      refused: `This ${noun} is ${current.status}: it was already sent or started, and cannot be sent or changed again.`,
      httpStatus: 409,
    };
  }
  return { refused: stale(noun), httpStatus: 409 };
}

/** A new draft (id 0) or an edit of a draft or scheduled broadcast at the version it was loaded with. */
export async function saveBroadcast(input: BroadcastInput, made: { articleId?: number } = {}): Promise<SaveOutcome> {
  const content = {
    subject: input.subject,
    preview: input.preview,
    body: input.body,
    audiences: input.audiences,
    includeTags: input.includeTags,
    excludeTags: input.excludeTags,
  };
  if (input.id === 0) {
    const [row] = await db()
      .insert(broadcasts)
      .values({ ...content, articleId: made.articleId ?? null })
      .returning({ id: broadcasts.id });
    return { saved: row!.id };
  }
  const [row] = await db()
    .update(broadcasts)
    .set({ ...content, version: sql`${broadcasts.version} + 1`, updatedAt: sql`now()` })
    .where(atVersion(input.id, input.version))
    .returning({ id: broadcasts.id });
  return row ? { saved: row.id } : whyRefused(input.id);
}

/** This broadcast (of this sort) at the version it was loaded with, while it can still be edited. */
export const atVersion = (id: number, version: number, sort: BroadcastSort = "newsletter") =>
  and(eq(broadcasts.id, id), eq(broadcasts.version, version), inArray(broadcasts.status, EDITABLE), ofSort(sort));

/** Queue every recipient of this broadcast in one statement (audience.sql.server.ts); returns how many rows it wrote. */
function queueRecipients(tx: Executor, id: number, segment: Segment): Promise<number> {
  return queueBroadcastRecipients(tx, id, audienceWhere(segment));
}

export type StartOutcome = { started: "now"; queued: number } | { started: "scheduled"; at: Date; recipients: number } | SaveOutcome;

class NoRecipients extends Error {}

const NO_RECIPIENTS = "Nobody would get this broadcast: no contact in the chosen audiences has a current consent and no suppression.";

/**
 * Send now (queue everyone in one transaction) or at a later time. Refused, with nothing changed:
 * a stale version, a broadcast already started, a time in the past, no recipients.
 */
export async function startBroadcast(input: Omit<BroadcastSendInput, "intent">, now: Date = new Date()): Promise<StartOutcome> {
  if (input.when === "later") {
    if (!input.scheduledAt) return { refused: BROADCAST_MESSAGES.noTime, httpStatus: 400 };
    if (input.scheduledAt.getTime() <= now.getTime()) {
      return { refused: BROADCAST_MESSAGES.pastTime, httpStatus: 400 };
    }
    const current = await findBroadcast(input.id);
    const recipients = current ? await countAudience(current) : 0;
    if (current && EDITABLE.includes(current.status) && recipients === 0) return { refused: NO_RECIPIENTS, httpStatus: 400 };
    const [row] = await db()
      .update(broadcasts)
      .set({ status: "scheduled", scheduledAt: input.scheduledAt, version: sql`${broadcasts.version} + 1`, updatedAt: sql`now()` })
      .where(atVersion(input.id, input.version))
      .returning({ id: broadcasts.id });
    return row ? { started: "scheduled", at: input.scheduledAt, recipients } : whyRefused(input.id);
  }
  try {
    const queued = await db().transaction(async (tx) => {
      const [row] = await tx
        .update(broadcasts)
        .set({ status: "sending", startedAt: now, version: sql`${broadcasts.version} + 1`, updatedAt: sql`now()` })
        .where(atVersion(input.id, input.version))
        .returning({ audiences: broadcasts.audiences, includeTags: broadcasts.includeTags, excludeTags: broadcasts.excludeTags });
      if (!row) return undefined;
      const n = await queueRecipients(tx, input.id, row);
      if (n === 0) throw new NoRecipients();
      await tx.update(broadcasts).set({ queued: n }).where(eq(broadcasts.id, input.id));
      return n;
    });
    if (queued === undefined) return whyRefused(input.id);
    wakeOutbox();
    return { started: "now", queued };
  } catch (error) {
    if (error instanceof NoRecipients) return { refused: NO_RECIPIENTS, httpStatus: 400 };
    throw error;
  }
}

export type BroadcastAction = "pause" | "resume" | "cancel";

const TRANSITIONS: Record<BroadcastAction, { from: BroadcastStatus[]; to: BroadcastStatus }> = {
  pause: { from: ["sending"], to: "paused" },
  resume: { from: ["paused"], to: "sending" },
  cancel: { from: ["scheduled", "sending", "paused"], to: "cancelled" },
};

/**
 * Pause, resume or cancel. Rows not yet sent stop at once (the outbox claims a broadcast's rows
 * only while it is sending, and the mailer checks again just before each send); a cancel marks
 * the waiting rows cancelled. Returns false when the broadcast was not in a state for it.
 */
export async function changeBroadcast(id: number, action: BroadcastAction): Promise<boolean> {
  const { from, to } = TRANSITIONS[action];
  return db().transaction(async (tx) => {
    const changed = await tx
      .update(broadcasts)
      .set({
        status: to,
        version: sql`${broadcasts.version} + 1`,
        updatedAt: sql`now()`,
        ...(to === "cancelled" ? { finishedAt: sql`now()` } : {}),
      })
      .where(and(eq(broadcasts.id, id), inArray(broadcasts.status, from)))
      .returning({ id: broadcasts.id });
    if (changed.length === 0) return false;
    if (to === "cancelled") {
      await tx
        .update(outbox)
        .set({ status: "cancelled", sentInfo: "broadcast cancelled", claimToken: null, lockedUntil: null })
        .where(and(broadcastRowsWaiting(sql`${id}::int`), or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, sql`now()`))));
    }
    if (to === "sending") wakeOutbox();
    return true;
  });
}

/**
 * A broadcast's rows still waiting in the outbox (a product update's too): their kinds and status
 * as literals, the broadcast by the payload's id, as the partial index outbox_broadcast_pending_idx
 * says them.
 */
function broadcastRowsWaiting(broadcastId: SQL | AnyColumn) {
  return sql`${outbox.kind} in (${sqlWordList(BROADCAST_KINDS)}) and ${outbox.status} = 'pending' and (${outbox.payload}->>'broadcastId')::int = ${broadcastId}`;
}

export type BroadcastToSend = Broadcast | { hold: string } | { cancel: string };

/** What the mailer does with a broadcast's row just before sending: send, hold (paused) or drop (cancelled). */
export async function broadcastToSend(id: number): Promise<BroadcastToSend> {
  return (await broadcastsToSend([id])).get(id)!;
}

/** broadcastToSend for the broadcasts of many rows about to go, in one query. */
export async function broadcastsToSend(ids: number[]): Promise<Map<number, BroadcastToSend>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const found = await db().select(COLUMNS).from(broadcasts).where(inArray(broadcasts.id, unique));
  return new Map(
    unique.map((id): [number, BroadcastToSend] => {
      const broadcast = found.find((b) => b.id === id);
      if (!broadcast || broadcast.status === "cancelled") return [id, { cancel: `broadcast ${id} ${broadcast ? "cancelled" : "missing"}` }];
      if (broadcast.status !== "sending" && broadcast.status !== "sent") return [id, { hold: `broadcast ${id} is ${broadcast.status}` }];
      return [id, broadcast];
    }),
  );
}

/**
 * Run before each outbox pass: scheduled broadcasts that are due start (each in its own
 * transaction, skipped by another server doing the same), and sending ones with nothing left
 * waiting are marked sent.
 */
export async function queueDueBroadcasts(now: Date = new Date()): Promise<number> {
  let started = 0;
  for (;;) {
    const id = await db().transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: broadcasts.id,
          audiences: broadcasts.audiences,
          includeTags: broadcasts.includeTags,
          excludeTags: broadcasts.excludeTags,
        })
        .from(broadcasts)
        // A product update is never scheduled (it goes when the owner confirms it): only the newsletter's.
        .where(and(eq(broadcasts.status, "scheduled"), lte(broadcasts.scheduledAt, now), ofSort("newsletter")))
        .orderBy(broadcasts.scheduledAt)
        .limit(1)
        .for("update", { skipLocked: true });
      if (!row) return undefined;
      const n = await queueRecipients(tx, row.id, row);
      // Everyone left the audiences since it was scheduled: it ends sent to nobody, as the figures show.
      await tx
        .update(broadcasts)
        .set({
          status: n > 0 ? "sending" : "sent",
          startedAt: now,
          queued: n,
          finishedAt: n > 0 ? null : now,
          version: sql`${broadcasts.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(broadcasts.id, row.id));
      return row.id;
    });
    if (id === undefined) break;
    started++;
  }
  await db()
    .update(broadcasts)
    .set({ status: "sent", finishedAt: sql`now()` })
    .where(
      and(
        eq(broadcasts.status, "sending"),
        notExists(
          db()
            .select({ one: sql`1` })
            .from(outbox)
            .where(broadcastRowsWaiting(broadcasts.id)),
        ),
      ),
    );
  if (started > 0) wakeOutbox();
  return started;
}
