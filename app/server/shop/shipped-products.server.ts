/**
 * The catalogue as shipped (issue 53): the seed a fresh database's products table starts with
 * (product-seed.server.ts), and the names the built products' files were made under
 * (products/build: the toolkit's and the Power Pack's files name their product). Pages, checkouts
 * and e-mails never read this: they read the products table through the product store.
 */
import type { IncludedItem, ProductStatus } from "../../../db/schema";
import { POWER_PACK_ID, TOOLKIT_ID } from "~/lib/catalogue";
import { powerPackLettersLabel } from "~/lib/product-files";

export type ShippedProduct = {
  id: string;
  slug: string;
  name: string;
  priceCents: number;
  included: IncludedItem[];
  summary: string;
  body: string;
  status: ProductStatus;
  bumpProductId: string | null;
};

/**
 * The dispute tracker on the buyer's order page (decision 074): a page, not a file, so no file
 * group holds it. Listed only since it works (issue 54, item 6), and promising no result.
 */
export const TRACKER_ITEM: IncludedItem = { label: "A dispute tracker that reminds you when each answer is due", bonus: true };

/** The toolkit's list: the labels its built files are grouped under (app/lib/product-files.ts), then the tracker. */
export const TOOLKIT_ITEMS: IncludedItem[] = [
  { label: "Step-by-step credit repair guide", bonus: false },
  { label: "Dispute letter templates", bonus: false },
  { label: "Credit score tracking worksheets", bonus: false },
  { label: "Budget planning templates", bonus: false },
  { label: "30-day action plan", bonus: true },
  { label: "Debt payoff calculator", bonus: true },
  { label: "Credit monitoring checklist", bonus: true },
  { label: "Email support access", bonus: true },
  TRACKER_ITEM,
];

export const SHIPPED_PRODUCTS: readonly ShippedProduct[] = [
  {
    id: TOOLKIT_ID,
    slug: "credit-repair-toolkit",
    name: "Credit Repair Toolkit",
    priceCents: 700,
    included: TOOLKIT_ITEMS,
    summary: "A do-it-yourself guide to checking your credit reports and disputing errors, with letter templates and worksheets.",
    body: [
      "The Credit Repair Toolkit puts what you need to check your three credit reports and dispute what is wrong in one place: a step-by-step guide, dispute letter templates to edit in Word or print, worksheets to track your scores and your budget, and a 30-day action plan.",
      "",
      "It is a one-time payment with instant access: no subscription and no recurring charges. If it isn't right for you, e-mail support within 30 days for your money back.",
      "",
      "Results depend on what is on your reports: the toolkit shows you how to use the rights federal law gives you, it does not promise a score.",
    ].join("\n"),
    status: "on_sale",
    bumpProductId: POWER_PACK_ID,
  },
  {
    id: POWER_PACK_ID,
    slug: "dispute-letter-power-pack",
    name: "Dispute Letter Power Pack",
    priceCents: 1499,
    included: [{ label: powerPackLettersLabel, bonus: false }],
    summary: powerPackLettersLabel,
    body: [
      `The Dispute Letter Power Pack adds ${powerPackLettersLabel} to the toolkit's: letters for the situations the toolkit's letters do not cover, and fuller versions of the others, each with when to use it.`,
      "",
      "It is offered on the toolkit's checkout, as an add-on.",
    ].join("\n"),
    status: "on_sale",
    bumpProductId: null,
  },
  {
    id: "credit-rebuild-bootcamp",
    slug: "credit-rebuild-bootcamp",
    name: "Credit Rebuild Bootcamp",
    priceCents: 2700,
    included: [
      { label: "Weekly video lessons", bonus: false },
      { label: "Worksheets for each week", bonus: false },
      { label: "Questions about the lessons answered by e-mail", bonus: false },
    ],
    summary: "A planned 4-week self-paced course: one lesson a week on rebuilding your credit, with worksheets.",
    // Its page says what it includes and takes an address; the owner writes the rest when it opens.
    body: "",
    status: "coming_soon",
    bumpProductId: null,
  },
  {
    id: "advanced-budget-planner",
    slug: "advanced-budget-planner",
    name: "Advanced Budget Planner",
    priceCents: 1500,
    included: [
      { label: "Excel and PDF templates", bonus: false },
      { label: "Savings goal tracker", bonus: false },
      { label: "Expense categorization", bonus: false },
    ],
    summary: "Plan every dollar with ready-made spreadsheets and printables.",
    // Its page says what it includes and takes an address; the owner writes the rest when it opens.
    body: "",
    status: "coming_soon",
    bumpProductId: null,
  },
  {
    id: "debt-freedom-blueprint",
    slug: "debt-freedom-blueprint",
    name: "Debt Freedom Blueprint",
    priceCents: 1200,
    included: [
      { label: "Debt snowball calculator", bonus: false },
      { label: "Negotiation scripts", bonus: false },
      { label: "Progress tracking tools", bonus: false },
    ],
    summary: "A clear plan to pay off debt faster and stay motivated.",
    // Its page says what it includes and takes an address; the owner writes the rest when it opens.
    body: "",
    status: "coming_soon",
    bumpProductId: null,
  },
];

/** A shipped product by id (the built products' names). */
export function shippedProduct(id: string): ShippedProduct {
  const found = SHIPPED_PRODUCTS.find((p) => p.id === id);
  if (!found) throw new Error(`No shipped product ${id}`);
  return found;
}
