/**
 * Articles in the database (issue 24), on PGlite and (TEST_DB=postgres) on PostgreSQL: the seed,
 * the states on an injected clock, the public pages' loaders (article, blog, home, sitemap, feed),
 * a changed slug's 301, an unpublished article's 410, the editor's refusals (nothing half-saved),
 * revisions, and hostile Markdown, titles and alt texts rendered inert.
 */
import { count, eq, sql } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement, type ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { articleRedirects, articleRevisions, articles, contentVersion } from "../../db/schema";
import { ArticleView } from "~/components/article-view";
import { PostCard } from "~/components/post-card";
import { getShippedArticles } from "~/content/shipped-articles.server";
import { ArticleFormSchema, type ArticleForm } from "~/lib/forms/article";
import { loader as articleLoader } from "~/routes/blog-post";
import { loader as blogLoader } from "~/routes/blog";
import { loader as homeLoader } from "~/routes/home";
import { loader as rssLoader } from "~/routes/rss";
import { loader as sitemapLoader } from "~/routes/sitemap";
import { restoreRevision, saveArticle } from "~/server/content/article-editor.server";
import { seedShippedArticles } from "~/server/content/article-seed.server";
import { readContentVersion } from "~/server/content/article-store.server";
import type { SiteContent } from "~/server/content/site-content.server";
import { db } from "~/server/db.server";
import { testSite } from "../helpers/context";
import { rowsOf, useTestDatabase } from "../helpers/db";
import { call } from "../helpers/routes";
import { expectLog } from "../helpers/console-errors";

useTestDatabase();
let site: SiteContent;

beforeEach(async () => {
  await db().execute(
    sql`TRUNCATE articles, article_revisions, article_redirects, content_version, article_images, article_image_files RESTART IDENTITY CASCADE`,
  );
  site = await testSite();
});

const form = (fields: Record<string, string>): ArticleForm => {
  const parsed = ArticleFormSchema.safeParse({
    title: "How to Build a Sinking Fund",
    slug: "sinking-fund",
    category: "Saving Money",
    excerpt: "Save a little each month for the bills you know are coming, so they stop being emergencies.",
    description: "A sinking fund turns big yearly bills into small monthly savings. Here is how to start one this week.",
    body: "## Start small\n\nPut **$20** aside each payday.",
    reviewed: "2026-11-20",
    ...fields,
  });
  if (!parsed.success) throw new Error(parsed.error.message);
  return parsed.data;
};

const page = (slug: string) =>
  call<{ article: { title: string; html: string } }>(() =>
    articleLoader({ context: site, params: { slug }, request: new Request(`http://localhost/blog/${slug}`) } as never),
  );
const text = async (response: Response | Promise<Response>) => (await response).text();

