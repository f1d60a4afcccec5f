/** The dashboard's forms, one schema each (read by parseSubmission on the server; the pages are plain HTML forms). */
import { z } from "zod";
import { powerPack, toolkit } from "~/lib/catalogue";
import { tagField } from "~/lib/tags";

export const LoginSchema = z.object({
  password: z.string().min(1, "Enter the password.").max(1024),
  next: z.string().max(500).optional(),
});

export const ORDER_ACTIONS = ["resend", "reset", "refund"] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** What a refund gives back: one product of the order, or everything not refunded yet. */
export const REFUND_TARGETS = ["all", toolkit.id, powerPack.id] as const;
export type RefundTarget = (typeof REFUND_TARGETS)[number];

/** What the order page says to a post it cannot read (a forged or stale form): nothing was done. */
export const ORDER_ACTION_REFUSED = "Choose an action and confirm it.";

/**
 * The order page's one form, told apart by its intent. Each action is confirmed: the button that
 * does it is on the confirmation panel (?confirm=), with confirmed=yes.
 */
export const OrderActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("resend"), confirmed: z.literal("yes", { error: ORDER_ACTION_REFUSED }) }),
  z.object({ intent: z.literal("reset"), confirmed: z.literal("yes", { error: ORDER_ACTION_REFUSED }) }),
  z.object({
    intent: z.literal("refund"),
    confirmed: z.literal("yes", { error: ORDER_ACTION_REFUSED }),
    product: z.enum(REFUND_TARGETS, { error: "Choose what to refund." }),
  }),
]);
export type OrderPost = z.infer<typeof OrderActionSchema>;

/** The largest contacts CSV the dashboard takes in one upload (about 10,000 rows of address, name and source). */
export const CONTACT_IMPORT_MAX_BYTES = 1024 * 1024;
/** The contacts import route's body limit (its page policy): the file and the multipart framing around it. */
export const CONTACT_IMPORT_BODY_LIMIT = {
  bytes: CONTACT_IMPORT_MAX_BYTES + 64 * 1024,
  tooLarge: `That file is too large to import: at most ${CONTACT_IMPORT_MAX_BYTES / 1024 / 1024} MB per file. Split it into smaller files. Nothing was imported.`,
};
export const CONTACT_IMPORT_MAX_ROWS = 10_000;

/** Upload a CSV of contacts (/admin/contacts): the file, checked for presence and size here, its rows on the server. */
export const ContactImportSchema = z.object({
  intent: z.literal("import"),
  file: z
    .instanceof(File, { error: "Choose a CSV file to import." })
    .refine((file) => file.size > 0, "Choose a CSV file to import (that one is empty).")
    .refine(
      (file) => file.size <= CONTACT_IMPORT_MAX_BYTES,
      `That file is larger than ${CONTACT_IMPORT_MAX_BYTES / 1024 / 1024} MB: split it into smaller files (at most ${CONTACT_IMPORT_MAX_ROWS.toLocaleString("en-US")} rows each).`,
    ),
});

/**
 * One contact's page, one schema for its forms: suppress (a short reason, optional) or lift what
 * the owner may lift, and tag or untag (a tag in its stored spelling: app/lib/tags.ts).
 */
export const ContactActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("suppress"), detail: z.string().trim().max(200, "Keep the reason to 200 characters.").default("") }),
  z.object({ intent: z.literal("lift") }),
  z.object({ intent: z.literal("tag"), tag: tagField }),
  z.object({ intent: z.literal("untag"), tag: tagField }),
]);
export type ContactPost = z.infer<typeof ContactActionSchema>;
