import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { listMarkdownToHtml, safeHref } from "~/server/mail/list-markdown.server";

const origin = "https://shop.example";
const render = (md: string) => listMarkdownToHtml(md, { origin, campaign: "welcome-01" });

describe("list e-mail Markdown", () => {
  it("keeps a single line break as a line break, and a blank line as a new paragraph", () => {
    const html = render("Thanks for reading.\n\nTalk soon,\nThe Fresh Start Money team");
    expect(html).toContain("Talk soon,<br>The Fresh Start Money team</p>");
    expect(html.match(/<p /g)).toHaveLength(2);
  });

  it("shows raw HTML as text: no script, no tag of its own", () => {
    const html = render('Hi <script>alert(1)</script> <img src=x onerror="alert(2)"> <b>bold</b>\n\n<div>block</div>');
    expect(html).not.toMatch(/<script|<img|<b>|<div/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;div&gt;block&lt;/div&gt;");
  });

  it("keeps http(s), mailto and site links; drops javascript:, data: and protocol-relative ones to their text", () => {
    const html = render(
      "[a](javascript:alert(1)) [b](data:text/html,x) [c](//evil.example/x) [d](https://www.consumerfinance.gov/x) [e](mailto:support@example.com) [f](/tools/budget)",
    );
    expect(html).not.toMatch(/javascript:|data:|evil\.example/);
    expect(html).toContain(">a b c ");
    expect(html).toContain('href="https://www.consumerfinance.gov/x"');
    expect(html).toContain('href="mailto:support@example.com"');
    expect(html).toContain('href="https://shop.example/tools/budget?utm_source=email&amp;utm_campaign=welcome-01"');
  });

  it("tags only the site's own links with the campaign, and escapes quotes in addresses", () => {
    expect(safeHref("https://shop.example/blog/x?a=1", origin, "b-7")).toBe(
      "https://shop.example/blog/x?a=1&utm_source=email&utm_campaign=b-7",
    );
    expect(safeHref("https://other.example/x", origin, "b-7")).toBe("https://other.example/x");
    expect(render('[x](https://shop.example/a"onmouseover="y)')).not.toContain('"onmouseover');
  });

  it("signs the campaign of the site's links with the secret (utm_sig), the same for every link; no secret, no signature", () => {
    const secret = "test-only-session-secret-0123456789abcdef";
    // From the rule: the first 16 base64url characters of HMAC-SHA256("fsm_campaign_link:b-7").
    const sig = createHmac("sha256", secret).update("fsm_campaign_link:b-7").digest("base64url").slice(0, 16);
    expect(safeHref("/blog/x?a=1", origin, "b-7", secret)).toBe(
      `https://shop.example/blog/x?a=1&utm_source=email&utm_campaign=b-7&utm_sig=${sig}`,
    );
    expect(safeHref("https://shop.example/about?utm_sig=typed", origin, "b-7", secret)).toBe(
      `https://shop.example/about?utm_sig=${sig}&utm_source=email&utm_campaign=b-7`,
    );
    expect(safeHref("https://other.example/x", origin, "b-7", secret)).toBe("https://other.example/x");
    expect(safeHref("https://shop.example/about?utm_sig=typed", origin, "b-7")).toBe(
      "https://shop.example/about?utm_source=email&utm_campaign=b-7",
    );
  });

  it("turns an image into its alt text", () => {
    expect(render("![a chart](https://shop.example/c.png)")).toBe(
      '<p style="font-family:-apple-system, BlinkMacSystemFont, Segoe UI, Roboto, Helvetica, Arial, sans-serif;color:#1e293b;font-size:16px;line-height:24px;margin:0 0 16px">a chart</p>\n',
    );
  });
});
