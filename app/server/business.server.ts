/**
 * The business's details the owner saves on /admin/settings (issue 53, item 7; decision 069): one
 * row of site_settings holding only what she set apart from the environment's defaults
 * (businessDefaultsFromEnv), so an unset field keeps following the environment. Read by the
 * articles' snapshot (content/article-store.server.ts) with the guide choice, so every server's
 * pages follow a change within a second (the content version); read again by each e-mail batch at
 * send time (mail/mailer.server.ts); and by fulfilment, in its transaction, for the sale e-mail's
 * switch. Shared ground: the content, mail and payments domains all read it; the save is the
 * content domain's (content/business-details.server.ts).
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { siteSettings } from "../../db/schema";
import type { BusinessDetails } from "~/lib/business";
import type { Executor } from "~/server/db.server";
import { businessDefaultsFromEnv } from "~/server/env.server";
import { log } from "~/server/log.server";

/** Where the saved details are kept (site_settings). */
export const BUSINESS_DETAILS_KEY = "business_details";

/** What the row holds: any of the details, each as the form's schema left it. Parsed, never cast. */
const SavedDetails = z
  .object({
    businessName: z.string().min(1),
    supportEmail: z.string().min(3),
    postalAddress: z.string().nullable(),
    signedBy: z.string().nullable(),
    timeZone: z.string().min(1),
    saleEmails: z.boolean(),
  })
  .partial();
export type SavedDetails = z.infer<typeof SavedDetails>;

/** The row's value as saved details; a row this code cannot read is logged and counts as none (the defaults apply). */
export function parseSavedDetails(value: unknown): SavedDetails {
  if (value === undefined || value === null) return {};
  const parsed = SavedDetails.safeParse(value);
  if (!parsed.success) {
    log.error(
      `site_settings.${BUSINESS_DETAILS_KEY} is not readable (${parsed.error.issues[0]?.message}): the environment's details apply`,
    );
    return {};
  }
  return parsed.data;
}

/** The saved details (none saved: an empty object), read in `executor` (a transaction that needs them as of now). */
export async function readSavedDetails(executor: Executor): Promise<SavedDetails> {
  const [row] = await executor.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, BUSINESS_DETAILS_KEY));
  return parseSavedDetails(row?.value);
}

/** The details in force: the saved ones over the defaults. */
export function businessDetails(saved: SavedDetails, defaults: BusinessDetails = businessDefaultsFromEnv()): BusinessDetails {
  return { ...defaults, ...saved };
}

/** Whether a paid order is e-mailed to the owner, as saved now (fulfilment asks in its transaction). */
export async function saleEmailsOn(tx: Executor): Promise<boolean> {
  return businessDetails(await readSavedDetails(tx)).saleEmails;
}
