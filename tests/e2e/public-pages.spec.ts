import type { Page } from "@playwright/test";
import { allowConsoleErrors, countScripts, expect, expectNoViolations, test } from "./fixtures";

/**
 * Issue #25: home, about, resources, blog and contact are plain HTML in the browser. The blog's
 * search, category filter and "Load More" work through the address without JavaScript, and in
 * place with the listing's script; the contact form and the newsletter box post plainly and the
 * server renders their outcome, with the same messages with JavaScript and without.
 * Titles are written out from the spec's article table (listing order), not read from the code.
 */

const LISTING = [
  "10 Budgeting Tips That Actually Work",
  "How to Rebuild Your Credit in 6 Months",
  "The Best Free Budgeting Apps and Tools (and How to Choose)",
  "Understanding Your Credit Report",
  "How to Build an Emergency Fund (Even on a Tight Budget)",
  "Debt Snowball vs. Avalanche: Which Is Right for You?",
  "How to Dispute Credit Report Errors (Step by Step)",
  "Credit Card Mistakes That Hurt Your Score",
];
const CREDIT_REPAIR = [LISTING[1], LISTING[3], LISTING[6], LISTING[7]];
/** "credit" and "report" both in the title or excerpt. */
const CREDIT_REPORT = [LISTING[3], LISTING[6]];

const titles = (page: Page) => page.getByRole("main").getByRole("article").getByRole("heading").allTextContents();
const search = (page: Page) => page.getByRole("searchbox", { name: "Search articles" });
const filter = (page: Page, name: string) => page.getByRole("group", { name: "Filter by category" }).getByRole("button", { name });
const loadMore = (page: Page) => page.getByRole("main").getByRole("link", { name: "Load More Articles" });
const found = (page: Page) => page.locator("#blog-found");

let counter = 0;
const uniqueEmail = (tag: string) =>
  `pages.${tag}.${Date.now().toString(36)}.${counter++}.${Math.random().toString(36).slice(2, 7)}@example.com`;

