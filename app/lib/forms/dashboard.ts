/** The dashboard's forms, one schema each (read by parseSubmission on the server; the pages are plain HTML forms). */
import { z } from "zod";
import { tagField } from "~/lib/tags";

/** A product's id as the products table makes them ("toolkit", "debt-freedom-blueprint-2"). */
const PRODUCT_ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const LoginSchema = z.object({
  password: z.string().min(1, "Enter the password.").max(1024),
  next: z.string().max(500).optional(),
});

export const ORDER_ACTIONS = ["resend", "reset", "refund"] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/**
 * What a refund gives back: one product of the order (its id: any product, issue 53; the refund
 * checks the order has it), or everything not refunded yet.
 */
export const RefundTargetSchema = z.union([z.literal("all"), z.string().max(80).regex(PRODUCT_ID_PATTERN)], {
  error: "Choose what to refund.",
});
export type RefundTarget = z.infer<typeof RefundTargetSchema>;

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
    product: RefundTargetSchema,
  }),
]);
export type OrderPost = z.infer<typeof OrderActionSchema>;

/**
 * The largest contacts CSV the dashboard takes in one upload: 50 MB. A Mailchimp audience export
 * carries some 20 columns (address, names, opt-in and confirm times and IPs, location, tags...),
 * 250 to 400 bytes a row, so 100,000 contacts make 25 to 40 MB; Kit's export is leaner. The file
 * is read as a stream (memory does not grow with it), so the limit bounds the time one upload
 * holds a server, not its memory.
 */
export const CONTACT_IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** The contacts import route's body limit (its page policy): the file and the multipart framing around it. */
export const CONTACT_IMPORT_BODY_LIMIT = {
  bytes: CONTACT_IMPORT_MAX_BYTES + 64 * 1024,
  tooLarge: `That file is too large to import: at most ${CONTACT_IMPORT_MAX_BYTES / 1024 / 1024} MB per file. Split it into smaller files. Nothing was imported.`,
};
/**
 * At most 200,000 rows a file: twice the largest list the site is sized for (100,000 contacts,
 * issue 44). The rows are merged into the list by one transaction, which holds the embedded
 * database for its length (1 to 2 s per 10,000 rows on a 2-core machine): a bound on that wait
 * for every other page, and on an upload's time, rather than on memory.
 */
export const CONTACT_IMPORT_MAX_ROWS = 200_000;
/**
 * At most 8 KB a row and 1,000 characters a field (issue 51). A Mailchimp export's row is 250 to
 * 400 bytes, and no column we read is near 1,000 characters (a name is at most 100, a source 200).
 * The row limit is what keeps memory flat: the CSV parser holds a row whole until it ends, so a
 * file that is one 45 MB line was 45 MB of fields in memory (2.58 GB of process); the importer
 * stops reading at the first row past it (csv-row-limit.server.ts).
 */
export const CONTACT_IMPORT_MAX_ROW_BYTES = 8 * 1024;
export const CONTACT_IMPORT_MAX_FIELD_CHARS = 1_000;

/** The import form's messages about its file, the same from the browser's check and the server's stream. */
export const CONTACT_IMPORT_FILE_MESSAGES = {
  missing: "Choose a CSV file to import.",
  empty: "Choose a CSV file to import (that one is empty).",
  tooLarge: `That file is larger than ${CONTACT_IMPORT_MAX_BYTES / 1024 / 1024} MB: split it into smaller files (at most ${CONTACT_IMPORT_MAX_ROWS.toLocaleString("en-US")} rows each).`,
} as const;

/**
 * An import's id, made by the browser as the form is sent, so the page can ask how far the
 * server is while the upload runs (GET /admin/contacts/imports/<id>); without it (no JavaScript)
 * the server makes one and the page shows the result when it is done.
 */
export const IMPORT_ID_PATTERN = /^[a-z0-9-]{16,64}$/;

/** A new import id: 128 random bits (getRandomValues: randomUUID needs HTTPS, and a dashboard may be reached without it). */
export function newImportId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Wrong rows a refused import names on the page, each with its reason; the rest are counted. */
export const CONTACT_IMPORT_ERRORS_LISTED = 50;

/**
 * The import form's fields other than its file: the server checks them as the upload streams in
 * (the file is never held whole, so there is no File for it to parse), the browser as part of
 * ContactImportSchema.
 */
export const ContactImportFieldsSchema = z.object({
  intent: z.literal("import"),
  importId: z.string().regex(IMPORT_ID_PATTERN).optional(),
});

/** Upload a CSV of contacts (/admin/contacts), as the browser checks it: the file's presence and size here, its rows on the server. */
export const ContactImportSchema = ContactImportFieldsSchema.extend({
  file: z
    .instanceof(File, { error: CONTACT_IMPORT_FILE_MESSAGES.missing })
    .refine((file) => file.size > 0, CONTACT_IMPORT_FILE_MESSAGES.empty)
    .refine((file) => file.size <= CONTACT_IMPORT_MAX_BYTES, CONTACT_IMPORT_FILE_MESSAGES.tooLarge),
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
