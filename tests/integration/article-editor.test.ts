/**
 * The dashboard's article editor through its routes (issue 24, issue 42): only the owner gets in;
 * a new article, a refused one (nothing stored), the live preview (sanitized, nothing stored), the
 * picture upload without an article (content checked, metadata stripped, served with a year's
 * cache) and the cover set by the article's save, and a restore refused over a newer version.
 */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { articleImageFiles, articleImages, articleRevisions, articles } from "../../db/schema";
import { action as editAction, loader as editLoader } from "~/routes/admin/article-edit";
import { action as imageAction } from "~/routes/admin/image-upload";
import { action as revisionAction, loader as revisionLoader } from "~/routes/admin/article-revision";
import { loader as loginLoader, action as loginAction } from "~/routes/admin/login";
import { loader as imageLoader } from "~/routes/uploaded-image";
import { hashOwnerPassword } from "~/server/admin/owner-password.server";
import { IMAGE_MAX_BYTES } from "~/server/content/article-images.server";
import { ownerConfig, type OwnerConfig } from "~/server/admin/owner-session.server";
import type { SiteContent } from "~/server/content/site-content.server";
import { db } from "~/server/db.server";
import { testSite } from "../helpers/context";
import { useTestDatabase } from "../helpers/db";
import { call, requestsTo } from "../helpers/routes";

const ORIGIN = "https://shop.example";
const PASSWORD = "test-only owner password";
const owner: OwnerConfig = ownerConfig({
  passwordHash: hashOwnerPassword(PASSWORD, { ln: 14, r: 8, p: 1 }),
  sessionSecret: "test-only-session-secret-0123456789abcdef",
  secureCookie: true,
});
const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: { config: { owner }, ...site } }) as never;
const { get, post } = requestsTo(ORIGIN);

useTestDatabase();
let site: SiteContent;
let cookie: string;

beforeEach(async () => {
  await db().execute(
    sql`TRUNCATE articles, article_revisions, article_redirects, content_version, article_images, article_image_files RESTART IDENTITY CASCADE`,
  );
  site = await testSite();
  void loginLoader;
  const login = await call(() => loginAction(args(post("/admin/login", { password: PASSWORD, next: "/admin" }))));
  cookie = login.headers.get("Set-Cookie")!.split(";")[0]!;
});

const fields = {
  title: "How to Build a Sinking Fund",
  slug: "sinking-fund",
  category: "Saving Money",
  excerpt: "Save a little each month for the bills you know are coming.",
  description: "A sinking fund turns big yearly bills into small monthly savings.",
  body: "## Start small\n\nPut **$20** aside each payday.",
  reviewed: "2026-11-20",
};
const articleCount = async () => (await db().select({ n: count() }).from(articles))[0]!.n;

/** POST /admin/images as the editor's fetcher sends it: the answer's status and JSON. */
async function upload(file: Blob, name: string, withCookie = true) {
  const form = new FormData();
  form.set("image", file, name);
  const request = new Request(`${ORIGIN}/admin/images`, { method: "POST", body: form, headers: withCookie ? { Cookie: cookie } : {} });
  let answer: unknown;
  try {
    answer = await imageAction(args(request));
  } catch (thrown) {
    answer = thrown; // the owner check's redirect
  }
  const response = answer as Response;
  if (response.status === 303) return { status: 303, location: response.headers.get("Location"), body: undefined };
  return {
    status: response.status,
    location: null,
    body: (await response.json()) as { ok: boolean; id?: number; src?: string; message?: string },
  };
}

