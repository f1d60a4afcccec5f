/**
 * An article sent to the newsletter (issue 42, item 4): a broadcast draft made from the article
 * (its title as the subject, its description as the preview line, its opening and a link to the
 * rest), created with the broadcasts' own saveBroadcast, so the audience, the test send, the count
 * and the exactly-once sending are the broadcasts' own; nothing here sends.
 *
 * Which broadcasts are the article's: those "Publish and e-mail" made from it (broadcasts.article_id).
 */
import { desc, eq } from "drizzle-orm";
import { articles, broadcasts } from "../../../db/schema";
import { BROADCAST_LIMITS } from "~/lib/forms/broadcast";
import { db } from "~/server/db.server";
import { broadcastsWithFigures } from "~/server/audience/broadcast-admin.server";
import { saveBroadcast } from "~/server/audience/broadcasts.server";
import type { BroadcastStatus } from "../../../db/schema";

/** The link that ends the e-mail. */
export const readTheRest = (slug: string) => `[Read the rest](/blog/${slug})`;

/**
 * The first paragraph or two of an article's Markdown, as an e-mail's opening: headings,
 * pictures (an e-mail shows only their alt text), lists and quotes are skipped; a second
 * paragraph is added while the opening stays short (about 700 characters).
 */
export function articleOpening(markdown: string): string {
  const paragraphs = markdown
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block && !/^(#|!\[|[-*+] |\d+\. |>|\||```|<)/.test(block));
  const [first, second] = paragraphs;
  if (!first) return "";
  return second && first.length + second.length <= 700 ? `${first}\n\n${second}` : first;
}

const oneLine = (text: string, max: number) => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
};

export type ArticleBroadcast = {
  id: number;
  status: BroadcastStatus;
  /** Recipients the e-mail went to so far. */
  sent: number;
  scheduledAt: Date | null;
  startedAt: Date | null;
  finishedAt: Date | null;
};

/** The broadcasts that e-mailed (or will e-mail) this article, newest first. */
export async function articleBroadcasts(articleId: number): Promise<ArticleBroadcast[]> {
  const found = await db()
    .select({ id: broadcasts.id })
    .from(broadcasts)
    .where(eq(broadcasts.articleId, articleId))
    .orderBy(desc(broadcasts.id));
  const withFigures = await Promise.all(found.map(async ({ id }) => (await broadcastsWithFigures(id))[0]));
  return withFigures
    .filter((b) => b !== undefined)
    .map((b) => ({
      id: b.id,
      status: b.status,
      sent: b.figures.sent,
      scheduledAt: b.scheduledAt,
      startedAt: b.startedAt,
      finishedAt: b.finishedAt,
    }));
}

export type EmailArticleOutcome = { broadcastId: number; created: boolean } | { refused: string };

/**
 * A broadcast draft of this article for the newsletter, or the one already waiting (a draft or
 * scheduled broadcast of it): a second click opens the same draft instead of making a copy.
 */
export async function emailArticle(articleId: number): Promise<EmailArticleOutcome> {
  const article = await db().query.articles.findFirst({ where: eq(articles.id, articleId) });
  if (!article) return { refused: "No such article." };
  const waiting = (await articleBroadcasts(articleId)).find((b) => b.status === "draft" || b.status === "scheduled");
  if (waiting) return { broadcastId: waiting.id, created: false };
  const opening = articleOpening(article.body);
  // A new draft (id 0), saved as the broadcast editor saves one.
  const draft = {
    intent: "save" as const,
    id: 0,
    version: 0,
    subject: oneLine(article.title, BROADCAST_LIMITS.subject),
    preview: oneLine(article.description || article.excerpt, BROADCAST_LIMITS.preview),
    body: `${opening ? `${opening}\n\n` : ""}${readTheRest(article.slug)}`,
    audiences: ["newsletter" as const],
    includeTags: [],
    excludeTags: [],
  };
  const saved = await saveBroadcast(draft, { articleId });
  return "saved" in saved ? { broadcastId: saved.saved, created: true } : { refused: saved.refused };
}
