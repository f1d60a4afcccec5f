/**
 * A page that does not hydrate (an article; the build's prerendered pages, the server's cached
 * pages) keeps only the CSS rules its own markup uses, in its inline <style>, and no link to
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
 * Only the text of the first <style> in <head> changes, and the stylesheet link goes; parse5's
 * rewriting stream passes every other byte of the page through as it was.
 */
import Beasties from "beasties";
import { RewritingStream } from "parse5-html-rewriting-stream";
import { attrOf, elementsOf, parseHtml, textOf } from "./html-tree.server.ts";

/**
 * Selectors always kept: states the page scripts create after the first paint (`[open]`, the
 * side menu's slide-in; `[hidden]`, what the blog's search hides and shows), and selectors made only of pseudo-classes or pseudo-elements, which
 * apply to any element (`:focus-visible`, the site's focus ring; `::placeholder`; Tailwind's
 * `:where(.space-y-4>:not(:last-child))` spacing): with those parts stripped, as Beasties
 * matches, nothing would be left to match (the cards of an article lost their spacing).
 */
const ALWAYS = [/\[open\]/, /\[hidden\]/, /^(::?[\w-]+(\([^)]*\))?)+$/, /^:where\(/];

/** The page with `css` as the text of its first <style>, without the link to the whole stylesheet. */
async function rewrite(html: string, css: string): Promise<string> {
  const rewriter = new RewritingStream();
  let state: "before" | "inside" | "done" = "before";
  rewriter.on("startTag", (tag, raw) => {
    if (tag.tagName === "style" && state === "before") state = "inside";
    // The disabled link React would have expected: nothing hydrates here, and nothing needs it.
    if (tag.tagName === "link" && tag.attrs.some((a) => a.name === "rel" && a.value === "stylesheet")) return;
    rewriter.emitRaw(raw);
  });
  rewriter.on("text", (_text, raw) => {
    if (state !== "inside") rewriter.emitRaw(raw);
  });
  rewriter.on("endTag", (tag, raw) => {
    if (tag.tagName === "style" && state === "inside") {
      rewriter.emitRaw(css.replace(/<\/style/gi, "<\\/style"));
      state = "done";
    }
    rewriter.emitRaw(raw);
  });
  let out = "";
  rewriter.on("data", (chunk: string) => (out += chunk));
  await new Promise<void>((resolve, reject) => {
    rewriter.on("end", resolve);
    rewriter.on("error", reject);
    rewriter.end(html);
  });
  return out;
}

/**
 * The pruning as a function of a page's HTML (`clientDir`: where the built stylesheet is): the
 * page with only the CSS its markup uses, or null for a page it does not apply to (one that
 * hydrates, or has no inline stylesheet). The build runs it over the prerendered files; the
 * server runs it over the article pages it renders from the database (server/page-cache.ts).
 */
export function criticalCss(clientDir: string) {
  const beasties = createBeasties(clientDir);
  return async (html: string): Promise<{ html: string; before: number; after: number } | null> => {
    const document = parseHtml(html);
    if (elementsOf(document, (el) => el.tagName === "script" && attrOf(el, "id") === "rr-boot").length > 0) return null;
    const [style] = elementsOf(document, (el) => el.tagName === "style");
    if (!style) return null;
    const [pruned] = elementsOf(parseHtml(await beasties.process(html)), (el) => el.tagName === "style");
    if (!pruned) throw new Error("no stylesheet left after pruning");
    const css = textOf(pruned);
    return { html: await rewrite(html, css), before: textOf(style).length, after: css.length };
  };
}

function createBeasties(clientDir: string) {
  return new Beasties({
    path: clientDir,
    external: false,
    reduceInlineStyles: true,
    keyframes: "critical",
    allowRules: ALWAYS,
    fonts: false,
    compress: false,
    logLevel: "warn",
  });
}
