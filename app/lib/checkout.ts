/** Checkout words shared by the page and the server (browser-safe). */
export const CHECKOUT_ERROR = {
  title: "Error",
  description: "Failed to create checkout session. Please try again.",
} as const;

/** The query string that arrives with the order bump ticked (articles link to it for the bundle). */
export const BUMP_PARAM = "bump";
