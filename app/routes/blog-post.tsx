import { ArrowLeft, Calendar, Clock } from "lucide-react";
import { data, Link, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/blog-post";
import { AffiliateCard } from "~/components/affiliate-card";
import { ArticleImage } from "~/components/article-image";
import { LeadForm } from "~/components/lead-form";
import { ClosingCta, PromoCard } from "~/components/promo-card";
import { formatArticleDate } from "~/lib/article-meta";
import { NO_HYDRATION } from "~/lib/hydration";
import { getArticle, getArticleSummaries } from "~/content/articles.server";
import { submitFromBrowser } from "~/lib/form-outcomes";
import { originFrom, seo } from "~/lib/seo";
import { SITE_NAME } from "~/lib/site";
import { submitLead } from "~/server/forms/leads.server";
import { warnNotFound } from "~/server/document/not-found.server";

/** An article is plain HTML in the browser: no React bundle (app/lib/hydration.ts). */
export const handle = NO_HYDRATION;

export function loader({ params, request }: Route.LoaderArgs) {
  const article = getArticle(params.slug);
  if (!article) {
    warnNotFound(request);
    throw data(null, { status: 404 });
  }
  // In the order the article lists them (the spec's table), not listing order.
  const summaries = getArticleSummaries();
  const related = article.related.flatMap((slug) => summaries.filter((a) => a.slug === slug));
  return { article, related };
}

/** The lead form posts here (with or without JavaScript); its source page is this article. */
export async function action({ params, request }: Route.ActionArgs) {
  if (!getArticle(params.slug)) throw data(null, { status: 404 });
  return submitLead(request, params.slug);
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
      title: article.title,
      description: article.description,
      path,
      image: `/images/og/${article.slug}.jpg`,
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
        image: `${origin}/images/og/${article.slug}.jpg`,
        mainEntityOfPage: `${origin}${path}`,
        author: { "@type": "Organization", name: SITE_NAME, url: origin },
        publisher: { "@type": "Organization", name: SITE_NAME, logo: { "@type": "ImageObject", url: `${origin}/apple-touch-icon.png` } },
      },
    },
  ];
};

export default function BlogPost({ loaderData, actionData }: Route.ComponentProps) {
  const { article, related } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 md:py-12">
      <Link to="/blog" className="inline-flex items-center gap-2 font-semibold text-brand-700 hover:text-brand-900">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to Blog
      </Link>
      <header className="mt-6">
        <p className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
          <span className="rounded-full bg-brand-100 px-3 py-1 font-semibold text-brand-800">{article.category}</span>
          <span className="inline-flex items-center gap-1">
            <Calendar aria-hidden="true" className="size-4" />
            <time dateTime={article.date}>{formatArticleDate(article.date)}</time>
          </span>
          <span>
            Last reviewed <time dateTime={article.reviewed}>{formatArticleDate(article.reviewed)}</time>
          </span>
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="size-4" />
            {article.readingMinutes} min read
          </span>
        </p>
        <h1 className="mt-4 text-3xl leading-tight font-extrabold tracking-tight text-slate-900 md:text-5xl">{article.title}</h1>
        <p className="mt-4 text-xl text-slate-600">{article.subtitle}</p>
      </header>
      <div className="mt-8 overflow-hidden rounded-2xl">
        <ArticleImage slug={article.slug} alt={article.imageAlt} priority sizes="(min-width: 800px) 768px, 100vw" />
      </div>
      <div className="mt-8">
        <PromoCard from={article.slug} />
      </div>
      <div className="prose-article render-when-near mt-10" dangerouslySetInnerHTML={{ __html: article.html }} />
      <div className="render-when-near mt-10 space-y-4">
        {article.affiliates.map((partner) => (
          <AffiliateCard key={partner} partner={partner} />
        ))}
        <p className="text-sm text-slate-600">
          {article.affiliates.length > 0 && (
            <>
              <strong>Disclosure:</strong> some links on this page are partner links. If you sign up through them we may earn a commission,
              at no extra cost to you.{" "}
            </>
          )}
          <strong>Disclaimer:</strong> this article is for education only and is not financial or legal advice.
        </p>
      </div>
      <div className="render-when-near mt-10">
        <LeadForm sourcePage={article.slug} outcome={actionData} />
      </div>
      {article.closingCta && (
        <div className="mt-10">
          <ClosingCta kind={article.closingCta} from={article.slug} />
        </div>
      )}
      {related.length > 0 && (
        <section className="render-when-near mt-12" aria-labelledby="related-heading">
          <h2 id="related-heading" className="text-2xl font-bold">
            Related Articles
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {related.map((r) => (
              <li key={r.slug}>
                <Link
                  to={`/blog/${r.slug}`}
                  className="block h-full rounded-xl border border-slate-200 p-5 hover:border-brand-600 hover:bg-brand-50"
                >
                  <span className="text-sm font-semibold text-brand-700">{r.category}</span>
                  <span className="mt-1 block text-lg font-bold text-slate-900">{r.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
