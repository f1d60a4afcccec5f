import { test as base, expect, type Page } from "@playwright/test";

/**
 * Every browser test fails on an unexpected console error or uncaught page error (CSP
 * violations included). A test that expects some calls `allowConsoleErrors(page, /pattern/)`.
 */
const allowed = new WeakMap<Page, RegExp[]>();

export function allowConsoleErrors(page: Page, ...patterns: RegExp[]) {
  allowed.set(page, [...(allowed.get(page) ?? []), ...patterns]);
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
    await use(page);
    const patterns = allowed.get(page) ?? [];
    const unexpected = errors.filter((text) => !patterns.some((p) => p.test(text)));
    expect(unexpected, "console errors").toEqual([]);
  },
});

export { expect };
