import type { Page } from "@playwright/test";
import { allowConsoleErrors, countScripts, expect, leadForm, test } from "./fixtures";

const ARTICLE = "/blog/budgeting-tips-that-work";
/** The forms' addresses for scripts, which answer JSON (app/routes/api/forms.*.ts). */
const LEAD_API = "/api/forms/lead/budgeting-tips-that-work";
const SLUGS = [
  "budgeting-tips-that-work",
  "rebuild-credit-6-months",
  "free-budgeting-apps",
  "understanding-credit-reports",
  "emergency-fund-guide",
  "debt-snowball-vs-avalanche",
  "dispute-credit-errors",
  "credit-card-mistakes",
];

let counter = 0;
/** An address no other test (or earlier run against the same server) has used. */
const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}.${counter++}.${Math.random().toString(36).slice(2, 7)}@example.com`;

/**
 * A toast: sonner shows the title and the description in one list item (hydrated pages); a page
 * without React rendered after a plain post shows the same as a status message (data-toast).
 */
const toast = (page: Page, title: string) => page.locator("[data-sonner-toast], [data-toast]").filter({ hasText: title });

/**
 * What a form's submit button showed once the browser had started posting it (call before
 * opening the page): recorded in the
 * page (the page being left cannot be inspected while its POST is under way), read afterwards.
 * The POST to `path` is slowed down so that the state is visible for a moment, as on a slow phone.
 */
async function recordPendingButton(page: Page, path: string) {
  await page.addInitScript(() => {
    addEventListener("submit", (event) => {
      const button = (event.target as HTMLFormElement).querySelector("button[type=submit]") as HTMLButtonElement | null;
      setTimeout(() => sessionStorage.setItem("pending-button", JSON.stringify({ text: button?.textContent, disabled: button?.disabled })));
    });
  });
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 300));
      await route.continue();
    },
  );
  return async () => JSON.parse((await page.evaluate(() => sessionStorage.getItem("pending-button"))) ?? "null") as unknown;
}

test.describe("lead form on an article (plain HTML: no React in the browser)", () => {
  test.beforeEach(({ page }) => {
    // The page that answers a refused form has status 400 (it says why), which Chromium logs.
    allowConsoleErrors(page, /status of 400/);
  });

  test("missing name or e-mail: 'Missing Information', the field is marked and takes focus", async ({ page }) => {
    const scripts = countScripts(page);
    await page.goto(ARTICLE);
    const form = leadForm(page);
    await form.send.click();
    await expect(page).toHaveURL(new RegExp(`${ARTICLE}#lead-form$`));
    await expect(form.section).toContainText("Missing Information Please enter both your name and email.");
    await expect(form.name).toHaveAttribute("aria-invalid", "true");
    await expect(form.name).toHaveAccessibleDescription("Missing Information Please enter both your name and email.");
    await expect(form.name).toBeFocused();

    await form.name.fill("   ");
    await form.email.fill("ann@example.com");
    await form.send.click();
    await expect(form.section.getByText("Please enter both your name and email.")).toBeVisible();
    await expect(form.name).toBeFocused();
    await expect(form.email).not.toHaveAttribute("aria-invalid", "true");
    await expect(form.email).toHaveValue("ann@example.com");
    expect(scripts.reactBundle(), "React's bundle on an article").toEqual([]);
  });

  test("bad e-mail: 'Invalid Email', the field is marked and keeps its text", async ({ page }) => {
    await page.goto(ARTICLE);
    const form = leadForm(page);
    await form.name.fill("Ann");
    await form.email.fill("ann@example");
    await form.send.click();
    await expect(form.section).toContainText("Invalid Email Please enter a valid email address.");
    await expect(form.email).toHaveAttribute("aria-invalid", "true");
    await expect(form.email).toHaveAccessibleDescription("Invalid Email Please enter a valid email address.");
    await expect(form.email).toHaveValue("ann@example");
    await expect(form.name).toHaveValue("Ann");
    await expect(form.email).toBeFocused();
  });

  test("success: 'Sending...' while it works, then 'You're All Set!' with the spam-folder note", async ({ page }) => {
    const scripts = countScripts(page);
    const pendingButton = await recordPendingButton(page, ARTICLE);
    await page.goto(ARTICLE);
    const form = leadForm(page);
    await form.name.fill("Ann");
    await form.email.fill(uniqueEmail("lead"));
    await form.email.press("Enter");
    await expect(page.getByRole("heading", { name: "You're All Set!" })).toBeVisible();
    expect(await pendingButton()).toEqual({ text: "Sending...", disabled: true });
    await expect(form.section).toContainText("If it doesn't arrive within 5 minutes, please check your spam");
    // The spec's message for a lead's success (section 8), in the panel (no toast without React).
    await expect(form.section).toContainText("Success! Check your email for your free First Budget Workbook!");
    await expect(form.name).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "You're All Set!" })).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`${ARTICLE}#lead-form$`));
    // The guide comes through the e-mail (whose button proves the address and starts the tips): no PDF link here.
    await expect(form.section).toContainText("The guide comes by e-mail: press the button in it to download the guide.");
    await expect(form.section.getByRole("link")).toHaveCount(0);
    expect(scripts.posts(), "one submission").toHaveLength(1);
    expect(scripts.reactBundle(), "React's bundle on an article").toEqual([]);

    // "Send it again" at once: too soon; the answer keeps the button for later.
    await form.section.getByRole("button", { name: "Send it again" }).click();
    await expect(form.section).toContainText(
      /Give it a minute E-mail can take a minute or two to arrive\. You can ask again in \d+ seconds?\./,
    );
    await expect(form.section.getByRole("button", { name: "Send it again" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "You're All Set!" })).toBeFocused();
  });

  test("duplicate e-mail differing only in case and spaces: 'Already Subscribed', the form stays", async ({ page }) => {
    const email = uniqueEmail("twice");
    await page.goto("/blog/emergency-fund-guide");
    let form = leadForm(page);
    await form.name.fill("Ann");
    await form.email.fill(email);
    await form.send.click();
    await expect(page.getByRole("heading", { name: "You're All Set!" })).toBeVisible();

    // Another article offering the same guide (Budgeting and Saving Money both offer the workbook).
    await page.goto("/blog/budgeting-tips-that-work");
    form = leadForm(page);
    const shouted = `  ${email.toUpperCase()}  `;
    await form.name.fill("Annie");
    await form.email.fill(shouted);
    await form.send.click();
    const message = form.section.getByText("Already Subscribed This email is already on our list! Check your inbox for the guide.");
    await expect(message).toBeVisible();
    await expect(message).toBeFocused();
    await expect(form.send).toHaveText("Send Me the Guide");
    await expect(form.send).toBeEnabled();
    // (Browsers drop the spaces around an e-mail field's value themselves; the server trims too.)
    await expect(form.email).toHaveValue(email.toUpperCase());
    await expect(form.name).toHaveValue("Annie");
  });

  test("a lead from every article is accepted once, then known as a duplicate", async ({ request }) => {
    for (const slug of SLUGS) {
      const email = uniqueEmail(slug);
      const first = await request.post(`/api/forms/lead/${slug}`, {
        form: { name: "Reader", email, sourcePage: slug },
        headers: { Accept: "application/json" },
      });
      expect(first.status(), slug).toBe(200);
      expect(await first.json()).toMatchObject({ status: "success", title: "Success!" });
      const again = await request.post(`/api/forms/lead/${slug}`, {
        form: { name: "Reader", email: ` ${email.toUpperCase()}` },
        headers: { Accept: "application/json" },
      });
      expect(again.status(), slug).toBe(200);
      expect(await again.json()).toMatchObject({ status: "duplicate", title: "Already Subscribed" });
    }
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the lead form posts to the article and the page shows the outcome", async ({ page }) => {
    // The page answering a refused form has status 400, which Chromium logs.
    allowConsoleErrors(page, /status of 400/);
    await page.goto("/blog/rebuild-credit-6-months");
    let form = leadForm(page);
    await form.name.fill("No Script");
    await form.email.fill("no-script@example");
    await form.send.click();
    await expect(page).toHaveURL(/\/blog\/rebuild-credit-6-months#lead-form$/);
    form = leadForm(page);
    await expect(form.section).toContainText("Invalid Email Please enter a valid email address.");
    await expect(form.email).toHaveAttribute("aria-invalid", "true");
    await expect(form.name).toHaveValue("No Script");
    await expect(form.email).toHaveValue("no-script@example");

    await form.email.fill(uniqueEmail("noscript"));
    await form.send.click();
    await expect(page.getByRole("heading", { name: "You're All Set!" })).toBeVisible();
    await expect(page.locator("#lead-form")).toContainText("within 5 minutes");
  });

  test("the contact form and the newsletter box work too", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("textbox", { name: "Name" }).fill("No Script");
    await page.getByRole("textbox", { name: "Email" }).fill(uniqueEmail("contact-nojs"));
    await page.getByRole("textbox", { name: "Subject" }).fill("Hello");
    await page.getByRole("textbox", { name: "Message" }).fill("Sent without JavaScript.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("#contact-form")).toContainText("Message sent! We aim to reply within one business day.");
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("");

    await page.goto("/blog");
    await page.getByRole("textbox", { name: "Email address" }).fill(uniqueEmail("news-nojs"));
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/blog#newsletter$/);
    await expect(page.locator("#newsletter")).toContainText("Almost done!");
  });
});

