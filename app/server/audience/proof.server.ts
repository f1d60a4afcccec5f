/** A link from an e-mail we sent was used: the address is its reader's. */
import { markProved } from "~/server/audience/contacts.server";
import { enrollIfEligible } from "~/server/audience/sequence.server";
import { emailForLink } from "~/server/forms/subscriptions.server";

/** The guide link: prove the address and start the welcome sequence if it was agreed to. */
export async function openGuideLink(token: string, now: Date = new Date()): Promise<"proved" | "unknown"> {
  const email = await emailForLink(token, "prove");
  if (!email) return "unknown";
  const contact = await markProved(email, "opened the guide link in the guide e-mail", now);
  if (contact) await enrollIfEligible(contact.id, contact.provedAt ?? now);
  return "proved";
}
