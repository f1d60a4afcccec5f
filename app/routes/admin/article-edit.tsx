import { data, Link, redirect } from "react-router";
import { parseId } from "~/lib/route-id";
import type { Route } from "./+types/article-edit";
import { AdminHeading, formatWhen, Notice, Panel, StatusBadge, useTimeZone } from "~/components/admin-ui";
import { ArticleView } from "~/components/article-view";
import { buttonClass } from "~/components/ui/button";
import editorScript from "~/browser/editor-script.js?url&no-inline";
import { affiliateField, ArticleFormSchema, formatSources, type ArticleContent, type ArticleIntent } from "~/lib/article-form";
import { CATEGORIES, CLOSING_CTAS } from "~/lib/article-meta";
import { toZonedInput, zonedDay, zoneName } from "~/lib/dates";
import { useNonce } from "~/lib/nonce";
import { PARTNER_IDS, PARTNERS } from "~/lib/partners";
import { seo } from "~/lib/seo";
import { requireOwner } from "~/server/admin/owner-session.server";
import { appConfig } from "~/server/config.server";
import { businessTimeZone } from "~/server/dates.server";
import { articleForEditor, saveArticle, setCoverImage } from "~/server/content/article-editor.server";
import { IMAGE_MAX_BYTES, storeUploadedImage } from "~/server/content/article-images.server";
import { previewFromFields } from "~/server/content/article-preview.server";
import { isLive } from "~/server/content/articles.server";
import { parseSubmission } from "~/server/forms/submission.server";

export const meta: Route.MetaFunction = ({ data: loaderData, location, matches }) =>
  seo(matches, {
    title: loaderData?.isNew ? "New article" : `Edit: ${loaderData?.content.title ?? "article"}`,
    description: "Write and publish an article.",
    path: location.pathname,
    noindex: true,
  });

/** Today in the business's zone: a new article's "last reviewed" and the preview's date. */
const today = () => zonedDay(new Date(), businessTimeZone());

const EMPTY: Omit<ArticleContent, "reviewed"> = {
  title: "",
  slug: "",
  subtitle: "",
  category: CATEGORIES[0],
  excerpt: "",
  body: "",
  description: "",
  seoTitle: null,
  imageAlt: "",
  imageId: null,
  sources: [],
  closingCta: null,
  affiliates: [],
};

/** "new", or an article's id. */
function articleId(param: string): number | "new" | null {
  if (param === "new") return "new";
  return parseId(param);
}

async function load(param: string) {
  const id = articleId(param);
  if (id === null) throw data(null, { status: 404 });
  if (id === "new") return { id, stored: null };
  const stored = await articleForEditor(id);
  if (!stored) throw data(null, { status: 404 });
  return { id, stored };
}

const SAVED: Record<string, string> = {
  restored: "Restored: that revision's content is now the latest version.",
  save: "Saved.",
  publish: "Published: the article is on the site.",
  schedule: "Scheduled: it goes live at the time shown.",
  unpublish: "Unpublished: its address now says the article is gone (410), and it left the blog, sitemap and feed.",
  draft: "Moved to drafts: the article is off the site.",
  image: "Cover image saved.",
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireOwner(appConfig(context).owner, request);
  const { id, stored } = await load(params.id);
  const content = stored?.content ?? { ...EMPTY, reviewed: today() };
  const row = stored?.row;
  const saved = new URL(request.url).searchParams.get("saved");
  return {
    isNew: id === "new",
    id,
    content,
    status: row?.status ?? "draft",
    live: row ? isLive(row, new Date()) : false,
    publishAt: row?.publishAt?.toISOString() ?? null,
    /** The schedule as the datetime-local field shows it, in the business's zone. */
    publishAtInput: row?.publishAt ? toZonedInput(row.publishAt, businessTimeZone()) : null,
    version: row?.version ?? null,
    revisions: stored?.revisions ?? [],
    savedMessage: saved ? (SAVED[saved] ?? null) : null,
    preview: previewFromFields(
      {
        ...content,
        sources: formatSources(content.sources),
        ...Object.fromEntries(content.affiliates.map((a) => [affiliateField(a), "on"])),
      },
      { imageId: row?.imageId ?? null, shippedImage: row?.shippedImage ?? null },
      row?.publishedOn ?? today(),
    ),
    imageMaxMb: IMAGE_MAX_BYTES / 1024 / 1024,
  };
}

