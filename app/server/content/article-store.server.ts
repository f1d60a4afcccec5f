/**
 * The articles as the public pages read them (issue 24): the database is the source, and each
 * server keeps the articles that are or were public in memory, reloaded when the one-row
 * content_version moves. Every change raises that number in the same transaction; each server
 * reads it every second (one primary-key lookup), so an edit, a publication or a removal reaches
 * every server within about a second, without a restart. A scheduled article needs no event at
 * all: it is live once its time has come, on each server's own clock (`now`, injectable).
 *
 * The store is made once at start-up (`openArticleStore()`, which seeds the shipped articles
 * first) and handed to the routes in React Router's load context (server/app.ts); its getters are
 * synchronous (the pages ask many times per request) and read the last loaded snapshot. No
 * module state: a test opens a store of its own (tests/helpers/context.ts).
 */
import { asc, eq, inArray, ne } from "drizzle-orm";
import { articleRedirects, articles, contentVersion, siteSettings, type ArticleStatus } from "../../../db/schema";
import { shippedImage, uploadedImage, type ArticleSummary } from "~/content/articles";
import type { Article } from "~/content/shipped-articles.server";
import type { Category, ClosingCtaKind } from "~/lib/article-meta";
import { guideChoices, GUIDES, type Guide, type GuideId } from "~/lib/guides";
import { articleState } from "~/lib/article-status";
import { isPartnerId } from "~/lib/partners";
import type { BusinessDetails } from "~/lib/business";
import { db } from "~/server/db.server";
import { BUSINESS_DETAILS_KEY, businessDetails, parseSavedDetails } from "~/server/business.server";
import { seedShippedArticles } from "~/server/content/article-seed.server";
import { log } from "~/server/log.server";

export type StoredArticle = Article & { id: number; status: ArticleStatus; publishAt: Date | null };

type Snapshot = {
  version: number;
  /** Published, scheduled and unpublished articles, in listing order (drafts never reach a page). */
  articles: StoredArticle[];
  bySlug: Map<string, StoredArticle>;
  byId: Map<number, StoredArticle>;
  /** Former slug -> the article's id. */
  redirects: Map<string, number>;
  /** When each published or scheduled article goes (went) live, ascending, in ms. */
  goLive: number[];
  /** The free guide each category's articles offer (the owner's choice, /admin/sequence). */
  guides: Record<Category, GuideId>;
  /** The business's details in force: the owner's saved ones (/admin/settings) over the environment's. */
  business: BusinessDetails;
};

/** Where the owner's choice of a guide per article category is kept (site_settings). */
export const GUIDE_CHOICE_KEY = "guide_for_category";

type ArticleRow = typeof articles.$inferSelect;

export function toArticle(row: ArticleRow): StoredArticle {
  return {
    id: row.id,
    status: row.status,
    publishAt: row.publishAt,
    slug: row.slug,
    title: row.title,
    subtitle: row.subtitle,
    excerpt: row.excerpt,
    description: row.description,
    seoTitle: row.seoTitle,
    category: row.category as Category,
    date: row.publishedOn,
    reviewed: row.reviewedOn,
    readingMinutes: row.readingMinutes,
    imageAlt: row.imageAlt,
    order: row.sortOrder,
    related: row.related,
    closingCta: (row.closingCta ?? undefined) as ClosingCtaKind | undefined,
    affiliates: row.affiliates.filter(isPartnerId),
    sources: row.sources,
    html: row.html,
    ...(row.imageId ? uploadedImage(row.imageId) : row.shippedImage ? shippedImage(row.shippedImage) : { image: null, ogImage: null }),
  };
}

/** The current content version (0 before anything was ever written). */
export async function readContentVersion(): Promise<number> {
  const [row] = await db().select({ version: contentVersion.version }).from(contentVersion).where(eq(contentVersion.id, 1));
  return row?.version ?? 0;
}

/** Read the articles from the database (at start-up, after a change here, or one seen in content_version). */
async function readSnapshot(): Promise<Snapshot> {
  // The version first: a change committed while the rows are read shows at the next check.
  const version = await readContentVersion();
  const [rows, redirects, settings] = await Promise.all([
    db().select().from(articles).where(ne(articles.status, "draft")).orderBy(asc(articles.sortOrder), asc(articles.id)),
    db().select().from(articleRedirects),
    db()
      .select({ key: siteSettings.key, value: siteSettings.value })
      .from(siteSettings)
      .where(inArray(siteSettings.key, [GUIDE_CHOICE_KEY, BUSINESS_DETAILS_KEY])),
  ]);
  const setting = (key: string) => settings.find((row) => row.key === key)?.value;
  const list = rows.map(toArticle);
  return {
    version,
    articles: list,
    bySlug: new Map(list.map((a) => [a.slug, a])),
    byId: new Map(list.map((a) => [a.id, a])),
    redirects: new Map(redirects.map((r) => [r.oldSlug, r.articleId])),
    goLive: list
      .filter((a) => a.status !== "unpublished" && a.publishAt)
      .map((a) => a.publishAt!.getTime())
      .sort((x, y) => x - y),
    guides: guideChoices(setting(GUIDE_CHOICE_KEY)),
    business: businessDetails(parseSavedDetails(setting(BUSINESS_DETAILS_KEY))),
  };
}

