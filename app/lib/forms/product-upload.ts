/**
 * The forms of a product's uploaded files (/admin/products/:id, posted to /admin/products/:id/files):
 * upload, replace, remove. Each schema is the browser's check as the owner picks a file (presence
 * and size; the content is the server's to judge) and, without its `file`, the server's check of
 * the fields sent before the file (ProductFileFieldsSchema).
 */
import { z } from "zod";
import { ACCEPTED_FILES_TEXT, UPLOADED_FILE_ID, UPLOADED_FILE_MAX_BYTES, UPLOADED_FILE_MAX_MB } from "~/lib/uploaded-file-formats";

export const PRODUCT_FILE_TITLE_MAX = 120;

/** The messages about the file itself, the same from the browser's check and the server's. */
export const PRODUCT_FILE_MESSAGES = {
  missing: "Choose a file to upload.",
  empty: "That file is empty: choose another.",
  tooLarge: `That file is larger than ${UPLOADED_FILE_MAX_MB} MB, the most a product file may be: make it smaller (or split it into several files) and upload it again. Nothing was changed.`,
  notAccepted: `That file is not one buyers can be given here: upload ${ACCEPTED_FILES_TEXT}. The file's content decides, not its name. Nothing was changed.`,
} as const;

/** The route's body limit: the largest file and the form's fields and framing around it. */
export const PRODUCT_FILE_BODY_LIMIT = { bytes: UPLOADED_FILE_MAX_BYTES + 64 * 1024, tooLarge: PRODUCT_FILE_MESSAGES.tooLarge };

const fileId = z.string().regex(UPLOADED_FILE_ID, "That file was not found: reload the page.");
const title = z.string().trim().max(PRODUCT_FILE_TITLE_MAX, `Keep the title to ${PRODUCT_FILE_TITLE_MAX} characters.`).default("");
const file = z
  .instanceof(File, { error: PRODUCT_FILE_MESSAGES.missing })
  .refine((f) => f.size > 0, PRODUCT_FILE_MESSAGES.empty)
  .refine((f) => f.size <= UPLOADED_FILE_MAX_BYTES, PRODUCT_FILE_MESSAGES.tooLarge);

export const REMOVE_UNCONFIRMED = "Tick the box to confirm: its buyers will no longer see this file.";

const upload = z.object({ intent: z.literal("upload"), title });
const replace = z.object({ intent: z.literal("replace"), fileId });
const remove = z.object({ intent: z.literal("remove"), fileId, confirmed: z.literal("yes", { error: REMOVE_UNCONFIRMED }) });

/** What the server checks of a post before it looks at the file (which streams after these fields). */
export const ProductFileFieldsSchema = z.discriminatedUnion("intent", [upload, replace, remove]);
export type ProductFilePost = z.infer<typeof ProductFileFieldsSchema>;

/** The upload form: an optional title (the file's name when empty) and the file. */
export const ProductFileUploadSchema = upload.extend({ file });
/** A file's "Replace" form: new bytes under the same id. */
export const ProductFileReplaceSchema = replace.extend({ file });
/** A file's "Remove" form, confirmed by a tick. */
export const ProductFileRemoveSchema = remove;