describe("the seed", () => {
  it("loads the shipped articles once, adds one the database lacks and never overwrites an edit", async () => {
    const shipped = getShippedArticles();
    expect(site.content.liveSummaries().map((a) => a.slug)).toEqual(shipped.map((a) => a.slug));
    expect((await seedShippedArticles()).added).toEqual([]);

    const [first, second] = shipped;
    const [row] = await db().select().from(articles).where(eq(articles.slug, first!.slug));
    const edited = await saveArticle({
      store: site.content,
      id: row!.id,
      form: form({ slug: first!.slug, title: "The owner's own title", version: String(row!.version) }),
    });
    expect(edited.ok).toBe(true);
    await db().delete(articles).where(eq(articles.slug, second!.slug));

    const again = await seedShippedArticles();
    expect(again.added).toEqual([second!.slug]);
    const [kept] = await db().select().from(articles).where(eq(articles.shippedKey, first!.slug));
    expect(kept!.title).toBe("The owner's own title");
  });

  it("brings a shipped article the owner never changed up to the shipped text (a correction reaches her site), never one she did", async () => {
    const [first, second] = getShippedArticles();
    // As an earlier release left them: both with older text, the second then saved once by the owner.
    const older = {
      body: "An older body that said 7 years for everything.",
      html: "<p>An older body that said 7 years for everything.</p>",
    };
    for (const slug of [first!.slug, second!.slug]) {
      await db().update(articles).set(older).where(eq(articles.shippedKey, slug));
      await db().execute(sql`
        update article_revisions r set content = jsonb_set(r.content, '{body}', to_jsonb(${older.body}::text))
        from articles a where a.id = r.article_id and a.shipped_key = ${slug}
      `);
    }
    const [owned] = await db().select().from(articles).where(eq(articles.shippedKey, second!.slug));
    const saved = await saveArticle({
      store: site.content,
      id: owned!.id,
      form: form({ slug: second!.slug, title: owned!.title, body: older.body, version: String(owned!.version) }),
    });
    expect(saved.ok).toBe(true);

    const run = await seedShippedArticles();
    expect(run.updated).toEqual([first!.slug]);
    const [corrected] = await db().select().from(articles).where(eq(articles.shippedKey, first!.slug));
    expect(corrected).toMatchObject({ body: first!.body, html: first!.html, version: 2, slug: first!.slug, status: "published" });
    const notes = rowsOf<{ note: string }>(
      await db().execute(sql`select note from article_revisions where article_id = ${corrected!.id} order by version`),
    );
    expect(notes.map((n) => n.note)).toEqual(["Shipped with the site", "Shipped with the site: corrected text"]);
    await site.content.reload();
    expect((await page(first!.slug)).data.article.html).toBe(first!.html);
    const [kept] = await db().select().from(articles).where(eq(articles.shippedKey, second!.slug));
    expect(kept!.body).toBe(older.body);
    // Up to date: nothing more to do.
    expect((await seedShippedArticles()).updated).toEqual([]);
  });

  it("renders the shipped Markdown as it rendered before the sanitizer (same elements, links and classes)", () => {
    const dispute = getShippedArticles().find((a) => a.slug === "dispute-credit-errors")!;
    expect(dispute.html).toContain('target="_blank" rel="noopener noreferrer"');
    expect(dispute.html).toContain('<span class="sr-only"> (opens in a new tab)</span>');
    expect(dispute.html).toContain("<h2>");
  });
});

