/**
 * The free guides, one list (issue 40, item 6): each is offered by the lead form on the articles
 * of the categories the owner chose for it (/admin/sequence; DEFAULT_GUIDE_FOR_CATEGORY until
 * then), comes through its own e-mail and has its own welcome sequence (app/content/sequence/<id>/).
 * Safe for the browser: no server code.
 */
import { CATEGORIES, type Category } from "~/lib/article-meta";

export const GUIDE_IDS = ["credit-repair", "first-budget"] as const;
export type GuideId = (typeof GUIDE_IDS)[number];

export type Guide = {
  id: GuideId;
  /** Its name, as the form, the e-mail and the dashboard say it. */
  title: string;
  /** The form's line under the heading. */
  pitch: string;
  /** The PDF, served from public/. */
  pdf: string;
  /** The e-mail's download button. */
  button: string;
  /**
   * The consent wording under the form: what follows the guide (its welcome sequence). It says
   * how many e-mails over how long, and which of them mention something for sale. Its version is
   * LEAD_CONSENT.version (app/lib/site.ts): change the words, raise the version.
   */
  followups: string;
};

export const GUIDES: Record<GuideId, Guide> = {
  "credit-repair": {
    id: "credit-repair",
    title: "Credit Repair Starter Guide",
    pitch: "10 simple steps to start fixing your credit this week.",
    pdf: "/downloads/credit-repair-starter-guide.pdf",
    button: "Download the Starter Guide (PDF)",
    followups:
      "We'll e-mail you the guide now, then five short e-mails with next steps over about six weeks (one of them tells you about our $7 toolkit). Unsubscribe anytime.",
  },
  "first-budget": {
    id: "first-budget",
    title: "First Budget Workbook",
    pitch: "A printable workbook to make your first monthly budget, one page at a time.",
    pdf: "/downloads/first-budget-workbook.pdf",
    button: "Download the workbook (PDF)",
    followups: "We'll e-mail you the workbook now, then three short e-mails with tips over about two weeks. Unsubscribe anytime.",
  },
};

/** Which guide an article's form offers until the owner chooses: budgeting topics get the workbook. */
export const DEFAULT_GUIDE_FOR_CATEGORY: Record<Category, GuideId> = {
  Budgeting: "first-budget",
  "Saving Money": "first-budget",
  Tools: "first-budget",
  "Credit Repair": "credit-repair",
  "Debt Free": "credit-repair",
};

export function isGuideId(value: unknown): value is GuideId {
  return typeof value === "string" && (GUIDE_IDS as readonly string[]).includes(value);
}

/** The guide a value names; anything else (a link or row from before there were two) is the first guide, the credit guide. */
export function guideIdOf(value: unknown): GuideId {
  return isGuideId(value) ? value : GUIDE_IDS[0];
}

/** The tag a contact gets for asking for a guide: guide-credit-repair, guide-first-budget. */
export function guideTag(id: GuideId): string {
  return `guide-${id}`;
}

/** A stored choice (site settings), with any category it does not name (or names badly) at its default. */
export function guideChoices(stored: unknown): Record<Category, GuideId> {
  const given = stored && typeof stored === "object" ? (stored as Record<string, unknown>) : {};
  return Object.fromEntries(CATEGORIES.map((c) => [c, isGuideId(given[c]) ? given[c] : DEFAULT_GUIDE_FOR_CATEGORY[c]])) as Record<
    Category,
    GuideId
  >;
}

/** The owner's choice form's field for a category: "guide:Saving Money" (app/server/content/guide-choice.server.ts). */
export const guideField = (category: Category) => `guide:${category}`;