test.describe("the contact form and the newsletter box (plain HTML: no React in the browser)", () => {
  test("each shows 'Sending...' while it posts, and the server's answer after", async ({ page }) => {
    const contactPending = await recordPendingButton(page, "/contact");
    await page.goto("/contact");
    await page.getByRole("textbox", { name: "Name" }).fill("Ann");
    await page.getByRole("textbox", { name: "Email" }).fill(uniqueEmail("pending"));
    await page.getByRole("textbox", { name: "Subject" }).fill("Hello");
    await page.getByRole("textbox", { name: "Message" }).fill("Is this thing on?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("#contact-form")).toContainText("Message sent!");
    expect(await contactPending()).toEqual({ text: "Sending...", disabled: true });
  });

  test("the newsletter box too", async ({ page }) => {
    const newsletterPending = await recordPendingButton(page, "/blog");
    await page.goto("/blog");
    await page.getByRole("textbox", { name: "Email address" }).fill(uniqueEmail("pending"));
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.locator("#newsletter")).toContainText("Almost done!");
    expect(await newsletterPending()).toEqual({ text: "Sending...", disabled: true });
  });
});

test.describe("contact page", () => {
  test("shows the form, the contact cards and the FAQ", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Get in Touch" })).toBeVisible();
    for (const name of ["Email Us", "General Inquiries", "Partnerships"]) {
      await expect(page.getByRole("heading", { name })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "support@freshstartmoney.com" }).first()).toHaveAttribute(
      "href",
      "mailto:support@freshstartmoney.com",
    );
    const faq = page.locator("details").filter({ hasText: "How long until I see my credit improve?" });
    await expect(faq).not.toHaveAttribute("open");
    await faq.locator("summary").press("Enter");
    // Issue 23: what the law sets (FCRA 611(a)(1)), and that results vary; 30-60 days only as when to expect an outcome.
    await expect(faq).toContainText("Results vary, and no one can promise a change");
    await expect(faq).toContainText("generally has 30 days from receiving it to investigate, and up to 45 days in two cases");
    // Issue 41: collections and charge-offs run about 7½ years from the first missed payment (15 U.S.C. 1681c(c)(1)).
    await expect(faq).toContainText("about 7½ years in all (15 U.S.C. 1681c(c)(1))");
    await expect(faq).toContainText("15 U.S.C. 1681i(a)(1)");
    await expect(faq).toContainText("30-60 days after you send a dispute is when to expect its outcome: a deadline, not a promise");
    await expect(page.locator("details")).toContainText(["We aim to reply within one business day."]);
    await expect(page.locator("details").filter({ hasText: "money-back" })).toHaveCount(1);
    await expect(page.locator("details").filter({ hasText: "subscription" })).toHaveCount(1);
  });

  test("sends a message: 'Message sent!', then the form clears", async ({ page }) => {
    // A plain post answered 400 (the form says why) is logged by Chromium: the page has no React to post it.
    allowConsoleErrors(page, /status of 400/);
    await page.goto("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(toast(page, "Missing Information")).toContainText("Please fill in your name, email, subject and message.");
    await expect(page.getByRole("textbox", { name: "Name" })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("textbox", { name: "Message" })).toHaveAttribute("aria-invalid", "true");

    await page.getByRole("textbox", { name: "Name" }).fill("Ann");
    await page.getByRole("textbox", { name: "Email" }).fill(uniqueEmail("contact"));
    await page.getByRole("textbox", { name: "Subject" }).fill("Refund");
    await page.getByRole("textbox", { name: "Message" }).fill("How do I ask for the money-back guarantee?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(toast(page, "Message sent!")).toContainText("We aim to reply within one business day.");
    for (const name of ["Name", "Email", "Subject", "Message"]) {
      await expect(page.getByRole("textbox", { name })).toHaveValue("");
    }
  });
});

