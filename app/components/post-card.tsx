import { ArrowRight, Calendar, Clock } from "lucide-react";
import { SiteLink } from "~/components/site-link";
import { ArticleImage } from "~/components/article-image";
import type { ArticleSummary } from "~/content/articles";
import { formatDay } from "~/lib/site";

/** `priority`: the card's image is the largest thing on a phone's first screen (the blog's first card). */
export function PostCard({ post, headingLevel = 3, priority = false }: { post: ArticleSummary; headingLevel?: 2 | 3; priority?: boolean }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      {post.image && (
        <ArticleImage image={post.image} alt="" priority={priority} sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw" />
      )}
      <div className="flex flex-1 flex-col p-5">
        <p className="text-sm font-semibold text-brand-700">{post.category}</p>
        <Heading className="mt-2 text-xl font-bold text-slate-900">
          <SiteLink to={`/blog/${post.slug}`} className="hover:text-brand-800">
            {post.title}
          </SiteLink>
        </Heading>
        <p data-excerpt="" className="mt-2 flex-1 text-slate-600">
          {post.excerpt}
        </p>
        <p className="mt-4 flex flex-wrap items-center gap-4 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1">
            <Calendar aria-hidden="true" className="size-4" />
            <time dateTime={post.date}>{formatDay(post.date)}</time>
          </span>
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="size-4" />
            {post.readingMinutes} min read
          </span>
        </p>
        <SiteLink
          to={`/blog/${post.slug}`}
          className="mt-4 inline-flex items-center gap-1 font-semibold text-brand-700 hover:text-brand-900"
          aria-label={`Read More: ${post.title}`}
        >
          {/* The title in the text too, not only in aria-label: search engines read link text. */}
          Read More<span className="sr-only">: {post.title}</span> <ArrowRight aria-hidden="true" className="size-4" />
        </SiteLink>
      </div>
    </article>
  );
}
