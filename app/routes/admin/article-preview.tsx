import { data } from "react-router";
import type { Route } from "./+types/article-preview";
import { productsOf, articlesOf } from "~/server/content/site-content.server";
import { ArticleView } from "~/components/article-view";
import { zonedDay } from "~/lib/dates";
import { idOr404 } from "~/lib/route-id";
import { seo } from "~/lib/seo";
import { OWNER_ANSWER_HEADERS } from "~/server/admin/owner-answers.server";
import { businessTimeZone } from "~/server/dates.server";
import { articleForEditor } from "~/server/content/article-editor.server";
import { previewOfStored } from "~/server/content/article-preview.server";
import { page } from "~/lib/page-policy";
import { dashboardLoader } from "~/server/admin/dashboard-route.server";

/**
 * The owner's preview of an article's latest saved version, a draft too, as the public page
 * (/blog/:slug) shows it: the site's frame, the same component, plain HTML like the article page.
 * Its lead form is a stand-in: a sign-up from a preview would be a lead from nobody.
 */
export const handle = page({ hydrate: false, robots: "noindex, nofollow" });

export const headers: Route.HeadersFunction = () => OWNER_ANSWER_HEADERS;

export const meta: Route.MetaFunction = ({ data: loaderData, location, matches }) =>
  seo(matches, {
    title: `Preview: ${loaderData?.article.title ?? "article"}`,
    description: "A preview of an article, not published.",
    path: location.pathname,
  });

export const loader = dashboardLoader(async ({ params, context }: Route.LoaderArgs) => {
  const stored = await articleForEditor(idOr404(params.id));
  if (!stored?.content) throw data(null, { status: 404 });
  const article = previewOfStored(stored.content, stored.row, zonedDay(new Date(), businessTimeZone(context)));
  const articles = articlesOf(context);
  const live = articles.liveSummaries();
  const related = stored.row.related.flatMap((slug) => live.filter((a) => a.slug === slug));
  const { title, pitch, followups } = articles.guideForCategory(article.category);
  return { id: stored.row.id, article, related, guide: { title, pitch, followups }, offer: productsOf(context).toolkitOffer() };
});

export default function ArticlePreview({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <div role="note" aria-label="Preview" className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-center text-amber-950">
        <strong>Preview, not published.</strong> This is the latest saved version, as readers will see it once it is live.{" "}
        <a href={`/admin/articles/${loaderData.id}`} className="font-bold underline underline-offset-2">
          Back to the editor
        </a>
      </div>
      <ArticleView article={loaderData.article} related={loaderData.related} guide={loaderData.guide} offer={loaderData.offer} preview />
    </>
  );
}
