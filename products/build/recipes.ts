/**
 * How each file of the catalogue is made: one recipe per file id. A PDF is printed from HTML;
 * Word and Excel files are built directly. Every recipe reads only sources in the repository.
 */
import { readFileSync } from "node:fs";
import type ExcelJS from "exceljs";
import type { ProductId } from "../../app/lib/catalogue";
import {
  type BuiltProductId,
  PRODUCT_FILES,
  POWER_PACK_LETTERS,
  TOOLKIT_LETTERS,
  type LetterId,
  type ProductFile,
} from "../../app/lib/product-files";
import * as budget from "../src/workbooks/budget";
import * as debtPayoff from "../src/workbooks/debt-payoff";
import * as disputeTracker from "../src/workbooks/dispute-tracker";
import * as scoreTracker from "../src/workbooks/score-tracker";
import { chapterTitles, documentHtml, markdownDocument } from "./document";
import { combinedLettersHtml, letterDocx, letterHtml, letterMapHtml } from "./letters";

export type Recipe =
  | {
      kind: "html";
      html: () => string;
      footer: boolean;
      /** The same HTML with the contents page's page numbers (chapter id -> page), read from a first printing. */
      withPageNumbers?: (pages: ReadonlyMap<string, number>) => string;
    }
  | { kind: "zip"; build: () => Promise<Buffer> };

const toolkitSource = (file: string) => readFileSync(new URL(`../src/toolkit/${file}`, import.meta.url), "utf8");

function markdown(file: string, long: boolean): Recipe {
  const render = (pages?: ReadonlyMap<string, number>) => markdownDocument(toolkitSource(file), `products/src/toolkit/${file}`, { long, pages }).html;
  return { kind: "html", footer: true, html: () => render(), ...(long ? { withPageNumbers: (pages) => render(pages) } : {}) };
}

function workbook(build: () => Promise<ExcelJS.Workbook>): Recipe {
  return { kind: "zip", build: async () => Buffer.from(await (await build()).xlsx.writeBuffer()) };
}

function printable(title: string, fragment: () => string): Recipe {
  return { kind: "html", footer: true, html: () => documentHtml({ title, body: fragment() }) };
}

const FIXED: Record<string, Recipe> = {
  guide: markdown("credit-repair-guide.md", true),
  "action-plan": markdown("action-plan.md", false),
  "monitoring-checklist": markdown("monitoring-checklist.md", false),
  "toolkit-letters": {
    kind: "html",
    footer: false,
    html: () =>
      combinedLettersHtml({
        title: "Dispute Letter Templates",
        intro: "The 5 core letters of the Credit Repair Toolkit, each with when to use it, the law it relies on and how to send it.",
        ids: Object.keys(TOOLKIT_LETTERS) as LetterId[],
      }),
  },
  "power-pack-letters": {
    kind: "html",
    footer: false,
    html: () =>
      combinedLettersHtml({
        title: "Dispute Letter Power Pack",
        intro: `${Object.keys(POWER_PACK_LETTERS).length} letters for specific situations, each with when to use it, the law it relies on, what to enclose and how to send it.`,
        ids: Object.keys(POWER_PACK_LETTERS) as LetterId[],
      }),
  },
  "power-pack-map": {
    kind: "html",
    footer: true,
    html: () => {
      const source = toolkitSource("credit-repair-guide.md");
      const { title } = markdownDocument(source, "products/src/toolkit/credit-repair-guide.md", { long: true });
      return letterMapHtml({ title, chapters: chapterTitles(source) });
    },
  },
  "debt-payoff": workbook(debtPayoff.build),
  "budget.xlsx": workbook(budget.build),
  "budget.pdf": printable("Budget Planner", budget.printableHtml),
  "score-tracker.xlsx": workbook(scoreTracker.build),
  "score-tracker.pdf": printable("Credit Score Tracker", scoreTracker.printableHtml),
  "dispute-tracker.xlsx": workbook(disputeTracker.build),
  "dispute-tracker.pdf": printable("Dispute Tracker", disputeTracker.printableHtml),
};

export function recipeFor(file: ProductFile): Recipe {
  const fixed = FIXED[file.id];
  if (fixed) return fixed;
  const letterMatch = /^(.+)\.(docx|pdf)$/.exec(file.id);
  const id = letterMatch?.[1];
  if (id && (id in TOOLKIT_LETTERS || id in POWER_PACK_LETTERS)) {
    return letterMatch[2] === "docx"
      ? { kind: "zip", build: () => letterDocx(id as LetterId) }
      : { kind: "html", footer: false, html: () => letterHtml(id as LetterId) };
  }
  throw new Error(`No recipe for product file ${file.id} (${file.path})`);
}

/**
 * The free guides' printables (app/lib/guides.ts), built like the products but public: served
 * from public/downloads/, with their own manifest. Only the workbook is built from a source here;
 * the credit guide's PDF predates this and is a file of its own.
 */
export const FREE_DOWNLOADS_DIR = new URL("../../public/downloads/", import.meta.url);
export const FREE_MANIFEST_URL = new URL("../files/free-downloads.json", import.meta.url);
export const FREE_DOWNLOADS: readonly { id: string; path: string; label: string; recipe: Recipe }[] = [
  {
    id: "first-budget-workbook",
    path: "first-budget-workbook.pdf",
    label: "Free First Budget Workbook",
    recipe: {
      kind: "html",
      footer: true,
      html: () =>
        markdownDocument(
          readFileSync(new URL("../src/free/first-budget-workbook.md", import.meta.url), "utf8"),
          "products/src/free/first-budget-workbook.md",
          { long: false, product: "Free First Budget Workbook" },
        ).html,
    },
  },
];

export function allFiles(): (ProductFile & { productId: ProductId })[] {
  return (Object.keys(PRODUCT_FILES) as BuiltProductId[]).flatMap((productId) =>
    PRODUCT_FILES[productId].flatMap((group) => group.files.map((file) => ({ ...file, productId }))),
  );
}