test.describe("the blog listing with JavaScript: at once, in the page, the address following", () => {
  test("search as you type, the count for screen readers, nothing found and clearing", async ({ page }) => {
    const scripts = countScripts(page);
    const documents: string[] = [];
    page.on("request", (r) => r.resourceType() === "document" && documents.push(r.url()));
    await page.goto("/blog");
    expect(await titles(page)).toEqual(LISTING.slice(0, 6));
    await expect(found(page)).toHaveText("8 articles found");

    await search(page).pressSequentially("credit report");
    await expect.poll(() => titles(page)).toEqual(CREDIT_REPORT);
    await expect(found(page)).toHaveText("2 articles found");
    await expect(found(page)).toHaveAttribute("aria-live", "polite");
    await expect(page).toHaveURL(/\/blog\?q=credit\+report$/);
    await expect(loadMore(page)).toHaveCount(0);

    await search(page).fill("zzzz");
    await expect(page.getByText("No articles match your search.")).toBeVisible();
    await expect(found(page)).toHaveText("0 articles found");
    await page.getByRole("link", { name: "Clear search and filters" }).click();
    await expect(search(page)).toHaveValue("");
    await expect(search(page)).toBeFocused();
    expect(await titles(page)).toEqual(LISTING.slice(0, 6));
    await expect(page).toHaveURL(/\/blog$/);

    // Enter in the box does what typing did, without a page load.
    await search(page).fill("snowball");
    await search(page).press("Enter");
    await expect.poll(() => titles(page)).toEqual([LISTING[5]]);
    expect(documents, "no page load after the first").toHaveLength(1);
    expect(scripts.reactBundle(), "no React").toEqual([]);
  });

  test("a category, then a search within it; Load More shows the next page and moves focus to it", async ({ page }) => {
    const documents: string[] = [];
    page.on("request", (r) => r.resourceType() === "document" && documents.push(r.url()));
    await page.goto("/blog");
    await filter(page, "Credit Repair").click();
    await expect(filter(page, "Credit Repair")).toHaveAttribute("aria-pressed", "true");
    await expect(filter(page, "All")).toHaveAttribute("aria-pressed", "false");
    await expect.poll(() => titles(page)).toEqual(CREDIT_REPAIR);
    await expect(page).toHaveURL(/\/blog\?category=Credit\+Repair$/);
    await expect(found(page)).toHaveText("4 articles found");

    await search(page).pressSequentially("report");
    await expect.poll(() => titles(page)).toEqual(CREDIT_REPORT);
    await expect(page).toHaveURL(/\/blog\?q=report&category=Credit\+Repair$/);

    await search(page).fill("");
    await filter(page, "All").click();
    await expect(loadMore(page)).toBeVisible();
    await loadMore(page).click();
    await expect.poll(() => titles(page)).toEqual(LISTING);
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(page.getByRole("link", { name: LISTING[6], exact: true })).toBeFocused();
    await expect(loadMore(page)).toHaveCount(0);
    // In place: the link's own navigation to ?page=2 would show the same titles at the same address.
    expect(documents, "no page load after the first: the filter, the search and Load More ran in the page").toEqual([
      expect.stringMatching(/\/blog$/),
    ]);
  });

  test("an address with a search opens as it says, and the script carries on from it", async ({ page }) => {
    const response = await page.goto("/blog?q=credit&category=Credit+Repair");
    expect(response?.status()).toBe(200);
    expect(await titles(page)).toEqual(CREDIT_REPAIR);
    // The page holds only the posts it shows; the script fetches the rest once the visitor reaches for a control.
    await expect(page.locator("#blog-posts > li")).toHaveCount(CREDIT_REPAIR.length);
    await expect(search(page)).toHaveValue("credit");
    await expect(filter(page, "Credit Repair")).toHaveAttribute("aria-pressed", "true");
    await filter(page, "All").click();
    // "credit" in a title, or only in an excerpt (the emergency fund's "credit card debt").
    await expect.poll(() => titles(page)).toEqual([LISTING[1], LISTING[3], LISTING[4], LISTING[6], LISTING[7]]);
    await expect(found(page)).toHaveText("5 articles found");
    await expect(page).toHaveURL(/\/blog\?q=credit$/);
    await expect(page.locator("#blog-posts > li")).toHaveCount(LISTING.length);
  });

  test("should the rest of the posts not arrive, a category and Load More load their address", async ({ page }) => {
    allowConsoleErrors(page, /Failed to load resource/);
    await page.route("**/blog/cards.json", (route) => route.abort());
    await page.goto("/blog");
    await filter(page, "Credit Repair").click();
    await expect(page).toHaveURL(/\/blog\?category=Credit\+Repair$/);
    expect(await titles(page)).toEqual(CREDIT_REPAIR);
    await expect(filter(page, "Credit Repair")).toHaveAttribute("aria-pressed", "true");

    await filter(page, "All").click();
    await expect(page).toHaveURL(/\/blog$/);
    await loadMore(page).click();
    await expect(page).toHaveURL(/\/blog\?page=2#post-dispute-credit-errors$/);
    expect(await titles(page)).toEqual(LISTING);
  });
});

test("every post's item for the listing's script: hidden, in listing order, the page's own markup", async ({ request }) => {
  const response = await request.get("/blog/cards.json");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  expect(response.headers()["etag"]).toBeTruthy();
  const items = (await response.json()) as string[];
  expect(items).toHaveLength(LISTING.length);
  items.forEach((item, i) => {
    expect(item).toMatch(/^<li id="post-[a-z0-9-]+" hidden="" data-category="[^"]+"/);
    expect(item).toContain(`>${LISTING[i]!.replace("&", "&amp;")}</a>`);
  });
});

test.describe("the blog listing without JavaScript: the address does it", () => {
  test.use({ javaScriptEnabled: false });

  test("search, category, Load More and clearing, each a page the server renders", async ({ page }) => {
    await page.goto("/blog");
    expect(await titles(page)).toEqual(LISTING.slice(0, 6));

    await search(page).fill("credit report");
    await search(page).press("Enter");
    await expect(page).toHaveURL(/\/blog\?q=credit\+report$/);
    expect(await titles(page)).toEqual(CREDIT_REPORT);
    await expect(search(page)).toHaveValue("credit report");
    await expect(found(page)).toHaveText("2 articles found");

    // A category keeps the search; the search button then keeps the category.
    await filter(page, "Credit Repair").click();
    await expect(page).toHaveURL(/\/blog\?q=credit\+report&category=Credit\+Repair$/);
    await expect(filter(page, "Credit Repair")).toHaveAttribute("aria-pressed", "true");
    expect(await titles(page)).toEqual(CREDIT_REPORT);
    await search(page).fill("");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/blog\?q=&category=Credit\+Repair$/);
    expect(await titles(page)).toEqual(CREDIT_REPAIR);

    await search(page).fill("zzzz");
    await search(page).press("Enter");
    await expect(page.getByText("No articles match your search.")).toBeVisible();
    expect(await titles(page)).toEqual([]);
    await page.getByRole("link", { name: "Clear search and filters" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    expect(await titles(page)).toEqual(LISTING.slice(0, 6));

    await loadMore(page).click();
    await expect(page).toHaveURL(/\/blog\?page=2#post-dispute-credit-errors$/);
    expect(await titles(page)).toEqual(LISTING);
    await expect(loadMore(page)).toHaveCount(0);
  });
});

test("the listing's states, as the server renders them from the address, have no axe violations", async ({ page }) => {
  for (const path of ["/blog?q=credit+report", "/blog?q=zzzz", "/blog?category=Tools", "/blog?page=2"]) {
    await page.goto(path);
    await expectNoViolations(page, path);
  }
});

/** The contact form, filled in. */
async function fillContact(page: Page, { email = uniqueEmail("contact"), message = "How do I start?" } = {}) {
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Ann Example");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Subject", exact: true }).fill("A question");
  await page.getByRole("textbox", { name: "Message", exact: true }).fill(message);
}
const toast = (page: Page) => page.locator("[data-toast]");

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the forms ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });
    test.beforeEach(({ page }) => {
      // The page that answers a refused form has status 400 (it says why), which Chromium logs.
      allowConsoleErrors(page, /status of 400/);
    });

    test("contact: missing fields, then sent; the answer inline, as a toast, and focused", async ({ page }) => {
      await page.goto("/contact");
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page).toHaveURL(/\/contact#contact-form$/);
      await expect(toast(page)).toHaveAttribute("role", "status");
      await expect(toast(page)).toContainText("Missing Information Please fill in your name, email, subject and message.");
      await expect(page.locator("#contact-feedback")).toContainText("Missing Information");
      for (const name of ["Name", "Email", "Subject", "Message"]) {
        await expect(page.getByRole("textbox", { name, exact: true })).toHaveAttribute("aria-invalid", "true");
      }
      await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveAttribute("aria-describedby", "contact-feedback");
      // axe runs in the page: with JavaScript only (the server's HTML is the same either way).
      if (javaScriptEnabled) {
        await expect(page.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();
        await expectNoViolations(page, "the contact form with an error and its toast");
      }

      await fillContact(page, { email: "ann@example" });
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.locator("#contact-feedback")).toContainText("Invalid Email Please enter a valid email address.");
      await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByRole("textbox", { name: "Name", exact: true })).not.toHaveAttribute("aria-invalid");
      await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("How do I start?");

      await fillContact(page);
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(toast(page)).toContainText("Message sent! We aim to reply within one business day.");
      await expect(page.locator("#contact-form")).toContainText("Message sent! We aim to reply within one business day.");
      for (const name of ["Name", "Email", "Subject", "Message"]) {
        await expect(page.getByRole("textbox", { name, exact: true })).toHaveValue("");
      }
      if (javaScriptEnabled) {
        await expect(page.locator("#contact-feedback")).toBeFocused();
        // The toast can be closed (its button is the page script's).
        await toast(page).getByRole("button", { name: "Close notification" }).click();
        await expect(toast(page)).toHaveCount(0);
      } else {
        await expect(toast(page).getByRole("button")).toHaveCount(0);
      }
      if (javaScriptEnabled) await expectNoViolations(page, "the contact form after sending, with its toast");
    });

    test("newsletter: invalid, subscribed, already subscribed", async ({ page }) => {
      const email = uniqueEmail("news");
      await page.goto("/blog");
      const box = page.getByRole("textbox", { name: "Email address" });
      await box.fill("not-an-email");
      await page.getByRole("button", { name: "Subscribe" }).click();
      await expect(page).toHaveURL(/\/blog#newsletter$/);
      await expect(toast(page)).toContainText("Invalid Email Please enter a valid email address.");
      await expect(box).toHaveAttribute("aria-invalid", "true");
      await expect(box).toHaveValue("not-an-email");
      if (javaScriptEnabled) await expect(box).toBeFocused();

      await box.fill(email);
      await page.getByRole("button", { name: "Subscribe" }).click();
      await expect(toast(page)).toContainText("Almost done! Check your inbox and click the link to confirm your subscription.");
      await expect(page.locator("#newsletter")).toContainText("Almost done!");
      await expect(box).toHaveValue("");
      await expect(box).not.toHaveAttribute("aria-invalid");

      await box.fill(` ${email.toUpperCase()} `);
      await page.getByRole("button", { name: "Subscribe" }).click();
      await expect(toast(page)).toContainText("Already Subscribed This email address is already subscribed to our newsletter.");
      await expect(page.locator("#newsletter")).toContainText("Already Subscribed");
      if (javaScriptEnabled) await expectNoViolations(page, "the newsletter box, already subscribed, with its toast");
    });
  });
}