export function isLive(article: Pick<StoredArticle, "status" | "publishAt">, now: Date): boolean {
  return articleState(article, now) === "live";
}

export type PublicAddress =
  | { kind: "live"; article: StoredArticle }
  /** A former slug of a live article: 301 there. */
  | { kind: "moved"; slug: string }
  /** Unpublished (or a former slug of one): 410. */
  | { kind: "gone" }
  | { kind: "none" };

/** What a change to public content needs of the store: this server reads again at once (content-version.server.ts). */
export type ContentReload = Pick<ArticleStore, "reload">;

/**
 * Another store kept under the content version (the products'): read again whenever the articles
 * are; `moments`, when what it shows changes by the clock alone (a sale starting or ending).
 */
export type ContentFollower = { reload(): Promise<void>; moments?(): readonly number[] };

export type ArticleStore = ReturnType<typeof articleStore>;

/**
 * Seed the shipped articles (a first start adds them; a later one brings them up to the shipped
 * text) and load the store. Server start-up calls it once; each test file opens its own.
 */
export async function openArticleStore(followers: readonly ContentFollower[] = []): Promise<ArticleStore> {
  const seeded = await seedShippedArticles();
  if (seeded.skipped.length > 0) {
    log.warn(`Shipped articles not added (their address is taken by another article): ${seeded.skipped.join(", ")}`);
  }
  if (seeded.updated.length > 0) log.info(`Shipped articles brought up to the shipped text: ${seeded.updated.join(", ")}`);
  return articleStore(await readSnapshot(), followers);
}

function articleStore(first: Snapshot, followers: readonly ContentFollower[]) {
  let s = first;
  // The followers read after the version is read, so a change committed meanwhile shows at the next check for them too.
  const readAll = async () => {
    const next = await readSnapshot();
    await Promise.all(followers.map((f) => f.reload()));
    s = next;
  };

  function liveArticles(now = new Date()): StoredArticle[] {
    return s.articles.filter((a) => isLive(a, now));
  }

  return {
    /** Read the articles again from the database (after a change here, or one seen in content_version). */
    async reload(): Promise<void> {
      await readAll();
    },

    /** The articles a reader can open now, in listing order. */
    liveArticles,

    /** The live articles without their bodies (listings, cards, feed, sitemap). */
    liveSummaries(now = new Date()): ArticleSummary[] {
      return liveArticles(now).map(({ html: _html, id: _id, status: _status, publishAt: _publishAt, ...summary }) => summary);
    },

    /** Whether `slug` is an article's current address (live or not): the checkout's and the tools' links. */
    articleExists(slug: string): boolean {
      return s.bySlug.has(slug);
    },

    liveArticle(slug: string, now = new Date()): StoredArticle | undefined {
      const article = s.bySlug.get(slug);
      return article && isLive(article, now) ? article : undefined;
    },

    /** What /blog/<slug> is now. */
    publicAddress(slug: string, now = new Date()): PublicAddress {
      const article = s.bySlug.get(slug) ?? s.byId.get(s.redirects.get(slug) ?? -1);
      if (!article) return { kind: "none" };
      if (article.status === "unpublished") return { kind: "gone" };
      if (!isLive(article, now)) return { kind: "none" };
      return article.slug === slug ? { kind: "live", article } : { kind: "moved", slug: article.slug };
    },

    /** Every category's guide, as the pages show them now. */
    guideChoices(): Record<Category, GuideId> {
      return s.guides;
    },

    /** The business's details in force (the owner's saved ones over the environment's): pages, dates and e-mails name these. */
    business(): BusinessDetails {
      return s.business;
    },

    /** The free guide the lead form offers on the articles of this category. */
    guideForCategory(category: Category): Guide {
      return GUIDES[s.guides[category]];
    },

    /**
     * A key that changes whenever what the public pages show may have changed: the content version,
     * how many scheduled articles have gone live by `now`, how many sale starts and ends have come, and the UTC day (a former price beside the
     * checkout's add-on may be shown only for 90 days, counted in days). Cached pages are kept under it.
     */
    key(now = Date.now()): string {
      let lo = 0;
      let hi = s.goLive.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (s.goLive[mid]! <= now) lo = mid + 1;
        else hi = mid;
      }
      // A sale that started or ended since: its pages are made again (the moments are few, a handful of products).
      const sales = followers.reduce((n, f) => n + (f.moments?.() ?? []).filter((at) => at <= now).length, 0);
      return `${s.version}:${lo}:${sales}:${new Date(now).toISOString().slice(0, 10)}`;
    },

    /**
     * Check content_version every `intervalMs` and reload when it moved; `onChange` is told after.
     * One check at a time; a database error is logged and the next tick tries again.
     */
    watch({ intervalMs = 1000, onChange }: { intervalMs?: number; onChange?: () => void } = {}) {
      let busy = false;
      const timer = setInterval(() => {
        if (busy) return;
        busy = true;
        readContentVersion()
          .then(async (version) => {
            if (version === s.version) return;
            await readAll();
            onChange?.();
          })
          .catch((error: Error) => log.error(`Checking for article changes: ${error.message}`))
          .finally(() => {
            busy = false;
          });
      }, intervalMs);
      timer.unref();
      return { stop: () => clearInterval(timer) };
    },
  };
}
