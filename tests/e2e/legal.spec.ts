import { rmSync } from "node:fs";
import { startBuiltServer } from "../../scripts/lib/server-process";
import { expect, countScripts, test } from "./fixtures";

/** Issue 11: the legal and trust pages, each linked from every page's footer and listed in the sitemap. */
const PAGES = [
  {
    path: "/privacy",
    title: "Privacy Policy",
    says: ["We don't sell your information", "runs no tracking or advertising scripts", "fsm_campaign", "Stripe"],
  },
  {
    path: "/terms",
    title: "Terms of Use",
    says: ["not financial, legal or tax advice", "We can't promise any change to your credit reports or scores"],
  },
  {
    path: "/refund-policy",
    title: "Refund Policy",
    says: ["30-day money-back guarantee", "the download links on your order page stop working", "marked “Refunded”"],
  },
  { path: "/disclosures", title: "How We Make Money", says: ["Partners don't pay for articles", "at no extra cost to you"] },
];

for (const { path, title, says } of PAGES) {
  test(`${path}: ${title}, its date, who runs the site, plain HTML`, async ({ page }) => {
    const scripts = countScripts(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(/^Last updated /)).toBeVisible();
    for (const text of says) await expect(page.getByRole("main")).toContainText(text);
    // BUSINESS_NAME's default; BUSINESS_ADDRESS is not set on the test server.
    await expect(page.getByRole("complementary", { name: "Who we are" })).toContainText("This site is run by Fresh Start Money.");
    await expect(page).toHaveTitle(`${title} | Fresh Start Money`);
    expect(scripts.reactBundle(), "React's bundle on a legal page").toEqual([]);
  });
}

test("every page's footer links the four legal pages, and they lead there", async ({ page }) => {
  for (const start of ["/", "/blog/budgeting-tips-that-work", "/checkout"]) {
    await page.goto(start);
    const legal = page.getByRole("navigation", { name: "Legal" });
    for (const { path, title } of PAGES) await expect(legal.getByRole("link", { name: title })).toHaveAttribute("href", path);
  }
  await page.getByRole("navigation", { name: "Legal" }).getByRole("link", { name: "Refund Policy" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Refund Policy" })).toBeVisible();
});

test("the sitemap lists the legal pages", async ({ request }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  for (const { path } of PAGES) expect(xml).toContain(`${path}</loc>`);
});

test("the contact page says who runs the site", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByRole("main")).toContainText("Fresh Start Money");
});

test("a partner card says on the card itself that the site may earn a commission, and claims nothing about the partner", async ({
  page,
}) => {
  await page.goto("/blog/dispute-credit-errors");
  const cards = page.getByRole("complementary", { name: "Partner offer" });
  expect(await cards.count()).toBeGreaterThan(0);
  for (const card of await cards.all()) await expect(card).toContainText("we may earn a commission");
  await expect(page.getByRole("main")).not.toContainText(/free (credit )?consultation|cancel anytime|reputable/i);
  // Issue 41: no unnamed "professional credit repair service" card (the About page's story warns against such services).
  await expect(page.getByRole("main")).not.toContainText(/credit repair service/i);
});

test("the partner card on /resources says on the card itself that the site may earn a commission", async ({ page }) => {
  await page.goto("/resources");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Credit Monitoring" }) });
  await expect(card).toContainText("we may earn a commission");
});

test("the about page says who writes the articles, how they are checked and how to report an error", async ({ page }) => {
  await page.goto("/about");
  const note = page.getByRole("region", { name: "How we write and check our articles" });
  await expect(note).toContainText("checked against the source it links to");
  await expect(note).toContainText("last reviewed");
  await expect(note.getByRole("link", { name: "support@freshstartmoney.com" })).toHaveAttribute(
    "href",
    "mailto:support@freshstartmoney.com",
  );
});

test("checkout testimonials outside production are labelled as samples", async ({ page }) => {
  // The browser tests' server runs without NODE_ENV=production; production hides samples (app/server/content/testimonials.server.test.ts).
  await page.goto("/checkout");
  const figures = page.getByRole("figure");
  expect(await figures.count()).toBeGreaterThan(0);
  for (const figure of await figures.all()) await expect(figure).toContainText("Sample text, not a real customer");
});

test("in production the server refuses to start while a partner link is a placeholder, naming each", async () => {
  test.setTimeout(60_000);
  const dataDir = ".data/e2e-partner-placeholders";
  rmSync(dataDir, { recursive: true, force: true });
  const refused = startBuiltServer({
    env: {
      PORT: String(Number(process.env.E2E_PORT ?? 3100) + 45),
      DATA_DIR: dataDir,
      PARTNER_URL_IDENTITY_MONITORING: "",
    },
  });
  expect(await new Promise<number | null>((resolve) => refused.child.once("exit", resolve))).toBe(1);
  expect(refused.output()).not.toContain("PARTNER_URL_CREDIT_REPAIR");
  expect(refused.output()).toContain(
    "PARTNER_URL_IDENTITY_MONITORING: is a placeholder (https://www.example.com/partners/identity-monitoring)",
  );
});
