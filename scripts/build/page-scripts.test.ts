import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { Script } from "node:vm";
import { expect, test } from "vitest";
import { bundlePageScript } from "./page-scripts";

const APP = resolve(import.meta.dirname, "../../app");
const BROWSER = resolve(APP, "browser");
const alias = [{ find: "~", replacement: APP }];
const PAGE_SCRIPTS = readdirSync(BROWSER).filter((name) => name.endsWith(".ts") && !name.endsWith(".d.ts"));

test("every script under app/ is TypeScript: none is written in JavaScript", () => {
  expect(PAGE_SCRIPTS).toEqual(["blog-script.ts", "home-script.ts", "page-script.ts", "tool-script.ts"]);
  const javaScript = readdirSync(APP, { recursive: true, encoding: "utf8" }).filter((path) => /\.[cm]?jsx?$/.test(path));
  expect(javaScript).toEqual([]);
});

test.for(PAGE_SCRIPTS)("%s is bundled into one classic script that loads nothing more", async (name) => {
  const code = await bundlePageScript(resolve(BROWSER, name), { minify: true, alias });
  // A page writes it into a plain <script>: an import or export there would be a syntax error.
  expect(() => new Script(code, { filename: name })).not.toThrow();
  expect(code).not.toMatch(/\bimport\s*\(|\brequire\s*\(/);
  expect(code).toMatch(/^\(function\(\)\{[^]*\}\)\(\);$/);
});

test("the blog's script carries the server's own listing rules (app/lib/blog-filter.ts), bundled in", async () => {
  const code = await bundlePageScript(resolve(BROWSER, "blog-script.ts"), { minify: false, alias });
  for (const rule of ["function shownPosts(", "function filterPosts(", "function matchesQuery(", "function foundText(", "function blogHref("]) {
    expect(code).toContain(rule);
  }
});
