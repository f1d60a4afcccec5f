/**
 * The owner's choice of the free guide each article category's lead form offers (issue 40,
 * item 6): one form field per category, kept in site_settings and read by the articles' snapshot
 * (article-store.server.ts), so every server's pages offer the new guide within a second.
 */
import { sql } from "drizzle-orm";
import { siteSettings } from "../../../db/schema";
import { CATEGORIES, type Category } from "~/lib/article-meta";
import { GUIDES, type GuideId } from "~/lib/guides";
import { recordAudit } from "~/server/audit.server";
import { GUIDE_CHOICE_KEY, type ArticleStore } from "~/server/content/article-store.server";
import { changePublicContent } from "~/server/content/content-version.server";

/** Save the choice (a change to what public pages show) and log each category that changed. Returns the changed categories. */
export async function saveGuideChoices(
  content: Pick<ArticleStore, "guideChoices" | "reload">,
  choices: Record<Category, GuideId>,
): Promise<Category[]> {
  const before = content.guideChoices();
  const changed = CATEGORIES.filter((c) => before[c] !== choices[c]);
  if (changed.length === 0) return [];
  await changePublicContent(content, async (tx) => {
    await tx
      .insert(siteSettings)
      .values({ key: GUIDE_CHOICE_KEY, value: choices, updatedAt: sql`now()` })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: choices, updatedAt: sql`now()` } });
  });
  await recordAudit(
    "guide-choice",
    "guides",
    changed.map((c) => `${c}: ${GUIDES[before[c]].title} → ${GUIDES[choices[c]].title}`).join("; "),
  );
  return changed;
}
