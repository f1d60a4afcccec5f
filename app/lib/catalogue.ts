/**
 * The one catalogue: every product, price and order line the site shows or charges.
 * Browser-safe (no secrets); the server recomputes totals from it and never trusts a price
 * sent by a browser.
 */
import { POWER_PACK_DISPUTE_LETTER_COUNT, POWER_PACK_LETTER_COUNT } from "~/lib/letters";

export const CURRENCY = "usd";

const TOOLKIT_ITEMS = [
  { label: "Step-by-step credit repair guide", bonus: false },
  { label: "Dispute letter templates", bonus: false },
  { label: "Credit score tracking worksheets", bonus: false },
  { label: "Budget planning templates", bonus: false },
  { label: "30-day action plan", bonus: true },
  { label: "Debt payoff calculator", bonus: true },
  { label: "Credit monitoring checklist", bonus: true },
  { label: "Email support access", bonus: true },
] as const;

export const toolkit = {
  id: "toolkit",
  name: "Credit Repair Toolkit",
  priceCents: 700,
  items: TOOLKIT_ITEMS,
} as const;

/** "16 letter templates (11 for disputes)": counted from the letters themselves (app/lib/letters.ts). */
export const powerPackLettersLabel =
  `${POWER_PACK_LETTER_COUNT} letter templates (${POWER_PACK_DISPUTE_LETTER_COUNT} for disputes)` as const;

export const powerPack = {
  id: "power-pack",
  name: "Dispute Letter Power Pack",
  priceCents: 1499,
  summary: powerPackLettersLabel,
  items: [{ label: powerPackLettersLabel, bonus: false }],
} as const;

export type ProductId = typeof toolkit.id | typeof powerPack.id;

/** A product's name by its id (order lines and entitlements store the id). */
export const PRODUCT_NAMES: Record<ProductId, string> = { toolkit: toolkit.name, "power-pack": powerPack.name };
export type ItemLabel = (typeof toolkit.items)[number]["label"] | (typeof powerPack.items)[number]["label"];

/** The labels the toolkit's cards show: included items, then bonuses (spec section 2). */
export const toolkitIncluded = TOOLKIT_ITEMS.filter((i) => !i.bonus).map((i) => i.label);
export const toolkitBonuses = TOOLKIT_ITEMS.filter((i) => i.bonus).map((i) => i.label);
/** The checkout card: the included items and the action plan. */
export const toolkitCheckoutFeatures = TOOLKIT_ITEMS.slice(0, 5).map((i) => i.label);

export type Upsell = {
  id: string;
  name: string;
  priceCents: number;
  description: string;
  features: readonly string[];
};

/** Shown on /resources; not for sale online yet. */
export const upsells: readonly Upsell[] = [
  {
    id: "credit-rebuild-bootcamp",
    name: "Credit Rebuild Bootcamp",
    priceCents: 2700,
    description: "A planned 4-week self-paced course: one lesson a week on rebuilding your credit, with worksheets.",
    features: ["Weekly video lessons", "Worksheets for each week", "Questions about the lessons answered by e-mail"],
  },
  {
    id: "advanced-budget-planner",
    name: "Advanced Budget Planner",
    priceCents: 1500,
    description: "Plan every dollar with ready-made spreadsheets and printables.",
    features: ["Excel and PDF templates", "Savings goal tracker", "Expense categorization"],
  },
  {
    id: "debt-freedom-blueprint",
    name: "Debt Freedom Blueprint",
    priceCents: 1200,
    description: "A clear plan to pay off debt faster and stay motivated.",
    features: ["Debt snowball calculator", "Negotiation scripts", "Progress tracking tools"],
  },
];

export type OrderLine = { id: string; name: string; unitAmountCents: number; quantity: 1 };

export function orderLines({ includeBump }: { includeBump: boolean }): {
  lines: OrderLine[];
  totalCents: number;
  currency: typeof CURRENCY;
} {
  const lines: OrderLine[] = [{ id: toolkit.id, name: toolkit.name, unitAmountCents: toolkit.priceCents, quantity: 1 }];
  if (includeBump) {
    lines.push({ id: powerPack.id, name: powerPack.name, unitAmountCents: powerPack.priceCents, quantity: 1 });
  }
  const totalCents = lines.reduce((sum, line) => sum + line.unitAmountCents * line.quantity, 0);
  return { lines, totalCents, currency: CURRENCY };
}
