import { type DefaultTreeAdapterMap, parse } from "parse5";

/** Reading an HTML document as a tree (parse5): the start-up CSP hashes, the build's CSS step and the tests use these. */
export type HtmlElement = DefaultTreeAdapterMap["element"];
type HtmlNode = DefaultTreeAdapterMap["node"];

export const parseHtml = (html: string) => parse(html);

/** Every element under `root` that passes `test`, in document order. */
export function elementsOf(root: HtmlNode, test: (el: HtmlElement) => boolean, found: HtmlElement[] = []): HtmlElement[] {
  if ("tagName" in root && test(root)) found.push(root);
  if ("childNodes" in root) for (const child of root.childNodes) elementsOf(child, test, found);
  // A <template>'s content is a separate fragment: none of ours hold what the callers look for.
  return found;
}

export const attrOf = (el: HtmlElement, name: string) => el.attrs.find((a) => a.name === name)?.value;

/** The element's own text (a <script>'s or a <style>'s source). */
export const textOf = (el: HtmlElement) => el.childNodes.map((c) => ("value" in c && c.nodeName === "#text" ? c.value : "")).join("");
