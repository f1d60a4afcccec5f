/**
 * Partner (affiliate) links, in one place. Replace the URLs with the owner's tracked links.
 * They open in a new tab with rel="noopener noreferrer sponsored".
 */
export const PARTNERS = {
  "credit-repair": {
    name: "Professional credit repair service",
    pitch:
      "Rather have someone else send the disputes? A credit repair service can do it for you, for a fee. Everything it does, you can also do yourself for free, with the steps in this article.",
    cta: "See the Credit Repair Service",
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