describe("the editor", () => {
  it("is the owner's only: without a session every page and action sends to the login", async () => {
    const attempts = [
      () => editLoader(args(get("/admin/articles/new"), { id: "new" })),
      () => editAction(args(post("/admin/articles/new", { ...fields, intent: "publish" }), { id: "new" })),
      () => revisionLoader(args(get("/admin/articles/1/revisions/1"), { id: "1", version: "1" })),
      () => revisionAction(args(post("/admin/articles/1/revisions/1", { expectedVersion: "1" }), { id: "1", version: "1" })),
    ];
    for (const attempt of attempts) {
      const answer = await call(attempt);
      expect(answer.status).toBe(303);
      expect(answer.headers.get("Location")).toMatch(/^\/admin\/login/);
    }
    expect(await articleCount()).toBe(8);
    expect((await upload(new Blob(["x"]), "a.png", false)).location).toMatch(/^\/admin\/login/);
  });

  it("creates an article, and refuses an empty title with its message and nothing stored", async () => {
    const refused = await call<{ result: { error: Record<string, string[]> } }>(() =>
      editAction(args(post("/admin/articles/new", { ...fields, title: "", intent: "publish" }, cookie), { id: "new" })),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.result.error.title).toEqual(["Enter a title."]);
    expect(await articleCount()).toBe(8);

    const created = await call(() =>
      editAction(args(post("/admin/articles/new", { ...fields, intent: "publish" }, cookie), { id: "new" })),
    );
    expect(created.status).toBe(303);
    expect(created.headers.get("Location")).toBe("/admin/articles/9?saved=published");
    const page = await call<{ saved: string; state: string; version: number }>(() =>
      editLoader(args(get("/admin/articles/9?saved=published", cookie), { id: "9" })),
    );
    expect(page.data).toMatchObject({ state: "live", version: 1, saved: "published" });
  });

  it("answers a slug already taken beside the field, nothing stored", async () => {
    const taken = await call<{ result: { error: Record<string, string[]> } }>(() =>
      editAction(
        args(post("/admin/articles/new", { ...fields, slug: "budgeting-tips-that-work", intent: "draft" }, cookie), {
          id: "new",
        }),
      ),
    );
    expect(taken.status).toBe(400);
    expect(taken.data.result.error.slug).toEqual(["Another article already uses this address: choose another."]);
    expect(await articleCount()).toBe(8);
  });

  it("previews what the form holds, sanitized, without storing anything", async () => {
    const preview = await call<{ preview: { title: string; html: string } }>(() =>
      editAction(
        args(
          post(
            "/admin/articles/new",
            { ...fields, body: "Hi <script>alert(1)</script><img src=x onerror=alert(2)>", intent: "preview" },
            cookie,
          ),
          {
            id: "new",
          },
        ),
      ),
    );
    expect(preview.status).toBe(200);
    expect(preview.data.preview.title).toBe(fields.title);
    expect(preview.data.preview.html).toBe("<p>Hi </p>\n");
    expect(await articleCount()).toBe(8);
  });
});

describe("pictures", () => {
  it("refuses a file that is not an image whatever its name, one too small, one too large, and a cover without a description; nothing is stored", async () => {
    const text = new Blob(["<svg onload=alert(1)>not really a png</svg>"], { type: "image/png" });
    const notImage = await upload(text, "photo.png");
    expect(notImage.status).toBe(400);
    expect(notImage.body!.message).toMatch(/not an image this site can use/);

    const svg = await sharp({ create: { width: 800, height: 450, channels: 3, background: "#0a0" } })
      .png()
      .toBuffer();
    const tiny = await sharp(svg).resize(100, 50).png().toBuffer();
    const small = await upload(new Blob([new Uint8Array(tiny)]), "a.png");
    expect(small.body!.message).toMatch(/too small \(100x50\)/);
    const huge = await upload(new Blob([new Uint8Array(IMAGE_MAX_BYTES + 1)]), "big.jpg");
    expect(huge.body!.message).toBe("That file is too large: at most 8 MB.");
    expect(await db().select({ n: count() }).from(articleImages)).toEqual([{ n: 0 }]);

    const stored = await upload(new Blob([new Uint8Array(svg)]), "a.png");
    expect(stored.body).toEqual({ ok: true, id: 1, src: "/images/uploads/1-960.webp" });
    const noAlt = await call<{ result: { error: Record<string, string[]> } }>(() =>
      editAction(args(post("/admin/articles/new", { ...fields, imageId: "1", intent: "draft" }, cookie), { id: "new" })),
    );
    expect(noAlt.data.result.error.imageAlt).toEqual(["Describe the cover image for readers who cannot see it."]);
    const unknown = await call<{ result: { error: Record<string, string[]> } }>(() =>
      editAction(
        args(post("/admin/articles/new", { ...fields, imageId: "2", imageAlt: "A photo", intent: "draft" }, cookie), { id: "new" }),
      ),
    );
    expect(unknown.data.result.error.imageAlt).toEqual(["That cover image is not stored any more: upload it again."]);
    expect(await articleCount()).toBe(8);
  });

  it("stores an image's sizes and formats without its metadata before any article exists; a new article's first save sets it; served for a year", async () => {
    const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: "#357" } })
      .jpeg()
      .withExif({ IFD0: { Artist: "Owner Name", Copyright: "secret GPS place" } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const answer = await upload(new Blob([new Uint8Array(photo)]), "holiday.txt");
    expect(answer.body).toEqual({ ok: true, id: 1, src: "/images/uploads/1-960.webp" });
    const files = await db().select().from(articleImageFiles).orderBy(articleImageFiles.name);
    expect(files.map((f) => [f.name, f.contentType])).toEqual([
      ["1280.avif", "image/avif"],
      ["1280.webp", "image/webp"],
      ["320.avif", "image/avif"],
      ["320.webp", "image/webp"],
      ["640.avif", "image/avif"],
      ["640.webp", "image/webp"],
      ["960.avif", "image/avif"],
      ["960.webp", "image/webp"],
      ["og.jpg", "image/jpeg"],
    ]);
    for (const file of files) {
      const meta = await sharp(file.bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(file.bytes.includes(Buffer.from("Owner Name"))).toBe(false);
      if (file.name.startsWith("1280")) expect([meta.width, meta.height]).toEqual([1280, 720]);
      if (file.name.startsWith("960")) expect([meta.width, meta.height]).toEqual([960, 540]);
    }
    const created = await call(() =>
      editAction(
        args(post("/admin/articles/new", { ...fields, imageId: "1", imageAlt: "A blue square", intent: "draft" }, cookie), { id: "new" }),
      ),
    );
    expect(created.headers.get("Location")).toBe("/admin/articles/9?saved=draft-saved");
    const [row] = await db().select().from(articles).where(eq(articles.id, 9));
    expect(row).toMatchObject({ imageId: 1, imageAlt: "A blue square", version: 1, status: "draft" });
    expect(await db().select({ note: articleRevisions.note }).from(articleRevisions).where(eq(articleRevisions.articleId, 9))).toEqual([
      { note: "Created" },
    ]);

    const served = (await imageLoader({ params: { file: "1-640.webp" } } as never)) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await served.arrayBuffer()).equals(files.find((f) => f.name === "640.webp")!.bytes)).toBe(true);
    expect(((await imageLoader({ params: { file: "1-641.webp" } } as never)) as Response).status).toBe(404);
    expect(((await imageLoader({ params: { file: "2-640.webp" } } as never)) as Response).status).toBe(404);
    expect(((await imageLoader({ params: { file: "1-960.png" } } as never)) as Response).status).toBe(404);
  });

  it("makes a width added after the upload (960) once from the largest file, and keeps it", async () => {
    const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: "#a52" } })
      .png()
      .toBuffer();
    const imageId = (await upload(new Blob([new Uint8Array(photo)]), "old.png")).body!.id!;
    // As an upload stored before 960 existed.
    await db()
      .delete(articleImageFiles)
      .where(and(eq(articleImageFiles.imageId, imageId), inArray(articleImageFiles.name, ["960.avif", "960.webp"])));

    for (const format of ["avif", "webp"]) {
      const served = (await imageLoader({ params: { file: `${imageId}-960.${format}` } } as never)) as Response;
      expect(served.status).toBe(200);
      expect(served.headers.get("Content-Type")).toBe(`image/${format}`);
      const bytes = Buffer.from(await served.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height]).toEqual([960, 540]);
      // Made from this picture (orange: #a52), not another.
      const { dominant } = await sharp(bytes).stats();
      expect(dominant.r).toBeGreaterThan(140);
      expect(dominant.b).toBeLessThan(80);
      const [stored] = await db()
        .select({ bytes: articleImageFiles.bytes })
        .from(articleImageFiles)
        .where(and(eq(articleImageFiles.imageId, imageId), eq(articleImageFiles.name, `960.${format}`)));
      expect(stored!.bytes.equals(bytes), "kept: the next request gets the same bytes").toBe(true);
      const again = (await imageLoader({ params: { file: `${imageId}-960.${format}` } } as never)) as Response;
      expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    }
    expect(((await imageLoader({ params: { file: `${imageId + 1}-960.webp` } } as never)) as Response).status).toBe(404);
  });
});

