import { parseWithZod } from "@conform-to/zod/v4";
import { useCallback, useEffect, useRef } from "react";
import { data, Link, redirect, useFetcher, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/article-edit";
import { productsOf, articlesOf } from "~/server/content/site-content.server";
import { AdminHeading, formatWhen, Notice, Panel, StatusBadge, useTimeZone } from "~/components/admin-ui";
import { ArticleEditorForm, type ArticleFormDefaults } from "~/components/article-editor-form";
import { ArticleNewsletterStatus } from "~/components/article-newsletter-status";
import { PictureUploadForms } from "~/components/article-picture-upload";
import { ArticleView } from "~/components/article-view";
import { uploadedImage } from "~/content/articles";
import { affiliateField, ArticleFormSchema, formatSources, slugFromTitle, type ArticleContent } from "~/lib/forms/article";
import { CATEGORIES } from "~/lib/article-meta";
import { isSaveOutcome, saveMessage } from "~/lib/article-save-messages";
import { ARTICLE_STATE_LABELS, articleState } from "~/lib/article-status";
import { toZonedInput, zonedDay } from "~/lib/dates";
import { parseId } from "~/lib/route-id";
import { seo } from "~/lib/seo";
import { businessTimeZone } from "~/server/dates.server";
import { articleForEditor, saveArticle } from "~/server/content/article-editor.server";
import { IMAGE_MAX_BYTES } from "~/server/content/article-images.server";
import { articleBroadcasts, emailArticle } from "~/server/content/article-newsletter.server";
import { previewFromFields, previewOfStored } from "~/server/content/article-preview.server";
import { ARTICLE_EDITOR_BODY_LIMIT, page } from "~/lib/page-policy";
import { dashboardLoader, ownerChecked } from "~/server/admin/dashboard-route.server";

export const handle = page({ bodyLimit: ARTICLE_EDITOR_BODY_LIMIT });

export const meta: Route.MetaFunction = ({ data: loaderData, location, matches }) =>
  seo(matches, {
    title: loaderData?.isNew ? "New article" : `Edit: ${loaderData?.content.title ?? "article"}`,
    description: "Write and publish an article.",
    path: location.pathname,
  });

/** Today in the business's zone: a new article's "last reviewed" and the preview's date. */
const today = (context: Route.LoaderArgs["context"]) => zonedDay(new Date(), businessTimeZone(context));

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

export const loader = dashboardLoader(async ({ request, params, context }: Route.LoaderArgs) => {
  const { id, stored } = await load(params.id);
  const content = stored?.content ?? { ...EMPTY, reviewed: today(context) };
  const row = stored?.row;
  const now = new Date();
  const saved = new URL(request.url).searchParams.get("saved");
  const state = row ? articleState(row, now) : "draft";
  const defaults: ArticleFormDefaults = {
    ...Object.fromEntries(Object.entries(content).map(([key, value]) => [key, typeof value === "string" ? value : undefined])),
    seoTitle: content.seoTitle ?? "",
    closingCta: content.closingCta ?? "",
    imageId: content.imageId ? String(content.imageId) : "",
    sources: formatSources(content.sources),
    ...Object.fromEntries(content.affiliates.map((a) => [affiliateField(a), "on"])),
    publishAt: row?.publishAt && state === "scheduled" ? toZonedInput(row.publishAt, businessTimeZone(context)) : "",
  };
  return {
    isNew: id === "new",
    id,
    content,
    defaults,
    state,
    // A draft never public whose address is still the one its title makes: the address goes on following the title.
    slugFollowsTitle: !row || (state === "draft" && !row.publishAt && content.slug === slugFromTitle(content.title)),
    publishAt: row?.publishAt?.toISOString() ?? null,
    version: row?.version ?? null,
    revisions: stored?.revisions ?? [],
    saved: isSaveOutcome(saved) ? saved : null,
    preview: previewOfStored(content, row ?? null, today(context)),
    offer: productsOf(context).toolkitOffer(),
    broadcasts: typeof id === "number" ? await articleBroadcasts(id) : [],
    imageMaxMb: IMAGE_MAX_BYTES / 1024 / 1024,
  };
});

export const action = ownerChecked(async ({ request, params, context }: Route.ActionArgs) => {
  const { id, stored } = await load(params.id);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return data({ result: undefined, preview: undefined, message: "The form could not be read. Please try again." }, { status: 400 });
  }
  // The live preview: what the form holds, valid or not, rendered as readers would see it; nothing stored.
  if (formData.get("intent") === "preview") {
    const fields = Object.fromEntries([...formData].filter(([, v]) => typeof v === "string"));
    const cover = { imageId: null, shippedImage: stored?.row.shippedImage ?? null };
    return { result: undefined, preview: previewFromFields(fields, cover, stored?.row.publishedOn ?? today(context)), message: undefined };
  }
  const submission = parseWithZod(formData, { schema: ArticleFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), preview: undefined, message: undefined }, { status: 400 });
  const saved = await saveArticle({
    store: articlesOf(context),
    id: id === "new" ? undefined : id,
    form: submission.value,
    timeZone: businessTimeZone(context),
  });
  if (!saved.ok) {
    const fieldErrors = Object.keys(saved.fieldErrors).length > 0;
    const result = submission.reply({ fieldErrors: saved.fieldErrors, formErrors: fieldErrors ? [] : [saved.message] });
    return data({ result, preview: undefined, message: undefined }, { status: saved.status });
  }
  if (submission.value.intent === "publish-email") {
    const email = await emailArticle(saved.id);
    if ("broadcastId" in email) return redirect(`/admin/broadcasts?edit=${email.broadcastId}`, 303);
  }
  return redirect(`/admin/articles/${saved.id}?saved=${saved.outcome}`, 303);
});