test.describe("newsletter box on the blog", () => {
  test("subscribes, then says the address is already subscribed", async ({ page }) => {
    // A plain post answered 400 (the form says why) is logged by Chromium: the page has no React to post it.
    allowConsoleErrors(page, /status of 400/);
    const email = uniqueEmail("news");
    await page.goto("/blog");
    const box = page.getByRole("textbox", { name: "Email address" });
    await box.fill("not-an-email");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(toast(page, "Invalid Email")).toBeVisible();
    await expect(box).toHaveAttribute("aria-invalid", "true");

    await box.fill(email);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(toast(page, "Almost done!")).toBeVisible();
    await expect(page.locator("#newsletter")).toContainText("Almost done!");
    await expect(box).toHaveValue("");

    await box.fill(` ${email.toUpperCase()} `);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(toast(page, "Already Subscribed")).toContainText("already subscribed");
  });
});

test.describe("scripts and hostile requests", () => {
  test("a script posting JSON gets JSON answers and clear 4xx messages", async ({ request }) => {
    const headers = { Accept: "application/json" };
    const ok = await request.post(LEAD_API, { data: { name: "Script", email: uniqueEmail("json") }, headers });
    expect(ok.status()).toBe(200);
    expect(ok.headers()["content-type"]).toContain("application/json");

    const unknown = await request.post(LEAD_API, { data: { name: "Script", email: uniqueEmail("json"), role: "admin" }, headers });
    expect(unknown.status()).toBe(400);
    expect((await unknown.json()).description).toContain('Unknown field: "role"');

    const nowhere = await request.post("/api/forms/lead/no-such-article", {
      data: { name: "Script", email: uniqueEmail("json") },
      headers,
    });
    expect(nowhere.status()).toBe(404);
    expect(await nowhere.json()).toMatchObject({ title: "Not Found", description: "There is no form at this address." });

    const malformed = await request.post("/api/forms/contact", {
      data: Buffer.from('{"name":'),
      headers: { ...headers, "Content-Type": "application/json" },
    });
    expect(malformed.status()).toBe(400);
    expect((await malformed.json()).description).toBe("The request body is not valid JSON.");

    const huge = await request.post("/api/forms/newsletter", { form: { email: "a@b.co", padding: "x".repeat(17_000) }, headers });
    expect(huge.status()).toBe(413);

    const crossSite = await request.post("/api/forms/newsletter", {
      form: { email: uniqueEmail("cross") },
      headers: { ...headers, Origin: "https://evil.example" },
    });
    expect(crossSite.status()).toBe(403);

    const bot = await request.post("/api/forms/contact", {
      form: { name: "Bot", email: "bot@example.com", subject: "Buy", message: "Spam", website: "http://spam.example" },
      headers,
    });
    expect(bot.status()).toBe(200);
    expect((await bot.json()).title).toBe("Message sent!");

    for (const path of [LEAD_API, "/api/forms/contact", "/api/forms/newsletter"]) {
      const read = await request.get(path);
      expect(read.status(), path).toBe(405);
      expect(read.headers()["allow"], path).toBe("POST");
    }

    // A page's address answers with the page, whatever the script asks for.
    const page = await request.post(ARTICLE, { data: { name: "Script", email: uniqueEmail("page") }, headers });
    expect(page.status()).toBe(200);
    expect(page.headers()["content-type"]).toContain("text/html");
    await expect(page.text()).resolves.toContain("Check your email for your free ");
  });

  test("the payment endpoint gets the same protections without asking", async ({ request }) => {
    const crossSite = await request.post("/api/create-payment", {
      data: { includeBump: false },
      headers: { Accept: "application/json", Origin: "https://evil.example" },
    });
    expect(crossSite.status()).toBe(403);
    const huge = await request.post("/api/create-payment", { data: { includeBump: false, pad: "x".repeat(20_000) } });
    expect(huge.status()).toBe(413);
  });

  test("stored submissions are never readable over HTTP", async ({ request }) => {
    const email = uniqueEmail("secret");
    const name = `Private Person ${Date.now()}`;
    const headers = { Accept: "application/json" };
    expect((await request.post(LEAD_API, { form: { name, email }, headers })).status()).toBe(200);
    expect(
      (await request.post("/api/forms/contact", { form: { name, email, subject: "Private", message: "Private" }, headers })).status(),
    ).toBe(200);
    expect((await request.post("/api/forms/newsletter", { form: { email }, headers })).status()).toBe(200);
    for (const path of ["/", "/blog", ARTICLE, `${ARTICLE}.data`, "/blog.data", "/contact", "/contact.data", "/sitemap.xml", "/rss.xml"]) {
      const body = await (await request.get(path)).text();
      expect(body, path).not.toContain(email);
      expect(body, path).not.toContain(name);
    }
  });
});
