import { Search } from "lucide-react";
import type { ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/blog";
import blogScript from "~/browser/blog-script.ts?page-script&url";
import { NewsletterForm } from "~/components/newsletter-form";
import { BlogListItem } from "~/components/post-card";
import { buttonClass } from "~/components/ui/button";
import { ToolLinks } from "~/components/tool-links";
import { articlesOf } from "~/server/content/site-content.server";
import { ALL, BLOG_FILTERS, BLOG_PATH, blogListing, blogVariant, foundText, MAX_QUERY_LENGTH, readBlogSearch } from "~/lib/blog-filter";
import { InlineScript } from "~/lib/first-paint";
import { submitFromBrowser } from "~/lib/form-outcomes";
import { useNonce } from "~/lib/nonce";
import { seo } from "~/lib/seo";
import { NEWSLETTER_CONSENT } from "~/lib/site";
import { submitNewsletter } from "~/server/forms/newsletter.server";
import { page } from "~/lib/page-policy";

/**
 * Plain HTML in the browser (app/lib/page-policy.ts): search, category and "Load More" are the
 * address (`/blog?q=...&category=...&page=2`, app/lib/blog-filter.ts), rendered by the server
 * without JavaScript; with it, the listing's own script applies them at once
 * (app/browser/blog-script.ts) to every post, which it fetches once (app/routes/blog-cards.tsx):
 * the page holds only the posts it shows. The bare /blog comes from the page cache (server/page-cache.ts);
 * an address with a search is rendered for it. docs/decisions/034-public-pages-without-react.md
 */
export const handle = page({ render: "cached", cacheVariant: blogVariant, hydrate: false, sitemap: true });

const SEARCH_FORM = "blog-search-form";

export function loader({ request, context }: Route.LoaderArgs) {
  return { posts: articlesOf(context).liveSummaries(), search: readBlogSearch(new URL(request.url).searchParams) };
}

/** The newsletter box posts here (with or without JavaScript). */
export function action({ request }: Route.ActionArgs) {
  return submitNewsletter(request);
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitFromBrowser("newsletter", serverAction);
}

/** A subscription changes nothing the listing's loader shows. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Blog: Budgeting and Credit Repair Tips",
    description: "Plain-language articles on budgeting, saving, paying off debt and repairing your credit, written for everyday people.",
    path: "/blog",
  });

export default function Blog({ loaderData, actionData }: Route.ComponentProps) {
  const nonce = useNonce();
  const listing = blogListing(loaderData.posts, loaderData.search);
  const { query, category } = listing.search;
  const firstShown = listing.posts.find((p) => p.shown)?.post.slug;

  return (
    <>
      <section className="bg-brand-50 px-4 py-14 text-center">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900 md:text-5xl">Our Blog</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">
          Practical tips on budgeting, saving money, getting out of debt and repairing your credit.
        </p>
        {/* A GET form: the address holds the search. The category buttons below submit it too (form=). */}
        <form id={SEARCH_FORM} role="search" method="get" action={BLOG_PATH} className="mx-auto mt-8 max-w-xl">
          <label htmlFor="blog-search" className="sr-only">
            Search articles
          </label>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" />
            <input
              id="blog-search"
              name="q"
              type="search"
              placeholder="Search articles..."
              defaultValue={query}
              maxLength={MAX_QUERY_LENGTH}
              autoComplete="off"
              className="w-full rounded-lg border border-slate-300 bg-white py-3 pr-24 pl-10 text-base shadow-sm"
            />
            {/* First in the form, so Enter in the box presses it: it keeps the current category. */}
            <button
              type="submit"
              name={category === ALL ? undefined : "category"}
              value={category}
              data-blog-submit=""
              className="absolute inset-y-1.5 right-1.5 rounded-md bg-brand-700 px-4 text-sm font-bold text-white hover:bg-brand-800"
            >
              Search
            </button>
          </div>
        </form>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-10" aria-labelledby="articles-heading">
        <h2 id="articles-heading" className="sr-only">
          Articles
        </h2>
        <div className="flex flex-wrap justify-center gap-2" role="group" aria-label="Filter by category">
          {BLOG_FILTERS.map((filter) => (
            <button
              key={filter}
              type="submit"
              form={SEARCH_FORM}
              name="category"
              value={filter}
              aria-pressed={category === filter}
              className="rounded-full bg-slate-100 px-4 py-2 text-sm font-bold text-slate-800 hover:bg-slate-200 aria-pressed:bg-brand-700 aria-pressed:text-white"
            >
              {filter}
            </button>
          ))}
        </div>

        <p id="blog-found" className="sr-only" aria-live="polite">
          {foundText(listing.found)}
        </p>

        {/* Only the posts shown: the script fetches the rest when the visitor first searches (BLOG_CARDS_PATH). */}
        <ul id="blog-posts" data-page={listing.search.page} className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {listing.posts.map(({ post, shown }) =>
            shown ? <BlogListItem key={post.slug} post={post} priority={post.slug === firstShown} /> : null,
          )}
        </ul>

        <div id="blog-empty" hidden={listing.found > 0} className="mt-12 text-center">
          <p className="text-lg font-bold">No articles match your search.</p>
          <a href={BLOG_PATH} data-blog-clear="" className={buttonClass({ variant: "outline", className: "mt-4" })}>
            Clear search and filters
          </a>
        </div>

        <div id="blog-more" hidden={!listing.nextHref} className="mt-10 text-center">
          <a href={listing.nextHref ?? BLOG_PATH} className={buttonClass({ variant: "outline", size: "lg" })}>
            Load More Articles
          </a>
        </div>
      </section>

      <section
        className="render-when-near [contain-intrinsic-size:auto_1000px] mx-auto max-w-6xl px-4 pb-14"
        aria-labelledby="tools-heading"
      >
        <h2 id="tools-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Free money tools
        </h2>
        <ToolLinks intro="Put an article into practice with a calculator." />
      </section>

      <section id="newsletter" className="scroll-mt-16 bg-slate-900 px-4 py-14 text-white">
        <div className="mx-auto max-w-2xl text-center">
          <h2 className="text-3xl font-bold">Get money tips in your inbox</h2>
          <p className="mt-3 text-slate-300">{NEWSLETTER_CONSENT.text}</p>
          <NewsletterForm outcome={actionData} />
        </div>
      </section>
      <InlineScript src={blogScript} nonce={nonce} />
    </>
  );
}
