/** The forms of /admin/prices: record a former price (the rules it applies: ./former-price.ts), delete one. */
import { z } from "zod";
import { powerPack } from "~/lib/catalogue";
import { dayNumber, FORMER_PRICE_MIN_DAYS, FORMER_PRICE_PRODUCTS, todayIso } from "~/lib/former-price";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const FormerPriceSchema = z
  .object({
    intent: z.literal("record"),
    productId: z.enum([powerPack.id], { error: "Choose the product." }),
    price: z
      .string()
      .trim()
      .regex(/^\$?\d{1,4}(\.\d{2})?$/, "Enter the price as dollars and cents, for example 27.00.")
      .transform((v) => Math.round(Number(v.replace("$", "")) * 100)),
    chargedFrom: z
      .string()
      .regex(ISO_DATE, "Enter the first day it was charged.")
      .refine((v) => !Number.isNaN(Date.parse(v)), "Not a date."),
    chargedUntil: z
      .string()
      .regex(ISO_DATE, "Enter the last day it was charged.")
      .refine((v) => !Number.isNaN(Date.parse(v)), "Not a date."),
  })
  .superRefine((v, ctx) => {
    const product = FORMER_PRICE_PRODUCTS[v.productId];
    if (v.price <= product.priceCents) {
      ctx.addIssue({ code: "custom", path: ["price"], message: "A former price must be higher than today's price." });
    }
    if (dayNumber(v.chargedUntil) < dayNumber(v.chargedFrom)) {
      ctx.addIssue({ code: "custom", path: ["chargedUntil"], message: "The last day comes after the first." });
    } else if (dayNumber(v.chargedUntil) - dayNumber(v.chargedFrom) + 1 < FORMER_PRICE_MIN_DAYS) {
      ctx.addIssue({
        code: "custom",
        path: ["chargedUntil"],
        message: `It must have been charged for at least ${FORMER_PRICE_MIN_DAYS} days to be called the normal price.`,
      });
    }
    if (dayNumber(v.chargedUntil) > dayNumber(todayIso())) {
      ctx.addIssue({ code: "custom", path: ["chargedUntil"], message: "Record a price that was charged, not a future one." });
    }
  });
export type FormerPriceInput = z.infer<typeof FormerPriceSchema>;

/** Every form of /admin/prices, told apart by the intent: checked in the browser as the owner types, parsed by the action. */
export const PricesActionSchema = z.discriminatedUnion("intent", [
  FormerPriceSchema,
  z.object({ intent: z.literal("delete"), id: z.coerce.number().int().min(1).max(2_147_483_647) }),
]);
