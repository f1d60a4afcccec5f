import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The guard of issue 39: an effect whose arrow is an expression returns what its call returns,
 * and React takes that for a cleanup (Chromium 156's `window.scrollTo()` returns a Promise, and
 * leaving the success page threw). The repository's own ESLint configuration must refuse it.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function messages(code: string, file = "app/routes/example.tsx") {
  const [result] = await eslint.lintText(code, { filePath: file });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
}

const header = 'import { useEffect, useLayoutEffect } from "react";\nimport * as React from "react";\n';

// The first lint loads the repository's whole ESLint configuration: seconds on a quiet machine, more on a busy one.
describe("effects are written with a block body", { timeout: 90_000 }, () => {
  it("refuses an arrow expression as an effect, imported or through React., in .tsx and .ts", async () => {
    expect(await messages(`${header}export function A() { useEffect(() => window.scrollTo(0, 0), []); return null; }`)).toEqual([
      expect.stringContaining("block body"),
    ]);
    expect(await messages(`${header}export function A() { React.useLayoutEffect(() => void 0, []); return null; }`)).toHaveLength(1);
    expect(await messages(`${header}export function useA() { useLayoutEffect(() => console.log(1)); }`, "app/lib/example.ts")).toHaveLength(
      1,
    );
  });

  it("accepts a block body, with or without a cleanup", async () => {
    expect(await messages(`${header}export function A() { useEffect(() => { window.scrollTo(0, 0); }, []); return null; }`)).toEqual([]);
    expect(
      await messages(
        `${header}export function A() { useEffect(() => { const t = setTimeout(() => {}); return () => clearTimeout(t); }, []); return null; }`,
      ),
    ).toEqual([]);
  });
});
