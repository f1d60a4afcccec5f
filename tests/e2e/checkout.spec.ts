import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import Stripe from "stripe";
import type { Page } from "@playwright/test";
import { startBuiltServer, stopServer, waitForServer as waitForUrl } from "../../scripts/lib/server-process";
import { startFakeStripe, type FakeStripe } from "../helpers/fake-stripe";
import {
  allowConsoleErrors,
  completeOrder,
  expect,
  expectNoViolations,
  holdRoute,
  payOnTestPage,
  test,
  waitForHydration,
} from "./fixtures";
import { SERVER_START_HOOK_MS, SERVER_START_LIMIT_MS } from "./own-server";

const GENERIC = "Failed to create checkout session. Please try again.";
const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

function summary(page: Page) {
  return page.getByRole("region", { name: "Order Summary" });
}

function bumpBox(page: Page) {
  return page.getByRole("checkbox", { name: "Yes, add this to my order for only $14.99!" });
}

test.describe("checkout page", () => {
  test("says what the buyer can do for free and what the product is, next to the button, with its sources", async ({ page }) => {
    await page.goto("/checkout");
    const rights = page.getByRole("region", { name: "Your rights, before you buy" });
    await expect(rights).toContainText("You can dispute inaccurate information with the credit bureaus yourself, for free");
    await expect(rights).toContainText("No one can legally remove accurate, timely negative information from your credit report");
    await expect(rights).toContainText("Results vary");
    await expect(rights).toContainText("a self-help product, not a credit repair service");
    await expect(rights.getByRole("link", { name: "CFPB: how to dispute an error" })).toHaveAttribute(
      "href",
      /^https:\/\/www\.consumerfinance\.gov\//,
    );
    await expect(rights.getByRole("link", { name: "FTC: fixing your credit" })).toHaveAttribute("href", /^https:\/\/consumer\.ftc\.gov\//);
    // No claim the site cannot stand behind (issue 11).
    await expect(page.getByText("One-time offer")).toHaveCount(0);
    await expect(page.getByText("Optional add-on")).toBeVisible();
  });

  test("shows the offer, and the bump toggles by its checkbox, its label and its card row", async ({ page }) => {
    await page.goto("/checkout");
    await expect(page.getByRole("heading", { level: 1, name: "Secure Checkout" })).toBeVisible();
    for (const badge of ["Secure Payment", "256-bit Encryption", "Instant Access"]) {
      await expect(page.getByText(badge, { exact: true })).toBeVisible();
    }
    await expect(page.getByText("Credit score tracking worksheets")).toBeVisible();
    // The built-in test provider is no card payment provider: the line names none (the Stripe path below names Stripe).
    await expect(page.getByText(/powered by/)).toHaveCount(0);
    await expect(page.getByText("30-day money-back guarantee • No recurring charges • SSL encrypted")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Resources" })).toHaveAttribute("href", "/resources");

    const total = page.getByTestId("order-total");
    await expect(bumpBox(page)).not.toBeChecked();
    await expect(total).toHaveText("$7.00");
    await expect(summary(page)).not.toContainText("Dispute Letter Power Pack");

    await bumpBox(page).click();
    await expect(bumpBox(page)).toBeChecked();
    await expect(total).toHaveText("$21.99");
    await expect(summary(page)).toContainText("Dispute Letter Power Pack$14.99");

    await page.getByText("Yes, add this to my order for only $14.99!").click(); // the label
    await expect(bumpBox(page)).not.toBeChecked();
    await expect(total).toHaveText("$7.00");

    const card = page.getByTestId("order-bump");
    await card.getByRole("heading", { name: "Dispute Letter Power Pack" }).click(); // the row, not the label
    await expect(bumpBox(page)).toBeChecked();
    await expect(total).toHaveText("$21.99");
    await card.getByText("with a one-page map to the guide's chapters").click();
    await expect(bumpBox(page)).not.toBeChecked();
    await expect(total).toHaveText("$7.00");

    await bumpBox(page).focus();
    await page.keyboard.press("Space");
    await expect(bumpBox(page)).toBeChecked();
    await expect(total).toHaveText("$21.99");
  });

  test("keeps a tick made before the page's JavaScript has started", async ({ page, baseURL }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // React's modules, not the small page script every page loads first.
    await page.route(
      (url) => url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js") && !url.pathname.includes("/page-script-"),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    // The frame's own goto: returns before hydration (the page's may wait for it).
    await page.mainFrame().goto(`${baseURL}/checkout`, { waitUntil: "domcontentloaded" });
    await bumpBox(page).check();
    release();
    await page.waitForFunction(() => Object.keys(document.querySelector("main") ?? {}).some((k) => k.startsWith("__reactFiber")));
    await expect(page.getByTestId("order-total")).toHaveText("$21.99");
    await expect(bumpBox(page)).toBeChecked();
    const tab = await completeOrder(page);
    await expect(tab).toHaveURL(/\/pay\/test\?session=/);
    await expect(tab.getByRole("main").locator("dl")).toContainText("Total$21.99");
  });

  test("arrives with the bump ticked from /checkout?bump=1", async ({ page }) => {
    await page.goto("/checkout?bump=1");
    await expect(bumpBox(page)).toBeChecked();
    await expect(page.getByTestId("order-total")).toHaveText("$21.99");
  });

  test("keeps one page for each thing a checkout address asks: other parameters and an unknown article change nothing", async ({
    page,
    request,
  }) => {
    const kept = async (path: string) => {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      return { etag: response.headers()["etag"], html: await response.text() };
    };
    const bump = await kept("/checkout?bump=1");
    expect(bump.etag).toBeTruthy();
    for (const same of ["/checkout?utm_source=newsletter&bump=1", "/checkout?bump=1&from=no-such-article", "/checkout?bump=1&bump=0"]) {
      expect(await kept(same), same).toEqual(bump);
    }
    const plain = await kept("/checkout");
    expect(await kept("/checkout?from=no-such-article&bump=0")).toEqual(plain);
    const fromArticle = await kept("/checkout?from=dispute-credit-errors&bump=1");
    expect(fromArticle.etag).not.toBe(bump.etag);
    expect(fromArticle.html).toContain('name="from" value="dispute-credit-errors"');
    expect(bump.html).not.toContain('name="from"');

    await page.goto("/checkout?bump=1&from=no-such-article");
    await waitForHydration(page);
    await expect(bumpBox(page)).toBeChecked();
    await expect(page.locator('input[type="hidden"][name="from"]')).toHaveCount(0);
    await bumpBox(page).uncheck();
    await expect(page.getByTestId("order-total")).toHaveText("$7.00");
  });

  test("shows 'Processing...' and is disabled while the call runs, then returns to idle", async ({ page }) => {
    const { release } = await holdRoute(page, "**/api/create-payment");
    await page.goto("/checkout");
    await page.getByRole("button", { name: "Complete My Order" }).click();
    const busy = page.getByRole("button", { name: "Processing..." });
    await expect(busy).toBeDisabled();
    release();
    // The payment page continues in this tab: no second checkout is left open behind it.
    await expect(page).toHaveURL(/\/pay\/test\?session=test_[0-9a-f]{32}$/);
    expect(page.context().pages()).toHaveLength(1);
  });

  test("Back from the payment page returns to the checkout as chosen, ready to complete again", async ({ page }) => {
    await page.goto("/checkout?from=dispute-credit-errors");
    await bumpBox(page).check();
    await expect(page.getByTestId("order-total")).toHaveText("$21.99");
    await completeOrder(page);
    await expect(page.getByRole("main").locator("dl")).toContainText("Total$21.99");

    await page.goBack();
    await expect(page).toHaveURL(/\/checkout\?bump=1&from=dispute-credit-errors$/);
    await waitForHydration(page);
    await expect(bumpBox(page)).toBeChecked();
    await expect(page.getByTestId("order-total")).toHaveText("$21.99");
    await expect(page.locator('input[type="hidden"][name="from"]')).toHaveValue("dispute-credit-errors");
    await expect(page.getByRole("button", { name: "Complete My Order" })).toBeEnabled();

    // Unticked there, the next payment page has the toolkit alone.
    await bumpBox(page).uncheck();
    await completeOrder(page);
    await expect(page.getByRole("main").locator("dl")).toContainText("Total$7.00");
  });
});

test.describe("buying with the built-in test provider", () => {
  for (const { bump, lines, total } of [
    { bump: false, lines: ["Credit Repair Toolkit$7.00"], total: "$7.00" },
    { bump: true, lines: ["Credit Repair Toolkit$7.00", "Dispute Letter Power Pack$14.99"], total: "$21.99" },
  ]) {
    test(`buys the toolkit ${bump ? "with" : "without"} the Power Pack and ends on a success page showing exactly that`, async ({
      page,
    }) => {
      await page.goto("/checkout");
      if (bump) await bumpBox(page).check();
      await expect(page.getByTestId("order-total")).toHaveText(total);

      const tab = await completeOrder(page);
      await expect(tab).toHaveURL(/\/pay\/test\?session=test_[0-9a-f]{32}$/);

      await expect(tab.getByText("TEST PAYMENT", { exact: true })).toBeVisible();
      // No card fields: the only thing asked is where to send the receipt.
      await expect(tab.getByRole("textbox")).toHaveCount(1);
      await expect(tab.getByRole("textbox", { name: "Email for your receipt and downloads" })).toBeVisible();
      const purchase = tab.getByRole("main").locator("dl");
      for (const line of lines) await expect(purchase).toContainText(line);
      await expect(purchase).toContainText(`Total${total}`);
      if (!bump) await expect(purchase).not.toContainText("Power Pack");
      const payUrl = tab.url();

      await payOnTestPage(tab);
      await expect(tab).toHaveURL(/\/checkout-success\?session_id=test_[0-9a-f]{32}$/);
      await expect(tab.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
      await expect(tab.getByText("Payment confirmed")).toBeVisible();
      const bought = tab.getByRole("region", { name: "Your purchase" });
      for (const line of lines) await expect(bought).toContainText(line);
      await expect(bought).toContainText(`Total${total}`);
      if (!bump) await expect(bought).not.toContainText("Power Pack");

      // The order is stored paid: its payment page now says so and offers no second payment.
      await tab.goto(payUrl);
      await expect(tab.getByText("This order is already paid.")).toBeVisible();
      await expect(tab.getByRole("button", { name: "Pay", exact: true })).toHaveCount(0);
    });
  }

  test("Cancel on the payment page goes back to checkout and leaves the order unpaid", async ({ page }) => {
    await page.goto("/checkout");
    const tab = await completeOrder(page);
    await expect(tab).toHaveURL(/\/pay\/test\?session=/);
    const sessionId = new URL(tab.url()).searchParams.get("session");
    await tab.getByRole("button", { name: "Cancel" }).click();
    await expect(tab).toHaveURL(/\/checkout\?cancelled=1$/);
    await expect(tab.getByRole("heading", { name: "Secure Checkout" })).toBeVisible();
    await expect(tab.getByRole("status").filter({ hasText: "Payment cancelled. Nothing was charged." })).toBeVisible();
    await tab.goto(`/checkout-success?session_id=${sessionId}`);
    await expect(tab.getByRole("heading", { level: 1, name: "Thank you! Your payment is processing" })).toBeVisible();
    await expect(tab.getByText("Payment confirmed")).toHaveCount(0);
  });

  test("Cancel comes back whole: the add-on still ticked, the same source article, and a notice", async ({ page }) => {
    await page.goto("/checkout?bump=1&from=dispute-credit-errors");
    await expect(bumpBox(page)).toBeChecked();
    const tab = await completeOrder(page);
    await expect(tab.getByRole("main").locator("dl")).toContainText("Total$21.99");
    await tab.getByRole("button", { name: "Cancel" }).click();
    await expect(tab).toHaveURL(/\/checkout\?bump=1&from=dispute-credit-errors&cancelled=1$/);
    await waitForHydration(tab);
    await expect(tab.getByRole("status").filter({ hasText: "Payment cancelled. Nothing was charged." })).toBeVisible();
    await expect(bumpBox(tab)).toBeChecked();
    await expect(tab.getByTestId("order-total")).toHaveText("$21.99");
    await expect(tab.locator('input[type="hidden"][name="from"]')).toHaveValue("dispute-credit-errors");
    await expectNoViolations(tab, "the checkout after a cancelled payment");

    // Paying from there still carries both: the order has the add-on.
    const again = await completeOrder(tab);
    await expect(again.getByRole("main").locator("dl")).toContainText("Total$21.99");
  });

  test("works without JavaScript: the form posts, and the server redirects to the payment page", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/checkout");
    await page.getByText("Yes, add this to my order for only $14.99!").click();
    await page.getByRole("button", { name: "Complete My Order" }).click();
    await expect(page).toHaveURL(/\/pay\/test\?session=test_[0-9a-f]{32}$/);
    await expect(page.getByRole("main").locator("dl")).toContainText("Dispute Letter Power Pack$14.99");
    await payOnTestPage(page);
    await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Your purchase" })).toContainText("Total$21.99");
    await context.close();
  });
});

test.describe("checkout failures", () => {
  test("shows the 'Error' toast and stays on the page when the call fails", async ({ page }) => {
    allowConsoleErrors(page, /status of 500/, /Checkout failed/);
    await page.route("**/api/create-payment", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: GENERIC }) }),
    );
    await page.goto("/checkout");
    await page.getByRole("button", { name: "Complete My Order" }).click();
    const toast = page.locator("[data-sonner-toast]");
    await expect(toast).toContainText("Error");
    await expect(toast).toContainText(GENERIC);
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole("button", { name: "Complete My Order" })).toBeEnabled();
  });

  test("an unknown or forged session id says the order could not be found, with no referrer sent on", async ({ page }) => {
    allowConsoleErrors(page, /status of 404/);
    const response = await page.goto("/checkout-success?session_id=cs_test_forged0000000000");
    expect(response?.status()).toBe(404);
    expect((await response?.headerValue("referrer-policy"))?.split(",").at(-1)?.trim()).toBe("no-referrer");
    await expect(page.getByRole("heading", { level: 1, name: "We couldn't find that order" })).toBeVisible();
    await expect(page.getByText("Payment Successful!")).toHaveCount(0);
  });

  test("the success page without a session id shows the thank-you screen", async ({ page }) => {
    const response = await page.goto("/checkout-success");
    expect((await response?.headerValue("referrer-policy"))?.split(",").at(-1)?.trim()).toBe("no-referrer");
    await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Your purchase" })).toContainText("Credit Repair Toolkit$7.00");
    await expect(page.getByRole("link", { name: "support@freshstartmoney.com" }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "View All Resources" })).toHaveAttribute("href", "/resources");
    await expect(page.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Contact us", exact: true })).toHaveAttribute("href", "/contact");
  });

  test("create-payment refuses anything but {includeBump: boolean}", async ({ request, baseURL }) => {
    const headers = { Origin: baseURL! };
    for (const data of [{ includeBump: "yes" }, { includeBump: true, unitAmount: 1 }, {}]) {
      const response = await request.post("/api/create-payment", { data, headers });
      expect(response.status()).toBe(400);
      expect((await response.json()).error).toContain('{"includeBump": true|false}');
    }
    const ok = await request.post("/api/create-payment", { data: { includeBump: false }, headers });
    expect(ok.status()).toBe(200);
    expect((await ok.json()).url).toMatch(/^\/pay\/test\?session=test_/);
  });

  test("the Stripe webhook answers 503 while STRIPE_WEBHOOK_SECRET is not set", async ({ request }) => {
    const response = await request.post("/api/webhooks/stripe", {
      data: "{}",
      headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=0" },
    });
    expect(response.status()).toBe(503);
  });
});

