/**
 * The product editor's form (/admin/products/:id), one schema for the browser (its messages as the
 * owner types) and the server (the authority): app/server/shop/product-admin.server.ts applies it.
 */
import { z } from "zod";
import type { IncludedItem } from "../../../db/schema";
import { PRODUCT_STATUSES } from "~/lib/product-status";

export const PRODUCT_NAME_MAX = 80;
export const PRODUCT_SLUG_MAX = 80;
export const PRODUCT_SUMMARY_MAX = 300;
export const PRODUCT_BODY_MAX = 20_000;
export const INCLUDED_MAX = 20;
export const INCLUDED_LABEL_MAX = 120;
/** Stripe's smallest charge in dollars; the products table's CHECK holds the same. */
export const PRICE_MIN_CENTS = 50;
export const PRICE_MAX_CENTS = 99_999;

/** A line of the "what's included" box that starts with this is a bonus ("Bonus: 30-day action plan"). */
export const BONUS_PREFIX = "Bonus:";

/** An address (slug): lowercase words of letters and digits joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The list as the owner types it: one item a line, bonuses marked. */
export function includedText(items: readonly IncludedItem[]): string {
  return items.map((i) => (i.bonus ? `${BONUS_PREFIX} ${i.label}` : i.label)).join("\n");
}

export function parseIncluded(text: string): IncludedItem[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) =>
      line.toLowerCase().startsWith(BONUS_PREFIX.toLowerCase())
        ? { label: line.slice(BONUS_PREFIX.length).trim(), bonus: true }
        : { label: line, bonus: false },
    );
}

const priceField = z
  .string({ error: "Enter the price." })
  .trim()
  .regex(/^\$?\d{1,4}(\.\d{2})?$/, "Enter the price as dollars and cents, for example 14.99.")
  .transform((v) => Math.round(Number(v.replace("$", "")) * 100))
  .refine((cents) => cents >= PRICE_MIN_CENTS, "The price must be at least $0.50 (the payment provider's smallest charge).")
  .refine((cents) => cents <= PRICE_MAX_CENTS, "The price must be at most $999.99.");

const text = (max: number, missing: string) => z.string({ error: missing }).trim().min(1, missing).max(max, `At most ${max} characters.`);

export const ProductFormSchema = z
  .object({
    intent: z.literal("save"),
    version: z.coerce.number().int().min(1),
    name: text(PRODUCT_NAME_MAX, "Enter the product's name."),
    slug: z
      .string({ error: "Enter the product's address." })
      .trim()
      .min(1, "Enter the product's address.")
      .max(PRODUCT_SLUG_MAX, `At most ${PRODUCT_SLUG_MAX} characters.`)
      .regex(SLUG_PATTERN, "Use lowercase letters, digits and single hyphens, for example “debt-freedom-blueprint”."),
    price: priceField,
    included: z
      .string({ error: "List at least one thing the product includes." })
      .transform(parseIncluded)
      .refine((items) => items.length >= 1, "List at least one thing the product includes.")
      .refine((items) => items.length <= INCLUDED_MAX, `At most ${INCLUDED_MAX} lines.`)
      .refine((items) => items.every((i) => i.label.length >= 1), `Write the bonus after “${BONUS_PREFIX}”.`)
      .refine((items) => items.every((i) => i.label.length <= INCLUDED_LABEL_MAX), `Each line at most ${INCLUDED_LABEL_MAX} characters.`),
    summary: text(PRODUCT_SUMMARY_MAX, "Write a short description."),
    body: z.string().max(PRODUCT_BODY_MAX, `At most ${PRODUCT_BODY_MAX} characters.`).default(""),
    imageId: z.coerce.number().int().min(1).optional(),
    imageAlt: z.string().trim().max(200, "At most 200 characters.").default(""),
    status: z.enum(PRODUCT_STATUSES, { error: "Choose a status." }),
    bumpProductId: z.string().max(80).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.imageId && !v.imageAlt) {
      ctx.addIssue({ code: "custom", path: ["imageAlt"], message: "Describe the cover image for people who cannot see it." });
    }
  });
export type ProductForm = z.output<typeof ProductFormSchema>;

/** /admin/products' "New product": a name and a price; it starts as a draft nobody sees, finished in its editor. */
export const NewProductSchema = z.object({
  intent: z.literal("create"),
  name: text(PRODUCT_NAME_MAX, "Enter the product's name."),
  price: priceField,
});
export type NewProductForm = z.output<typeof NewProductSchema>;