test("the home page's figure: the article count, from the page's own script and no React", async ({ page }) => {
  const scripts = countScripts(page);
  const figures = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/figures");
  await page.goto("/");
  expect((await figures).status()).toBe(200);
  // No reviews on this server: the count of articles stays (reviews.spec.ts shows the swap).
  await expect(page.getByTestId("figure-badge")).toHaveText("8 Free Articles");
  expect(scripts.reactBundle()).toEqual([]);
  // It is asked for after the first paint, so it never competes with it.
  const [askedAt, paintedAt] = await page.evaluate(() => [
    performance.getEntriesByType("resource").find((entry) => entry.name.endsWith("/api/figures"))!.startTime,
    performance.getEntriesByName("first-contentful-paint")[0]!.startTime,
  ]);
  expect(askedAt).toBeGreaterThan(paintedAt!);
});

test("the blog's cards: a small picture beside the title on a phone, the card-wide one from a tablet up", async ({ page }) => {
  /** What each shown card's picture is: the file the browser chose and the width it is drawn at. */
  const pictures = () =>
    page.locator("#blog-posts > li:not([hidden]) article img").evaluateAll((images) =>
      images.map((image) => {
        const img = image as HTMLImageElement;
        // No file yet (a lazy picture not near the screen): null.
        const file = img.currentSrc ? new URL(img.currentSrc).pathname.split("-").pop() : null;
        return { file, width: Math.round(img.getBoundingClientRect().width) };
      }),
    );
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/blog");
  // Below the first screen they load as they come near: scroll to the last card first.
  await page.locator("#blog-posts > li:not([hidden])").last().scrollIntoViewIfNeeded();
  await expect.poll(async () => (await pictures()).every((p) => p.file?.startsWith("320."))).toBe(true);
  expect((await pictures()).map((p) => p.width)).toEqual(Array(6).fill(112));
  // The title's first line sits beside the picture, not under it.
  const first = page.locator("#blog-posts article").first();
  const title = await first.getByRole("heading").evaluate((heading) => {
    const range = document.createRange();
    range.selectNodeContents(heading);
    const line = range.getClientRects()[0]!;
    return { right: line.right, top: line.top };
  });
  const picture = (await first.locator("img").boundingBox())!;
  expect(title.right).toBeLessThanOrEqual(picture.x);
  expect(title.top).toBeLessThan(picture.y + picture.height);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/blog");
  await page.locator("#blog-posts > li:not([hidden])").last().scrollIntoViewIfNeeded();
  await expect.poll(async () => (await pictures()).every((p) => p.file && !p.file.startsWith("320."))).toBe(true);
  const card = await first.boundingBox();
  expect((await pictures())[0]!.width).toBe(Math.round(card!.width) - 2);
});

