import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/**
 * Every browser test fails on an unexpected console error or uncaught page error (CSP
 * violations included). A test that expects some calls `allowConsoleErrors(page, /pattern/)`.
 */
const allowed = new WeakMap<Page, RegExp[]>();

export function allowConsoleErrors(page: Page, ...patterns: RegExp[]) {
  allowed.set(page, [...(allowed.get(page) ?? []), ...patterns]);
}

/**
 * Pages start their scripts after the first paint (app/server/document/first-paint.server.ts), so `load`
 * can come before React has hydrated. Wait for the mark root.tsx sets (pages that are not React
 * Router documents, without the inert bootstrap script, return at once).
 */
export async function waitForHydration(page: Page) {
  await page
    .waitForFunction(() => !document.getElementById("rr-boot") || document.documentElement.dataset.hydrated === "true", undefined, {
      timeout: 15_000,
    })
    .catch((error: Error) => {
      throw new Error(`${page.url()} did not hydrate: ${error.message}`);
    });
}

/** The page script hydrating pages load (app/browser/page-script.ts, bundled; an article has it inline); anything else is React's. */
const PAGE_SCRIPT = /\/assets\/page-script-[\w-]+\.js$/;

/**
 * Counts what a page requests from now on: `scripts()` every script, `reactBundle()` those that
 * are not the page script (React, React Router, route modules, their .data requests), `posts()`
 * the POSTs sent.
 */
/**
 * Hold the answers to requests matching `pattern` until `release()`: to see a page in the state
 * before they arrive (a busy button, a badge before its figures).
 */
export async function holdRoute(page: Page, pattern: string): Promise<{ release: () => void }> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

export function countScripts(page: Page) {
  const scripts: string[] = [];
  const data: string[] = [];
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
    if (/\.data(\?|$)/.test(request.url())) data.push(request.url());
    if (request.method() === "POST") posts.push(request.url());
  });
  return {
    scripts: () => [...scripts],
    reactBundle: () => [...scripts.filter((url) => !PAGE_SCRIPT.test(new URL(url).pathname)), ...data],
    posts: () => [...posts],
  };
}

export const test = base.extend({
  page: async ({ page, context, javaScriptEnabled }, use) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
    // Chromium logs a blocked resource itself; this names every violation, report-only included.
    await context.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || "an inline resource"}`);
      });
    });
    if (javaScriptEnabled !== false) {
      // Navigations a test makes itself wait until the page is interactive, as a person would.
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = (async (...args: Parameters<Page["goto"]>) => {
        const response = await goto(...args);
        await waitForHydration(page);
        return response;
      }) as Page["goto"];
      page.reload = (async (...args: Parameters<Page["reload"]>) => {
        const response = await reload(...args);
        await waitForHydration(page);
        return response;
      }) as Page["reload"];
    }
    await use(page);
    const patterns = allowed.get(page) ?? [];
    const unexpected = errors.filter((text) => !patterns.some((p) => p.test(text)));
    expect(unexpected, "console errors").toEqual([]);
  },
});

export { expect };

/** An article's free-guide form: its section, fields and send button. */
export function leadForm(page: Page) {
  const section = page.locator("#lead-form");
  return {
    section,
    name: section.getByRole("textbox", { name: "Your name" }),
    email: section.getByRole("textbox", { name: "Your email" }),
    send: section.getByRole("button", { name: /Send Me the Guide|Sending/ }),
  };
}

/** A reader asks for the free guide from an article's form and sees its answer. */
export async function requestGuide(
  page: Page,
  { name, email, article = "/blog/dispute-credit-errors" }: { name: string; email: string; article?: string },
) {
  await page.goto(article);
  const form = leadForm(page);
  await form.name.fill(name);
  await form.email.fill(email);
  await form.send.click();
  await expect(page.getByText("You're All Set!")).toBeVisible();
}

/**
 * On a guide e-mail's link page (/guide/<token>): the page names the guide and passes axe, and its
 * one button gives the guide's PDF.
 */
export async function downloadGuideFromLink(page: Page, { title, pdf }: { title: string; pdf: string }) {
  await expect(page.getByRole("heading", { name: `Your free ${title}` })).toBeVisible();
  await expectNoViolations(page, `the link page of the ${title}`);
  const response = page.waitForResponse((r) => new URL(r.url()).pathname === pdf);
  await page.getByRole("button", { name: "Download the guide (PDF)" }).click();
  expect((await response).status()).toBe(200);
  expect((await response).headers()["content-type"]).toBe("application/pdf");
}

/** A reader types an address into the blog's newsletter box and is asked to confirm by e-mail. */
export async function subscribeOnBlog(page: Page, email: string) {
  await page.goto("/blog");
  await page.getByRole("textbox", { name: "Email address" }).fill(email);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.locator("#newsletter")).toContainText("Almost done!");
}

/**
 * 'Complete My Order' (or `press`, another way to press it): the payment page continues in this
 * same tab, as Stripe Checkout does. Returns the page once it has left the checkout.
 */
export async function completeOrder(page: Page, press?: () => Promise<void>): Promise<Page> {
  await (press ? press() : page.getByRole("button", { name: "Complete My Order" }).click());
  await page.waitForURL((url) => url.pathname !== "/checkout");
  return page;
}

/** The test provider's page: the receipt address, then Pay (Stripe Checkout asks the same). */
export async function payOnTestPage(tab: Page, email = `buyer.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`) {
  await tab.getByRole("textbox", { name: "Email for your receipt and downloads" }).fill(email);
  await tab.getByRole("button", { name: "Pay", exact: true }).click();
  return email;
}

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * axe-core (WCAG 2.0/2.1 A and AA) on what the page shows now; a violation fails with its rule and elements.
 *
 * In axe's legacy mode (one axe.run in the page) and asking for violations only: the default mode
 * runs axe in each frame and opens a blank page to merge their results, which doubled the time of
 * a check (0.8-1.2 s against 0.45-0.65 s a page, measured 2026-11-26). The site has no frames, so
 * both modes see the same page; legacy mode would still look inside a same-origin frame.
 * `rules`: these rules only, instead of the WCAG tags (a best-practice rule checked on purpose).
 */
export async function expectNoViolations(page: Page, state: string, { rules }: { rules?: string[] } = {}) {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] }); // first: options() replaces what withTags() set
  const { violations } = await (rules ? builder.withRules(rules) : builder.withTags(AXE_TAGS)).setLegacyMode(true).analyze();
  const found = violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")}: ${n.failureSummary?.split("\n").slice(1).join(" ").trim()}`),
  }));
  expect(found, `axe violations in ${state}`).toEqual([]);
}
