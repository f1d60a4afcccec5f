/** The owner's save of the business's details (/admin/settings): a change to what every public page and e-mail says (decision 069). */
import { sql } from "drizzle-orm";
import { siteSettings } from "../../../db/schema";
import type { BusinessDetails } from "~/lib/business";
import { zoneName } from "~/lib/dates";
import { recordAudit } from "~/server/audit.server";
import { BUSINESS_DETAILS_KEY } from "~/server/business.server";
import type { ContentReload } from "~/server/content/article-store.server";
import { changePublicContent } from "~/server/content/content-version.server";
import { businessDefaultsFromEnv } from "~/server/env.server";

const LABELS: Record<keyof BusinessDetails, string> = {
  businessName: "Business name",
  supportEmail: "Support address",
  postalAddress: "Postal address",
  signedBy: "E-mails signed by",
  timeZone: "Time zone",
  saleEmails: "Sale e-mail to the owner",
};

function shown(field: keyof BusinessDetails, value: BusinessDetails[keyof BusinessDetails]): string {
  if (value === null || value === "") return field === "signedBy" ? "(the team)" : "(none)";
  if (typeof value === "boolean") return value ? "on" : "off";
  if (field === "timeZone") return `${String(value)} (${zoneName(String(value))})`;
  return JSON.stringify(value);
}

/**
 * Save the owner's details: the row holds the fields that differ from the defaults, the content
 * version is raised in the same transaction (every server's pages and facts follow), and each
 * change is one audit line with the old and the new value. Returns the labels of what changed.
 */
export async function saveBusinessDetails(
  content: ContentReload & { business(): BusinessDetails },
  next: BusinessDetails,
  defaults: BusinessDetails = businessDefaultsFromEnv(),
): Promise<string[]> {
  const before = content.business();
  const fields = Object.keys(LABELS) as (keyof BusinessDetails)[];
  const changed = fields.filter((field) => before[field] !== next[field]);
  if (changed.length === 0) return [];
  const saved = Object.fromEntries(fields.filter((field) => next[field] !== defaults[field]).map((field) => [field, next[field]]));
  await changePublicContent(content, async (tx) => {
    await tx
      .insert(siteSettings)
      .values({ key: BUSINESS_DETAILS_KEY, value: saved, updatedAt: sql`now()` })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: saved, updatedAt: sql`now()` } });
  });
  await recordAudit(
    "business-details",
    "settings:business",
    changed.map((field) => `${LABELS[field]}: ${shown(field, before[field])} → ${shown(field, next[field])}`).join("; "),
  );
  return changed.map((field) => LABELS[field]);
}
