import { data, redirect, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/blog-post";
import { productsOf, articlesOf } from "~/server/content/site-content.server";
import { ArticleView } from "~/components/article-view";
import { submitFromBrowser } from "~/lib/form-outcomes";
import { originFrom, seo } from "~/lib/seo";
import { SITE_NAME } from "~/lib/site";
import { submitLead } from "~/server/forms/leads.server";
import { warnNotFound } from "~/server/document/not-found.server";
import { page } from "~/lib/page-policy";

/** An article is plain HTML in the browser: no React bundle (app/lib/page-policy.ts). */
export const handle = page({ render: "cached", hydrate: false });

export function loader({ params, request, context }: Route.LoaderArgs) {
  const articles = articlesOf(context);
  const address = articles.publicAddress(params.slug);
  // A changed address keeps working; an article taken down says so (410), unlike one never published (404).
  if (address.kind === "moved") throw redirect(`/blog/${address.slug}`, 301);
  if (address.kind === "gone") throw data(null, { status: 410 });
  if (address.kind === "none") {
    warnNotFound(request);
    throw data(null, { status: 404 });
  }
  const { article } = address;
  // In the order the article lists them (the spec's table), not listing order.
  const live = articles.liveSummaries();
  const related = article.related.flatMap((slug) => live.filter((a) => a.slug === slug));
  const { title, pitch, followups } = articles.guideForCategory(article.category);
  return { article, related, guide: { title, pitch, followups }, offer: productsOf(context).toolkitOffer() };
}

/** The lead form posts here (with or without JavaScript; scripts post to api/forms/lead/:slug); its source page is this article. */
export function action({ params, request, context }: Route.ActionArgs) {
  return submitLead(articlesOf(context), request, params.slug);
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitFromBrowser("lead", serverAction);
}

/** A form submission changes nothing the article's loader shows. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  if (!loaderData) return [{ title: `Page not found | ${SITE_NAME}` }];
  const { article } = loaderData;
  const origin = originFrom(matches);
  const path = `/blog/${article.slug}`;
  return [
    ...seo(matches, {
      title: article.seoTitle ?? article.title,
      description: article.description,
      path,
      ...(article.ogImage ? { image: article.ogImage } : {}),
      type: "article",
    }),
    { property: "article:published_time", content: article.date },
    { property: "article:section", content: article.category },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: article.title,
        description: article.description,
        datePublished: article.date,
        dateModified: article.reviewed,
        articleSection: article.category,
        image: `${origin}${article.ogImage ?? "/images/og/default.jpg"}`,
        mainEntityOfPage: `${origin}${path}`,
        author: { "@type": "Organization", name: SITE_NAME, url: origin },
        publisher: { "@type": "Organization", name: SITE_NAME, logo: { "@type": "ImageObject", url: `${origin}/apple-touch-icon.png` } },
      },
    },
  ];
};

export default function BlogPost({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ArticleView
      article={loaderData.article}
      related={loaderData.related}
      guide={loaderData.guide}
      offer={loaderData.offer}
      leadOutcome={actionData}
    />
  );
}
