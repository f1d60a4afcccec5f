/** Addresses of pictures in an article's Markdown: the ones the editor inserts, and the ones any article may hold. */
import { Lexer, Marked } from "marked";
import { z } from "zod";

/** A picture inside the text: the 960-pixel WebP (the text column is at most 768 px wide; 960 covers most 1.25x screens). */
export const uploadedPicture = (imageId: number) => `/images/uploads/${imageId}-960.webp`;

/** The Markdown of a picture: brackets and line breaks in the description would end it early. */
export function pictureMarkdown(alt: string, src: string): string {
  return `![${alt.replace(/[[\]\r\n]+/g, " ").trim()}](${src})`;
}

/**
 * A file under this site's /images/ folder, as written: letters, digits, `_ . / -` only (no
 * query, no percent-encoding) and no `.` or `..` segment, so no normalising can take it out of
 * /images/. The Content-Security-Policy allows pictures from this site only.
 */
export function isSitePicture(src: string): boolean {
  if (!/^\/images\/[\w./-]+$/.test(src)) return false;
  return !src.split("/").some((segment) => segment === "." || segment === "..");
}

export const PICTURE_OUTSIDE_IMAGES = (src: string) =>
  `A picture must be a file in this site's /images/ folder, its address without "..": "${src}" is not (add one with "Add a picture to the text").`;

const walker = new Marked();

/** Every Markdown picture's address in a text (`![description](address)`), as Markdown reads it. */
function pictureAddresses(markdown: string): string[] {
  const found: string[] = [];
  walker.walkTokens(new Lexer({ gfm: true }).lex(markdown), (token) => {
    if (token.type === "image") found.push(token.href);
  });
  return found;
}

/**
 * An article's Markdown whose pictures are all this site's: the editor's text (article-form.ts)
 * and every Markdown file the site loads (app/content/markdown.server.ts) are checked by it. A
 * picture written as HTML is the sanitizer's (markdown.server.ts drops it unless isSitePicture).
 */
export const ArticleBodyPicturesSchema = z.string().superRefine((markdown, ctx) => {
  for (const src of pictureAddresses(markdown).filter((src) => !isSitePicture(src))) {
    ctx.addIssue({ code: "custom", message: PICTURE_OUTSIDE_IMAGES(src) });
  }
});
