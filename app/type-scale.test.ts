import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, test } from "vitest";

/**
 * The site's type has two weights, regular and bold (app/app.css, decision 045). Tailwind writes no
 * rule for a weight the theme does not have, so a `font-semibold` in a component would do nothing
 * at all, silently: none may be written.
 */
const APP = import.meta.dirname;
const OTHER_WEIGHTS = /(?<![\w-])(?:[\w-]+:)*font-(?:thin|extralight|light|medium|semibold|extrabold|black)(?![\w-])/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(tsx?|css|md)$/.test(name) && !name.endsWith(".test.ts"))
    .map((name) => join(dir, name));
}

describe("the type scale", () => {
  test("no source file asks for a weight the theme does not have", () => {
    const uses = sourceFiles(APP).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(OTHER_WEIGHTS)].map((match) => `${relative(APP, file)}: ${match[0]}`),
    );
    expect(uses).toEqual([]);
  });

  test("the theme has exactly the two weights", () => {
    const css = readFileSync(join(APP, "app.css"), "utf8");
    expect([...css.matchAll(/--font-weight-([\w*]+):\s*([^;]+);/g)].map((m) => `${m[1]}=${m[2]}`)).toEqual([
      "*=initial",
      "normal=400",
      "bold=700",
    ]);
  });
});
