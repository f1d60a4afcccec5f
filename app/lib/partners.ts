/**
 * Partner (affiliate) links, in one place. Replace the URLs with the owner's tracked links.
 * They open in a new tab with rel="noopener noreferrer sponsored".
 */
export const PARTNERS = {
  "credit-repair": {
    name: "Professional credit repair service",
    pitch:
      "Prefer expert help? A reputable credit repair service can challenge errors with the bureaus for you. Free consultation, cancel anytime.",
    cta: "Get a Free Credit Consultation",
    url: "https://www.example.com/partners/credit-repair",
  },
  "identity-monitoring": {
    name: "Identity and credit monitoring",
    pitch: "Get alerts when something changes on your credit reports, so you can catch fraud and errors early.",
    cta: "Start Credit Monitoring",
    url: "https://www.example.com/partners/identity-monitoring",
  },
} as const;

export type PartnerId = keyof typeof PARTNERS;
export const PARTNER_REL = "noopener noreferrer sponsored";
