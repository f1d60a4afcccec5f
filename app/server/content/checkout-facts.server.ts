/**
 * What /checkout shows from the database: verified buyers' reviews once the owner's threshold is
 * reached, and the former price that may stand beside the add-on's. Read once per content key
 * (the content version and the UTC day: a former price's window is counted in days, 16 CFR 233.1)
 * instead of on every request: the four reads were about 29 % of the page's server time. Every change to them raises
 * the content version (content-version.server.ts), so this server reads again at once and the
 * others within a second.
 */
import { powerPack } from "~/lib/catalogue";
import type { FormerPrice } from "~/lib/former-price";
import type { ArticleStore } from "~/server/content/article-store.server";
import { checkoutReviews } from "~/server/content/reviews.server";
import { formerPriceToShow } from "~/server/payments/former-prices.server";

export type CheckoutFacts = {
  reviews: Awaited<ReturnType<typeof checkoutReviews>>;
  formerPrice: FormerPrice | null;
};

/** The facts of /checkout, kept under the articles' content key; one per server, made at start-up (server/app.ts). */
export type CheckoutFactsKeeper = { facts(now?: Date): Promise<CheckoutFacts> };

export function keepCheckoutFacts(articles: Pick<ArticleStore, "key">): CheckoutFactsKeeper {
  let kept: { key: string; facts: Promise<CheckoutFacts> } | undefined;
  return {
    facts(now = new Date()) {
      const key = articles.key(now.getTime());
      if (kept?.key !== key) {
        const facts = Promise.all([checkoutReviews(), formerPriceToShow(powerPack.id, now)]).then(([reviews, formerPrice]) => ({
          reviews,
          formerPrice,
        }));
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
