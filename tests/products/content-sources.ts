/**
 * Every place the site, its e-mails, its free downloads and its products state a fact about
 * credit law, for the content tests that check those facts are stated the same way everywhere.
 */
import { readdirSync, readFileSync } from "node:fs";

export const CONTENT_SOURCES: [dir: string, extension: string][] = [
  ["app/content/articles", ".md"],
  ["app/content/legal", ".md"],
  ["products/src/toolkit", ".md"],
  ["products/src/free", ".md"],
  ["app/content/sequence/credit-repair", ".md"],
  ["app/content/sequence/first-budget", ".md"],
  ["products/src/letters", ".ts"],
  ["scripts/downloads", ".html"],
  ["app/routes", ".tsx"],
  ["app/components", ".tsx"],
  ["app/server/mail", ".tsx"],
];

/** The files of CONTENT_SOURCES, as paths from the repository's root. */
export function contentFiles(): string[] {
  return CONTENT_SOURCES.flatMap(([dir, extension]) =>
    readdirSync(dir)
      .filter((name) => name.endsWith(extension))
      .map((name) => `${dir}/${name}`),
  );
}

/** Sentences (or table rows, list items, string literals) of a source text. */
export function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+|\n/).map((s) => s.trim());
}

/** Each content file with its sentences. */
export function contentSentences(): { file: string; sentences: string[] }[] {
  return contentFiles().map((file) => ({ file, sentences: sentences(readFileSync(file, "utf8")) }));
}
