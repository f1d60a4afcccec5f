/**
 * Issue 42, items 3 and 4, on the server: each save's outcome (what the owner is told), an
 * address left empty made from the title, the one rule for live / scheduled / draft that the
 * list and the editor read (a schedule whose time passed is live), and an article made into a
 * newsletter broadcast draft through the broadcasts' own functions (once: asked again, the same
 * draft), found again from the article after its address changed.
 */
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { articles } from "../../db/schema";
import { ArticleFormSchema, slugFromTitle, type ArticleForm } from "~/lib/forms/article";
import { articleState } from "~/lib/article-status";
import { loader as listLoader } from "~/routes/admin/articles";
import { findBroadcast, startBroadcast } from "~/server/audience/broadcasts.server";
import { saveArticle } from "~/server/content/article-editor.server";
import { articleBroadcasts, articleOpening, emailArticle } from "~/server/content/article-newsletter.server";
import type { SiteContent } from "~/server/content/site-content.server";
import { db } from "~/server/db.server";
import { hashOwnerPassword } from "~/server/admin/owner-password.server";
import { loader as loginLoader, action as loginAction } from "~/routes/admin/login";
import { ownerConfig, type OwnerConfig } from "~/server/admin/owner-session.server";
import { testSite } from "../helpers/context";
import { useTestDatabase } from "../helpers/db";
import { call, requestsTo } from "../helpers/routes";

useTestDatabase();
let site: SiteContent;

beforeEach(async () => {
  await db().execute(
    sql`TRUNCATE articles, article_revisions, article_redirects, content_version, article_images, article_image_files, broadcasts RESTART IDENTITY CASCADE`,
  );
  site = await testSite();
});

const form = (fields: Record<string, string | undefined>): ArticleForm => {
  const parsed = ArticleFormSchema.safeParse({
    title: "How to Build a Sinking Fund",
    slug: "sinking-fund",
    category: "Saving Money",
    excerpt: "Save a little each month for the bills you know are coming.",
    description: "A sinking fund turns big yearly bills into small monthly savings.",
    body: "## Start small\n\nPut **$20** aside each payday.\n\n![A jar](/images/uploads/1-960.webp)\n\nThen raise it.\n\nThe rest of the article.",
    reviewed: "2026-11-20",
    ...fields,
  });
  if (!parsed.success) throw new Error(parsed.error.message);
  return parsed.data;
};

async function save(fields: Record<string, string | undefined>, id?: number, now = new Date()) {
  const version = id ? (await db().select({ v: articles.version }).from(articles).where(eq(articles.id, id)))[0]!.v : undefined;
  const result = await saveArticle({
    store: site.content,
    id,
    form: form({ ...fields, ...(version ? { version: String(version) } : {}) }),
    now,
  });
  if (!result.ok) throw new Error(`${result.message} ${JSON.stringify(result.fieldErrors)}`);
  return result;
}

describe("what each save says", () => {
  it("a new draft is 'Draft saved', never 'moved to drafts'; then published, updated, scheduled, unpublished, moved to drafts", async () => {
    const created = await save({ intent: "draft" });
    expect(created.outcome).toBe("draft-saved");
    expect((await save({ intent: "save" }, created.id)).outcome).toBe("draft-saved");
    expect((await save({ intent: "publish" }, created.id)).outcome).toBe("published");
    expect((await save({ intent: "save" }, created.id)).outcome).toBe("updated");
    expect((await save({ intent: "publish" }, created.id)).outcome).toBe("updated");
    expect((await save({ intent: "schedule", publishAt: "2099-01-01T09:00" }, created.id)).outcome).toBe("scheduled");
    expect((await save({ intent: "save" }, created.id)).outcome).toBe("scheduled");
    expect((await save({ intent: "unpublish" }, created.id)).outcome).toBe("unpublished");
    expect((await save({ intent: "save" }, created.id)).outcome).toBe("saved-offline");
    expect((await save({ intent: "draft" }, created.id)).outcome).toBe("moved-to-drafts");
    expect((await save({ intent: "publish", slug: "another-one" })).outcome).toBe("published");
  });

  it("an address left empty is made from the title; a title that makes none is refused on the address", async () => {
    expect(slugFromTitle("Pay Off Debt: 5 Steps & Tips — Café!")).toBe("pay-off-debt-5-steps-and-tips-cafe");
    const created = await save({ slug: undefined, title: "Pay Off Debt: 5 Steps!", intent: "draft" });
    expect(created.slug).toBe("pay-off-debt-5-steps");
    const refused = ArticleFormSchema.safeParse({ ...form({}), slug: undefined, title: "!!!" });
    expect(refused.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["slug", "Enter the article's address (for example my-new-article)."],
    ]);
    const schedule = ArticleFormSchema.safeParse({ ...form({}), intent: "schedule", publishAt: undefined });
    expect(schedule.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["publishAt", "Enter the date and time to publish."],
    ]);
  });
});