describe("publishing", () => {
  it("a draft is nowhere; published, it is on its page, the blog, home, sitemap and feed", async () => {
    // The draft's address answers 404, logged as any unknown article is.
    expectLog(/404: \/blog\/sinking-fund/);
    const draft = await saveArticle({ store: site.content, form: form({}) });
    expect(draft).toMatchObject({ ok: true, status: "draft" });
    expect((await page("sinking-fund")).status).toBe(404);
    expect(await text(sitemapLoader({ context: site } as never) as Response)).not.toContain("/blog/sinking-fund");

    const published = await saveArticle({
      store: site.content,
      id: draft.ok ? draft.id : 0,
      form: form({ intent: "publish", version: "1" }),
    });
    expect(published).toMatchObject({ ok: true, status: "published", version: 2 });
    const shown = await page("sinking-fund");
    expect(shown.status).toBe(200);
    expect(shown.data.article.title).toBe("How to Build a Sinking Fund");
    expect(shown.data.article.html).toContain("<strong>$20</strong>");
    const blog = (await blogLoader({ context: site, request: new Request("http://localhost/blog") } as Parameters<
      typeof blogLoader
    >[0])) as {
      posts: { slug: string }[];
    };
    // New articles lead the listing.
    expect(blog.posts[0]!.slug).toBe("sinking-fund");
    expect(((await homeLoader({ context: site } as never)) as { posts: { slug: string }[] }).posts[0]!.slug).toBe("sinking-fund");
    expect(await text(sitemapLoader({ context: site } as never) as Response)).toContain("/blog/sinking-fund</loc>");
    expect(await text(rssLoader({ context: site } as never) as Response)).toContain("<title>How to Build a Sinking Fund</title>");
  });

  it("an edit shows at once; a changed slug answers 301 from the old address; unpublished answers 410 and leaves sitemap and feed", async () => {
    const created = await saveArticle({ store: site.content, form: form({ intent: "publish" }) });
    if (!created.ok) throw new Error(created.message);
    const edited = await saveArticle({
      store: site.content,
      id: created.id,
      form: form({ title: "Sinking Funds, Step by Step", version: "1" }),
    });
    expect(edited).toMatchObject({ ok: true, version: 2, status: "published" });
    expect((await page("sinking-fund")).data.article.title).toBe("Sinking Funds, Step by Step");

    const moved = await saveArticle({ store: site.content, id: created.id, form: form({ slug: "sinking-funds", version: "2" }) });
    expect(moved.ok).toBe(true);
    const old = await page("sinking-fund");
    expect(old.status).toBe(301);
    expect(old.headers.get("Location")).toBe("/blog/sinking-funds");
    expect((await page("sinking-funds")).status).toBe(200);

    const gone = await saveArticle({
      store: site.content,
      id: created.id,
      form: form({ slug: "sinking-funds", intent: "unpublish", version: "3" }),
    });
    expect(gone).toMatchObject({ ok: true, status: "unpublished" });
    expect((await page("sinking-funds")).status).toBe(410);
    expect((await page("sinking-fund")).status).toBe(410);
    expect(await text(sitemapLoader({ context: site } as never) as Response)).not.toContain("sinking-fund");
    expect(await text(rssLoader({ context: site } as never) as Response)).not.toContain("sinking-fund");
    expect(site.content.liveSummaries().map((a) => a.slug)).not.toContain("sinking-funds");
  });

  it("a scheduled article goes live at its time (injected clock), and the content key moves with it", async () => {
    const now = new Date("2030-01-10T09:00:00Z");
    // The editor's time is the business's (New York by default): 5:30 AM EST is 10:30 UTC.
    const scheduled = await saveArticle({ store: site.content, form: form({ intent: "schedule", publishAt: "2030-01-10T05:30" }), now });
    expect(scheduled).toMatchObject({ ok: true, status: "scheduled" });
    expect(site.content.publicAddress("sinking-fund", now).kind).toBe("none");
    expect(site.content.publicAddress("sinking-fund", new Date("2030-01-10T10:29:59Z")).kind).toBe("none");
    const before = site.content.key(new Date("2030-01-10T10:29:59Z").getTime());
    const at = new Date("2030-01-10T10:30:00Z");
    expect(site.content.publicAddress("sinking-fund", at).kind).toBe("live");
    expect(site.content.liveSummaries(at)[0]!.slug).toBe("sinking-fund");
    expect(site.content.liveSummaries(at)[0]!.date).toBe("2030-01-10");
    expect(site.content.key(at.getTime())).not.toBe(before);
    // And at each UTC midnight (a former price's window is counted in days).
    expect(site.content.key(Date.parse("2030-01-11T00:00:00Z"))).not.toBe(site.content.key(Date.parse("2030-01-10T23:59:59Z")));
    expect(site.content.key(Date.parse("2030-01-11T23:59:59Z"))).toBe(site.content.key(Date.parse("2030-01-11T00:00:00Z")));
  });

  it("an article that goes live late in the evening is dated that evening's day in the business's zone", async () => {
    const now = new Date("2030-01-10T09:00:00Z");
    // 9:30 PM EST on Jan 10 is 02:30 UTC on Jan 11.
    await saveArticle({ store: site.content, form: form({ intent: "schedule", publishAt: "2030-01-10T21:30" }), now });
    const at = new Date("2030-01-11T02:30:00Z");
    expect(site.content.publicAddress("sinking-fund", new Date("2030-01-11T02:29:59Z")).kind).toBe("none");
    expect(site.content.liveSummaries(at)[0]).toMatchObject({ slug: "sinking-fund", date: "2030-01-10" });
    // Another configured zone reads the same typed time as its own: 9:30 PM in Tokyo is 12:30 UTC.
    await saveArticle({
      store: site.content,
      form: form({ slug: "tokyo-fund", intent: "schedule", publishAt: "2030-01-10T21:30" }),
      now,
      timeZone: "Asia/Tokyo",
    });
    expect(site.content.publicAddress("tokyo-fund", new Date("2030-01-10T12:29:59Z")).kind).toBe("none");
    expect(site.content.publicAddress("tokyo-fund", new Date("2030-01-10T12:30:00Z")).kind).toBe("live");
  });
});

