/** Print HTML to PDF with headless Chromium (the browser the test suite already uses). */
import { chromium, type Browser } from "playwright-core";
import { SITE_NAME } from "../../app/lib/site";
import { CHROME_ARGS, CHROME_PATH } from "../../scripts/lib/chromium";

/**
 * `footer: false` for letters: a page the buyer mails carries nothing but their letter.
 * `label`: what the footer names beside the site (default: the toolkit; a free guide names itself).
 */
export type PrintOptions = { footer: boolean; label?: string };

export async function openPrinter(): Promise<{ print(html: string, options: PrintOptions): Promise<Buffer>; close(): Promise<void> }> {
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS });
  } catch (error) {
    throw new Error(`Chromium is needed to print the product PDFs (apt-get install -y chromium, or set CHROME_PATH): ${(error as Error).message}`);
  }
  return {
    async print(html, { footer, label = "Credit Repair Toolkit" }) {
      const page = await browser.newPage();
      try {
        await page.setContent(html, { waitUntil: "load" });
        return await page.pdf({
          format: "Letter",
          printBackground: true,
          preferCSSPageSize: true,
          // Without a footer the page keeps the stylesheet's margins; with one Chromium prints it in the bottom margin.
          displayHeaderFooter: footer,
          // Bookmarks from the headings, and a tagged (structured) PDF for screen readers.
          outline: true,
          tagged: true,
          headerTemplate: "<span></span>",
          footerTemplate: `<div style="width:100%;font-size:8px;color:#64748b;padding:0 0.75in;display:flex;justify-content:space-between;font-family:'DejaVu Sans',Arial,sans-serif"><span>${SITE_NAME} · ${label}</span><span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`,
        });
      } finally {
        await page.close();
      }
    },
    close: () => browser.close(),
  };
}
