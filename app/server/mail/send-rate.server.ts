/**
 * The list-mail send rate, held across every server process: one token-bucket row in the
 * database (mail_send_bucket), refilled by the time elapsed since it was last touched and taken
 * from in one statement, so two servers together never exceed MAIL_RATE_PER_MINUTE. The bucket
 * holds at most a quarter of a second of tokens: an idle minute does not turn into a burst, and
 * the start of a broadcast goes at the rate like the rest (with a second's worth, the first
 * 30 s of a broadcast at 1,200 a minute went 3-6 % over it: bench:broadcast, 2026-11-26).
 * A worker that is told to wait comes back when the next token is due, well inside that.
 */
import { eq, sql } from "drizzle-orm";
import { mailSendBucket } from "../../../db/schema";
import { db } from "~/server/db.server";
import { takeFromSendBucket } from "~/server/mail/mail.sql.server";

/** How much sending the bucket can hold, in seconds of the rate. */
const BUCKET_SECONDS = 0.25;

/** The bucket's size for a rate: a quarter second's worth, at least one message. */
function capacity(perMinute: number): number {
  return Math.max(1, (perMinute / 60) * BUCKET_SECONDS);
}

/**
 * Take up to `want` sends from the shared allowance. Returns how many may go now and, when that
 * is fewer than wanted, how long until the next one is due.
 */
export async function takeSends(perMinute: number, want: number): Promise<{ granted: number; waitMs: number }> {
  if (perMinute <= 0) return { granted: want, waitMs: 0 };
  if (want <= 0) return { granted: 0, waitMs: 0 };
  const perSecond = perMinute / 60;
  const cap = capacity(perMinute);
  const row = await takeFromSendBucket(cap, perSecond, want);
  if (!row) throw new Error("mail_send_bucket has no row (migration 0014 makes it)");
  const granted = Number(row.granted);
  const waitMs = granted < want ? Math.ceil(((1 - Number(row.left)) / perSecond) * 1000) : 0;
  return { granted, waitMs: Math.max(waitMs, 0) };
}

/** Sends taken but not used (fewer rows were due than the allowance granted): back to the bucket. */
export async function returnSends(perMinute: number, unused: number): Promise<void> {
  if (perMinute <= 0 || unused <= 0) return;
  await db()
    .update(mailSendBucket)
    .set({ tokens: sql`least(${capacity(perMinute)}::float8, ${mailSendBucket.tokens} + ${unused})` })
    .where(eq(mailSendBucket.id, 1));
}
