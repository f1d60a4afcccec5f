/**
 * A product's statuses (issue 53): the products table's CHECK (db/schema.ts) and the dashboard's
 * form read this one list. No imports: db/schema.ts reads it, and drizzle-kit with it.
 */
export const PRODUCT_STATUSES = ["draft", "coming_soon", "on_sale", "retired"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