/** A second server of the same build (development mode unless `extraEnv` says otherwise), e.g. for Stripe against a local fake. */
function startServer(port: number, extraEnv: Record<string, string>) {
  const dataDir = `.data/e2e-checkout-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  return startBuiltServer({
    env: { NODE_ENV: "development", PAYMENT_PROVIDER: "", MAIL_TRANSPORT: "", PORT: String(port), DATA_DIR: dataDir, ...extraEnv },
  });
}

const waitForServer = (port: number, child: ChildProcess) => waitForUrl(`http://127.0.0.1:${port}/about`, child, SERVER_START_LIMIT_MS);

test.describe("the Stripe path (real SDK, fake Stripe server)", () => {
  test.describe.configure({ mode: "serial" });
  const port = E2E_PORT + 40;
  const origin = `http://127.0.0.1:${port}`;
  const webhookSecret = "whsec_e2e_checkout";
  let fake: FakeStripe;
  let server: ReturnType<typeof startServer>;

  test.beforeAll(async () => {
    test.setTimeout(SERVER_START_HOOK_MS);
    fake = await startFakeStripe();
    server = startServer(port, { STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: fake.url });
    await waitForServer(port, server.child);
  });

  test.afterAll(async () => {
    await stopServer(server.child);
    await fake.close();
  });

  test("a Stripe that hangs: the page gets the failure toast within the time limit", async ({ page }) => {
    test.setTimeout(60_000);
    allowConsoleErrors(page, /status of 503/, /Checkout failed/);
    fake.setMode({ kind: "hang" });
    await page.goto(`${origin}/checkout`);
    await expect(page.getByText("Secure payment powered by Stripe")).toBeVisible();
    const started = Date.now();
    await page.getByRole("button", { name: "Complete My Order" }).click();
    await expect(page.locator("[data-sonner-toast]")).toContainText(GENERIC, { timeout: 20_000 });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(15_000);
    await expect(page).toHaveURL(new RegExp(`^${origin}/checkout$`));
    await expect(page.getByRole("button", { name: "Complete My Order" })).toBeEnabled();
    expect(server.output()).toMatch(/Checkout failed: Payment provider timeout/);
    fake.setMode({ kind: "ok" });
  });

  test("a paid Stripe session, confirmed by a signed webhook, shows on the success page", async ({ page, context, request }) => {
    await context.route("https://checkout.stripe.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Stripe Checkout (stand-in)</title><h1>Stripe Checkout</h1>" }),
    );
    await page.goto(`${origin}/checkout?bump=1`);
    const tab = await completeOrder(page);
    await expect(tab).toHaveURL(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const [session] = [...fake.sessions.values()].slice(-1);
    expect(tab.url()).toBe(session!.url);
    expect(session!.amount_total).toBe(2199);
    expect(session!.success_url).toBe(
      `${process.env.PUBLIC_ORIGIN || "http://localhost:3000"}/checkout-success?session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(session!.cancel_url).toBe(`${process.env.PUBLIC_ORIGIN || "http://localhost:3000"}/checkout?bump=1&cancelled=1`);

    // Before the webhook: Stripe has not been paid, so the page says processing.
    await page.goto(`${origin}/checkout-success?session_id=${session!.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Thank you! Your payment is processing" })).toBeVisible();

    const paid = fake.pay(session!.id, { email: "e2e@example.com", paymentIntent: "pi_e2e" });
    const payload = JSON.stringify({ id: "evt_e2e_1", object: "event", type: "checkout.session.completed", data: { object: paid } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const unsigned = await request.post(`${origin}/api/webhooks/stripe`, {
      data: payload,
      headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=bad" },
    });
    expect(unsigned.status()).toBe(400);
    const delivered = await request.post(`${origin}/api/webhooks/stripe`, {
      data: payload,
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    });
    expect(delivered.status()).toBe(200);
    expect(await delivered.json()).toEqual({ received: true });

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Payment Successful!" })).toBeVisible();
    await expect(page.getByText("Payment confirmed")).toBeVisible();
    const bought = page.getByRole("region", { name: "Your purchase" });
    await expect(bought).toContainText("Credit Repair Toolkit$7.00");
    await expect(bought).toContainText("Dispute Letter Power Pack$14.99");
    await expect(bought).toContainText("Total$21.99");

    // Stripe has the session paid; repeating the event changes nothing and says so.
    const again = await request.post(`${origin}/api/webhooks/stripe`, {
      data: payload,
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    });
    expect(await again.json()).toEqual({ received: true, duplicate: true });
  });
});

test.describe("production start-up", () => {
  test("refuses a PUBLIC_ORIGIN other than the one the build was made for (build-info.json)", async () => {
    const port = E2E_PORT + 42;
    const mismatch = startServer(port, { PUBLIC_ORIGIN: "https://not-the-build.example" });
    expect(await new Promise<number | null>((resolve) => mismatch.child.once("exit", resolve))).toBe(1);
    expect(mismatch.output()).toContain("The build was made for PUBLIC_ORIGIN=http://localhost:3000");
  });

  // The rules (no test provider in production unless PAYMENT_PROVIDER=test, no production without
  // SMTP_URL or MAIL_TRANSPORT=file) are parseEnv's, tested in tests/integration/payments.test.ts; the
  // test above and legal.spec.ts show a refused start exits with the reason. Here: the allowed way, running.
  test("in production the test payment provider, chosen explicitly, says so on the page and in the log", async () => {
    test.setTimeout(SERVER_START_HOOK_MS);
    const port = E2E_PORT + 41;
    const allowed = startServer(port, { NODE_ENV: "production", PAYMENT_PROVIDER: "test", STRIPE_SECRET_KEY: "", MAIL_TRANSPORT: "file" });
    try {
      await waitForServer(port, allowed.child);
      const res = await fetch(`http://127.0.0.1:${port}/checkout`);
      expect(res.status).toBe(200);
      // It says so, loudly, in the log and on the page.
      expect(allowed.output()).toContain("WARNING: PAYMENT_PROVIDER=test in production");
      expect(await res.text()).toContain("Test payments: this site is using its built-in test payment page.");
    } finally {
      await stopServer(allowed.child);
    }
  });
});
