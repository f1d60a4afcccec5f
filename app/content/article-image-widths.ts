/**
 * The widths (16:9) every article picture has, in AVIF and WebP: shipped (scripts/make-images.ts)
 * and uploaded (app/server/content/article-images.server.ts) alike. 960 is for phones: a
 * full-width picture on a screen 360-412 CSS pixels wide at 1.75-2.6 device pixels each needs
 * 630-1070 pixels, and a browser takes the first width that covers that (it was 1280, about
 * 1.5 times the bytes, until 960 existed). 320 is a post card's thumbnail on a phone (112 CSS
 * pixels wide: app/components/post-card.tsx).
 */
export const ARTICLE_IMAGE_WIDTHS = [320, 640, 960, 1280] as const;
export type ArticleImageWidth = (typeof ARTICLE_IMAGE_WIDTHS)[number];
export const ARTICLE_IMAGE_FORMATS = ["avif", "webp"] as const;
