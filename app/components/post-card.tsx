import { ArrowRight, Calendar, Clock } from "lucide-react";
import { SiteLink } from "~/components/site-link";
import { ArticleImage } from "~/components/article-image";
import type { ArticleSummary } from "~/content/articles";
import { postAnchor } from "~/lib/blog-filter";
import { formatDay } from "~/lib/site";

/**
 * On a phone the picture is a thumbnail beside the title (112 CSS pixels wide, the 320 px file: a
 * few KB instead of the 960 px one's 6-12 KB, for every card of the list); from `sm` up it spans
 * the card's top.
 *
 * `priority` (the blog's first card): from `sm` up its picture is the largest thing on the first
 * screen, so there it is preloaded at high priority. On a phone it stays lazy like the others: the
 * thumbnail is not the largest paint, and fetching it early only competes with the page.
 */
const CARD_PICTURE_WIDE = "(min-width: 640px)";

export function PostCard({ post, headingLevel = 3, priority = false }: { post: ArticleSummary; headingLevel?: 2 | 3; priority?: boolean }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm sm:flex sm:flex-col">
      <div className="flow-root p-5 sm:flex sm:flex-1 sm:flex-col">
        {post.image && (
          <div className="post-card-picture">
            <ArticleImage
              image={post.image}
              alt=""
              priorityMedia={priority ? CARD_PICTURE_WIDE : undefined}
              compact
              sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 112px"
            />
          </div>
        )}
        <p className="text-sm font-bold text-brand-700">{post.category}</p>
        <Heading className="mt-2 text-lg font-bold text-slate-900">
          <SiteLink to={`/blog/${post.slug}`} className="hover:text-brand-800">
            {post.title}
          </SiteLink>
        </Heading>
        <p data-excerpt="" className="mt-2 text-slate-600 sm:flex-1">
          {post.excerpt}
        </p>
        <p className="mt-4 flex flex-wrap items-center gap-4 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1">
            <Calendar aria-hidden="true" className="size-4" />
            <time dateTime={post.date}>{formatDay(post.date)}</time>
          </span>
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="size-4" />
            {`${post.readingMinutes} min read`}
          </span>
        </p>
        <SiteLink
          to={`/blog/${post.slug}`}
          className="mt-4 inline-flex items-center gap-1 font-bold text-brand-700 hover:text-brand-900"
          aria-label={`Read More: ${post.title}`}
        >
          {/* The title in the text too, not only in aria-label: search engines read link text. (The
              label stays: in this inline-flex link Chromium's name from content reads "Read More : …".) */}
          Read More<span className="sr-only">{`: ${post.title}`}</span> <ArrowRight aria-hidden="true" className="size-4" />
        </SiteLink>
      </div>
    </article>
  );
}

/**
 * One post of the blog's listing (app/routes/blog.tsx): its card in an item that carries its
 * anchor and category, the same whether the page rendered it or the listing's script fetched it
 * later with the rest (app/routes/blog-cards.tsx).
 */
export function BlogListItem({ post, hidden = false, priority = false }: { post: ArticleSummary; hidden?: boolean; priority?: boolean }) {
  return (
    <li id={postAnchor(post.slug)} hidden={hidden} data-category={post.category} className="flex scroll-mt-24">
      <PostCard post={post} priority={priority} />
    </li>
  );
}
