/**
 * The system Chromium every browser of the project runs (browser tests, Lighthouse, the product
 * PDFs), and the switches they all give it: no sandbox (root in a container), no GPU, no QUIC,
 * nothing fetched in the background.
 */
export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const CHROME_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
