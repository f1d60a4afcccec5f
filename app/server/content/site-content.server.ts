/**
 * What every server loads at start-up and hands each loader and action in React Router's load
 * context (server/app.ts), beside the configuration: the articles' store and the checkout's facts
 * kept under its content key. Tests build their own (tests/helpers/context.ts).
 */
import type { AppLoadContext } from "react-router";
import { openArticleStore, type ArticleStore } from "~/server/content/article-store.server";
import { keepCheckoutFacts, type CheckoutFactsKeeper } from "~/server/content/checkout-facts.server";
import { openProductStore, type ProductStore } from "~/server/shop/product-store.server";

export type SiteContent = {
  readonly content: ArticleStore;
  readonly checkout: CheckoutFactsKeeper;
  readonly products: ProductStore;
};

declare module "react-router" {
  interface AppLoadContext {
    /** The articles as the public pages show them now; set by the server (server/app.ts), tests pass their own. */
    content?: ArticleStore;
    /** /checkout's reviews, kept per content key. */
    checkout?: CheckoutFactsKeeper;
    /** The products as the pages, checkouts and e-mails show them now (reloaded with the articles). */
    products?: ProductStore;
  }
}

/** Seed and load the products and the articles (one content version for both), and start keeping the checkout's facts under their key. */
export async function loadSiteContent(): Promise<SiteContent> {
  const products = await openProductStore();
  const content = await openArticleStore([products]);
  return { content, checkout: keepCheckoutFacts(content), products };
}

const NOT_LOADED = "was not given in the load context: the server loads it at start-up (server/app.ts), a test passes its own";

/** The articles a route was given. */
export function articlesOf(context: AppLoadContext | undefined): ArticleStore {
  if (!context?.content) throw new Error(`The articles' store ${NOT_LOADED}.`);
  return context.content;
}

/** The products a route was given. */
export function productsOf(context: AppLoadContext | undefined): ProductStore {
  if (!context?.products) throw new Error(`The products' store ${NOT_LOADED}.`);
  return context.products;
}

/** The checkout's facts a route was given. */
export function checkoutFactsOf(context: AppLoadContext | undefined): CheckoutFactsKeeper {
  if (!context?.checkout) throw new Error(`The checkout's facts ${NOT_LOADED}.`);
  return context.checkout;
}
