/**
 * The products as every page, checkout, e-mail and download reads them (issue 53): the products
 * table and each product's price history, kept in memory by each server and read again whenever
 * the content version moves (the articles' store drives it: openArticleStore's `followers`), so
 * an owner's change reaches every server within a second, as an article's does. Getters are
 * synchronous and read the last loaded snapshot. No module state: start-up opens one
 * (site-content.server.ts) and hands it to the routes in the load context; a test opens its own.
 */
import { asc } from "drizzle-orm";
import { productPrices, productRedirects, products } from "../../../db/schema";
import { type Product, type ProductId, TOOLKIT_ID, type ToolkitOffer } from "~/lib/catalogue";
import { uploadedImage } from "~/content/articles";
import { formerPriceFromHistory, type FormerPrice, type PriceSpell } from "~/lib/former-price";
import { priceAt, saleMoments, saleRuns, type Sale, type SaleNote } from "~/lib/offers";
import { formatZonedDateTime } from "~/lib/dates";
import { db } from "~/server/db.server";
import { seedShippedProducts } from "~/server/shop/product-seed.server";

type ProductRow = typeof products.$inferSelect;

/** A products row's sale as saved, or null. */
export function saleOf(row: Pick<ProductRow, "salePriceCents" | "saleStartsAt" | "saleEndsAt">): Sale | null {
  return row.salePriceCents !== null && row.saleStartsAt
    ? { priceCents: row.salePriceCents, startsAt: row.saleStartsAt, endsAt: row.saleEndsAt }
    : null;
}

/** A product as pages read it at `now`: its sale's price while the sale runs (and the product is on sale: the history holds no other). */
function pricedAt(product: Product, sale: Sale | null, now: Date): Product {
  if (product.status !== "on_sale" || !saleRuns(sale, now)) return product;
  return { ...product, priceCents: priceAt(product.priceCents, sale, now), sale: { endsAt: sale.endsAt?.toISOString() ?? null } };
}

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    priceCents: row.priceCents,
    included: row.included,
    summary: row.summary,
    html: row.html,
    image: row.imageId ? uploadedImage(row.imageId).image : null,
    imageAlt: row.imageAlt,
    status: row.status,
    bumpProductId: row.bumpProductId,
    sortOrder: row.sortOrder,
    sale: null,
  };
}

type Snapshot = {
  list: Product[];
  byId: Map<ProductId, Product>;
  bySlug: Map<string, Product>;
  redirects: Map<string, ProductId>;
  history: Map<ProductId, PriceSpell[]>;
  /** Each product's sale as saved (what it charges is decided at each read, from the clock). */
  sales: Map<ProductId, Sale>;
  /** When a sale starts or ends, ascending (ms): what the pages show changes then. */
  moments: number[];
};

async function readSnapshot(): Promise<Snapshot> {
  const [rows, redirects, prices] = await Promise.all([
    db().select().from(products).orderBy(asc(products.sortOrder), asc(products.id)),
    db().select().from(productRedirects),
    db().select().from(productPrices).orderBy(asc(productPrices.validFrom), asc(productPrices.id)),
  ]);
  const list = rows.map(toProduct);
  const sales = new Map(rows.flatMap((row) => (saleOf(row) ? [[row.id, saleOf(row)!] as const] : [])));
  const history = new Map<ProductId, PriceSpell[]>();
  for (const p of prices) {
    history.set(p.productId, [...(history.get(p.productId) ?? []), { priceCents: p.priceCents, from: p.validFrom, until: p.validUntil }]);
  }
  return {
    list,
    byId: new Map(list.map((p) => [p.id, p])),
    bySlug: new Map(list.map((p) => [p.slug, p])),
    redirects: new Map(redirects.map((r) => [r.oldSlug, r.productId])),
    history,
    sales,
    moments: [...sales.values()].flatMap(saleMoments).sort((a, b) => a - b),
  };
}

/** How many of the ascending `moments` have come by `now`. */
function passed(moments: readonly number[], now: number): number {
  let n = 0;
  while (n < moments.length && moments[n]! <= now) n++;
  return n;
}

type View = Pick<Snapshot, "list" | "byId" | "bySlug">;

/** The products as charged at `now`. */
function viewAt(s: Snapshot, now: Date): View {
  const list = s.list.map((p) => pricedAt(p, s.sales.get(p.id) ?? null, now));
  return { list, byId: new Map(list.map((p) => [p.id, p])), bySlug: new Map(list.map((p) => [p.slug, p])) };
}

/** What /products/<slug> is now: a page (drafts are none), or a former address of one. */
export type ProductAddress = { kind: "page"; product: Product } | { kind: "moved"; slug: string } | { kind: "none" };

