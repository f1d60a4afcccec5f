/**
 * What /checkout shows from the database beside the products: verified buyers' reviews once the
 * owner's threshold is reached. Read once per content key (the content version and the UTC day)
 * instead of on every request: the reads were about 29 % of the page's server time. Every change
 * to them raises the content version (content-version.server.ts), so this server reads again at
 * once and the others within a second. (The former price beside a product is the product store's,
 * from its price history: product-store.server.ts.)
 */
import type { ArticleStore } from "~/server/content/article-store.server";
import { checkoutReviews } from "~/server/content/reviews.server";

export type CheckoutFacts = {
  reviews: Awaited<ReturnType<typeof checkoutReviews>>;
};

/** The facts of /checkout, kept under the articles' content key; one per server, made at start-up (server/app.ts). */
export type CheckoutFactsKeeper = { facts(now?: Date): Promise<CheckoutFacts> };

export function keepCheckoutFacts(articles: Pick<ArticleStore, "key">): CheckoutFactsKeeper {
  let kept: { key: string; facts: Promise<CheckoutFacts> } | undefined;
  return {
    facts(now = new Date()) {
      const key = articles.key(now.getTime());
      if (kept?.key !== key) {
        const facts = checkoutReviews().then((reviews) => ({ reviews }));
        const entry = { key, facts };
        kept = entry;
        // A failed read (the database down) is not kept: the next request asks again.
        facts.catch(() => {
          if (kept === entry) kept = undefined;
        });
      }
      return kept.facts;
    },
  };
}
