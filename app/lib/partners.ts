/**
 * Partner (affiliate) offers, in one place. Their links are the owner's, set in the environment
 * (`envVar`, see .env.example): pages link to `/go/<id>`, which redirects there, so a prerendered
 * page never carries a placeholder and the owner changes a link without a rebuild. In production
 * the server refuses to start while any of them is unset or a placeholder (app/server/env.server.ts).
 */
export const PARTNERS = {
  "identity-monitoring": {
    name: "Identity and credit monitoring",
    pitch: "Get alerts when something changes on your credit reports, so you can catch fraud and errors early.",
    cta: "Start Credit Monitoring",
    envVar: "PARTNER_URL_IDENTITY_MONITORING",
  },
} as const;

export type PartnerId = keyof typeof PARTNERS;
export const PARTNER_IDS = Object.keys(PARTNERS) as PartnerId[];
/** A partner the site still has: a stored article may name one since removed (the credit-repair service card, 2026-11-29). */
export const isPartnerId = (id: string): id is PartnerId => Object.hasOwn(PARTNERS, id);
export const PARTNER_REL = "noopener noreferrer sponsored";

/** The site's own link to a partner's offer (a redirect, see app/routes/go.ts). */
export const partnerHref = (id: PartnerId) => `/go/${id}`;

/** Reserved example domains (RFC 2606): a link there is a placeholder, not the owner's. */
export function isPlaceholderUrl(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase();
  return /(^|\.)example\.(com|net|org)$/.test(host);
}