test("the blog's first picture is fetched first only where it is the largest paint", async ({ page }) => {
  /** Every picture the page asks for, in order, with the priority the browser gave it at once. */
  const watchPictures = async () => {
    const asked: { file: string; priority: string }[] = [];
    const cdp = await page.context().newCDPSession(page);
    cdp.on("Network.requestWillBeSent", ({ request, type }) => {
      if (type === "Image" && request.url.includes("/images/articles/")) {
        asked.push({ file: new URL(request.url).pathname.split("/").pop()!, priority: request.initialPriority });
      }
    });
    await cdp.send("Network.enable");
    return asked;
  };
  const FIRST = "budgeting-tips-that-work";

  // A phone: the first card's picture is a thumbnail beside its title, not the largest paint (the
  // text is). No picture is asked for at high priority, so none competes with the page.
  await page.setViewportSize({ width: 375, height: 800 });
  let asked = await watchPictures();
  await page.goto("/blog");
  await expect.poll(() => asked.some((p) => p.file.startsWith(FIRST))).toBe(true);
  expect(asked.find((p) => p.file.startsWith(FIRST))!.file).toBe(`${FIRST}-320.avif`);
  expect(asked.filter((p) => p.priority === "High" || p.priority === "VeryHigh")).toEqual([]);
  const lcp = () =>
    page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          new PerformanceObserver((list) => resolve((list.getEntries().at(-1) as LargestContentfulPaint).element?.tagName ?? "")).observe({
            type: "largest-contentful-paint",
            buffered: true,
          }),
        ),
    );
  expect(await lcp()).not.toBe("IMG");

  // A laptop: the picture spans the card's top and is the largest paint. The head's preload asks
  // for it at high priority, once: the lazy picture then uses that file.
  await page.setViewportSize({ width: 1280, height: 900 });
  asked = await watchPictures();
  await page.goto("/blog");
  await expect.poll(() => asked.some((p) => p.file.startsWith(FIRST))).toBe(true);
  await expect(page.locator("#blog-posts img").first()).toHaveJSProperty("complete", true);
  const first = asked.filter((p) => p.file.startsWith(FIRST));
  expect(first).toEqual([{ file: `${FIRST}-640.avif`, priority: "High" }]);
  expect(
    await page
      .locator("#blog-posts img")
      .first()
      .evaluate((img) => (img as HTMLImageElement).currentSrc),
  ).toContain(`${FIRST}-640.avif`);
  expect(await lcp()).toBe("IMG");
});