/** The live preview's posts change nothing a loader shows. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "preview" ? false : defaultShouldRevalidate;

/** A moment after the owner stops typing, the server renders the preview (its Markdown renderer and sanitizer are server-only). */
function useLivePreview(action: string) {
  const fetcher = useFetcher<typeof action>({ key: "article-preview" });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    return () => clearTimeout(timer.current);
  }, []);
  const refresh = useCallback(
    (form: HTMLFormElement) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const fields = new FormData(form);
        fields.set("intent", "preview");
        void fetcher.submit(fields, { method: "post", action });
      }, 400);
    },
    // fetcher.submit is stable across renders; the whole fetcher is not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [action],
  );
  return { preview: (fetcher.data as { preview?: ReturnType<typeof previewFromFields> } | undefined)?.preview, refresh };
}

export default function ArticleEdit({ loaderData, actionData }: Route.ComponentProps) {
  const zone = useTimeZone();
  const { content, state } = loaderData;
  const action = `/admin/articles/${loaderData.id}`;
  const live = useLivePreview(action);
  const preview = live.preview ?? actionData?.preview ?? loaderData.preview;
  const message = loaderData.saved ? saveMessage(loaderData.saved, { when: formatWhen(loaderData.publishAt, zone) }) : null;

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
            <StatusBadge status={ARTICLE_STATE_LABELS[state]} />
            {state === "scheduled" && <span>goes live {formatWhen(loaderData.publishAt, zone)}</span>}
            <span>version {loaderData.version}</span>
            {state === "live" && (
              <a href={`/blog/${content.slug}`} className="text-brand-800 underline underline-offset-2">
                View on the site
              </a>
            )}
            <a href={`/admin/articles/${loaderData.id}/preview`} className="text-brand-800 underline underline-offset-2">
              Preview as readers will see it
            </a>
          </p>
        )}
      </AdminHeading>
      {message && !actionData ? (
        <Notice ok>
          {message.text}
          {message.linkToArticle ? (
            <>
              {" "}
              <a href={`/blog/${content.slug}`} className="font-bold underline underline-offset-2">
                Read it on the site
              </a>
            </>
          ) : null}
        </Notice>
      ) : null}
      {actionData?.message ? <Notice ok={false}>{actionData.message}</Notice> : null}
      <ArticleNewsletterStatus
        broadcasts={loaderData.broadcasts.map((b) => ({
          ...b,
          scheduledAt: iso(b.scheduledAt),
          startedAt: iso(b.startedAt),
          finishedAt: iso(b.finishedAt),
        }))}
      />

      <div className="mt-2 grid gap-6 xl:grid-cols-2">
        <Panel title="Article" id="article-heading">
          <ArticleEditorForm
            key={`${loaderData.id}-${loaderData.version ?? "new"}`}
            action={action}
            isNew={loaderData.isNew}
            state={state}
            version={loaderData.version}
            defaults={loaderData.defaults}
            slugFollowsTitle={loaderData.slugFollowsTitle}
            coverSrc={(imageId) => `${uploadedImage(imageId).image}-640.webp`}
            imageMaxMb={loaderData.imageMaxMb}
            lastResult={actionData?.result}
            onChange={live.refresh}
          />
        </Panel>

        <section aria-labelledby="preview-heading" className="mt-6 min-w-0 rounded-2xl border border-slate-200 bg-white shadow-sm">
          <h2 id="preview-heading" className="px-4 pt-4 text-lg font-bold text-slate-900 sm:px-6">
            Preview
          </h2>
          <p className="px-4 text-sm text-slate-700 sm:px-6">
            As readers will see it; it follows your typing. Nothing is saved until you save.
          </p>
          <div id="preview-article" className="[&_h1]:!text-3xl">
            <ArticleView article={preview} related={[]} offer={loaderData.offer} preview />
          </div>
        </section>
      </div>
      <PictureUploadForms />

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
    </>
  );
}

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());
