import { type DefaultTreeAdapterMap, parse } from "parse5";
import { RewritingStream } from "parse5-html-rewriting-stream";

/**
 * The build's one HTML parser, parse5 (the one browsers' algorithm is written after): read a
 * page as a tree, or pass it through with a few tags changed and every other byte as it was.
 * Used at build time (scripts/build/) and by the tests; the server never reads HTML.
 */
export type HtmlElement = DefaultTreeAdapterMap["element"];
type HtmlNode = DefaultTreeAdapterMap["node"];
/** A tag as the rewriting stream reports it. */
export type StartTag = { tagName: string; attrs: { name: string; value: string }[] };
export type EndTag = { tagName: string };

export const parseHtml = (html: string) => parse(html);

/** Every element under `root` that passes `test`, in document order. */
export function elementsOf(root: HtmlNode, test: (el: HtmlElement) => boolean, found: HtmlElement[] = []): HtmlElement[] {
  if ("tagName" in root && test(root)) found.push(root);
  if ("childNodes" in root) for (const child of root.childNodes) elementsOf(child, test, found);
  // A <template>'s content is a separate fragment: none of ours hold what the callers look for.
  return found;
}

export const attrOf = (el: HtmlElement | StartTag, name: string) => el.attrs.find((a) => a.name === name)?.value;

/** The element's own text (a <script>'s or a <style>'s source). */
export const textOf = (el: HtmlElement) => el.childNodes.map((c) => ("value" in c && c.nodeName === "#text" ? c.value : "")).join("");

/** What a rewrite does with a tag: its replacement text, or undefined to keep it as it was. */
export type TagRewrite = {
  startTag?: (tag: StartTag) => string | undefined;
  endTag?: (tag: EndTag) => string | undefined;
  /** Replacement for the text inside the element last opened, or undefined to keep it. */
  text?: () => string | undefined;
};

/** The page with the tags `rewrite` answers for replaced, every other byte as it was. */
export async function rewriteHtml(html: string, rewrite: TagRewrite): Promise<string> {
  const rewriter = new RewritingStream();
  rewriter.on("startTag", (tag, raw) => rewriter.emitRaw(rewrite.startTag?.(tag) ?? raw));
  rewriter.on("endTag", (tag, raw) => rewriter.emitRaw(rewrite.endTag?.(tag) ?? raw));
  rewriter.on("text", (_text, raw) => rewriter.emitRaw(rewrite.text?.() ?? raw));
  let out = "";
  rewriter.on("data", (chunk: string) => (out += chunk));
  await new Promise<void>((resolve, reject) => {
    rewriter.on("end", resolve);
    rewriter.on("error", reject);
    rewriter.end(html);
  });
  return out;
}
