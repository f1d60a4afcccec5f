import type { Page } from "@playwright/test";
import { allowConsoleErrors, expect, test } from "./fixtures";
import { sitemapPaths } from "./sitemap";

/**
 * The public site against the product spec (sections 1-3, 9): every route's key content, header,
 * footer, mobile menu, blog listing behaviour, downloads and partner links. Expected values are
 * written out from the spec here on purpose, not imported from the code under test.
 */

const readMoreLinks = (page: Page) => page.getByRole("main").getByRole("link", { name: /^Read More/ });

type ArticleRow = {
  slug: string;
  title: string;
  category: string;
  date: string;
  readTime: string;
  related: string[];
  /** Link text of the closing call to action (all go to checkout), or null when not shown. */
  closing: RegExp | null;
};

/** Spec section 2, "Articles" table, in listing order. */
const ARTICLES: ArticleRow[] = [
  {
    slug: "budgeting-tips-that-work",
    title: "10 Budgeting Tips That Actually Work",
    category: "Budgeting",
    date: "Jan 15, 2025",
    readTime: "5 min read",
    related: [],
    closing: null,
  },
  {
    slug: "rebuild-credit-6-months",
    title: "How to Rebuild Your Credit in 6 Months",
    category: "Credit Repair",
    date: "Jan 12, 2025",
    readTime: "7 min read",
    related: [],
    closing: null,
  },
  {
    slug: "free-budgeting-apps",
    title: "The Best Free Budgeting Apps and Tools (and How to Choose)",
    category: "Tools",
    date: "Jan 8, 2025",
    readTime: "6 min read",
    related: [],
    closing: null,
  },
  {
    slug: "understanding-credit-reports",
    title: "Understanding Your Credit Report",
    category: "Credit Repair",
    date: "Jan 5, 2025",
    readTime: "8 min read",
    related: [],
    closing: null,
  },
  {
    slug: "emergency-fund-guide",
    title: "How to Build an Emergency Fund (Even on a Tight Budget)",
    category: "Saving Money",
    date: "Jan 1, 2025",
    readTime: "5 min read",
    related: ["budgeting-tips-that-work", "free-budgeting-apps"],
    closing: /^Get Your Toolkit - Just \$7$/,
  },
  {
    slug: "debt-snowball-vs-avalanche",
    title: "Debt Snowball vs. Avalanche: Which Is Right for You?",
    category: "Debt Free",
    date: "Dec 28, 2024",
    readTime: "6 min read",
    related: ["budgeting-tips-that-work", "emergency-fund-guide"],
    closing: /^Get Your Toolkit - Only \$7$/,
  },
  {
    slug: "dispute-credit-errors",
    title: "How to Dispute Credit Report Errors (Step by Step)",
    category: "Credit Repair",
    date: "Feb 1, 2025",
    readTime: "10 min read",
    related: ["understanding-credit-reports", "rebuild-credit-6-months"],
    closing: /Bundle \(Toolkit \+ Letters\).*\$21\.99/,
  },
  {
    slug: "credit-card-mistakes",
    title: "Credit Card Mistakes That Hurt Your Score",
    category: "Credit Repair",
    date: "Feb 3, 2025",
    readTime: "8 min read",
    related: [],
    closing: /^Download Now - Only \$7$/,
  },
];
const LISTED = ARTICLES.slice(0, 6);
const titleOf = (slug: string) => ARTICLES.find((a) => a.slug === slug)!.title;

