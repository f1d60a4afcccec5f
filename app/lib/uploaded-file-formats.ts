/**
 * What the owner may upload as a product's file (issue 53 item 2, decision 072): the formats, the
 * size limit and the shape of an uploaded file's id. The product_files table's CHECKs
 * (db/schema.ts), the dashboard's form and the server's content check read these. No imports:
 * db/schema.ts reads it, and drizzle-kit with it.
 */
export const UPLOADED_FILE_FORMATS = ["pdf", "docx", "xlsx", "zip"] as const;
export type UploadedFileFormat = (typeof UPLOADED_FILE_FORMATS)[number];

/** 25 MB a file: a long illustrated PDF or a zip of templates fits; the bytes live in the database, read whole for each download. */
export const UPLOADED_FILE_MAX_BYTES = 25 * 1024 * 1024;
export const UPLOADED_FILE_MAX_MB = UPLOADED_FILE_MAX_BYTES / 1024 / 1024;

/** "u-" and 12 hex digits: never the id of a built file ("guide", "budget.xlsx"), so a download's count and link are its own. */
export const UPLOADED_FILE_ID = /^u-[0-9a-f]{12}$/;

/** What the owner is told is accepted, wherever a file is refused. */
export const ACCEPTED_FILES_TEXT = "a PDF, a Word document (.docx), an Excel workbook (.xlsx) or a zip";

/** The extension a download of each format ends with. */
export const FORMAT_EXTENSIONS: Record<UploadedFileFormat, string> = { pdf: "pdf", docx: "docx", xlsx: "xlsx", zip: "zip" };
