/**
 * The one catalogue: every product, price and order line the site shows or charges.
 * Browser-safe (no secrets); the server recomputes totals from it and never trusts a price
 * sent by a browser.
 */
export const CURRENCY = "usd";

export type ProductFileFormat = "pdf" | "docx" | "xlsx";

/**
 * One file a buyer downloads. `path` is relative to the private products/files directory. Files
 * that are one thing in two forms (a letter as Word and PDF) share a title and name their variant.
 */
export type ProductFile = { id: string; title: string; variant?: string; format: ProductFileFormat; path: string };


/** The dispute letters, by id: the letter texts live in products/src/letters, keyed the same way. */
export const TOOLKIT_LETTERS = {
  "bureau-inaccurate-item": "Dispute an inaccurate item (to a credit bureau)",
  "bureau-not-mine-mixed": "Account not mine or mixed file (to a credit bureau)",
  "bureau-outdated-item": "Outdated item past its reporting period (to a credit bureau)",
  "bureau-method-of-verification": "Ask how an item was verified (to a credit bureau)",
  "furnisher-direct-dispute": "Direct dispute to the lender or collector",
} as const;

export const POWER_PACK_LETTERS = {
  "pp-wrong-balance": "Wrong balance or credit limit",
  "pp-wrong-status-late-payment": "Wrong account status or late payment",
  "pp-account-not-mine": "Account that is not mine",
  "pp-duplicate-account": "Duplicate account",
  "pp-mixed-file": "Mixed file (another person's information)",
  "pp-outdated-item": "Out-of-date negative item",
  "pp-unauthorized-inquiry": "Hard inquiry I did not authorize",
  "pp-method-of-verification": "Method of verification request",
  "pp-no-response-follow-up": "Follow-up when a bureau misses its deadline",
  "pp-reinsertion-without-notice": "Item put back without notice (reinsertion)",
  "pp-furnisher-direct-dispute": "Direct dispute to a lender about payment history or status",
  "pp-debt-validation": "Debt validation request to a collector",
  "pp-goodwill-adjustment": "Goodwill adjustment request",
  "pp-identity-theft-block": "Identity theft block (FCRA section 605B)",
  "pp-statement-of-dispute": "Add a statement of dispute",
  "pp-cease-contact": "Ask a debt collector to stop contacting you",
} as const;

export type LetterId = keyof typeof TOOLKIT_LETTERS | keyof typeof POWER_PACK_LETTERS;

function letterFiles(letters: Record<string, string>, dir: string): ProductFile[] {
  return Object.entries(letters).flatMap(([id, title], index) => {
    const name = `${String(index + 1).padStart(2, "0")}-${id}`;
    return [
      { id: `${id}.docx`, title, variant: "Word, to edit", format: "docx" as const, path: `${dir}/${name}.docx` },
      { id: `${id}.pdf`, title, variant: "PDF, to print", format: "pdf" as const, path: `${dir}/${name}.pdf` },
    ];
  });
}

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

export const powerPack = {
  id: "power-pack",
  name: "Dispute Letter Power Pack",
  priceCents: 1499,
  compareAtCents: 2700,
  summary: "15+ dispute letter templates",
  features: [
    "16 fill-in dispute letter templates, each in Word and PDF",
    "Letters for late payments, collections, inquiries and identity theft",
    "A follow-up letter for when a bureau misses its deadline",
  ],
  items: [{ label: "15+ dispute letter templates", bonus: false }],
} as const;

export type ProductId = typeof toolkit.id | typeof powerPack.id;
export type ItemLabel = (typeof toolkit.items)[number]["label"] | (typeof powerPack.items)[number]["label"];

/** The labels the toolkit's cards show: included items, then bonuses (spec section 2). */
export const toolkitIncluded = TOOLKIT_ITEMS.filter((i) => !i.bonus).map((i) => i.label);
export const toolkitBonuses = TOOLKIT_ITEMS.filter((i) => i.bonus).map((i) => i.label);
/** The checkout card: the included items and the action plan. */
export const toolkitCheckoutFeatures = TOOLKIT_ITEMS.slice(0, 5).map((i) => i.label);

/**
 * Every file of every product, grouped under the label it keeps (pages that only show labels
 * never reference this, so it stays out of their browser bundles). `path` is relative to the
 * private products/files directory.
 */