describe("refused whole, nothing half-saved", () => {
  const stored = async () => ({
    articles: (await db().select({ n: count() }).from(articles))[0]!.n,
    revisions: (await db().select({ n: count() }).from(articleRevisions))[0]!.n,
    version: await readContentVersion(),
  });

  it("an empty title, a bad slug or a missing text never reach the database", () => {
    const result = ArticleFormSchema.safeParse({ ...form({}), title: "   ", slug: "Not A Slug!", body: "" });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((i) => i.path.join("."));
    expect(fields).toEqual(expect.arrayContaining(["title", "slug", "body"]));
    expect(result.error!.issues.find((i) => i.path[0] === "title")!.message).toBe("Enter a title.");
  });

  it("a colliding slug, a schedule in the past and a stale version (two tabs) are refused with a message", async () => {
    const first = await saveArticle({ store: site.content, form: form({ intent: "publish" }) });
    if (!first.ok) throw new Error(first.message);
    const before = await stored();

    const collide = await saveArticle({ store: site.content, form: form({ slug: "dispute-credit-errors" }) });
    expect(collide).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { slug: ["Another article already uses this address: choose another."] },
    });

    const now = new Date("2030-01-10T09:00:00Z");
    // 3:59 AM EST is 08:59 UTC: a minute ago, though 08:59 read as UTC would not be.
    const past = await saveArticle({
      store: site.content,
      id: first.id,
      form: form({ intent: "schedule", publishAt: "2030-01-10T03:59", version: "1" }),
      now,
    });
    expect(past.ok).toBe(false);
    expect(!past.ok && past.fieldErrors.publishAt![0]).toBe("Choose a time in the future (it is now Jan 10, 2030, 4:00 AM EST).");

    // Tab A saves version 1 -> 2; tab B, still at version 1, is refused.
    expect((await saveArticle({ store: site.content, id: first.id, form: form({ title: "Tab A's title", version: "1" }) })).ok).toBe(true);
    const tabB = await saveArticle({ store: site.content, id: first.id, form: form({ title: "Tab B's title", version: "1" }) });
    expect(tabB).toMatchObject({ ok: false, status: 409 });
    expect(!tabB.ok && tabB.message).toMatch(/changed elsewhere.*version 2 is the latest.*Nothing was saved/);

    const after = await stored();
    expect(after.articles).toBe(before.articles);
    expect(after.revisions).toBe(before.revisions + 1); // tab A's save only
    expect(after.version).toBe(before.version + 1);
    const [row] = await db().select().from(articles).where(eq(articles.id, first.id));
    expect(row!.title).toBe("Tab A's title");
    // A former slug of another article is taken too.
    await saveArticle({ store: site.content, id: first.id, form: form({ slug: "sinking-funds", version: "2" }) });
    const reuse = await saveArticle({ store: site.content, form: form({ slug: "sinking-fund" }) });
    expect(reuse).toMatchObject({ ok: false, fieldErrors: { slug: [expect.stringMatching(/already uses/)] } });
    expect(await db().select().from(articleRedirects)).toHaveLength(1);
  });
});

