/**
 * What the editor says after each save (the redirect carries the outcome: ?saved=<outcome>, so a
 * reload shows it again and never posts again). Decided by the server from what the article was
 * and is (article-editor.server.ts saveOutcome), worded here for the page.
 */
export const SAVE_OUTCOMES = [
  "draft-saved",
  "moved-to-drafts",
  "published",
  "updated",
  "scheduled",
  "unpublished",
  "saved-offline",
  "restored",
] as const;
export type SaveOutcome = (typeof SAVE_OUTCOMES)[number];

export const isSaveOutcome = (value: string | null): value is SaveOutcome => SAVE_OUTCOMES.includes(value as SaveOutcome);

/** The message, given what only the page knows: the article's address and, scheduled, its time in words. */
export function saveMessage(outcome: SaveOutcome, { when }: { when: string }): { text: string; linkToArticle: boolean } {
  const text: Record<SaveOutcome, string> = {
    "draft-saved": "Draft saved.",
    "moved-to-drafts": "Moved to drafts: the article is off the site.",
    published: "Published: the article is live.",
    updated: "Updated: the live article shows your changes.",
    scheduled: `Scheduled: it goes live on ${when}.`,
    unpublished: "Unpublished: its address now says the article is gone (410), and it left the blog, sitemap and feed.",
    "saved-offline": "Saved: the article stays off the site.",
    restored: "Restored: that revision's content is now the latest version.",
  };
  return { text: text[outcome], linkToArticle: outcome === "published" || outcome === "updated" };
}
