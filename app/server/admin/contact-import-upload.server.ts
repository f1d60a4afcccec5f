/**
 * The contacts import's upload, read as a stream: busboy parses the multipart body as it arrives
 * and hands the file part's bytes straight to the importer, which reads them as CSV row by row
 * (the file is never held whole: not by `request.formData()`, not by `file.text()`). The form's
 * other fields come first in the body (the browser sends them in the page's order: intent,
 * importId, then the file) and are checked by the form's own schema before the file is read.
 */
import { Readable, Transform } from "node:stream";
import { finished } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { CONTACT_IMPORT_FILE_MESSAGES, CONTACT_IMPORT_MAX_BYTES, ContactImportFieldsSchema } from "~/lib/forms/dashboard";
import { importContacts, type ImportOptions, type ImportResult } from "~/server/admin/contacts-import.server";

export const UPLOAD_UNREADABLE = "The upload could not be read. Please try again.";

export type ImportUpload =
  /** The importer's answer to the file. */
  | { result: ImportResult }
  /** The file field's problem, in the words the browser's check uses (none chosen, empty, too large). */
  | { fileProblem: string }
  /** Not a form this page sent (not multipart, broken framing, fields missing or after the file). */
  | { unreadable: true };

/** Read the import form's post and import its file as it streams in. */
export async function receiveContactImport(
  request: Request,
  options: Pick<ImportOptions, "timings" | "batchRows"> = {},
): Promise<ImportUpload> {
  const type = request.headers.get("content-type") ?? "";
  if (!request.body || !/^multipart\/form-data\s*;/i.test(type)) return { unreadable: true };
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": type },
      limits: { files: 1, fileSize: CONTACT_IMPORT_MAX_BYTES, fields: 8, fieldSize: 1024, parts: 10, headerPairs: 20 },
    });
  } catch {
    return { unreadable: true };
  }

  const fields: Record<string, string> = {};
  let importing: Promise<ImportResult> | undefined;
  let fileProblem: string | undefined;
  let bytes = 0;
  const tooLarge = new AbortController();

  parser.on("field", (name, value) => {
    // An empty field is an absent one (the page without JavaScript sends its importId empty).
    if (value !== "") fields[name] = value;
  });
  parser.on("file", (name, file, info) => {
    const form = ContactImportFieldsSchema.safeParse(fields);
    if (name !== "file" || importing || !form.success || !info.filename) {
      if (name === "file" && !info.filename) fileProblem ??= CONTACT_IMPORT_FILE_MESSAGES.missing;
      file.resume(); // read and dropped: busboy waits for each file part to be read
      return;
    }
    file.once("limit", () => tooLarge.abort(new Error(CONTACT_IMPORT_FILE_MESSAGES.tooLarge)));
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    file.once("error", (error) => counted.destroy(error));
    file.pipe(counted);
    importing = importContacts(counted, info.filename, { ...options, importId: form.data.importId, signal: tooLarge.signal }).finally(
      () => {
        // The importer may stop before the end (a missing column, bad CSV): the rest is read and dropped.
        file.unpipe(counted);
        file.resume();
      },
    );
  });

  const body = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  body.once("error", (error) => parser.destroy(error));
  // The browser went away mid-upload: the file ends with an error, and the importer stops and cleans up.
  request.signal.addEventListener("abort", () => body.destroy(new Error("The upload was cut off.")), { once: true });
  body.pipe(parser);
  const parsed = await finished(parser).then(
    () => true,
    () => false,
  );
  const result = importing ? await importing : undefined;

  if (tooLarge.signal.aborted) return { fileProblem: CONTACT_IMPORT_FILE_MESSAGES.tooLarge };
  if (result && bytes === 0) return { fileProblem: CONTACT_IMPORT_FILE_MESSAGES.empty };
  if (result) return { result }; // a body broken mid-file ends the file with an error: the importer refused it
  if (fileProblem) return { fileProblem };
  if (!parsed || !ContactImportFieldsSchema.safeParse(fields).success) return { unreadable: true };
  return { fileProblem: CONTACT_IMPORT_FILE_MESSAGES.missing };
}
