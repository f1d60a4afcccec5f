/**
 * The free calculators: the one list the /tools index, the resources page, the blog, the
 * sitemap and the articles' links back follow. Each pairs with the article that explains it, and
 * has an example (a query string) for its "Try an example" link, the tests and Lighthouse.
 */
export const TOOLS = [
  {
    slug: "debt-payoff",
    /** For search results (meta description). */
    description:
      "Free debt snowball vs. avalanche calculator: months to debt-free, total interest, payoff order and a month-by-month schedule. Nothing is stored.",
    title: "Debt Payoff Calculator",
    name: "Debt payoff",
    summary: "Snowball or avalanche? See both plans side by side: months to debt-free, total interest and the order to pay.",
    article: "debt-snowball-vs-avalanche",
    /** The article's worked example. */
    example:
      "name=Medical+bill&balance=500&apr=0&minimum=50&name=Personal+loan&balance=2000&apr=10&minimum=75&name=Credit+card&balance=5000&apr=24&minimum=150&extra=150",
  },
  {
    slug: "credit-utilization",
    /** For search results (meta description). */
    description:
      "Free credit utilization calculator: overall and per-card utilization, and how much to pay down to get under 30% and 10%. Nothing is stored.",
    title: "Credit Utilization Calculator",
    name: "Credit utilization",
    summary: "How much of your credit limits you're using, card by card, and how much to pay down to get under 30% and 10%.",
    article: "credit-card-mistakes",
    example: "card=Everyday+card&cardBalance=450&limit=1500&card=Store+card&cardBalance=900&limit=3000",
  },
  {
    slug: "budget",
    /** For search results (meta description). */
    description:
      "Free 50/30/20 budget calculator: split your take-home pay into needs, wants and savings, adjust the split and compare your spending. Nothing is stored.",
    title: "50/30/20 Budget Calculator",
    name: "Budget",
    summary: "Split your take-home pay into needs, wants and savings, adjust the split, and compare it with what you spend.",
    article: "budgeting-tips-that-work",
    /** The article's "quick example": $2,800 of take-home pay. */
    example:
      "pay=2800&housing=1250&groceries=400&transport=250&utilities=110&debtMinimums=200&shopping=150&dining=60&savings=150&extraDebt=230",
  },
  {
    slug: "emergency-fund",
    /** For search results (meta description). */
    description:
      "Free emergency fund calculator: your target, how much is funded, and how many months to reach it, starting with a $1,000 starter goal. Nothing is stored.",
    title: "Emergency Fund Calculator",
    name: "Emergency fund",
    summary: "Your target, how far along you are and how many months to get there, starting with a $1,000 starter goal.",
    article: "emergency-fund-guide",
    example: "expenses=2000&months=3&saved=1500&monthly=300",
  },
] as const;

export type Tool = (typeof TOOLS)[number];
export type ToolSlug = Tool["slug"];

export const TOOLS_PATH = "/tools";
export const toolPath = (slug: ToolSlug) => `${TOOLS_PATH}/${slug}`;
export const toolExamplePath = (tool: Tool) => `${toolPath(tool.slug)}?${tool.example}`;
export const toolBySlug = (slug: ToolSlug): Tool => TOOLS.find((t) => t.slug === slug)!;
