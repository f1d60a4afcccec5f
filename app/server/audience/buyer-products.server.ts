/**
 * The products whose buyers the owner can write to, by id and name: the one place the buyers'
 * e-mails (decision 071) read the catalogue. Today the catalogue in code (app/lib/catalogue.ts);
 * once products are a table (issue 53, item 1), this reads the table instead, and nothing else of
 * the buyers' mail changes.
 */
import { PRODUCT_NAMES } from "~/lib/catalogue";

export type BuyerProduct = { id: string; name: string };

/** Every product that can have buyers, in the catalogue's order. */
export async function buyerProducts(): Promise<BuyerProduct[]> {
  return Object.entries(PRODUCT_NAMES).map(([id, name]) => ({ id, name }));
}

/** One product by its id, or undefined for an id no product has. */
export async function buyerProduct(id: string): Promise<BuyerProduct | undefined> {
  return (await buyerProducts()).find((p) => p.id === id);
}
