import { preload } from "react-dom";
import { ARTICLE_IMAGE_WIDTHS, type ArticleImageWidth } from "~/content/article-image-widths";

type ArticleImageProps = {
  /** The path its files share: `${image}-640.avif` ... (ArticleSummary.image, ARTICLE_IMAGE_WIDTHS). */
  image: string;
  alt: string;
  /** The page's main image: load it first, never lazily. */
  priority?: boolean;
  /**
   * Load it first only where this media query matches, through a preload in the document's head
   * (high priority, AVIF); elsewhere it stays lazy. For a picture that is the largest thing on the
   * first screen only from some width up: the blog's first card, a thumbnail on a phone.
   */
  priorityMedia?: string;
  sizes: string;
  className?: string;
  /**
   * A picture never drawn wide (a post card's: at most half the screen): the widths up to 960, and
   * for the rare browser without AVIF only the 640 px WebP. A listing carries one per post, so
   * each one's markup counts against the page's first round trip. Fetched at low priority (the
   * browser would otherwise raise a picture in view to high, ahead of what the page still needs);
   * `priorityMedia` preloads the one that is the largest paint.
   */
  compact?: boolean;
};

const COMPACT_WIDTHS: readonly ArticleImageWidth[] = ARTICLE_IMAGE_WIDTHS.filter((width) => width <= 960);

/** An article's illustration as AVIF/WebP at each of its widths, with intrinsic size so nothing shifts. */
export function ArticleImage({ image, alt, priority = false, priorityMedia, sizes, className = "", compact = false }: ArticleImageProps) {
  const src = (width: number, ext: string) => `${image}-${width}.${ext}`;
  const widths = compact ? COMPACT_WIDTHS : ARTICLE_IMAGE_WIDTHS;
  const srcSet = (ext: string) => widths.map((width) => `${src(width, ext)} ${width}w`).join(", ");
  if (priorityMedia && !priority) {
    // The same srcset and sizes as the <source> below, so the lazy <img> finds the preloaded file.
    preload(src(640, "avif"), {
      as: "image",
      type: "image/avif",
      imageSrcSet: srcSet("avif"),
      imageSizes: sizes,
      media: priorityMedia,
      fetchPriority: "high",
    });
  }
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet("avif")} sizes={sizes} />
      <img
        src={src(640, "webp")}
        srcSet={compact ? undefined : srcSet("webp")}
        sizes={compact ? undefined : sizes}
        alt={alt}
        width={1280}
        height={720}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : compact ? "low" : undefined}
        decoding="async"
        className={`aspect-video h-auto w-full object-cover ${className}`.trimEnd()}
      />
    </picture>
  );
}
