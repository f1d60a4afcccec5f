/**
 * What every server loads at start-up and hands each loader and action in React Router's load
 * context (server/app.ts), beside the configuration: the articles' store and the checkout's facts
 * kept under its content key. Tests build their own (tests/helpers/context.ts).
 */
import type { AppLoadContext } from "react-router";
import { openArticleStore, type ArticleStore } from "~/server/content/article-store.server";
import { keepCheckoutFacts, type CheckoutFactsKeeper } from "~/server/content/checkout-facts.server";

export type SiteContent = {
  readonly content: ArticleStore;
  readonly checkout: CheckoutFactsKeeper;
};

declare module "react-router" {
  interface AppLoadContext {
    /** The articles as the public pages show them now; set by the server (server/app.ts), tests pass their own. */
    content?: ArticleStore;
    /** /checkout's reviews and former price, kept per content key. */
    checkout?: CheckoutFactsKeeper;
  }
}

/** Seed and load the articles, and start keeping the checkout's facts under their key. */
export async function loadSiteContent(): Promise<SiteContent> {
  const content = await openArticleStore();
  return { content, checkout: keepCheckoutFacts(content) };
}

const NOT_LOADED = "was not given in the load context: the server loads it at start-up (server/app.ts), a test passes its own";

/** The articles a route was given. */
export function articlesOf(context: AppLoadContext | undefined): ArticleStore {
  if (!context?.content) throw new Error(`The articles' store ${NOT_LOADED}.`);
  return context.content;
}

/** The checkout's facts a route was given. */
export function checkoutFactsOf(context: AppLoadContext | undefined): CheckoutFactsKeeper {
  if (!context?.checkout) throw new Error(`The checkout's facts ${NOT_LOADED}.`);
  return context.checkout;
}