type ActionAnswer = {
  message: string | null;
  errors: Record<string, string>;
  values: Record<string, unknown>;
  preview?: ReturnType<typeof previewFromFields>;
  imageError?: string;
};

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireOwner(appConfig(context).owner, request);
  const { id, stored } = await load(params.id);
  const cover = { imageId: stored?.row.imageId ?? null, shippedImage: stored?.row.shippedImage ?? null };

  if ((request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    return uploadCover(request, id === "new" ? null : id, stored?.row.version ?? null);
  }

  const submission = await parseSubmission(request, ArticleFormSchema);
  if (submission.unreadable) {
    return data<ActionAnswer>(
      { message: submission.unreadable.description, errors: {}, values: {} },
      { status: submission.unreadable.httpStatus },
    );
  }
  const values = submission.payload;
  if (values.intent === "preview") {
    return {
      message: null,
      errors: {},
      values,
      preview: previewFromFields(values, cover, stored?.row.publishedOn ?? today()),
    } satisfies ActionAnswer;
  }
  if (!submission.ok) {
    const errors = Object.fromEntries(
      Object.entries(submission.error).map(([field, issues]) => [field, issues[0]?.message ?? "Check this field."]),
    );
    return data<ActionAnswer>({ message: "The article was not saved: check the fields marked below.", errors, values }, { status: 400 });
  }
  const result = await saveArticle({ id: id === "new" ? undefined : id, form: submission.value });
  if (!result.ok) {
    const errors = Object.fromEntries(Object.entries(result.fieldErrors).map(([field, messages]) => [field, messages[0]!]));
    const message = Object.keys(errors).length > 0 ? "The article was not saved: check the fields marked below." : result.message;
    return data<ActionAnswer>({ message, errors, values }, { status: result.status });
  }
  return redirect(`/admin/articles/${result.id}?saved=${submission.value.intent}`, 303);
}

/** The cover image form: a picture and its description, checked and stored, then set on the article. */
async function uploadCover(request: Request, id: number | null, latestVersion: number | null) {
  const refuse = (imageError: string, status = 400) =>
    data<ActionAnswer>({ message: null, errors: {}, values: {}, imageError }, { status });
  if (id === null) return refuse("Save the article once before adding its cover image.");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse("The upload could not be read. Please try again.");
  }
  const file = form.get("image");
  const alt = form.get("imageAlt");
  const version = Number(form.get("version"));
  if (typeof alt !== "string" || !alt.trim()) return refuse("Describe the picture for readers who cannot see it (its alt text).");
  if (alt.length > 200) return refuse("Keep the picture's description to 200 characters.");
  if (!(file instanceof File) || file.size === 0) return refuse("Choose an image file to upload.");
  // Checked again when the image is set on the article; here too, so a stale tab stores no picture.
  if (version !== latestVersion) {
    return refuse(
      `This article was changed elsewhere (another tab or window) after you opened it: version ${latestVersion} is the latest. Nothing was saved. Reload the page, then upload again.`,
      409,
    );
  }
  const stored = await storeUploadedImage(Buffer.from(await file.arrayBuffer()));
  if (!stored.ok) return refuse(stored.message);
  const saved = await setCoverImage({ id, imageId: stored.id, imageAlt: alt.trim(), expectedVersion: version });
  if (!saved.ok) return refuse(saved.message, saved.status);
  return redirect(`/admin/articles/${id}?saved=image`, 303);
}

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-3 focus-visible:outline-brand-700 aria-[invalid=true]:border-red-700";

