/** Addresses of uploaded pictures, as the editor inserts them into an article's Markdown. */

/** A picture inside the text: the 960-pixel WebP (the text column is at most 768 px wide; 960 covers most 1.25x screens). */
export const uploadedPicture = (imageId: number) => `/images/uploads/${imageId}-960.webp`;

/** The Markdown of a picture: brackets and line breaks in the description would end it early. */
export function pictureMarkdown(alt: string, src: string): string {
  return `![${alt.replace(/[[\]\r\n]+/g, " ").trim()}](${src})`;
}
