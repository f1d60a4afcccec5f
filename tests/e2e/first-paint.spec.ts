import type { APIRequestContext } from "@playwright/test";
import { type DefaultTreeAdapterMap, parse } from "parse5";
import { gzipSync } from "node:zlib";
import { expect, test } from "./fixtures";

/**
 * The first-paint rewrite (app/server/first-paint.server.ts) on the real build: the prerendered
 * pages as served, and pages the server renders per request. Every assertion fails if the
 * rewrite did not happen (a React Router upgrade that changes its markup shows up here).
 */

type Element = DefaultTreeAdapterMap["element"];
type Node = DefaultTreeAdapterMap["node"];

function elements(root: Node, name: string, found: Element[] = []): Element[] {
  if ("tagName" in root && root.tagName === name) found.push(root);
  if ("childNodes" in root) for (const child of root.childNodes) elements(child, name, found);
  return found;
}
const attr = (el: Element, name: string) => el.attrs.find((a) => a.name === name)?.value;
const text = (el: Element) => el.childNodes.map((c) => ("value" in c ? c.value : "")).join("");

async function page(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const document = parse(await response.text());
  const [head] = elements(document, "head");
  return { document, head: head!, scripts: elements(document, "script"), links: elements(document, "link") };
}

/** The stylesheet is in the page (the built file's exact text) and its link is disabled. */
async function expectInlinedStylesheet(request: APIRequestContext, path: string) {
  const { head, links } = await page(request, path);
  const stylesheets = links.filter((l) => attr(l, "rel") === "stylesheet");
  expect(stylesheets, `${path}: one stylesheet link`).toHaveLength(1);
  expect(attr(stylesheets[0]!, "disabled"), `${path}: the link is disabled`).toBe("");
  const css = await (await request.get(attr(stylesheets[0]!, "href")!)).text();
  expect(css.length).toBeGreaterThan(1000);
  expect(elements(head, "style").map(text), `${path}: the built stylesheet inlined in <head>`).toContain(css);
}

const HYDRATED = ["/", "/about", "/resources", "/blog", "/contact", "/checkout"];
const ARTICLES = ["/blog/budgeting-tips-that-work", "/blog/dispute-credit-errors"];

for (const path of HYDRATED) {
  test(`${path}: stylesheet inline, React Router's scripts start after the first paint`, async ({ request }) => {
    await expectInlinedStylesheet(request, path);
    const { links, scripts } = await page(request, path);
    expect(
      links.filter((l) => attr(l, "rel") === "modulepreload"),
      "no module preloads in the document",
    ).toEqual([]);
    expect(
      scripts.filter((s) => attr(s, "type") === "module"),
      "no module script runs on its own",
    ).toEqual([]);
    const boot = scripts.filter((s) => attr(s, "id") === "rr-boot");
    expect(boot).toHaveLength(1);
    expect(attr(boot[0]!, "type")).toBe("text/x-boot");
    expect(text(boot[0]!)).toContain("import(");
    const loader = scripts[scripts.indexOf(boot[0]!) + 1]!;
    expect(text(loader)).toContain('getElementById("rr-boot")');
    expect(text(loader)).toMatch(/"\/assets\/entry\.client-[\w-]+\.js"/);
    expect(attr(loader, "nonce"), "the loader carries the bootstrap's nonce").toBe(attr(boot[0]!, "nonce"));
  });
}

for (const path of ARTICLES) {
  test(`${path}: stylesheet inline and no React at all, only the page script`, async ({ request }) => {
    await expectInlinedStylesheet(request, path);
    const { links, scripts } = await page(request, path);
    expect(links.filter((l) => attr(l, "rel") === "modulepreload")).toEqual([]);
    const running = scripts.filter((s) => attr(s, "type") !== "application/ld+json");
    expect(running.map((s) => attr(s, "src"))).toEqual([expect.stringMatching(/^\/assets\/page-script-[\w-]+\.js$/)]);
    expect(attr(running[0]!, "defer")).toBe("");
    const script = await (await request.get(attr(running[0]!, "src")!)).body();
    expect(gzipSync(script).length, "the article's JavaScript, compressed").toBeLessThan(10 * 1024);
  });
}
