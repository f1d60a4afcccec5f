/**
 * The forms of /admin/updates (an e-mail to the buyers of a product, decision 071): one schema for
 * the browser's messages and the server's authority. The subject, preview line and body are a
 * broadcast's (the same limits and words); the product is one the page offers (the server checks
 * that it exists); the send carries the count the owner confirmed.
 */
import { z } from "zod";
import { BROADCAST_LIMITS, BROADCAST_STATE_CHANGES, LIST_MESSAGE_FIELDS } from "~/lib/forms/broadcast";

export const PRODUCT_UPDATE_MESSAGES = {
  noProduct: "Choose the product whose buyers get this update.",
  unknownProduct: "There is no such product: choose one from the list.",
  notConfirmed: "Confirm the send first: the page names the product and how many buyers get it.",
} as const;

export { BROADCAST_LIMITS as PRODUCT_UPDATE_LIMITS };

/** The largest id the tables' integer columns hold. */
const MAX_ID = 2_147_483_647;
const updateId = z.coerce.number().int().min(1).max(MAX_ID);

/** A product's id as the catalogue spells them ("toolkit", "power-pack"): anything else is refused before a query. */
const productId = z
  .string({ error: PRODUCT_UPDATE_MESSAGES.noProduct })
  .trim()
  .min(1, PRODUCT_UPDATE_MESSAGES.noProduct)
  .max(80, PRODUCT_UPDATE_MESSAGES.unknownProduct)
  .regex(/^[a-z0-9][a-z0-9-]*$/, PRODUCT_UPDATE_MESSAGES.unknownProduct);

/** The draft: the product, then the broadcast's subject, preview line and Markdown body; `version` as loaded. */
export const ProductUpdateSchema = z.object({
  intent: z.literal("save").default("save"),
  id: z.coerce.number().int().min(0).max(MAX_ID).default(0),
  version: z.coerce.number().int().min(0).default(0),
  productId,
  ...LIST_MESSAGE_FIELDS,
});
export type ProductUpdateInput = z.infer<typeof ProductUpdateSchema>;

/**
 * The confirmation's button: the update at the version confirmed, and the number of buyers the
 * confirmation named (a different number when it goes is refused, and nothing is sent).
 */
export const ProductUpdateSendSchema = z.object({
  intent: z.literal("send"),
  id: updateId,
  version: z.coerce.number().int().min(1),
  recipients: z.coerce.number().int().min(1).max(MAX_ID),
  confirmed: z.literal("yes", { error: PRODUCT_UPDATE_MESSAGES.notConfirmed }),
});
export type ProductUpdateSendInput = z.infer<typeof ProductUpdateSendSchema>;

/** Every form of /admin/updates: the draft, the test send, the confirmed send, pause / resume / cancel. */
export const ProductUpdateActionSchema = z.discriminatedUnion("intent", [
  ProductUpdateSchema,
  z.object({ intent: z.literal("test"), id: updateId }),
  ProductUpdateSendSchema,
  z.object({ intent: z.enum(BROADCAST_STATE_CHANGES), id: updateId }),
]);
export type ProductUpdatePost = z.infer<typeof ProductUpdateActionSchema>;
