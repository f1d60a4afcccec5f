/** Checkout addresses and words shared by the page and the server (browser-safe); its form's messages are in ./form-outcomes.ts. */

/** The query string that arrives with the order bump ticked (articles link to it for the bundle). */
export const BUMP_PARAM = "bump";

/** The query string naming the article a promo link was on (`/checkout?from=<slug>`), stored on the order. */
export const FROM_PARAM = "from";

/** The query string naming the product another checkout sells (`/checkout?product=<slug>`); none is the toolkit's page. */
export const PRODUCT_PARAM = "product";

/** The query string a cancelled payment page returns with, for the checkout's notice. */
export const CANCELLED_PARAM = "cancelled";

/** The checkout page's own address. */
export const CHECKOUT_PATH = "/checkout";

/** The query string of an offer link (`/checkout?code=SPRING`): the code, applied when the page opens. */
export const CODE_PARAM = "code";

export type CheckoutQuery = { bump: boolean; from: string | null; cancelled: boolean; product: string | null; code: string | null };

/** What a checkout address asks for (the loader's reading, and the page cache's key for it). */
export function readCheckoutQuery(query: URLSearchParams): CheckoutQuery {
  return {
    bump: query.get(BUMP_PARAM) === "1",
    from: query.get(FROM_PARAM) || null,
    cancelled: query.get(CANCELLED_PARAM) === "1",
    product: query.get(PRODUCT_PARAM) || null,
    code: query.get(CODE_PARAM)?.trim().slice(0, 60) || null,
  };
}

export const CANCELLED_NOTICE = "Payment cancelled. Nothing was charged.";

/** The checkout address a promo link on an article uses, and the one a cancelled payment returns to. */
export function checkoutHref({ bump = false, from, cancelled = false, product, code }: Partial<CheckoutQuery> = {}): string {
  const query = new URLSearchParams();
  if (product) query.set(PRODUCT_PARAM, product);
  if (bump) query.set(BUMP_PARAM, "1");
  if (from) query.set(FROM_PARAM, from);
  if (code) query.set(CODE_PARAM, code);
  if (cancelled) query.set(CANCELLED_PARAM, "1");
  const text = query.toString();
  return text ? `${CHECKOUT_PATH}?${text}` : CHECKOUT_PATH;
}

/**
 * The address the page cache keeps a checkout query's page under (server/page-cache.ts): the same
 * for every query that shows the same page. An article the checkout does not know is dropped, as
 * its loader drops it (sourceArticle), so the kept pages are bounded by the articles: at most four
 * (bump, cancelled) for each, and four without one.
 */
export function checkoutVariant(
  query: URLSearchParams,
  site: { articleExists: (slug: string) => boolean; productExists: (slug: string) => boolean },
): string | null {
  const { bump, from, cancelled, product, code } = readCheckoutQuery(query);
  // A code's page depends on the code's uses and dates: rendered for each request.
  if (code) return null;
  // An unknown product's address is kept as one page (its "no such product"), whatever it names.
  const known = product === null || site.productExists(product) ? product : "unknown";
  return checkoutHref({ bump, from: from && site.articleExists(from) ? from : null, cancelled, product: known });
}
