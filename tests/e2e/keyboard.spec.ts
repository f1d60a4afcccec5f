import type { Locator, Page } from "@playwright/test";
import { allowConsoleErrors, countScripts, completeOrder, expect, test } from "./fixtures";

/**
 * Keyboard journeys: everything below is done with Tab, Shift+Tab, Enter, Space and Escape only
 * (no clicks), as someone who cannot use a pointer would. Every element that takes focus on the
 * way must show a visible focus ring.
 */

/** What has focus, described the way the tests compare it. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: "body", name: "", inDialog: false, id: "" };
    const name = (el.getAttribute("aria-label") || el.textContent || (el as HTMLInputElement).placeholder || "")
      .replace(/\s+/g, " ")
      .trim();
    return { tag: el.tagName.toLowerCase(), name, inDialog: !!el.closest("dialog[open]"), id: el.id };
  });
}

/** The focused element draws a ring: an outline (or a box-shadow ring) that is actually visible. */
async function expectVisibleFocusRing(page: Page) {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2 && style.outlineColor !== "rgba(0, 0, 0, 0)";
    const shadow = style.boxShadow !== "none" && /\d+px/.test(style.boxShadow);
    return {
      outline,
      shadow,
      describe: `${el.tagName.toLowerCase()}#${el.id} "${(el.textContent ?? "").trim().slice(0, 40)}" outline=${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
    };
  });
  expect(ring.outline || ring.shadow, `no visible focus ring on ${ring.describe}`).toBe(true);
}

/** Tab to the menu button and press Enter: the side menu is open. */
async function openMenuByKeyboard(page: Page) {
  const open = page.getByRole("button", { name: "Open menu" });
  await tabTo(page, open);
  await page.keyboard.press("Enter");
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  return { open, menu };
}

/** Tab forward until `target` has focus, checking the ring on every stop; fails if it never does. */
async function tabTo(page: Page, target: Locator, maxStops = 60) {
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press("Tab");
    await expectVisibleFocusRing(page);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${target} was not reached with ${maxStops} presses of Tab`);
}

test("the skip link is the first stop and moves focus to the main content", async ({ page }) => {
  await page.goto("/blog/budgeting-tips-that-work");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await expectVisibleFocusRing(page);
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
  // The next Tab goes into the article, past the whole header.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => !!document.activeElement?.closest("main"))).toBe(true);
  await expect(page.getByRole("link", { name: /Back to Blog/ })).toBeFocused();
});

// On a hydrated page and on an article (no React there: the page script runs the menu).
for (const start of ["/", "/blog/budgeting-tips-that-work"]) {
  test.describe(`the side menu on a phone, from ${start}`, () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test("opens from the keyboard, keeps focus inside, closes on Escape and gives focus back", async ({ page }) => {
      const scripts = countScripts(page);
      await page.goto(start);
      const { open, menu } = await openMenuByKeyboard(page);
      expect((await focused(page)).inDialog).toBe(true);

      // The menu's stops, forwards and backwards, never leave it (the page behind is inert).
      const stops = new Set<string>();
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press("Tab");
        const now = await focused(page);
        if (now.tag !== "body") {
          expect(now.inDialog, `focus left the menu for ${now.tag} "${now.name}"`).toBe(true);
          await expectVisibleFocusRing(page);
          stops.add(now.name);
        }
      }
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press("Shift+Tab");
        const now = await focused(page);
        if (now.tag !== "body") expect(now.inDialog, `focus left the menu for ${now.tag} "${now.name}"`).toBe(true);
      }
      // Close, the five links and the toolkit button were all reached.
      for (const name of ["Close menu", "Home", "About", "Resources", "Blog", "Contact", "Get $7 Toolkit"]) {
        expect([...stops], `menu stop "${name}"`).toContain(name);
      }

      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(open).toBeFocused();
      if (start.startsWith("/blog/")) expect(scripts.reactBundle(), "React's bundle on an article").toEqual([]);
    });

    test("closes on a click on the backdrop or its close button", async ({ page }) => {
      await page.goto(start);
      const open = page.getByRole("button", { name: "Open menu" });
      const menu = page.getByRole("dialog", { name: "Menu" });
      await open.click();
      await expect(menu).toBeVisible();
      // The backdrop: left of the menu, which slides in from the right.
      await page.mouse.click(10, 400);
      await expect(menu).toBeHidden();
      await open.click();
      await menu.getByRole("button", { name: "Close menu" }).click();
      await expect(menu).toBeHidden();
      await expect(open).toBeFocused();
    });

    test("follows a link chosen with the keyboard", async ({ page }) => {
      await page.goto(start);
      const { menu } = await openMenuByKeyboard(page);
      await tabTo(page, menu.getByRole("link", { name: "Blog" }), 10);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/blog$/);
      await expect(page.getByRole("heading", { level: 1, name: "Our Blog" })).toBeVisible();
      await expect(menu).toBeHidden();
      // The page behind is usable again: Tab reaches the page, not a closed menu.
      await page.keyboard.press("Tab");
      expect((await focused(page)).inDialog).toBe(false);
    });
  });
}