/** What a checkout may sell: the product and its bump (when that is on sale too), or why not. */
export type Sellable =
  { ok: true; product: Product; bump: Product | null } | { ok: false; reason: "unknown" | "not-on-sale"; product?: Product };

export type ProductStore = ReturnType<typeof productStore>;

/** What e-mails and downloads ask of the products: names, the toolkit, a product by id. */
export type ProductCatalogue = Pick<ProductStore, "byId" | "name" | "toolkit">;

/**
 * The products as the table holds them now, for a reader without the server's store (a script, a
 * test's mailer): the shipped ones a database lacks seeded first, as start-up does.
 */
export async function readProductCatalogue(): Promise<ProductCatalogue> {
  return openProductStore();
}

/** Seed the shipped products a database lacks and load the store (start-up; each test its own). */
export async function openProductStore(): Promise<ProductStore> {
  await seedShippedProducts();
  return productStore(await readSnapshot());
}

function productStore(first: Snapshot) {
  let s = first;
  // The products as charged now, made again only when a sale starts or ends (or the products are read again).
  let made: { from: Snapshot; passed: number; view: View } | null = null;
  const view = (): View => {
    const now = Date.now();
    const n = passed(s.moments, now);
    if (!made || made.from !== s || made.passed !== n) made = { from: s, passed: n, view: viewAt(s, new Date(now)) };
    return made.view;
  };
  const byId = (id: ProductId) => view().byId.get(id);
  return {
    /** Read the products again (after a change here, or one seen in content_version). */
    async reload(): Promise<void> {
      s = await readSnapshot();
    },
    /** When a sale starts or ends (ms, ascending): the page cache's key counts those passed (article-store.server.ts). */
    moments(): readonly number[] {
      return s.moments;
    },
    /** Every product, drafts too, in the owner's order. */
    all(): readonly Product[] {
      return view().list;
    },
    byId,
    /** The toolkit: the site's own product, named by its header, home page and e-mails. Seeded, never deleted. */
    toolkit(): Product {
      const toolkit = byId(TOOLKIT_ID);
      if (!toolkit) throw new Error("The products table has no toolkit: the seed adds it at start-up.");
      return toolkit;
    },
    /** A product's name by its id (order lines and entitlements keep the id); the id itself for one the table lacks. */
    name(id: ProductId): string {
      return byId(id)?.name ?? id;
    },
    /** The products with a public page (on sale, coming soon or retired), in order. */
    publicProducts(): Product[] {
      return view().list.filter((p) => p.status !== "draft");
    },
    publicAddress(slug: string): ProductAddress {
      const product = view().bySlug.get(slug) ?? byId(s.redirects.get(slug) ?? "");
      if (!product || product.status === "draft") return { kind: "none" };
      return product.slug === slug ? { kind: "page", product } : { kind: "moved", slug: product.slug };
    },
    /** The product a checkout sells by its address (none: the toolkit), and its bump if that is on sale. */
    sellable(slug: string | null): Sellable {
      const product = slug === null ? byId(TOOLKIT_ID) : view().bySlug.get(slug);
      if (!product || product.status === "draft") return { ok: false, reason: "unknown" };
      if (product.status !== "on_sale") return { ok: false, reason: "not-on-sale", product };
      const bump = product.bumpProductId ? byId(product.bumpProductId) : undefined;
      return { ok: true, product, bump: bump?.status === "on_sale" ? bump : null };
    },
    /** The toolkit and its add-on (while on sale) as the articles' cards and the home page name them. */
    toolkitOffer(): ToolkitOffer {
      const toolkit = byId(TOOLKIT_ID);
      if (!toolkit) throw new Error("The products table has no toolkit: the seed adds it at start-up.");
      const bump = toolkit.bumpProductId ? byId(toolkit.bumpProductId) : undefined;
      return {
        toolkit: { id: toolkit.id, name: toolkit.name, priceCents: toolkit.priceCents },
        bump: bump?.status === "on_sale" ? { id: bump.id, name: bump.name, priceCents: bump.priceCents, summary: bump.summary } : null,
      };
    },
    /** A sale running on the product now, as its page and checkout say it (the end in `timeZone`), or null. */
    saleNote(product: Pick<Product, "id" | "sale">, timeZone: string, now = new Date()): SaleNote | null {
      if (!product.sale) return null;
      const formerPrice = formerPriceFromHistory(product.id, s.history.get(product.id) ?? [], now);
      return { formerPrice, ends: product.sale.endsAt ? formatZonedDateTime(product.sale.endsAt, timeZone) : null };
    },
    /** "Normally $X" beside a product now, only when its price history meets 16 CFR 233.1 (app/lib/former-price.ts). */
    formerPrice(id: ProductId, now = new Date()): FormerPrice | null {
      return formerPriceFromHistory(id, s.history.get(id) ?? [], now);
    },
  };
}
