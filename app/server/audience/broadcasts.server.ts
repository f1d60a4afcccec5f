/**
 * Broadcasts: one-off e-mails to the list. A draft (or a scheduled one) is edited under a version
 * number, so a stale tab is refused; starting it queues every recipient in the outbox in one
 * INSERT ... SELECT (dedupe key bc:<broadcast>:<contact>: each contact once, whatever is repeated);
 * pause, resume and cancel act on the broadcast's status, which the outbox reads when it claims a
 * row and the mailer again just before sending it.
 */
import { sql } from "drizzle-orm";
import type { BroadcastAudience, BroadcastStatus } from "../../../db/schema";
import { BROADCAST_MESSAGES, type BroadcastInput, type BroadcastSendInput } from "~/lib/forms/broadcast";
import { audienceWhere, countAudience, segmentOf, type Segment } from "~/server/audience/audience.server";
import { db, rowsOf } from "~/server/db.server";
import { INSERT_INTO_OUTBOX, outboxSelect, wakeOutbox } from "~/server/mail/outbox.server";

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
  status: BroadcastStatus;
  scheduledAt: Date | null;
  version: number;
  queued: number;
  startedAt: Date | null;
  finishedAt: Date | null;
  createdAt: Date;
};

const COLUMNS = sql`id, subject, preview, body, audiences, include_tags as "includeTags", exclude_tags as "excludeTags", status, scheduled_at as "scheduledAt", version, queued,
  started_at as "startedAt", finished_at as "finishedAt", created_at as "createdAt"`;

function toBroadcast(row: Broadcast): Broadcast {
  const date = (v: Date | string | null) => (v === null ? null : new Date(v));
  return {
    ...row,
    ...(segmentOf(row) as Pick<Broadcast, "audiences" | "includeTags" | "excludeTags">),
    scheduledAt: date(row.scheduledAt),
    startedAt: date(row.startedAt),
    finishedAt: date(row.finishedAt),
    createdAt: new Date(row.createdAt),
  };
}

export async function findBroadcast(id: number): Promise<Broadcast | undefined> {
  const [row] = rowsOf<Broadcast>(await db().execute(sql`select ${COLUMNS} from broadcasts where id = ${id}`));
  return row && toBroadcast(row);
}

export async function listBroadcasts(): Promise<Broadcast[]> {
  return rowsOf<Broadcast>(await db().execute(sql`select ${COLUMNS} from broadcasts order by id desc`)).map(toBroadcast);
}

/** Editing stops once a broadcast has started: its recipients must all get the same e-mail. */
const EDITABLE: readonly BroadcastStatus[] = ["draft", "scheduled"];

export type SaveOutcome = { saved: number } | { refused: string; httpStatus: 400 | 404 | 409 };

const STALE = "This broadcast was changed in another tab or by someone else since you opened it: reload to see it, then edit again.";

/** Why a change to this broadcast at this version is refused (it was not made), after it was. */
async function whyRefused(id: number): Promise<SaveOutcome> {
  const current = await findBroadcast(id);
  if (!current) return { refused: "No such broadcast.", httpStatus: 404 };
  if (!EDITABLE.includes(current.status)) {
    return {
      refused: `This broadcast is ${current.status}: it was already sent or started, and cannot be sent or changed again.`,
      httpStatus: 409,
    };
  }
  return { refused: STALE, httpStatus: 409 };
}

/** A new draft (id 0) or an edit of a draft or scheduled broadcast at the version it was loaded with. */
export async function saveBroadcast(input: BroadcastInput, made: { articleId?: number } = {}): Promise<SaveOutcome> {
  const audiences = JSON.stringify(input.audiences);
  const include = JSON.stringify(input.includeTags);
  const exclude = JSON.stringify(input.excludeTags);
  if (input.id === 0) {
    const [row] = rowsOf<{ id: number }>(
      await db().execute(sql`
        insert into broadcasts (subject, preview, body, audiences, include_tags, exclude_tags, article_id)
        values (${input.subject}, ${input.preview}, ${input.body}, ${audiences}::jsonb, ${include}::jsonb, ${exclude}::jsonb, ${made.articleId ?? null})
        returning id
      `),
    );
    return { saved: row!.id };
  }
  const rows = rowsOf<{ id: number }>(
    await db().execute(sql`
      update broadcasts set subject = ${input.subject}, preview = ${input.preview}, body = ${input.body}, audiences = ${audiences}::jsonb,
        include_tags = ${include}::jsonb, exclude_tags = ${exclude}::jsonb, version = version + 1, updated_at = now()
      where id = ${input.id} and version = ${input.version} and status in ('draft', 'scheduled')
      returning id
    `),
  );
  return rows[0] ? { saved: rows[0].id } : whyRefused(input.id);
}

