/**
 * Build step (scripts/build/finish-client.ts): a prerendered page that does not hydrate (an
 * article) keeps only the CSS rules its own markup uses, in its inline <style>, and no link to
 * the whole stylesheet. The whole stylesheet is ~40 KB (6.6 KB brotli) and was nearly half of an
 * article's bytes; with only its rules the page fits a new connection's first round trip
 * (~14 KB), which is what a phone on a slow network waits for before it can paint
 * (docs/decisions/019-pages-without-hydration.md).
 *
 * Which rules: Beasties (a maintained critical-CSS tool) matches each rule against the page;
 * pseudo-classes such as :hover, :focus-visible and :disabled count as matching their element.
 * A few selectors are kept whatever the page holds (ALWAYS: the open side menu, the focus ring). Pages the server renders per request (a form's answer, with its
 * marked fields) keep the whole stylesheet inline.
 *
 * Only the text of the first <style> in <head> changes, and the stylesheet link goes; every
 * other byte of the page stays as it was (scripts/build/html.ts).
 */
import Beasties from "beasties";
import { elementsOf, parseHtml, rewriteHtml, textOf } from "./html.ts";

/**
 * Selectors always kept: states the page script creates after the first paint (`[open]`, the
 * side menu's slide-in), and selectors made only of pseudo-classes or pseudo-elements, which
 * apply to any element (`:focus-visible`, the site's focus ring; `::placeholder`; Tailwind's
 * `:where(.space-y-4>:not(:last-child))` spacing): with those parts stripped, as Beasties
 * matches, nothing would be left to match (the cards of an article lost their spacing).
 */
const ALWAYS = [/\[open\]/, /^(::?[\w-]+(\([^)]*\))?)+$/, /^:where\(/];

/** The page with `css` as the text of its first <style>, without the link to the whole stylesheet. */
function withStylesheet(html: string, css: string): Promise<string> {
  let state: "before" | "inside" | "done" = "before";
  return rewriteHtml(html, {
    startTag(tag) {
      if (tag.tagName === "style" && state === "before") state = "inside";
      // The disabled link React would have expected: nothing hydrates here, and nothing needs it.
      if (tag.tagName === "link" && tag.attrs.some((a) => a.name === "rel" && a.value === "stylesheet")) return "";
      return undefined;
    },
    text: () => (state === "inside" ? "" : undefined),
    endTag(tag) {
      if (tag.tagName !== "style" || state !== "inside") return undefined;
      state = "done";
      return `${css.replace(/<\/style/gi, "<\\/style")}</style>`;
    },
  });
}

export type CriticalCss = { html: string; before: number; after: number };

/** Prunes the inline stylesheets of pages that do not hydrate, found under `clientDir` (for the pages' images and links). */
export function criticalCss(clientDir: string) {
  const beasties = new Beasties({
    path: clientDir,
    external: false,
    reduceInlineStyles: true,
    keyframes: "critical",
    allowRules: ALWAYS,
    fonts: false,
    compress: false,
    logLevel: "warn",
  });
  /** The page with only the CSS its markup uses; undefined for a page without an inline stylesheet. */
  return async function prune(html: string, file: string): Promise<CriticalCss | undefined> {
    const [style] = elementsOf(parseHtml(html), (el) => el.tagName === "style");
    if (!style) return undefined;
    const [pruned] = elementsOf(parseHtml(await beasties.process(html)), (el) => el.tagName === "style");
    if (!pruned) throw new Error(`${file}: no stylesheet left after pruning`);
    const css = textOf(pruned);
    return { html: await withStylesheet(html, css), before: textOf(style).length, after: css.length };
  };
}