describe("revisions", () => {
  it("every save keeps one; restoring one saves its content as the latest version", async () => {
    const created = await saveArticle({ store: site.content, form: form({ intent: "publish", body: "First text." }) });
    if (!created.ok) throw new Error(created.message);
    await saveArticle({ store: site.content, id: created.id, form: form({ body: "Second text.", version: "1" }) });
    const restored = await restoreRevision({ store: site.content, id: created.id, revision: 1, expectedVersion: 2 });
    expect(restored).toMatchObject({ ok: true, version: 3, status: "published" });
    expect((await page("sinking-fund")).data.article.html).toContain("First text.");
    const notes = await db()
      .select({ v: articleRevisions.version, note: articleRevisions.note })
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, created.id));
    expect(notes.map((n) => n.note)).toEqual(["Created", "Saved", "Restored version 1"]);
    expect((await restoreRevision({ store: site.content, id: created.id, revision: 1, expectedVersion: 2 })).ok).toBe(false);
  });
});

describe("hostile input is inert", () => {
  const hostile = [
    "<script>alert(1)</script>",
    '<iframe src="https://evil.example"></iframe>',
    '<img src="x" onerror="alert(2)">',
    '<a href="javascript:alert(3)">click</a>',
    "[link](javascript:alert(4))",
    '<a href="data:text/html,<script>alert(5)</script>">data</a>',
    '<p onclick="alert(6)" style="color:red" id="lead-form">p</p>',
    "<svg onload=alert(7)><circle/></svg>",
    '<a href="https://ok.example" target="_self">ok</a>',
    '<img src="https://cdn.example/x.png" alt="elsewhere">',
    '<img src="/images/uploads/3-640.webp" alt="fine" onload="alert(8)">',
    "<style>body{display:none}</style>",
    '<form action="https://evil.example"><input name=x></form>',
  ].join("\n\n");

  it("in the body: no script, iframe, event handler, style, form or javascript:/data: link", async () => {
    const created = await saveArticle({ store: site.content, form: form({ intent: "publish", body: hostile }) });
    if (!created.ok) throw new Error(created.message);
    const { html } = (await page("sinking-fund")).data.article;
    expect(html).not.toMatch(/<script|<iframe|<svg|<style|<form|<input|\son\w+=|javascript:|data:|style=|id=/i);
    expect(html).toContain('<a href="https://ok.example" target="_blank" rel="noopener noreferrer">ok</a>');
    // Pictures from this site only (its Content-Security-Policy allows no other).
    expect(html).toContain('<img src="/images/uploads/3-640.webp" alt="fine" loading="lazy" decoding="async" />');
    expect(html).not.toContain("cdn.example");
    expect(html).toContain("<a>click</a>");
  });

  it("in the title, excerpt and alt text: shown as text on the page and in the card", async () => {
    const title = '<script>alert("t")</script> "quoted" & <b>bold</b>';
    const created = await saveArticle({
      store: site.content,
      form: form({
        intent: "publish",
        title,
        excerpt: "<img src=x onerror=alert(1)> an excerpt that is long enough",
        imageAlt: '"><script>alert(2)</script>',
      }),
    });
    if (!created.ok) throw new Error(created.message);
    const article = (await page("sinking-fund")).data.article as Parameters<typeof ArticleView>[0]["article"];
    const inRouter = (el: ReactElement) => renderToStaticMarkup(createElement(MemoryRouter, null, el));
    const markup = inRouter(
      createElement(ArticleView, {
        article: { ...article, image: "/images/uploads/1" },
        related: [],
        offer: { toolkit: { id: "toolkit", name: "Credit Repair Toolkit", priceCents: 700 }, bump: null },
        preview: true,
      }),
    );
    const card = inRouter(createElement(PostCard, { post: article }));
    for (const out of [markup, card]) {
      expect(out).not.toMatch(/<script|<img src="?x|<b>bold/);
      expect(out).toContain("&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt; &quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt;");
    }
    expect(markup).toContain('alt="&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"');
    const feed = await text(rssLoader({ context: site } as never) as Response);
    expect(feed).toContain("<title>&lt;script&gt;alert(&quot;t&quot;)&lt;/script&gt;");
  });
});

it("content_version is one row", async () => {
  expect(await db().select().from(contentVersion)).toHaveLength(1);
  await site.content.reload();
});
