import { type ToolSlug, toolPath } from "./catalog";

/**
 * What a calculator's own page needs beyond the catalogue: its meta description, and an example
 * (a query string) for its "Try an example" link, the tests and Lighthouse.
 */
export const TOOL_PAGES: Record<ToolSlug, { description: string; example: string }> = {
  "debt-payoff": {
    description:
      "Free debt snowball vs. avalanche calculator: months to debt-free, total interest, payoff order and a month-by-month schedule. Nothing is stored.",
    // The article's worked example.
    example:
      "name=Medical+bill&balance=500&apr=0&minimum=50&name=Personal+loan&balance=2000&apr=10&minimum=75&name=Credit+card&balance=5000&apr=24&minimum=150&extra=150",
  },
  "credit-utilization": {
    description:
      "Free credit utilization calculator: overall and per-card utilization, and how much to pay down to get under 30% and 10%. Nothing is stored.",
    example: "card=Everyday+card&cardBalance=450&limit=1500&card=Store+card&cardBalance=900&limit=3000",
  },
  budget: {
    description:
      "Free 50/30/20 budget calculator: split your take-home pay into needs, wants and savings, adjust the split and compare your spending. Nothing is stored.",
    // The article's "quick example": $2,800 of take-home pay.
    example:
      "pay=2800&housing=1250&groceries=400&transport=250&utilities=110&debtMinimums=200&shopping=150&dining=60&savings=150&extraDebt=230",
  },
  "emergency-fund": {
    description:
      "Free emergency fund calculator: your target, how much is funded, and how many months to reach it, starting with a $1,000 starter goal. Nothing is stored.",
    example: "expenses=2000&months=3&saved=1500&monthly=300",
  },
};

export const toolExamplePath = (slug: ToolSlug) => `${toolPath(slug)}?${TOOL_PAGES[slug].example}`;