test.describe("home", () => {
  test("hero, value cards, the first three posts and the calls to action", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(main.getByRole("link", { name: "Get the $7 Credit Repair Toolkit" })).toHaveAttribute("href", "/checkout");
    await expect(main.getByRole("link", { name: "Read Our Blog" })).toHaveAttribute("href", "/blog");
    // Issue 23: each reassurance is true beside the $7 button ("No credit card required" moved to
    // the free guide's form, "Proven strategies" became what the methods rest on).
    for (const line of ["One-time payment, no subscription", "Built on your rights under federal law", "Built for real people"]) {
      await expect(main.getByText(line, { exact: true })).toBeVisible();
    }
    // Issue 23: no "500+": the badge counts success stories from the database once there are enough
    // (tests/e2e/reviews.spec.ts); this server has no reviews, so it counts the articles.
    await expect(main.getByTestId("figure-badge")).toHaveText(`${ARTICLES.length} Free Articles`);
    await expect(main.getByText("$7 Affordable Toolkit")).toBeVisible();
    for (const card of ["Practical Strategies", "Affordable Tools", "Grounded in Your Rights"]) {
      await expect(main.getByRole("heading", { level: 3, name: card })).toBeVisible();
    }

    await expect(main.getByRole("heading", { level: 2, name: "Latest from Our Blog" })).toBeVisible();
    await expect(readMoreLinks(page)).toHaveCount(3);
    const titles = await main.getByRole("article").getByRole("heading").allTextContents();
    expect(titles).toEqual(LISTED.slice(0, 3).map((a) => a.title));
    await expect(readMoreLinks(page).first()).toHaveAttribute("href", `/blog/${LISTED[0]!.slug}`);
    await expect(main.getByRole("link", { name: "View All Posts" })).toHaveAttribute("href", "/blog");
    await expect(main.getByRole("link", { name: "Get Your Toolkit Now" })).toHaveAttribute("href", "/resources");
  });

  test("'View All Posts' opens the blog", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "View All Posts" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("heading", { level: 1, name: "Our Blog" })).toBeVisible();
  });
});

test("about: story, mission, four values, who we serve, links onward", async ({ page }) => {
  await page.goto("/about");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Our Story" })).toBeVisible();
  await expect(main.getByRole("heading", { level: 2, name: "Our Mission" })).toBeVisible();
  for (const value of ["Accessibility", "Empathy", "Simplicity", "Community"]) {
    await expect(main.getByRole("heading", { level: 3, name: value, exact: true })).toBeVisible();
  }
  await expect(main.getByRole("heading", { level: 2, name: "Who We Serve" })).toBeVisible();
  for (const audience of [/families/i, /rebuilding credit/i, /low-income/i, /beginners/i]) {
    await expect(main.getByRole("heading", { level: 3, name: audience })).toBeVisible();
  }
  await expect(main.locator('a[href="/resources"]')).not.toHaveCount(0);
  await expect(main.locator('a[href="/blog"]')).not.toHaveCount(0);
});

