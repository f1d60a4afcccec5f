/**
 * What is fixed about the products (issue 53): their shape, the currency, the two ids every order
 * line and entitlement of the built products already carries, and the pure rules that turn a
 * checkout's choice into lines. The products themselves (names, prices, lists, statuses) are data:
 * the products table, read by each server into its product store (app/server/shop/) and handed to
 * pages through their loaders. Browser-safe; the server recomputes every total and never trusts a
 * price sent by a browser.
 */
import type { IncludedItem, ProductStatus } from "../../db/schema";
import { formatCents } from "~/lib/site";

export type { IncludedItem, ProductStatus };

export const CURRENCY = "usd";

/** The built products' ids: order lines, entitlements, refunds, tags and files name them, so they never change. */
export const TOOLKIT_ID = "toolkit";
export const POWER_PACK_ID = "power-pack";

/** A product's id (the products table's key). */
export type ProductId = string;

/** A product as the pages, checkout and e-mails read it (the store's snapshot of a products row). */
export type Product = {
  id: ProductId;
  slug: string;
  name: string;
  priceCents: number;
  included: IncludedItem[];
  summary: string;
  /** The product page, rendered and sanitized when the owner saved it. */
  html: string;
  /** The cover's files' shared path (ArticleImage), or null. */
  image: string | null;
  imageAlt: string;
  status: ProductStatus;
  bumpProductId: ProductId | null;
  sortOrder: number;
  /**
   * A sale running now (issue 53 item 5): `priceCents` is then the sale's price, and `endsAt` its
   * end (ISO), or null when none is set (the page then names no end). Null when no sale runs.
   */
  sale: { endsAt: string | null } | null;
};

export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  draft: "Draft",
  coming_soon: "Coming soon",
  on_sale: "On sale",
  retired: "Retired",
};

/** A product's public page. */
export const productPath = (slug: string) => `/products/${slug}`;

/** "$7", "$14.99": a price as the site's texts write it. */
export const priceLabel = (product: Pick<Product, "priceCents">) => formatCents(product.priceCents, { trimCents: true });

/** The included items, then the bonuses (the toolkit's cards, spec section 2). */
export const includedLabels = (product: Pick<Product, "included">) => product.included.filter((i) => !i.bonus).map((i) => i.label);
export const bonusLabels = (product: Pick<Product, "included">) => product.included.filter((i) => i.bonus).map((i) => i.label);

export type OrderLine = { id: string; name: string; unitAmountCents: number; quantity: 1 };
export type PricedOrder = { lines: OrderLine[]; totalCents: number; currency: typeof CURRENCY };

const lineOf = (product: Pick<Product, "id" | "name" | "priceCents">): OrderLine => ({
  id: product.id,
  name: product.name,
  unitAmountCents: product.priceCents,
  quantity: 1,
});

/** A checkout's lines: the product, and its bump when chosen (and it has one). */
export function orderLines(
  product: Pick<Product, "id" | "name" | "priceCents">,
  bump: Pick<Product, "id" | "name" | "priceCents"> | null,
  { includeBump }: { includeBump: boolean },
): PricedOrder {
  const lines = [lineOf(product)];
  if (includeBump && bump) lines.push(lineOf(bump));
  const totalCents = lines.reduce((sum, line) => sum + line.unitAmountCents * line.quantity, 0);
  return { lines, totalCents, currency: CURRENCY };
}

/** The toolkit's offer as the articles' cards and the home page name it: the toolkit, and its add-on while that is on sale. */
export type ToolkitOffer = {
  toolkit: Pick<Product, "id" | "name" | "priceCents">;
  bump: Pick<Product, "id" | "name" | "priceCents" | "summary"> | null;
};

/** "$21.99": the toolkit with its add-on. */
export const bundleTotal = (offer: ToolkitOffer) => formatCents(orderLines(offer.toolkit, offer.bump, { includeBump: true }).totalCents);

/** What a checkout page showed, as its form sends it back ("700-1499"): the server compares it with the products now. */
export function shownPrices(product: Pick<Product, "priceCents">, bump: Pick<Product, "priceCents"> | null): string {
  return bump ? `${product.priceCents}-${bump.priceCents}` : String(product.priceCents);
}
