import { Search } from "lucide-react";
import { useMemo, useState } from "react";
import type { ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/blog";
import { NewsletterForm } from "~/components/newsletter-form";
import { PostCard } from "~/components/post-card";
import { Button } from "~/components/ui/button";
import { ToolLinks } from "~/components/tool-links";
import { ensureArticles, liveSummaries } from "~/server/content/articles.server";
import { BLOG_FILTERS, type BlogFilter, filterPosts, PAGE_SIZE } from "~/lib/blog-filter";
import { submitFromBrowser } from "~/lib/form-outcomes";
import { seo } from "~/lib/seo";
import { NEWSLETTER_CONSENT } from "~/lib/site";
import { submitNewsletter } from "~/server/forms/newsletter.server";

export async function loader() {
  await ensureArticles();
  return { posts: liveSummaries() };
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
  const [query, setQuery] = useState("");
  const [category, setCategory] = useState<BlogFilter>("All");
  const [showAll, setShowAll] = useState(false);
  const matches = useMemo(() => filterPosts(loaderData.posts, query, category), [loaderData.posts, query, category]);
  const visible = showAll ? matches : matches.slice(0, PAGE_SIZE);

  return (
    <>
      <section className="bg-brand-50 px-4 py-14 text-center">
        <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 md:text-5xl">Our Blog</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">
          Practical tips on budgeting, saving money, getting out of debt and repairing your credit.
        </p>
        <form role="search" className="mx-auto mt-8 max-w-xl" onSubmit={(e) => e.preventDefault()}>
          <label htmlFor="blog-search" className="sr-only">
            Search articles
          </label>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" />
            <input
              id="blog-search"
              type="search"
              placeholder="Search articles..."
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              className="w-full rounded-lg border border-slate-300 bg-white py-3 pr-4 pl-10 text-base shadow-sm"
            />
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
              type="button"
              aria-pressed={category === filter}
              onClick={() => setCategory(filter)}
              className={`rounded-full px-4 py-2 text-sm font-semibold ${
                category === filter ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-800 hover:bg-slate-200"
              }`}
            >
              {filter}
            </button>
          ))}
        </div>

        <p className="sr-only" aria-live="polite">
          {matches.length === 1 ? "1 article found" : `${matches.length} articles found`}
        </p>

        {visible.length > 0 ? (
          <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {visible.map((post, index) => (
              <li key={post.slug} className="flex">
                <PostCard post={post} priority={index === 0} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-12 text-center">
            <p className="text-lg font-semibold">No articles match your search.</p>
            <Button
              variant="outline"
              className="mt-4"
              onClick={() => {
                setQuery("");
                setCategory("All");
              }}
            >
              Clear search and filters
            </Button>
          </div>
        )}

        {visible.length < matches.length && (
          <div className="mt-10 text-center">
            <Button variant="outline" size="lg" onClick={() => setShowAll(true)}>
              Load More Articles
            </Button>
          </div>
        )}
      </section>

      <section className="mx-auto max-w-6xl px-4 pb-14" aria-labelledby="tools-heading">
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
    </>
  );
}