function Field({
  name,
  label,
  hint,
  error,
  children,
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  /** The control, given the attributes that tie it to its label, hint and error (spread them on it). */
  children: (control: { id: string; name: string; "aria-describedby": string | undefined; "aria-invalid": boolean }) => React.ReactNode;
}) {
  const id = `field-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-bold text-slate-900">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {children({ id, name, "aria-describedby": describedBy, "aria-invalid": !!error })}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function ArticleEdit({ loaderData, actionData }: Route.ComponentProps) {
  const nonce = useNonce();
  const zone = useTimeZone();
  const { content } = loaderData;
  const answer = actionData as ActionAnswer | undefined;
  const sent = answer?.values ?? {};
  const errors = answer?.errors ?? {};
  // What the form shows: what was just posted (kept after a refusal), else what is stored.
  const value = (name: string, stored: string | null | undefined) => (name in sent ? String(sent[name] ?? "") : (stored ?? ""));
  const posted = Object.keys(sent).length > 0;
  const checked = (name: string, stored: boolean) => (posted ? sent[name] === "on" : stored);
  const preview = answer?.preview ?? loaderData.preview;
  const action = `/admin/articles/${loaderData.id}`;
  const intent = (name: ArticleIntent | "preview", label: string, variant: "primary" | "outline" = "outline") => (
    <button type="submit" name="intent" value={name} className={buttonClass({ size: "sm", variant })}>
      {label}
    </button>
  );

  return (
    <>
      <p>
        <Link to="/admin/articles" className="text-brand-800 underline underline-offset-2">
          All articles
        </Link>
      </p>
      <AdminHeading title={loaderData.isNew ? "New article" : `Edit: ${content.title}`}>
        {!loaderData.isNew && (
          <p className="flex flex-wrap items-center gap-3 text-sm text-slate-800">
            <StatusBadge status={loaderData.status} />
            {loaderData.status === "scheduled" && <span>goes live {formatWhen(loaderData.publishAt, zone)}</span>}
            <span>version {loaderData.version}</span>
            {loaderData.live && (
              <a href={`/blog/${content.slug}`} className="text-brand-800 underline underline-offset-2">
                View on the site
              </a>
            )}
          </p>
        )}
      </AdminHeading>
      {loaderData.savedMessage && !answer ? <Notice ok>{loaderData.savedMessage}</Notice> : null}
      {answer?.message ? <Notice ok={false}>{answer.message}</Notice> : null}

      <div className="mt-2 grid gap-6 xl:grid-cols-2">
        <Panel title="Article" id="article-heading">
          <form method="post" action={action} data-preview="" className="mt-3 space-y-4" noValidate>
            {loaderData.version !== null && <input type="hidden" name="version" value={loaderData.version} />}
            <Field name="title" label="Title" error={errors.title}>
              {(f) => <input {...f} required maxLength={110} defaultValue={value("title", content.title)} className={inputClass} />}
            </Field>
            <Field
              name="slug"
              label="Address"
              hint="After /blog/: lower-case letters, digits and hyphens. Changing it later keeps the old address working."
              error={errors.slug}
            >
              {(f) => (
                <input
                  {...f}
                  required
                  maxLength={80}
                  pattern="[a-z0-9]+(-[a-z0-9]+)*"
                  defaultValue={value("slug", content.slug)}
                  className={inputClass}
                />
              )}
            </Field>
            <Field name="category" label="Category" error={errors.category}>
              {(f) => (
                <select {...f} defaultValue={value("category", content.category)} className={inputClass}>
                  {CATEGORIES.map((c) => (
                    <option key={c}>{c}</option>
                  ))}
                </select>
              )}
            </Field>
            <Field name="subtitle" label="Subtitle (optional)" error={errors.subtitle}>
              {(f) => <input {...f} maxLength={200} defaultValue={value("subtitle", content.subtitle)} className={inputClass} />}
            </Field>
            <Field name="excerpt" label="Excerpt" hint="Shown in the blog list and the feed." error={errors.excerpt}>
              {(f) => (
                <textarea
                  {...f}
                  required
                  maxLength={220}
                  rows={2}
                  defaultValue={value("excerpt", content.excerpt)}
                  className={inputClass}
                />
              )}
            </Field>
            <Field
              name="body"
              label="Text (Markdown)"
              hint="## for a heading, **bold**, [link text](https://address), - for a list. HTML is limited to safe formatting."
              error={errors.body}
            >
              {(f) => (
                <textarea
                  {...f}
                  required
                  rows={18}
                  defaultValue={value("body", content.body)}
                  className={`${inputClass} font-mono text-sm`}
                />
              )}
            </Field>
            <Field
              name="imageAlt"
              label="Cover image description (alt text)"
              hint="Required when the article has a cover image."
              error={errors.imageAlt}
            >
              {(f) => <input {...f} maxLength={200} defaultValue={value("imageAlt", content.imageAlt)} className={inputClass} />}
            </Field>
            <Field
              name="seoTitle"
              label="Search title (optional)"
              hint="The title search engines show; the article's title when empty."
              error={errors.seoTitle}
            >
              {(f) => <input {...f} maxLength={70} defaultValue={value("seoTitle", content.seoTitle)} className={inputClass} />}
            </Field>
            <Field
              name="description"
              label="Search description"
              hint="About 150 characters, shown under the title in search results."
              error={errors.description}
            >
              {(f) => (
                <textarea
                  {...f}
                  required
                  maxLength={170}
                  rows={2}
                  defaultValue={value("description", content.description)}
                  className={inputClass}
                />
              )}
            </Field>
            <Field name="reviewed" label="Last reviewed" error={errors.reviewed}>
              {(f) => <input {...f} type="date" required defaultValue={value("reviewed", content.reviewed)} className={inputClass} />}
            </Field>
            <Field
              name="sources"
              label="Sources (optional)"
              hint='One per line: "Title | https://address". Listed under the article.'
              error={errors.sources}
            >
              {(f) => <textarea {...f} rows={3} defaultValue={value("sources", formatSources(content.sources))} className={inputClass} />}
            </Field>
            <Field name="closingCta" label="Closing offer" error={errors.closingCta}>
              {(f) => (
                <select {...f} defaultValue={value("closingCta", content.closingCta)} className={inputClass}>
                  <option value="">None</option>
                  {CLOSING_CTAS.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <fieldset>
              <legend className="text-sm font-bold text-slate-900">Partner cards after the article</legend>
              {PARTNER_IDS.map((id) => (
                <label key={id} className="mt-1 flex items-center gap-2 text-slate-800">
                  <input
                    type="checkbox"
                    name={affiliateField(id)}
                    defaultChecked={checked(affiliateField(id), content.affiliates.includes(id))}
                    className="size-4"
                  />
                  {PARTNERS[id].name}
                </label>
              ))}
            </fieldset>
            <p className="text-sm text-slate-700">The free guide's sign-up form is on every article.</p>
            <Field name="publishAt" label={`Publish at (${zoneName(zone)}, for Schedule)`} error={errors.publishAt}>
              {(f) => (
                <input
                  {...f}
                  type="datetime-local"
                  defaultValue={value("publishAt", loaderData.status === "scheduled" ? loaderData.publishAtInput : "")}
                  className={inputClass}
                />
              )}
            </Field>
            <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
              {intent(loaderData.isNew ? "draft" : "save", loaderData.isNew ? "Save draft" : "Save", "primary")}
              {intent("preview", "Preview")}
              {loaderData.status !== "published" && intent("publish", "Publish now")}
              {intent("schedule", "Schedule")}
              {(loaderData.status === "published" || loaderData.status === "scheduled") && intent("unpublish", "Unpublish")}
              {!loaderData.isNew && loaderData.status !== "draft" && intent("draft", "Move to drafts")}
            </div>
          </form>
        </Panel>

        <section aria-labelledby="preview-heading" className="mt-6 min-w-0 rounded-2xl border border-slate-200 bg-white shadow-sm">
          <h2 id="preview-heading" className="px-4 pt-4 text-lg font-bold text-slate-900 sm:px-6">
            Preview
          </h2>
          <p className="px-4 text-sm text-slate-700 sm:px-6">
            As readers will see it; it follows your typing. Nothing is saved until you save.
          </p>
          <div id="preview-article" className="[&_h1]:!text-3xl">
            <ArticleView article={preview} related={[]} preview />
          </div>
        </section>
      </div>

      {!loaderData.isNew && (
        <Panel title="Cover image" id="cover-heading">
          {preview.image ? (
            <img src={`${preview.image}-640.webp`} alt={content.imageAlt} width={320} height={180} className="mt-3 rounded-lg" />
          ) : (
            <p className="mt-2 text-slate-700">No cover image yet.</p>
          )}
          {answer?.imageError ? <Notice ok={false}>{answer.imageError}</Notice> : null}
          <form method="post" action={action} encType="multipart/form-data" className="mt-3 grid gap-3 sm:max-w-xl">
            <input type="hidden" name="version" value={loaderData.version ?? ""} />
            <div>
              <label htmlFor="cover-file" className="text-sm font-bold text-slate-900">
                Picture (JPEG, PNG, WebP or AVIF, at least 640x360, at most {loaderData.imageMaxMb} MB)
              </label>
              <input
                id="cover-file"
                name="image"
                type="file"
                accept="image/jpeg,image/png,image/webp,image/avif"
                required
                className="mt-1 block"
              />
            </div>
            <div>
              <label htmlFor="cover-alt" className="text-sm font-bold text-slate-900">
                Description of the picture (alt text)
              </label>
              <input id="cover-alt" name="imageAlt" required maxLength={200} defaultValue={content.imageAlt} className={inputClass} />
            </div>
            <p>
              <button type="submit" className={buttonClass({ size: "sm" })}>
                Upload cover image
              </button>
            </p>
          </form>
        </Panel>
      )}

      {loaderData.revisions.length > 0 && (
        <Panel title="Revisions" id="revisions-heading">
          <ol className="mt-3 space-y-1 text-slate-800">
            {loaderData.revisions.map((r) => (
              <li key={r.version}>
                Version {r.version}, {formatWhen(r.createdAt, zone)}: {r.note}
                {r.version !== loaderData.version && (
                  <>
                    {" "}
                    <Link
                      to={`/admin/articles/${loaderData.id}/revisions/${r.version}`}
                      className="text-brand-800 underline underline-offset-2"
                    >
                      Compare and restore<span className="sr-only"> version {r.version}</span>
                    </Link>
                  </>
                )}
              </li>
            ))}
          </ol>
        </Panel>
      )}
      <script src={editorScript} nonce={nonce} data-inline="" />
    </>
  );
}
