import { ARTICLE_IMAGE_WIDTHS } from "~/content/article-image-widths";

type ArticleImageProps = {
  /** The path its files share: `${image}-640.avif` ... (ArticleSummary.image, ARTICLE_IMAGE_WIDTHS). */
  image: string;
  alt: string;
  /** The page's main image: load it first, never lazily. */
  priority?: boolean;
  sizes: string;
  className?: string;
};

/** An article's illustration as AVIF/WebP at each of its widths, with intrinsic size so nothing shifts. */
export function ArticleImage({ image, alt, priority = false, sizes, className = "" }: ArticleImageProps) {
  const src = (width: number, ext: string) => `${image}-${width}.${ext}`;
  const srcSet = (ext: string) => ARTICLE_IMAGE_WIDTHS.map((width) => `${src(width, ext)} ${width}w`).join(", ");
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet("avif")} sizes={sizes} />
      <img
        src={src(640, "webp")}
        srcSet={srcSet("webp")}
        sizes={sizes}
        alt={alt}
        width={1280}
        height={720}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding="async"
        className={`aspect-video h-auto w-full object-cover ${className}`}
      />
    </picture>
  );
}