test.describe("resources", () => {
  test("the featured toolkit card lists its contents and leads to checkout", async ({ page }) => {
    await page.goto("/resources");
    const card = page.getByRole("region", { name: "Credit Repair Toolkit" });
    await expect(card.getByText("$7", { exact: true })).toBeVisible();
    for (const item of [
      "Step-by-step credit repair guide",
      "Dispute letter templates",
      "Credit score tracking worksheets",
      "Budget planning templates",
      "30-day action plan",
      "Debt payoff calculator",
      "Credit monitoring checklist",
      "Email support access",
      "A dispute tracker that reminds you when each answer is due",
    ]) {
      await expect(card.getByRole("listitem").filter({ hasText: item })).toBeVisible();
    }
    await expect(card.getByRole("link", { name: "Get Instant Access Now" })).toHaveAttribute("href", "/checkout");
  });

  test("upsell cards show their prices, what they include, 'Coming soon', and 'Learn More' opens each product's page", async ({ page }) => {
    await page.goto("/resources");
    const upsells = [
      { name: "Credit Rebuild Bootcamp", price: "$27", feature: "Weekly video lessons", slug: "credit-rebuild-bootcamp" },
      { name: "Advanced Budget Planner", price: "$15", feature: "Savings goal tracker", slug: "advanced-budget-planner" },
      { name: "Debt Freedom Blueprint", price: "$12", feature: "Negotiation scripts", slug: "debt-freedom-blueprint" },
    ];
    for (const upsell of upsells) {
      const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: upsell.name }) });
      await expect(card.getByText(upsell.price, { exact: true })).toBeVisible();
      await expect(card.getByText("Coming soon")).toBeVisible();
      await expect(card.getByText(upsell.feature)).toBeVisible();
      await expect(card.getByRole("link", { name: `Learn More about the ${upsell.name}` })).toHaveAttribute(
        "href",
        `/products/${upsell.slug}`,
      );
    }
  });

  test("'Download Free' buttons download real PDFs", async ({ page }) => {
    await page.goto("/resources");
    const links = page.getByRole("link", { name: /^Download Free/ });
    await expect(links).toHaveCount(2);
    await expect(page.getByRole("heading", { name: "Budget Checklist" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Credit Score Guide" })).toBeVisible();
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute("download", "");
      const href = await link.getAttribute("href");
      const response = await page.request.get(href!);
      expect(response.status(), href!).toBe(200);
      expect(response.headers()["content-type"]).toBe("application/pdf");
      const body = await response.body();
      expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(body.length).toBeGreaterThan(10_000);
    }
    const [download] = await Promise.all([page.waitForEvent("download"), links.first().click()]);
    expect(download.suggestedFilename()).toBe("budget-checklist.pdf");
  });

  test("recommended tools go somewhere useful; the partner link is marked and opens in a new tab", async ({ page }) => {
    await page.goto("/resources");
    const tool = (name: string) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name, exact: true }) });

    const monitoring = tool("Credit Monitoring");
    await expect(monitoring.getByText("Partner link", { exact: true })).toBeVisible();
    const partner = monitoring.getByRole("link");
    await expect(partner).toHaveAttribute("href", "/go/identity-monitoring");
    await expect(partner).toHaveAttribute("target", "_blank");
    await expect(partner).toHaveAccessibleName(/opens in a new tab/);

    await expect(tool("Secured Credit Cards").getByRole("link")).toHaveAttribute("href", "/blog/rebuild-credit-6-months");
    await expect(tool("Budgeting Apps").getByRole("link")).toHaveAttribute("href", "/blog/free-budgeting-apps");
  });
});