describe("live, scheduled or draft", () => {
  it("one rule: a schedule whose time has passed is live, in the rule and in the dashboard's list", async () => {
    const now = new Date("2026-11-29T12:00:00Z");
    expect(articleState({ status: "scheduled", publishAt: new Date("2026-11-29T11:59:00Z") }, now)).toBe("live");
    expect(articleState({ status: "scheduled", publishAt: new Date("2026-11-29T12:01:00Z") }, now)).toBe("scheduled");
    expect(articleState({ status: "published", publishAt: new Date("2026-11-01T00:00:00Z") }, now)).toBe("live");
    expect(articleState({ status: "draft", publishAt: new Date("2026-11-01T00:00:00Z") }, now)).toBe("draft");
    expect(articleState({ status: "unpublished", publishAt: new Date("2026-11-01T00:00:00Z") }, now)).toBe("unpublished");

    const past = await save(
      { intent: "schedule", publishAt: "2026-11-20T09:00", slug: "due-already" },
      undefined,
      new Date("2026-11-19T12:00:00Z"),
    );
    const future = await save({ intent: "schedule", publishAt: "2099-11-29T09:00", slug: "due-later" });
    const owner: OwnerConfig = ownerConfig({
      passwordHash: hashOwnerPassword("pw for the list test", { ln: 14, r: 8, p: 1 }),
      sessionSecret: "test-only-session-secret-0123456789abcdef",
      secureCookie: true,
    });
    const args = (request: Request) => ({ request, params: {}, context: { config: { owner }, ...site } }) as never;
    const { get, post } = requestsTo("https://shop.example");
    void loginLoader;
    const login = await call(() => loginAction(args(post("/admin/login", { password: "pw for the list test", next: "/admin" }))));
    const cookie = login.headers.get("Set-Cookie")!.split(";")[0]!;
    const list = await call<{ articles: { id: number; status: string; state: string }[] }>(() =>
      listLoader(args(get("/admin/articles", cookie))),
    );
    expect(list.data.articles.find((a) => a.id === past.id)).toMatchObject({ status: "scheduled", state: "live" });
    expect(list.data.articles.find((a) => a.id === future.id)).toMatchObject({ status: "scheduled", state: "scheduled" });
  });
});

describe("publish and e-mail", () => {
  it("the opening is the first paragraph or two of prose: headings, pictures and lists skipped", () => {
    expect(articleOpening("## Start\n\nOne.\n\n![x](/images/a.webp)\n\n- a list\n\nTwo.\n\nThree.")).toBe("One.\n\nTwo.");
    expect(articleOpening(`${"Long. ".repeat(120)}\n\nSecond.`)).toBe("Long. ".repeat(120).trim());
    expect(articleOpening("## Only a heading")).toBe("");
  });

  it("makes one broadcast draft of the article through saveBroadcast, found from the article even after its address changed", async () => {
    const article = await save({ intent: "publish-email" });
    expect(article.outcome).toBe("published");
    const first = await emailArticle(article.id);
    expect(first).toEqual({ broadcastId: 1, created: true });
    const broadcast = await findBroadcast(1);
    expect(broadcast).toMatchObject({
      subject: "How to Build a Sinking Fund",
      preview: "A sinking fund turns big yearly bills into small monthly savings.",
      body: "Put **$20** aside each payday.\n\nThen raise it.\n\n[Read the rest](/blog/sinking-fund)",
      audiences: ["newsletter"],
      status: "draft",
    });
    // Asked again while that draft waits: the same one, no copy.
    expect(await emailArticle(article.id)).toEqual({ broadcastId: 1, created: false });

    await save({ intent: "save", slug: "sinking-fund-guide" }, article.id);
    expect((await articleBroadcasts(article.id)).map((b) => [b.id, b.status, b.sent])).toEqual([[1, "draft", 0]]);

    // Sent (with nobody in the audience it is refused, nothing queued): the broadcasts' own rules.
    const start = await startBroadcast({ id: 1, version: broadcast!.version, when: "now", scheduledAt: undefined } as never);
    expect(start).toMatchObject({ httpStatus: 400 });
    // Once it is no longer a draft, a new e-mail of the article is a new broadcast.
    await db().execute(sql`update broadcasts set status = 'sent', started_at = now(), finished_at = now() where id = 1`);
    expect(await emailArticle(article.id)).toEqual({ broadcastId: 2, created: true });
    expect((await findBroadcast(2))!.body).toMatch(/\[Read the rest\]\(\/blog\/sinking-fund-guide\)$/);
    expect((await articleBroadcasts(article.id)).map((b) => [b.id, b.status])).toEqual([
      [2, "draft"],
      [1, "sent"],
    ]);
    expect(await articleBroadcasts(999)).toEqual([]);
  });
});