test("checkout by keyboard: tick the bump, complete the order, pay on the test provider's page", async ({ page }) => {
  await page.goto("/checkout");
  const bump = page.getByRole("checkbox", { name: "Yes, add this to my order for only $14.99!" });
  await tabTo(page, bump);
  await page.keyboard.press("Space");
  await expect(bump).toBeChecked();
  await expect(page.getByTestId("order-total")).toHaveText("$21.99");
  await expect(page.getByRole("region", { name: "Order Summary" })).toContainText("Dispute Letter Power Pack$14.99");

  const complete = page.getByRole("button", { name: "Complete My Order" });
  await tabTo(page, complete);
  const tab = await completeOrder(page, () => page.keyboard.press("Enter"));
  await expect(tab).toHaveURL(/\/pay\/test\?session=/);
  await expect(tab.getByRole("heading", { name: "Pay Fresh Start Money" })).toBeVisible();
  await expect(tab.getByText("$21.99").first()).toBeVisible();

  await tabTo(tab, tab.getByRole("textbox", { name: "Email for your receipt and downloads" }));
  await tab.keyboard.type("keyboard.buyer@example.com");
  await tabTo(tab, tab.getByRole("button", { name: "Pay", exact: true }));
  await tab.keyboard.press("Enter");
  await expect(tab.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
});

test("the lead form by keyboard (an article: no React): an error is announced and tied to its field, then fixed", async ({ page }) => {
  allowConsoleErrors(page, /status of 400/);
  const scripts = countScripts(page);
  await page.goto("/blog/rebuild-credit-6-months");
  const form = page.locator("#lead-form");
  const name = form.getByRole("textbox", { name: "Your name" });
  const email = form.getByRole("textbox", { name: "Your email" });

  await tabTo(page, name);
  await page.keyboard.type("Ann");
  await page.keyboard.press("Tab");
  await expect(email).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(form.getByRole("button", { name: "Send Me the Guide" })).toBeFocused();
  await expectVisibleFocusRing(page);
  await page.keyboard.press("Enter");

  // The server answers with the page; focus lands on the field the message is about, and the
  // message is that field's description, so a screen reader reads both.
  await expect(form).toContainText("Missing Information");
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription("Missing Information Please enter both your name and email.");
  await expect(name).not.toHaveAttribute("aria-invalid", "true");

  await page.keyboard.type(`kbd.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.com`);
  await page.keyboard.press("Enter");
  const done = form.getByRole("heading", { name: "You're All Set!" });
  await expect(done).toBeVisible();
  await expect(done).toBeFocused();
  expect(scripts.reactBundle(), "React's bundle on an article").toEqual([]);
});

test("every stop on the home page, the contact page and an article shows a focus ring", async ({ page }) => {
  for (const path of ["/", "/contact", "/blog/dispute-credit-errors"]) {
    await page.goto(path);
    const count = await page.evaluate(
      () =>
        [...document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex]")].filter(
          (el) => el.tabIndex >= 0 && !el.closest("[aria-hidden='true'], dialog:not([open])") && el.offsetParent !== null,
        ).length,
    );
    expect(count).toBeGreaterThan(5);
    for (let i = 0; i < count; i++) {
      await page.keyboard.press("Tab");
      if ((await focused(page)).tag === "body") break;
      await expectVisibleFocusRing(page);
    }
  }
});