test.describe("partner links", () => {
  for (const path of ["/resources", "/blog/rebuild-credit-6-months", "/blog/dispute-credit-errors"]) {
    test(`every outbound link on ${path} opens in a new tab without referrer; partner links are marked sponsored, sources are not`, async ({
      page,
    }) => {
      await page.goto(path);
      const main = page.getByRole("main");
      // Sources the page cites (CFPB, FTC, FICO...) link straight to them, never as partners.
      const sources = main.locator('a[href^="http"]');
      for (const link of await sources.all()) {
        await expect(link).toHaveAttribute("target", "_blank");
        const rel = ((await link.getAttribute("rel")) ?? "").split(/\s+/);
        expect(rel).toEqual(expect.arrayContaining(["noopener", "noreferrer"]));
        const host = new URL((await link.getAttribute("href"))!).hostname;
        expect(host).toMatch(/(^|\.)(consumerfinance\.gov|ftc\.gov|myfico\.com|annualcreditreport\.com|identitytheft\.gov)$/);
        expect(rel, host).not.toContain("sponsored");
      }
      // Partner offers go through the site's redirect to the owner's link.
      const partners = main.locator('a[href^="/go/"]');
      expect(await partners.count()).toBeGreaterThan(0);
      for (const link of await partners.all()) {
        await expect(link).toHaveAttribute("target", "_blank");
        const rel = ((await link.getAttribute("rel")) ?? "").split(/\s+/);
        expect(rel).toEqual(expect.arrayContaining(["noopener", "noreferrer", "sponsored"]));
      }
    });
  }

  test("a partner link leads to the owner's link for that partner, and is kept out of search engines", async ({ page, request }) => {
    await page.goto("/blog/dispute-credit-errors");
    for (const [cta, id] of [["Start Credit Monitoring", "identity-monitoring"]] as const) {
      const href = await page.getByRole("link", { name: cta }).getAttribute("href");
      const response = await request.get(href!, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers()["location"]).toBe(`https://partners.test/${id}?ref=fresh-start-money`);
      expect(response.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    }
    expect((await request.get("/go/nope", { maxRedirects: 0 })).status()).toBe(404);
    // No credit repair service partner: its old address is gone.
    expect((await request.get("/go/credit-repair", { maxRedirects: 0 })).status()).toBe(404);
    expect(await (await request.get("/robots.txt")).text()).toContain("Disallow: /go/");
  });

  test("no article offers a credit repair service card; an article without partners says so", async ({ page }) => {
    await page.goto("/blog/dispute-credit-errors");
    await expect(page.getByRole("complementary", { name: "Partner offer" })).toHaveCount(1);
    await expect(page.getByRole("complementary", { name: "Partner offer" })).toContainText("Identity and credit monitoring");
    await expect(page.getByRole("main")).not.toContainText("Professional credit repair service");
    await expect(page.getByRole("main")).toContainText("some links on this page are partner links");

    for (const path of ["/blog/credit-card-mistakes", "/blog/budgeting-tips-that-work"]) {
      await page.goto(path);
      await expect(page.getByRole("complementary", { name: "Partner offer" })).toHaveCount(0);
      await expect(page.getByRole("main").locator('a[href^="/go/"]')).toHaveCount(0);
      await expect(page.getByRole("main")).not.toContainText("partner links");
    }
    await expect(page.getByRole("main")).toContainText("this article is for education only and is not financial or legal advice");
  });
});

test.describe("blog listing", () => {
  test("shows the first six posts in order, then 'Load More Articles' reveals the rest and disappears", async ({ page }) => {
    await page.goto("/blog");
    const main = page.getByRole("main");
    await expect(main.getByPlaceholder("Search articles...")).toBeVisible();
    await expect(readMoreLinks(page)).toHaveCount(6);
    expect(await main.getByRole("article").getByRole("heading").allTextContents()).toEqual(LISTED.map((a) => a.title));
    for (const post of LISTED) {
      await expect(main.getByRole("link", { name: `Read More: ${post.title}` })).toHaveAttribute("href", `/blog/${post.slug}`);
    }
    // Not shown until asked for (the listing's script fetches and shows them without a page load).
    await expect(main.getByRole("heading", { name: titleOf("dispute-credit-errors") })).toHaveCount(0);

    // A link (the next page's address without JavaScript; the listing's script shows it in place).
    await main.getByRole("link", { name: "Load More Articles" }).click();
    await expect(readMoreLinks(page)).toHaveCount(8);
    await expect(main.getByRole("heading", { name: titleOf("dispute-credit-errors") })).toBeVisible();
    await expect(main.getByRole("heading", { name: titleOf("credit-card-mistakes") })).toBeVisible();
    await expect(main.getByRole("link", { name: "Load More Articles" })).toHaveCount(0);
  });

  test("search filters by title and excerpt as you type, and says so when nothing matches", async ({ page }) => {
    await page.goto("/blog");
    const search = page.getByRole("searchbox", { name: "Search articles" });

    await search.pressSequentially("snowball");
    await expect(readMoreLinks(page)).toHaveCount(1);
    await expect(page.getByRole("heading", { name: titleOf("debt-snowball-vs-avalanche") })).toBeVisible();

    // Only in the excerpt of the emergency fund guide, not in any title.
    await search.fill("");
    await search.pressSequentially("flat tire");
    await expect(readMoreLinks(page)).toHaveCount(1);
    await expect(page.getByRole("heading", { name: titleOf("emergency-fund-guide") })).toBeVisible();

    await search.fill("zzzz");
    await expect(readMoreLinks(page)).toHaveCount(0);
    await expect(page.getByText("No articles match your search.")).toBeVisible();

    await search.fill("");
    await expect(readMoreLinks(page)).toHaveCount(6);
  });

  test("category buttons filter, with aria-pressed on the active one", async ({ page }) => {
    await page.goto("/blog");
    const filters = page.getByRole("group", { name: "Filter by category" });
    const names = await filters.getByRole("button").allTextContents();
    expect(names).toEqual(["All", "Budgeting", "Credit Repair", "Saving Money", "Debt Free", "Tools"]);
    await expect(filters.getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");

    await filters.getByRole("button", { name: "Tools" }).click();
    await expect(filters.getByRole("button", { name: "Tools" })).toHaveAttribute("aria-pressed", "true");
    await expect(filters.getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "false");
    await expect(readMoreLinks(page)).toHaveCount(1);
    await expect(page.getByRole("heading", { name: titleOf("free-budgeting-apps") })).toBeVisible();

    await filters.getByRole("button", { name: "Credit Repair" }).click();
    await expect(filters.getByRole("button", { name: "Tools" })).toHaveAttribute("aria-pressed", "false");
    const creditRepair = ARTICLES.filter((a) => a.category === "Credit Repair").map((a) => a.title);
    await expect(readMoreLinks(page)).toHaveCount(creditRepair.length);
    expect(await page.getByRole("main").getByRole("article").getByRole("heading").allTextContents()).toEqual(creditRepair);

    await filters.getByRole("button", { name: "All" }).click();
    await expect(readMoreLinks(page)).toHaveCount(6);
  });
});

test.describe("articles", () => {
  for (const article of ARTICLES) {
    test(`${article.slug}: header facts, related articles and closing call to action per the spec`, async ({ page }) => {
      const response = await page.goto(`/blog/${article.slug}`);
      expect(response?.status()).toBe(200);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText(article.title);
      await expect(main.getByRole("link", { name: /Back to Blog/ })).toHaveAttribute("href", "/blog");
      const header = main.locator("header");
      await expect(header.getByText(article.category, { exact: true })).toBeVisible();
      await expect(header.getByText(article.date, { exact: true })).toBeVisible();
      await expect(header.getByText(article.readTime)).toBeVisible();

      const related = main.getByRole("region", { name: "Related Articles" });
      if (article.related.length === 0) {
        await expect(related).toHaveCount(0);
      } else {
        const hrefs = await related.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
        expect(hrefs).toEqual(article.related.map((slug) => `/blog/${slug}`));
      }

      const closing = main.getByRole("region", { name: "Get the toolkit" });
      if (article.closing === null) {
        await expect(closing).toHaveCount(0);
        await expect(main.getByRole("link", { name: /Get Your Toolkit|Download Now|Get the Bundle/ })).toHaveCount(0);
      } else {
        const cta = closing.getByRole("link", { name: article.closing });
        await expect(cta).toBeVisible();
        await expect(cta).toHaveAttribute("href", /^\/checkout/);
      }
    });
  }

  test("an unknown article slug answers 404 with the not-found page", async ({ page }) => {
    allowConsoleErrors(page, /status of 404/);
    const response = await page.goto("/blog/nope");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  });
});

test.describe("other screens (built by others: headings only)", () => {
  test("contact", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: /Get in Touch|Contact/i })).toBeVisible();
  });
  test("checkout", async ({ page }) => {
    await page.goto("/checkout");
    await expect(page.getByRole("heading", { level: 1, name: "Secure Checkout" })).toBeVisible();
  });
  test("checkout-success", async ({ page }) => {
    await page.goto("/checkout-success");
    await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
  });
});

