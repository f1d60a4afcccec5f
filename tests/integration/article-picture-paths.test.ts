/**
 * An article's pictures stay inside the site's /images/ folder (issue 43): the editor's save
 * refuses a cover or a picture in the text whose address holds `..` (or is an address at all, for
 * the cover), with its message beside the field, and stores nothing; a picture from the uploads passes.
 */
import { count, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { articleRevisions, articles } from "../../db/schema";
import { ArticleFormSchema } from "~/lib/forms/article";
import { action as editAction } from "~/routes/admin/article-edit";
import { db } from "~/server/db.server";
import { sampleArticle } from "../../scripts/lib/owner-client";
import { useTestDatabase } from "../helpers/db";
import { dashboardServer, ownerCookie } from "../helpers/owner";
import { call } from "../helpers/routes";

const ORIGIN = "https://shop.example";
const { args, post } = dashboardServer(ORIGIN);

useTestDatabase();
let cookie: string;

beforeEach(async () => {
  await db().execute(sql`TRUNCATE articles, article_revisions, article_redirects, content_version RESTART IDENTITY CASCADE`);
  cookie = await ownerCookie(ORIGIN);
});

const fields = sampleArticle("sinking-fund", "How to Build a Sinking Fund");
const stored = async () => ({
  articles: (await db().select({ n: count() }).from(articles))[0]!.n,
  revisions: (await db().select({ n: count() }).from(articleRevisions))[0]!.n,
});
const save = (extra: Record<string, string>) =>
  call<{ result: { error: Record<string, string[]> } }>(() =>
    editAction(args(post("/admin/articles/new", { ...fields, intent: "publish", ...extra }, cookie), { id: "new" })),
  );

const OUTSIDE = ["../../etc/passwd", "/images/../x.png"];

describe("an article's pictures", () => {
  it.each(OUTSIDE)("refuses %s as a picture in the text, with the message beside the text, and stores nothing", async (path) => {
    const refused = await save({ body: `${fields.body}\n\n![A jar](${path})\n\nThen raise it.` });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.body).toEqual([
      `A picture must be a file in this site's /images/ folder, its address without "..": "${path}" is not (add one with "Add a picture to the text").`,
    ]);
    expect(await stored()).toEqual({ articles: 0, revisions: 0 });
  });

  it.each(OUTSIDE)("refuses %s as the cover, with the message beside the cover, and stores nothing", async (path) => {
    const refused = await save({ imageId: path, imageAlt: "A jar of coins on a kitchen table" });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.imageId).toEqual(["Choose the cover among the uploaded pictures."]);
    expect(await stored()).toEqual({ articles: 0, revisions: 0 });
  });

  it("lets a picture from the site's uploads through the same schema", () => {
    const body = `${fields.body}\n\n![A jar](/images/uploads/1-960.webp)`;
    expect(ArticleFormSchema.safeParse({ ...fields, body, imageId: "1", imageAlt: "A jar of coins" }).success).toBe(true);
  });
});
