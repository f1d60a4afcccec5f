/** A link from an e-mail we sent was used: the address is its reader's. */
import { and, eq, isNull } from "drizzle-orm";
import { leads } from "../../../db/schema";
import type { GuideId } from "~/lib/guides";
import { markProved } from "~/server/audience/contacts.server";
import { enrollIfEligible } from "~/server/audience/sequence.server";
import { db } from "~/server/db.server";
import { emailForLink } from "~/server/audience/email-links.server";

/**
 * A guide e-mail's button: prove the address, mark that guide opened (if this address asked for
 * it) and start that guide's sequence if it was agreed to.
 */
export async function openGuideLink(token: string, guide: GuideId, now: Date = new Date()): Promise<"proved" | "unknown"> {
  const email = await emailForLink(token, "prove");
  if (!email) return "unknown";
  const contact = await markProved(email, `opened the ${guide} guide from its e-mail`, now);
  if (!contact) return "proved";
  await db()
    .update(leads)
    .set({ openedAt: now })
    .where(and(eq(leads.email, contact.email), eq(leads.guide, guide), isNull(leads.openedAt)));
  await enrollIfEligible(contact.id, guide, now);
  return "proved";
}