/** Queue every recipient of this broadcast in one statement; returns how many rows it wrote. */
async function queueRecipients(tx: Pick<ReturnType<typeof db>, "execute">, id: number, segment: Segment): Promise<number> {
  // Counted in the database: 100,000 ids need not travel back to be counted (issue 44).
  const [queued] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      with queued as (
        ${INSERT_INTO_OUTBOX}
        ${outboxSelect({
          kind: "broadcast",
          dedupeKey: sql<string>`${`bc:${id}:`} || c.id`,
          toAddress: sql<string>`c.email`,
          payload: { broadcastId: sql<number>`${id}::int`, contactId: sql<number>`c.id` },
        })}
        from contacts c where ${audienceWhere(segment)}
        on conflict (dedupe_key) do nothing
        returning 1
      )
      select count(*)::int as n from queued
    `),
  );
  return queued?.n ?? 0;
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
    const rows = rowsOf(
      await db().execute(sql`
        update broadcasts set status = 'scheduled', scheduled_at = ${input.scheduledAt.toISOString()}::timestamptz, version = version + 1, updated_at = now()
        where id = ${input.id} and version = ${input.version} and status in ('draft', 'scheduled')
        returning id
      `),
    );
    return rows[0] ? { started: "scheduled", at: input.scheduledAt, recipients } : whyRefused(input.id);
  }
  try {
    const queued = await db().transaction(async (tx) => {
      const [row] = rowsOf<{ audiences: unknown; includeTags: unknown; excludeTags: unknown }>(
        await tx.execute(sql`
          update broadcasts set status = 'sending', started_at = ${now.toISOString()}::timestamptz, version = version + 1, updated_at = now()
          where id = ${input.id} and version = ${input.version} and status in ('draft', 'scheduled')
          returning audiences, include_tags as "includeTags", exclude_tags as "excludeTags"
        `),
      );
      if (!row) return undefined;
      const n = await queueRecipients(tx, input.id, segmentOf(row));
      if (n === 0) throw new NoRecipients();
      await tx.execute(sql`update broadcasts set queued = ${n} where id = ${input.id}`);
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
    const rows = rowsOf(
      await tx.execute(sql`
        update broadcasts set status = ${to}, version = version + 1, updated_at = now(),
          finished_at = ${to === "cancelled" ? sql`now()` : sql`finished_at`}
        where id = ${id} and status in (${sql.join(
          from.map((s) => sql`${s}`),
          sql`, `,
        )})
        returning id
      `),
    );
    if (rows.length === 0) return false;
    if (to === "cancelled") {
      await tx.execute(sql`
        update outbox set status = 'cancelled', sent_info = 'broadcast cancelled', claim_token = null, locked_until = null
        where kind = 'broadcast' and (payload->>'broadcastId')::int = ${id} and status = 'pending'
          and (locked_until is null or locked_until < now())
      `);
    }
    if (to === "sending") wakeOutbox();
    return true;
  });
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
  const found = rowsOf<Broadcast>(
    await db().execute(
      sql`select ${COLUMNS} from broadcasts where id in (${sql.join(
        unique.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    ),
  ).map(toBroadcast);
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
      const [row] = rowsOf<{ id: number; audiences: unknown; includeTags: unknown; excludeTags: unknown }>(
        await tx.execute(sql`
          select id, audiences, include_tags as "includeTags", exclude_tags as "excludeTags" from broadcasts
          where status = 'scheduled' and scheduled_at <= ${now.toISOString()}::timestamptz
          order by scheduled_at limit 1 for update skip locked
        `),
      );
      if (!row) return undefined;
      const n = await queueRecipients(tx, row.id, segmentOf(row));
      // Everyone left the audiences since it was scheduled: it ends sent to nobody, as the figures show.
      await tx.execute(sql`
        update broadcasts set status = ${n > 0 ? "sending" : "sent"}, started_at = ${now.toISOString()}::timestamptz, queued = ${n},
          finished_at = ${n > 0 ? null : now.toISOString()}::timestamptz, version = version + 1, updated_at = now()
        where id = ${row.id}
      `);
      return row.id;
    });
    if (id === undefined) break;
    started++;
  }
  await db().execute(sql`
    update broadcasts b set status = 'sent', finished_at = now()
    where b.status = 'sending' and not exists (
      select 1 from outbox o where o.kind = 'broadcast' and (o.payload->>'broadcastId')::int = b.id and o.status = 'pending'
    )
  `);
  if (started > 0) wakeOutbox();
  return started;
}