test("every public page (the sitemap's, and the spec's checkout-success) has exactly one h1 and its own title", async ({
  page,
  request,
}) => {
  const routes = [...(await sitemapPaths(request, page)), "/checkout-success"];
  // The sitemap is the site's own list: it holds at least every route of the spec.
  expect(routes).toEqual(
    expect.arrayContaining(["/", "/about", "/resources", "/blog", "/contact", "/checkout", ...ARTICLES.map((a) => `/blog/${a.slug}`)]),
  );
  const titles = new Set<string>();
  for (const route of routes) {
    const response = await page.goto(route);
    expect(response?.status(), route).toBe(200);
    await expect(page.locator("h1"), route).toHaveCount(1);
    titles.add(await page.title());
  }
  expect(titles.size).toBe(routes.length);
});

test("home, about, resources and blog have real meta descriptions", async ({ page }) => {
  for (const route of ["/", "/about", "/resources", "/blog"]) {
    await page.goto(route);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description, route).not.toMatch(/TODO/i);
    expect(description!.length, route).toBeGreaterThan(70);
    expect(description!.length, route).toBeLessThanOrEqual(170);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${route === "/" ? "/" : route}$`));
  }
});

test.describe("header and footer", () => {
  test("the header's nav links and 'Get $7 Toolkit' go where the spec says", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/about");
    const nav = page.getByRole("navigation", { name: "Main" });
    const expected = [
      ["Home", "/"],
      ["About", "/about"],
      ["Resources", "/resources"],
      ["Blog", "/blog"],
      ["Contact", "/contact"],
    ] as const;
    expect(await nav.getByRole("link").allTextContents()).toEqual(expected.map(([label]) => label));
    for (const [label, path] of expected) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === path);
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
    }
    await page.getByRole("banner").getByRole("link", { name: "Get $7 Toolkit" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/resources");
    await expect(page.getByRole("heading", { level: 1, name: "Resources and Tools" })).toBeVisible();
  });

  test("the footer has the quick and resource links, the e-mail link, the year and the tagline", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const links = [
      ["Home", "/"],
      ["About Us", "/about"],
      ["Blog", "/blog"],
      ["Free Tools", "/resources"],
      ["Credit Repair Toolkit", "/resources"],
      ["Contact Us", "/contact"],
    ] as const;
    for (const [label, href] of links) {
      await expect(footer.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
    const mail = footer.locator('a[href^="mailto:"]');
    await expect(mail).toHaveCount(1);
    const address = (await mail.getAttribute("href"))!.slice("mailto:".length);
    expect(address).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/);
    await expect(mail).toHaveText(address);
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expect(footer).toContainText(
      "Empowering everyday people to achieve financial freedom through smart budgeting and credit repair strategies.",
    );
  });
});

test.describe("mobile menu at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  const open = async (page: Page) => {
    const button = page.getByRole("button", { name: "Open menu" });
    await button.click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(dialog).toBeVisible();
    return { button, dialog };
  };

  test("shows the five links and closes on Escape, returning focus to the menu button", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const { button, dialog } = await open(page);
    const links = dialog.getByRole("navigation").getByRole("link");
    expect(await links.allTextContents()).toEqual(["Home", "About", "Resources", "Blog", "Contact"]);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
      "/",
      "/about",
      "/resources",
      "/blog",
      "/contact",
    ]);
    await expect(dialog.getByRole("link", { name: "Get $7 Toolkit" })).toHaveAttribute("href", "/resources");

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("closes when a link is followed, on the new page", async ({ page }) => {
    // A page React runs (the checkout): the link loads the new page as a document (a page without
    // React, with its own script: components/site-link.tsx), whose menu is closed.
    await page.goto("/checkout");
    const { dialog } = await open(page);
    await dialog.getByRole("link", { name: "Blog", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/blog");
    await expect(page.getByRole("heading", { level: 1, name: "Our Blog" })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");

    // A page without React (the home page): the link loads the new page, whose menu is closed.
    await page.goto("/");
    await (await open(page)).dialog.getByRole("link", { name: "Contact", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Get in Touch" })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });

  test("closes on a click on the backdrop", async ({ page }) => {
    await page.goto("/about");
    const { button, dialog } = await open(page);
    // Measure the panel once it has finished sliding in (on a busy machine the click could
    // otherwise land where the panel was still moving, or before the dialog was modal).
    await expect.poll(() => dialog.evaluate((d) => d.getAnimations({ subtree: true }).every((a) => a.playState === "finished"))).toBe(true);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThan(20);
    await page.mouse.click(box.x / 2, 400);
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await expect(page).toHaveURL((url) => url.pathname === "/about");
  });
});
