/**
 * The products whose buyers the owner can write to, by id and name: the one place the buyers'
 * e-mails (decision 071) read the products (the products table, decision 070). A product that was
 * ever sold can have buyers: one on sale or retired; a draft or a coming-soon product has none.
 */
import { asc, inArray } from "drizzle-orm";
import { products } from "../../../db/schema";
import { db } from "~/server/db.server";

export type BuyerProduct = { id: string; name: string };

/** Every product that can have buyers, in the products' own order. */
export async function buyerProducts(): Promise<BuyerProduct[]> {
  return db()
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.status, ["on_sale", "retired"]))
    .orderBy(asc(products.sortOrder), asc(products.id));
}

/** One product by its id, or undefined for an id no product that can have buyers has. */
export async function buyerProduct(id: string): Promise<BuyerProduct | undefined> {
  return (await buyerProducts()).find((p) => p.id === id);
}
