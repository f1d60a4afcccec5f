/**
 * The business behind the site as pages and e-mails name it (issue 53, item 7): who runs it, the
 * support address, the postal address, who signs the e-mails, its time zone, and whether a sale
 * is e-mailed to the owner. The environment gives the defaults (BUSINESS_NAME, SUPPORT_EMAIL,
 * BUSINESS_ADDRESS, OWNER_NAME, BUSINESS_TIME_ZONE); what the owner saves on /admin/settings
 * overrides them (app/server/business.server.ts, docs/decisions/069). No imports: the server
 * (server/main.ts) reads it too.
 */
export type BusinessDetails = {
  /** Who runs the site: the footer's copyright line, the legal pages, every e-mail's footer and sender name. */
  businessName: string;
  /** Where buyers and readers write: every page's footer, the legal pages, the receipts' Reply-To. */
  supportEmail: string;
  /** The postal address CAN-SPAM requires in every commercial e-mail; null only until one is set. */
  postalAddress: string | null;
  /** Who signs the welcome e-mails ("Jane Doe"); null: "The <business> team". */
  signedBy: string | null;
  /** An IANA zone: every date in the e-mails, on the order pages and in the dashboard. */
  timeZone: string;
  /** A paid order is e-mailed to the owner (on unless she turns it off). */
  saleEmails: boolean;
};

/** The details a public page shows (the root loader's allow-list): what the prerendered pages were built with is compared on these. */
export type PublicBusiness = Pick<BusinessDetails, "businessName" | "supportEmail" | "postalAddress">;

export function publicBusiness(details: PublicBusiness): PublicBusiness {
  return { businessName: details.businessName, supportEmail: details.supportEmail, postalAddress: details.postalAddress };
}

/**
 * Whether a prerendered page written with `built` says what one written with `now` would: the
 * prerendered pages (about, resources, tools) print the business's name and support address (the
 * footer, /about) and never its postal address, which the contact and legal pages print, rendered
 * per request or by the page cache (decision 069).
 */
export function samePublicBusiness(now: PublicBusiness | undefined, built: PublicBusiness | undefined): boolean {
  return now !== undefined && built !== undefined && now.businessName === built.businessName && now.supportEmail === built.supportEmail;
}

/** The shipped support address: the environment's default when SUPPORT_EMAIL is unset. */
export const DEFAULT_SUPPORT_EMAIL = "support@freshstartmoney.com";
/** The shipped business name: the environment's default when BUSINESS_NAME is unset. */
export const DEFAULT_BUSINESS_NAME = "Fresh Start Money";

/** Where a legal page's Markdown names the support address: filled at render with the saved one (routes/legal.tsx). */
export const SUPPORT_EMAIL_PLACEHOLDER = "{{support_email}}";
