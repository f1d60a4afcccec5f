import { ArrowLeft, Calendar, Clock } from "lucide-react";
import { SiteLink } from "~/components/site-link";
import { AffiliateCard } from "~/components/affiliate-card";
import { ArticleImage } from "~/components/article-image";
import { LeadForm, type LeadFormGuide } from "~/components/lead-form";
import { ClosingCta, PromoCard } from "~/components/promo-card";
import type { ArticleSummary } from "~/content/articles";
import { formatDay } from "~/lib/site";
import type { FormOutcome } from "~/lib/forms/public";
import type { ToolkitOffer } from "~/lib/catalogue";

/**
 * An article as readers see it: the public page, and the editor's live preview (`preview`: no
 * lead form to post, links to related articles left out).
 */
export function ArticleView({
  article,
  related,
  leadOutcome,
  guide,
  offer,
  preview = false,
}: {
  article: ArticleSummary & { html: string };
  related: readonly ArticleSummary[];
  leadOutcome?: FormOutcome;
  /** The free guide this article's form offers (its category's, as the owner chose). */
  guide?: LeadFormGuide;
  /** The toolkit and its add-on as the product store has them now (the cards' names and prices). */
  offer: ToolkitOffer;
  preview?: boolean;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 md:py-12">
      <SiteLink to="/blog" className="inline-flex items-center gap-2 font-bold text-brand-700 hover:text-brand-900">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to Blog
      </SiteLink>
      <header className="mt-6">
        <p className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
          <span className="rounded-full bg-brand-100 px-3 py-1 font-bold text-brand-800">{article.category}</span>
          <span className="inline-flex items-center gap-1">
            <Calendar aria-hidden="true" className="size-4" />
            <time dateTime={article.date}>{formatDay(article.date)}</time>
          </span>
          <span>
            Last reviewed <time dateTime={article.reviewed}>{formatDay(article.reviewed)}</time>
          </span>
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="size-4" />
            {article.readingMinutes} min read
          </span>
        </p>
        <h1 className="mt-4 text-3xl leading-tight font-bold tracking-tight text-slate-900 md:text-5xl">{article.title}</h1>
        <p className="mt-4 text-xl text-slate-600">{article.subtitle}</p>
      </header>
      {article.image && (
        <div className="mt-8 overflow-hidden rounded-2xl">
          <ArticleImage image={article.image} alt={article.imageAlt} priority sizes="(min-width: 800px) 768px, 100vw" />
        </div>
      )}
      <div className="mt-8">
        <PromoCard from={article.slug} offer={offer} />
      </div>
      {/* Rendered from Markdown and sanitized when saved (app/content/markdown.server.ts). */}
      <div className="prose-article render-when-near mt-10" dangerouslySetInnerHTML={{ __html: article.html }} />
      {article.sources.length > 0 && (
        <section className="render-when-near mt-10" aria-labelledby="sources-heading">
          <h2 id="sources-heading" className="text-lg font-bold">
            Sources
          </h2>
          <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-700">
            {article.sources.map((source) => (
              <li key={source.url}>
                <a href={source.url} target="_blank" rel="noopener noreferrer" className="text-brand-800 underline underline-offset-2">
                  {source.title}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
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
        {preview || !guide ? (
          <p className="rounded-xl border border-dashed border-slate-400 p-6 text-center text-slate-700">
            The free guide's sign-up form appears here.
          </p>
        ) : (
          <LeadForm sourcePage={article.slug} outcome={leadOutcome} guide={guide} />
        )}
      </div>
      {article.closingCta && (
        <div className="mt-10">
          <ClosingCta kind={article.closingCta} from={article.slug} offer={offer} />
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
                <SiteLink
                  to={`/blog/${r.slug}`}
                  className="block h-full rounded-xl border border-slate-200 p-5 hover:border-brand-600 hover:bg-brand-50"
                >
                  <span className="text-sm font-bold text-brand-700">{r.category}</span>
                  <span className="mt-1 block text-lg font-bold text-slate-900">{r.title}</span>
                </SiteLink>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
