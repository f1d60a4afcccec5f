/** Browser-safe article facts; the Zod schema for frontmatter lives in ~/content/articles (server and build only). */
export const CATEGORIES = ["Budgeting", "Credit Repair", "Saving Money", "Debt Free", "Tools"] as const;
export type Category = (typeof CATEGORIES)[number];

export const CLOSING_CTAS = ["toolkit-just", "toolkit-only", "download", "bundle"] as const;
export type ClosingCtaKind = (typeof CLOSING_CTAS)[number];
