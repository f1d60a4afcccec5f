/**
 * "Send it again" under the lead form's answer (issue 40, item 7). The answer gives the browser
 * that asked a key (`<lead id>.<random>`, its SHA-256 kept on the lead); with it, that browser may
 * ask what became of its guide e-mail. The e-mail still goes at most once: one that was not sent
 * yet (queued, or waiting to retry) is tried again now; one the mail provider accepted is not sent
 * a second time, and the answer says where to look instead; one refused says so. A stranger's
 * address typed into the form therefore still gets at most the one e-mail the form promised. For
 * an address that unsubscribed (or was otherwise suppressed) no e-mail was queued, or it was held
 * back when its turn came (issue 51): the answer is then the one a delivered e-mail gets, so the
 * form tells whoever typed the address nothing about it.
 */
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { leads, outbox } from "../../../db/schema";
import { GUIDES, isGuideId } from "~/lib/guides";
import type { FormOutcome } from "~/lib/form-outcomes";
import { businessDetails, readSavedDetails } from "~/server/business.server";
import { db } from "~/server/db.server";
import { parseSubmission } from "~/server/forms/submission.server";
import { wakeOutbox } from "~/server/mail/outbox.server";
import { isTokenShaped, matchesTokenHash, newToken } from "~/server/tokens.server";

/** How long after asking the button does anything: an e-mail takes a moment to arrive. */
export const RESEND_AFTER_SECONDS = 60;

/** A new key for a lead: the hash to store with it, and the key (with the lead's id, once known) for the answer. */
export function newResendKey(): { hash: string; keyFor: (leadId: number) => string } {
  const { token, hash } = newToken();
  return { hash, keyFor: (leadId) => `${leadId}.${token}` };
}

const ResendSchema = z.object({ resend: z.string().max(100) });

/** Where the answer's "Send it again" posts: the article's own action, marked in its address so no lead post reads its body twice. */
export const RESEND_QUERY = "intent=resend";

/** The key a "Send it again" post carries, or undefined when this post is not one. */
export async function resendRequested(request: Request): Promise<{ key: string } | undefined> {
  if (new URL(request.url).searchParams.get("intent") !== "resend") return undefined;
  const submission = await parseSubmission(request, ResendSchema);
  return { key: submission.ok ? submission.value.resend : "" };
}

const minutesAgo = (then: Date, now: Date) => {
  const minutes = Math.max(1, Math.round((now.getTime() - then.getTime()) / 60_000));
  return minutes === 1 ? "a minute ago" : minutes < 90 ? `${minutes} minutes ago` : `${Math.round(minutes / 60)} hours ago`;
};

/** The answer to "Send it again" with this key, at `now`. */
export async function resendGuide(key: string, now: Date = new Date()): Promise<FormOutcome> {
  const [idText, token = ""] = key.split(".");
  const leadId = Number(idText);
  const unknown: FormOutcome = {
    form: "lead",
    status: "rejected",
    title: "We couldn't find that request",
    description: "Please fill in the form again.",
  };
  if (!Number.isSafeInteger(leadId) || !isTokenShaped(token)) return unknown;
  const [lead] = await db()
    .select({
      email: leads.email,
      guide: leads.guide,
      createdAt: leads.createdAt,
      keyHash: leads.resendKeyHash,
      status: outbox.status,
      sentAt: outbox.sentAt,
    })
    .from(leads)
    .leftJoin(outbox, eq(outbox.dedupeKey, sql`'guide:' || ${leads.id}`))
    .where(eq(leads.id, leadId));
  if (!lead?.keyHash || !isGuideId(lead.guide) || !matchesTokenHash(token, lead.keyHash)) return unknown;

  const { title } = GUIDES[lead.guide];
  const answer = (heading: string, description: string): FormOutcome => ({
    form: "lead",
    status: "success",
    title: heading,
    description,
    resend: key,
  });
  const waited = (now.getTime() - lead.createdAt.getTime()) / 1000;
  if (waited < RESEND_AFTER_SECONDS) {
    const left = Math.ceil(RESEND_AFTER_SECONDS - waited);
    return answer(
      "Give it a minute",
      `E-mail can take a minute or two to arrive. You can ask again in ${left} second${left === 1 ? "" : "s"}.`,
    );
  }
  // The business as saved now (decision 069): the guide's sender is its name, and support its address.
  const business = businessDetails(await readSavedDetails(db()));
  const lookFor = `Look in your spam or promotions folder for “Your free ${title}” from ${business.businessName}.`;
  const wrongAddress = `If ${lead.email} isn't your address, reload this page and fill in the form with the right one.`;
  switch (lead.status) {
    case "pending": {
      // Not sent yet (queued, or waiting to retry after a temporary failure): try now.
      await db()
        .update(outbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(and(eq(outbox.dedupeKey, `guide:${leadId}`), eq(outbox.status, "pending")));
      wakeOutbox();
      return answer("Sending it again", `It hadn't gone out yet. We're sending it now to ${lead.email}. ${wrongAddress}`);
    }
    case "sent":
    case "suppressed":
    case null: // never queued: the address is suppressed (leads.server.ts)
      return answer(
        "It was delivered",
        `Your mail provider accepted it ${minutesAgo(lead.sentAt ?? lead.createdAt, now)}, addressed to ${lead.email}. ${lookFor} We send it only once, so you won't get a second copy. ${wrongAddress}`,
      );
    case "interrupted":
      return answer("It may already be there", `We sent it to ${lead.email}, and it may have arrived. ${lookFor} ${wrongAddress}`);
    default:
      return answer(
        "We couldn't deliver it",
        `We couldn't send it to ${lead.email}. ${wrongAddress} Or write to us at ${business.supportEmail} and we'll help.`,
      );
  }
}