describe("revisions", () => {
  it("compares a revision with the latest, restores it, and refuses a restore over a newer version", async () => {
    await call(() => editAction(args(post("/admin/articles/new", { ...fields, intent: "publish" }, cookie), { id: "new" })));
    await call(() =>
      editAction(
        args(
          post("/admin/articles/9", { ...fields, title: "A Better Title", body: "## Start small\r\n\r\nNew text.", version: "1" }, cookie),
          { id: "9" },
        ),
      ),
    );
    const compare = await call<{
      changed: { key: string; before: string; after: string }[];
      bodyChanged: boolean;
      body: { kind: string; text: string }[];
    }>(() => revisionLoader(args(get("/admin/articles/9/revisions/1", cookie), { id: "9", version: "1" })));
    expect(compare.data.changed).toEqual([{ key: "title", label: "Title", before: fields.title, after: "A Better Title" }]);
    expect(compare.data.bodyChanged).toBe(true);
    // Posted as a browser posts a textarea (CRLF), stored as LF: unchanged lines compare equal.
    const [second] = await db()
      .select()
      .from(articleRevisions)
      .where(sql`${articleRevisions.articleId} = 9 and ${articleRevisions.version} = 2`);
    expect((second!.content as { body: string }).body).toBe("## Start small\n\nNew text.");
    expect(compare.data.body).toEqual([
      { kind: "same", text: "## Start small" },
      { kind: "same", text: "" },
      { kind: "removed", text: "Put **$20** aside each payday." },
      { kind: "added", text: "New text." },
    ]);

    const stale = await call<{ message: string }>(() =>
      revisionAction(args(post("/admin/articles/9/revisions/1", { expectedVersion: "1" }, cookie), { id: "9", version: "1" })),
    );
    expect(stale.status).toBe(409);
    const restored = await call(() =>
      revisionAction(args(post("/admin/articles/9/revisions/1", { expectedVersion: "2" }, cookie), { id: "9", version: "1" })),
    );
    expect(restored.headers.get("Location")).toBe("/admin/articles/9?saved=restored");
    expect((await db().select().from(articles).where(eq(articles.id, 9)))[0]).toMatchObject({ title: fields.title, version: 3 });
  });
});
