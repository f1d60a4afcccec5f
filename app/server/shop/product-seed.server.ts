/**
 * The catalogue a fresh database starts with (issue 53, shipped-products.server.ts): the toolkit
 * and the Power Pack on sale, and the three programmes /resources announced as coming soon. A
 * first start inserts each by id;
 * a later start adds a shipped product it lacks and never touches one that is there (the owner's
 * edits are hers). Each product also gets its first price-history row if it has none, from the
 * first paid order that charged that price (else from now): the honest start of its current price.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { orders, productPrices, products } from "../../../db/schema";
import { renderArticleMarkdown } from "~/content/markdown.server";
import { SHIPPED_PRODUCTS } from "~/server/shop/shipped-products.server";
import { db, type Executor } from "~/server/db.server";

/** When a product's current price started: the first paid order that charged it, or now. */
async function priceStartedAt(tx: Executor, productId: string, priceCents: number): Promise<Date> {
  const [first] = await tx
    .select({ at: orders.createdAt })
    .from(orders)
    .where(
      and(eq(orders.status, "paid"), sql`${orders.lines} @> ${JSON.stringify([{ id: productId, unitAmountCents: priceCents }])}::jsonb`),
    )
    .orderBy(asc(orders.createdAt))
    .limit(1);
  return first?.at ?? new Date();
}

/** Open a product's price history if it has no current row (a first start, or a product the owner just made). */
export async function openPriceHistory(tx: Executor, productId: string, priceCents: number): Promise<void> {
  const [open] = await tx
    .select({ id: productPrices.id })
    .from(productPrices)
    .where(and(eq(productPrices.productId, productId), isNull(productPrices.validUntil)));
  if (open) return;
  await tx.insert(productPrices).values({ productId, priceCents, validFrom: await priceStartedAt(tx, productId, priceCents) });
}

/** Insert the shipped products the database lacks; returns the ids added. */
export async function seedShippedProducts(): Promise<string[]> {
  return db().transaction(async (tx) => {
    const added = await tx
      .insert(products)
      .values(
        SHIPPED_PRODUCTS.map((p, sortOrder) => ({
          ...p,
          html: renderArticleMarkdown(p.body),
          sortOrder,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: products.id, priceCents: products.priceCents, status: products.status });
    // The history is of prices a product was openly offered at: only those on sale start one.
    for (const p of added) if (p.status === "on_sale") await openPriceHistory(tx, p.id, p.priceCents);
    return added.map((p) => p.id);
  });
}