export const PRODUCT_FILES: Record<ProductId, readonly { label: ItemLabel; note?: string; files: readonly ProductFile[] }[]> = {
  toolkit: [
    {
      label: "Step-by-step credit repair guide",
      files: [{ id: "guide", title: "The Step-by-Step Credit Repair Guide", format: "pdf", path: "toolkit/credit-repair-guide.pdf" }],
    },
    {
      label: "Dispute letter templates",
      files: [
        { id: "toolkit-letters", title: "All 5 dispute letters in one PDF", format: "pdf", path: "toolkit/dispute-letters.pdf" },
        ...letterFiles(TOOLKIT_LETTERS, "toolkit/letters"),
        { id: "dispute-tracker.xlsx", title: "Dispute tracker with the 30/45-day deadlines", variant: "Spreadsheet", format: "xlsx", path: "toolkit/dispute-tracker.xlsx" },
        { id: "dispute-tracker.pdf", title: "Dispute tracker with the 30/45-day deadlines", variant: "PDF, to print", format: "pdf", path: "toolkit/dispute-tracker.pdf" },
      ],
    },
    {
      label: "Credit score tracking worksheets",
      files: [
        { id: "score-tracker.xlsx", title: "Credit score tracker", variant: "Spreadsheet", format: "xlsx", path: "toolkit/credit-score-tracker.xlsx" },
        { id: "score-tracker.pdf", title: "Credit score tracker", variant: "PDF, to print", format: "pdf", path: "toolkit/credit-score-tracker.pdf" },
      ],
    },
    {
      label: "Budget planning templates",
      files: [
        { id: "budget.xlsx", title: "Budget planner with the 50/30/20 split", variant: "Spreadsheet", format: "xlsx", path: "toolkit/budget-planner.xlsx" },
        { id: "budget.pdf", title: "Budget planner with the 50/30/20 split", variant: "PDF, to print", format: "pdf", path: "toolkit/budget-planner.pdf" },
      ],
    },
    {
      label: "30-day action plan",
      files: [{ id: "action-plan", title: "Your 30-Day Credit Action Plan", format: "pdf", path: "toolkit/30-day-action-plan.pdf" }],
    },
    {
      label: "Debt payoff calculator",
      files: [
        { id: "debt-payoff", title: "Debt payoff calculator: snowball vs. avalanche (spreadsheet)", format: "xlsx", path: "toolkit/debt-payoff-calculator.xlsx" },
      ],
    },
    {
      label: "Credit monitoring checklist",
      files: [{ id: "monitoring-checklist", title: "Credit monitoring checklist", format: "pdf", path: "toolkit/credit-monitoring-checklist.pdf" }],
    },
    {
      label: "Email support access",
      note: "Questions about the toolkit? E-mail support: the guide's last chapter says what to send and what we can help with.",
      files: [],
    },
  ],
  "power-pack": [
    {
      label: "15+ dispute letter templates",
      files: [
        { id: "power-pack-letters", title: "All 16 Power Pack letters in one PDF, with an index", format: "pdf", path: "power-pack/dispute-letter-power-pack.pdf" },
        ...letterFiles(POWER_PACK_LETTERS, "power-pack/letters"),
      ],
    },
  ],
};

/** Every file of a product, in the order its page lists them. */
export function productFiles(productId: ProductId): ProductFile[] {
  return PRODUCT_FILES[productId].flatMap((group) => group.files);
}

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
    description: "A 4-week program to rebuild your credit with guidance every step of the way.",
    features: ["Weekly video lessons", "Live Q&A sessions", "Community support group"],
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
  const lines: OrderLine[] = [
    { id: toolkit.id, name: toolkit.name, unitAmountCents: toolkit.priceCents, quantity: 1 },
  ];
  if (includeBump) {
    lines.push({ id: powerPack.id, name: powerPack.name, unitAmountCents: powerPack.priceCents, quantity: 1 });
  }
  const totalCents = lines.reduce((sum, line) => sum + line.unitAmountCents * line.quantity, 0);
  return { lines, totalCents, currency: CURRENCY };
}

/** "$7.00"; with `short`, whole dollars drop the cents ("$7", "$14.99"). */
export function formatPrice(cents: number, { short = false }: { short?: boolean } = {}): string {
  const whole = cents % 100 === 0;
  return `$${(cents / 100).toFixed(short && whole ? 0 : 2)}`;
}
