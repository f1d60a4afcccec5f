/**
 * The built products' files: every file of the toolkit and the Power Pack, built from
 * products/src and committed, grouped under the label of the "what's included" item it keeps (the
 * products table seeds those lists from the same labels, app/server/shop/product-seed.server.ts).
 * A product made in the dashboard has no built files: the owner uploads its files instead (the
 * product_files table, decision 072), and delivery lists them after these groups. Server
 * code, the product builder and tests import this; pages that only show labels never do, so it
 * stays out of their browser bundles.
 */
import { POWER_PACK_ID, TOOLKIT_ID, type ProductId } from "~/lib/catalogue";
import { POWER_PACK_DISPUTE_LETTER_COUNT, POWER_PACK_LETTER_COUNT } from "~/lib/letters";

/** "16 letter templates (11 for disputes)": counted from the letters themselves (app/lib/letters.ts). */
export const powerPackLettersLabel =
  `${POWER_PACK_LETTER_COUNT} letter templates (${POWER_PACK_DISPUTE_LETTER_COUNT} for disputes)` as const;

/** The products whose files are built from products/src. */
export type BuiltProductId = typeof TOOLKIT_ID | typeof POWER_PACK_ID;
export type FileGroup = { label: string; note?: string; files: readonly ProductFile[] };

export type ProductFileFormat = "pdf" | "docx" | "xlsx";

/**
 * One file a buyer downloads. `path` is relative to the private products/files directory. Files
 * that are one thing in two forms (a letter as Word and PDF) share a title and name their variant.
 */
export type ProductFile = { id: string; title: string; variant?: string; format: ProductFileFormat; path: string };

export { POWER_PACK_LETTERS, TOOLKIT_LETTERS } from "~/lib/letters";
import { POWER_PACK_LETTERS, TOOLKIT_LETTERS } from "~/lib/letters";

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

/** `path` is relative to the private products/files directory. */
export const PRODUCT_FILES: Record<BuiltProductId, readonly FileGroup[]> = {
  toolkit: [
    {
      label: "Step-by-step credit repair guide",
      files: [{ id: "guide", title: "The Step-by-Step Credit Repair Guide", format: "pdf", path: "toolkit/credit-repair-guide.pdf" }],
    },
    {
      label: "Dispute letter templates",
      files: [
        { id: "toolkit-letters", title: "All 5 dispute letters in one PDF", format: "pdf", path: "toolkit/dispute-letters.pdf" },
        .../*#__PURE__*/ letterFiles(TOOLKIT_LETTERS, "toolkit/letters"),
        {
          id: "dispute-tracker.xlsx",
          title: "Dispute tracker with the legal deadlines (30/45 days, 15 days, debt validation)",
          variant: "Spreadsheet",
          format: "xlsx",
          path: "toolkit/dispute-tracker.xlsx",
        },
        {
          id: "dispute-tracker.pdf",
          title: "Dispute tracker with the legal deadlines (30/45 days, 15 days, debt validation)",
          variant: "PDF, to print",
          format: "pdf",
          path: "toolkit/dispute-tracker.pdf",
        },
      ],
    },
    {
      label: "Credit score tracking worksheets",
      files: [
        {
          id: "score-tracker.xlsx",
          title: "Credit score tracker",
          variant: "Spreadsheet",
          format: "xlsx",
          path: "toolkit/credit-score-tracker.xlsx",
        },
        {
          id: "score-tracker.pdf",
          title: "Credit score tracker",
          variant: "PDF, to print",
          format: "pdf",
          path: "toolkit/credit-score-tracker.pdf",
        },
      ],
    },
    {
      label: "Budget planning templates",
      files: [
        {
          id: "budget.xlsx",
          title: "Budget planner with the 50/30/20 split",
          variant: "Spreadsheet",
          format: "xlsx",
          path: "toolkit/budget-planner.xlsx",
        },
        {
          id: "budget.pdf",
          title: "Budget planner with the 50/30/20 split",
          variant: "PDF, to print",
          format: "pdf",
          path: "toolkit/budget-planner.pdf",
        },
      ],
    },
    {
      label: "30-day action plan",
      files: [{ id: "action-plan", title: "Your 30-Day Credit Action Plan", format: "pdf", path: "toolkit/30-day-action-plan.pdf" }],
    },
    {
      label: "Debt payoff calculator",
      files: [
        {
          id: "debt-payoff",
          title: "Debt payoff calculator: snowball vs. avalanche (spreadsheet)",
          format: "xlsx",
          path: "toolkit/debt-payoff-calculator.xlsx",
        },
      ],
    },
    {
      label: "Credit monitoring checklist",
      files: [
        {
          id: "monitoring-checklist",
          title: "Credit monitoring checklist",
          format: "pdf",
          path: "toolkit/credit-monitoring-checklist.pdf",
        },
      ],
    },
    {
      label: "Email support access",
      note: "Questions about the toolkit? E-mail support: the guide's last chapter says what to send and what we can help with.",
      files: [],
    },
  ],
  "power-pack": [
    {
      label: powerPackLettersLabel,
      files: [
        {
          id: "power-pack-letters",
          title: "All 16 Power Pack letters in one PDF, with an index",
          format: "pdf",
          path: "power-pack/dispute-letter-power-pack.pdf",
        },
        {
          id: "power-pack-map",
          title: "Letter map: where each letter fits, and the guide chapter that explains it",
          format: "pdf",
          path: "power-pack/letter-map.pdf",
        },
        .../*#__PURE__*/ letterFiles(POWER_PACK_LETTERS, "power-pack/letters"),
      ],
    },
  ],
};

/** The toolkit and the Power Pack: their files are built from products/src, never uploaded. */
export function hasBuiltFiles(productId: ProductId): productId is BuiltProductId {
  return Object.hasOwn(PRODUCT_FILES, productId);
}

/** A product's groups of files (none for a product without built files). */
export function fileGroupsOf(productId: ProductId): readonly FileGroup[] {
  return hasBuiltFiles(productId) ? PRODUCT_FILES[productId] : [];
}

/** Every file of a product, in the order its page lists them. */
export function productFiles(productId: ProductId): ProductFile[] {
  return fileGroupsOf(productId).flatMap((group) => group.files);
}
