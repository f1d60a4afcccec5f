/** Browser-safe article facts; the Zod schema for frontmatter lives in ~/content/articles (server and build only). */
export const CATEGORIES = ["Budgeting", "Credit Repair", "Saving Money", "Debt Free", "Tools"] as const;
export type Category = (typeof CATEGORIES)[number];

export const CLOSING_CTAS = ["toolkit-just", "toolkit-only", "download", "bundle"] as const;
export type ClosingCtaKind = (typeof CLOSING_CTAS)[number];

/**
 * "Jan 15, 2025". One formatter for every call: `toLocaleDateString` builds a new one each time,
 * which was a seventh of the server's time on the blog listing with a search (eight cards).
 */
export const SHORT_DATE = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

export function formatArticleDate(isoDate: string): string {
  return SHORT_DATE.format(new Date(`${isoDate}T12:00:00Z`));
}
