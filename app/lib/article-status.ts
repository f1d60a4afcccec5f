/**
 * What an article is for readers at a moment, from its stored status and publish time: the one
 * rule for the site (which articles are public), the dashboard's list and the editor. A
 * scheduled article whose time has passed is live: nothing rewrites its row when the time comes.
 */
export type ArticleState = "live" | "scheduled" | "draft" | "unpublished";

export function articleState(article: { status: string; publishAt: Date | string | null }, now: Date): ArticleState {
  if (article.status === "draft") return "draft";
  if (article.status === "unpublished") return "unpublished";
  if (!article.publishAt) return "draft";
  return new Date(article.publishAt) <= now ? "live" : "scheduled";
}

/** The dashboard's word for each state (its badge). */
export const ARTICLE_STATE_LABELS: Record<ArticleState, string> = {
  live: "Live",
  scheduled: "Scheduled",
  draft: "Draft",
  unpublished: "Unpublished",
};
