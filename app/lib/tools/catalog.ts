/**
 * The free calculators: the one list the /tools index, the resources page, the blog, the
 * sitemap and the articles' links back follow. Each pairs with the article that explains it.
 * (What only the tool pages need is in ./pages.ts, so pages that list the tools ship less.)
 */
export const TOOLS = [
  {
    slug: "debt-payoff",
    title: "Debt Payoff Calculator",
    name: "Debt payoff",
    summary: "Snowball or avalanche? See both plans side by side: months to debt-free, total interest and the order to pay.",
    article: "debt-snowball-vs-avalanche",
  },
  {
    slug: "credit-utilization",
    title: "Credit Utilization Calculator",
    name: "Credit utilization",
    summary: "How much of your credit limits you're using, card by card, and how much to pay down to get under 30% and 10%.",
    article: "credit-card-mistakes",
  },
  {
    slug: "budget",
    title: "50/30/20 Budget Calculator",
    name: "Budget",
    summary: "Split your take-home pay into needs, wants and savings, adjust the split, and compare it with what you spend.",
    article: "budgeting-tips-that-work",
  },
  {
    slug: "emergency-fund",
    title: "Emergency Fund Calculator",
    name: "Emergency fund",
    summary: "Your target, how far along you are and how many months to get there, starting with a $1,000 starter goal.",
    article: "emergency-fund-guide",
  },
] as const;

export type Tool = (typeof TOOLS)[number];
export type ToolSlug = Tool["slug"];

export const TOOLS_PATH = "/tools";
export const toolPath = (slug: ToolSlug) => `${TOOLS_PATH}/${slug}`;
export const toolBySlug = (slug: ToolSlug): Tool => TOOLS.find((t) => t.slug === slug)!;
