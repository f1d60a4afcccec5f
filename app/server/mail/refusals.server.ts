/**
 * What a mail server's refusal is about (issue 51, decision 065): one reader, or us. Only a
 * permanent refusal (5xx) of the reader's own address at RCPT TO is about that reader, and even
 * then it suppresses the address only once the server has taken a message to someone else after
 * it: the same refusal for several readers in a row ("550 5.7.1 relaying denied" for everyone) is
 * a sending problem, and suppressing each reader it touched would silence the whole list.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { mailRefusals, outbox, type SendingStage } from "../../../db/schema";
import { suppress } from "~/server/audience/contacts.server";
import { db } from "~/server/db.server";
import { log } from "~/server/log.server";

/**
 * A refusal as the outbox acts on it: `reader` (this address, at RCPT TO) or `sending` (about us:
 * every message would meet it). Anything else (a 4xx, a dropped connection, our own timeout) is
 * none of these: retried as before.
 */
export type Refusal =
  | { about: "reader"; address: string; code: number; words: string }
  | { about: "sending"; stage: SendingStage; code: number; words: string };

/** The SMTP step nodemailer names in `error.command`, as the owner's banner names it. */
function stageOf(command: string): SendingStage {
  if (command.startsWith("AUTH")) return "login";
  if (command === "MAIL FROM") return "sender";
  if (command === "DATA") return "message";
  // CONN (the greeting), EHLO/HELO, STARTTLS, and any other step before a message.
  return "connection";
}

/** What nodemailer's error says (its `responseCode`, `command` and `response`), classified. */
export function classifyRefusal(error: unknown, address: string): Refusal | undefined {
  const e = error as { responseCode?: unknown; command?: unknown; response?: unknown; message?: unknown };
  const code = e.responseCode;
  if (typeof code !== "number" || code < 500 || code > 599) return undefined;
  const words = String(e.response ?? e.message ?? code).slice(0, 500);
  const command = typeof e.command === "string" ? e.command : "";
  if (command === "RCPT TO") return { about: "reader", address, code, words };
  return { about: "sending", stage: stageOf(command), code, words };
}

/**
 * What makes two refusals "the same": the reply code and its enhanced status code ("550 5.1.1"),
 * not the words around them (which often quote the address).
 */
export function refusalKey(code: number, words: string): string {
  const enhanced = /\b([245]\.\d{1,3}\.\d{1,3})\b/.exec(words)?.[1];
  return enhanced ? `${code} ${enhanced}` : String(code);
}

/** Readers refused one after another, with one answer and no message taken between: about us. */
export const REFUSALS_IN_A_ROW = 3;

/** The suppression's words: "at send" marks it as the outbox's, for the owner's lift of a damaged period. */
export const atSendDetail = (code: number, words: string) => `SMTP ${code} at send (RCPT TO): ${words}`.slice(0, 400);

async function suppressRefused(refusals: { address: string; responseCode: number; response: string }[]): Promise<void> {
  for (const r of refusals) await suppress(r.address, "hard_bounce", atSendDetail(r.responseCode, r.response));
}

/**
 * Readers' addresses refused at RCPT TO in one group of sends (their rows already recorded failed).
 * Each is suppressed at once when the server took another message of the group (`othersTaken`),
 * or when its row was put back once by a run of refusals that sending has since got past;
 * otherwise recorded pending. When this makes REFUSALS_IN_A_ROW distinct readers refused alike
 * with no message taken between, they are a sending problem: their rows go back to the queue,
 * and the words for the pause come back.
 */
export async function recordReaderRefusals(
  refused: { outboxId: number; refusal: Extract<Refusal, { about: "reader" }> }[],
  othersTaken: boolean,
): Promise<{ run: false } | { run: true; words: string }> {
  if (refused.length === 0) return { run: false };
  const putBack = othersTaken
    ? new Set<number>()
    : new Set(
        (
          await db()
            .select({ outboxId: mailRefusals.outboxId })
            .from(mailRefusals)
            .where(
              and(
                inArray(
                  mailRefusals.outboxId,
                  refused.map((r) => r.outboxId),
                ),
                eq(mailRefusals.verdict, "sending_problem"),
              ),
            )
        ).map((r) => r.outboxId),
      );
  const recorded = await db()
    .insert(mailRefusals)
    .values(
      refused.map(({ outboxId, refusal }) => ({
        outboxId,
        address: refusal.address,
        responseCode: refusal.code,
        response: refusal.words,
        ...(othersTaken || putBack.has(outboxId) ? { verdict: "suppressed" as const, decidedAt: new Date() } : {}),
      })),
    )
    .returning({
      address: mailRefusals.address,
      responseCode: mailRefusals.responseCode,
      response: mailRefusals.response,
      verdict: mailRefusals.verdict,
    });
  await suppressRefused(recorded.filter((r) => r.verdict === "suppressed"));
  const latest = refused.findLast(({ outboxId }) => !othersTaken && !putBack.has(outboxId))?.refusal;
  if (!latest) return { run: false };
  const key = refusalKey(latest.code, latest.words);
  const pending = await db()
    .select({ id: mailRefusals.id, address: mailRefusals.address, code: mailRefusals.responseCode, words: mailRefusals.response })
    .from(mailRefusals)
    .where(eq(mailRefusals.verdict, "pending"));
  const alike = pending.filter((p) => refusalKey(p.code, p.words) === key);
  if (new Set(alike.map((p) => p.address)).size < REFUSALS_IN_A_ROW) return { run: false };
  // Only the refusals this statement moves are put back (another worker may be deciding the same run).
  const moved = await db()
    .update(mailRefusals)
    .set({ verdict: "sending_problem", decidedAt: new Date() })
    .where(
      and(
        inArray(
          mailRefusals.id,
          alike.map((p) => p.id),
        ),
        eq(mailRefusals.verdict, "pending"),
      ),
    )
    .returning({ outboxId: mailRefusals.outboxId });
  if (moved.length > 0) {
    await db()
      .update(outbox)
      .set({ status: "pending", nextAttemptAt: new Date(), attempts: sql`greatest(${outbox.attempts} - 1, 0)`, sendStartedAt: null })
      .where(
        and(
          inArray(
            outbox.id,
            moved.map((m) => m.outboxId),
          ),
          eq(outbox.status, "failed"),
        ),
      );
    log.error(`Outbox: ${alike.length} readers refused in a row with "${key}": a sending problem, nobody suppressed, their e-mails wait`);
  }
  return { run: true, words: `${alike.length} different readers refused in a row: ${latest.words}` };
}

/**
 * The server took a message: every reader it refused before was refused for themselves, and is
 * suppressed now (each only once, whichever worker gets there first).
 */
export async function confirmPendingRefusals(): Promise<number> {
  const confirmed = await db()
    .update(mailRefusals)
    .set({ verdict: "suppressed", decidedAt: new Date() })
    .where(eq(mailRefusals.verdict, "pending"))
    .returning({ address: mailRefusals.address, responseCode: mailRefusals.responseCode, response: mailRefusals.response });
  await suppressRefused(confirmed);
  return confirmed.length;
}

/** The addresses a run of refusals put back during the current pause: the probe goes to someone else first. */
export const putBackSince = (since: Date) =>
  sql`(select r.address from ${mailRefusals} r where r.verdict = 'sending_problem' and r.decided_at >= ${since.toISOString()}::timestamptz)`;
