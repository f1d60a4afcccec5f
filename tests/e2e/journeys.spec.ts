import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { completeOrder, expect, payOnTestPage, requestGuide, subscribeOnBlog, test } from "./fixtures";
import { linkPath, mailTo } from "./mail";
import { logIn, useOwnServer } from "./own-server";

/**
 * Every page that runs React in the browser (checkout, payment, success, order and list-link
 * pages) and every dashboard page, walked as a person leaves one: open it, follow a link inside the
 * site away, and come back with Back. Links to pages without React load a document
 * (components/site-link.tsx); between two React pages (the paid payment page and the success page)
 * the navigation, and Back, stay in the browser. A page error, a console error (the fixture fails on either)
 * or the error boundary's "Something went wrong" fails the walk. Issue 39: the success page's
 * effect returned `window.scrollTo()`'s Promise in Chromium 156, and leaving the page threw.
 *
 * On its own server: the dashboard's pages need the owner's log-in, which admin.spec.ts's last
 * test locks out on the shared server. `npm test` runs this file twice: on the production build,
 * and once on a development build (E2E_DEVELOPMENT=1, BUILD_DIR=build-dev), where React's
 * development checks run in the browser too.
 */
const DEVELOPMENT = process.env.E2E_DEVELOPMENT === "1";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const { origin: ORIGIN, mailDir: MAIL } = useOwnServer("journeys", 81, DEVELOPMENT ? { NODE_ENV: "development" } : {});
test.describe.configure({ mode: "serial" });

const unique = (tag: string) => `${tag}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.com`;
const ERROR_BOUNDARY = "Something went wrong";

/** The first heading of the page shown now, once it is a real page's (not the error boundary's). */
async function headingNow(page: Page, where: string): Promise<string> {
  const h1 = page.locator("main h1, h1").first();
  await expect(h1, where).toBeVisible();
  await expect(h1, `${where}: the error boundary`).not.toHaveText(ERROR_BOUNDARY);
  return (await h1.innerText()).trim();
}

/**
 * Open `path`, follow the link `away` finds (inside the site), check the page it reaches, then Back:
 * the page comes back as it was. Fails on the error boundary at any step; the fixture fails the
 * test on any console or page error.
 */
async function walk(page: Page, path: string, away: (page: Page) => Locator, reached: string | RegExp) {
  await page.goto(path);
  const here = page.url();
  const heading = await headingNow(page, path);
  await away(page).click();
  await page.waitForURL((url) => url.href !== here);
  await expect(page.getByRole("heading", { level: 1, name: reached }), `${path}, then a link away`).toBeVisible();
  await headingNow(page, `${path}, then a link away`);
  await page.goBack();
  await page.waitForURL(here);
  await expect(page.getByRole("heading", { level: 1, name: heading }), `${path}, away and back`).toBeVisible();
  await headingNow(page, `${path}, away and back`);
  await expect(page.getByText(ERROR_BOUNDARY)).toHaveCount(0);
}

const mainNav = (label: string) => (page: Page) =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: label, exact: true });
const dashboardNav = (label: string) => (page: Page) =>
  page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: label, exact: true });

test("the build under test is the one meant: React's production build, or (E2E_DEVELOPMENT) its development build", () => {
  const assets = join(BUILD_DIR, "client", "assets");
  const entry = readdirSync(assets).find((name) => /^entry\.client-[\w-]+\.js$/.test(name));
  expect(entry, `no entry.client script in ${assets}`).toBeDefined();
  // A warning only React's development build carries.
  const developmentReact = readFileSync(join(assets, entry!), "utf8").includes("must not return anything besides a function");
  expect(developmentReact).toBe(DEVELOPMENT);
});

test("a buyer's pages: checkout, payment, success, order page and lost link, each left by a link and come back to", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await walk(page, "/checkout", mainNav("Contact"), "Get in Touch");
  await walk(page, "/checkout-success", mainNav("Blog"), "Our Blog");

  await page.goto("/checkout?bump=1");
  const pay = await completeOrder(page);
  const payPath = new URL(pay.url()).pathname + new URL(pay.url()).search;
  await walk(page, payPath, mainNav("About"), "Our Story");

  await page.goto(payPath);
  await payOnTestPage(page, unique("walker"));
  await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  const successPath = new URL(page.url()).pathname + new URL(page.url()).search;
  // Between two pages with React the navigation stays in the browser: the paid payment page's link
  // to the order mounts the success page, and Back unmounts it (runs its effects' cleanups).
  await walk(page, payPath, (p) => p.getByRole("link", { name: "View the order" }), "Payment Successful!");
  // The page of issue 39: its files, then the links a buyer follows from it.
  await walk(page, successPath, mainNav("Contact"), "Get in Touch");
  await walk(page, successPath, (p) => p.getByRole("link", { name: "Contact us", exact: true }), "Get in Touch");
  await walk(page, successPath, (p) => p.getByRole("link", { name: "View All Resources" }), "Resources and Tools");

  await page.goto(successPath);
  const orderPath = new URL(
    (await page
      .getByRole("region", { name: "Your downloads" })
      .getByRole("link", { name: /\/orders\// })
      .getAttribute("href"))!,
    ORIGIN,
  ).pathname;
  await walk(page, orderPath, (p) => p.getByRole("link", { name: "Return Home" }), /rebuild your credit/);
  await walk(page, "/orders/lookup", mainNav("Resources"), "Resources and Tools");
});

test("a reader's list links: the guide, newsletter confirmation and unsubscribe pages, each left and come back to", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = unique("listwalker");
  await requestGuide(page, { name: "Walker", email });
  const guideMail = await mailTo(email, /guide/i, MAIL);
  await walk(page, linkPath(guideMail, "/guide/"), mainNav("Blog"), "Our Blog");
  await walk(page, linkPath(guideMail, "/unsubscribe/"), mainNav("Contact"), "Get in Touch");

  const reader = unique("newswalker");
  await subscribeOnBlog(page, reader);
  await walk(page, linkPath(await mailTo(reader, /confirm/i, MAIL), "/newsletter/confirm/"), mainNav("About"), "Our Story");
});

test("every dashboard page, each left by a link and come back to", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, "/admin", ORIGIN);
  const sections = await page
    .getByRole("navigation", { name: "Dashboard" })
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(sections.length).toBeGreaterThanOrEqual(10);
  // A page of each kind that one of the lists opens: an article, an order, a contact.
  const details: string[] = [];
  for (const [list, link] of [
    ["/admin/articles", 'a[href^="/admin/articles/"]'],
    ["/admin/orders", 'a[href^="/admin/orders/"]'],
    ["/admin/contacts", 'a[href^="/admin/contacts/"]'],
  ] as const) {
    await page.goto(list);
    const href = await page.locator(`main ${link}`).first().getAttribute("href");
    if (href) details.push(href);
  }
  // The buyer's walk above left an order and its contact; the articles are seeded.
  expect(details).toHaveLength(3);
  for (const path of [...sections, ...details]) {
    const away = path === "/admin" ? dashboardNav("Orders") : dashboardNav("Overview");
    await walk(page, path, away, path === "/admin" ? "Orders" : "Overview");
  }
});
