/**
 * What an uploaded product file is, from its bytes alone (decision 072): never from its name or the
 * type the browser declared. A PDF starts with "%PDF-". Word and Excel files are zip archives
 * (Office Open XML) whose entries include "[Content_Types].xml" and "word/document.xml" or
 * "xl/workbook.xml"; one carrying macros (a vbaProject.bin) is refused. Any other zip is a zip, but
 * one that is another Office or OpenDocument file is refused (the buyer would get a .zip of XML).
 * The zip's entries are read from its central directory by yauzl, which also refuses entries
 * whose names climb out of the folder they unpack into ("../", absolute paths). Nothing is
 * decompressed, so a zip bomb costs nothing here.
 */
import yauzl from "yauzl";
import { PRODUCT_FILE_MESSAGES } from "~/lib/forms/product-upload";
import { UPLOADED_FILE_MAX_BYTES, type UploadedFileFormat } from "~/lib/uploaded-file-formats";

export type FileKind = { ok: true; format: UploadedFileFormat } | { ok: false; message: string };

const PDF = Buffer.from("%PDF-", "latin1");
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const EMPTY_ZIP = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
/** The container of Word 97-2003 (.doc) and Excel 97-2003 (.xls) files. */
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const refuse = (message: string): FileKind => ({ ok: false, message });

export const FILE_KIND_MESSAGES = {
  ...PRODUCT_FILE_MESSAGES,
  oldOffice:
    "That is an older Word or Excel file (.doc or .xls): open it and save it as a Word document (.docx) or an Excel workbook (.xlsx), then upload that. Nothing was changed.",
  macros:
    "That Word or Excel file carries macros, which a buyer's computer may run: save it without macros (as .docx or .xlsx) and upload that. Nothing was changed.",
  otherOffice:
    "That is an Office or OpenDocument file other than Word or Excel (a presentation, a template, an .odt or .ods): save it as a PDF, a Word document or an Excel workbook and upload that. Nothing was changed.",
  brokenZip:
    "That file looks like a zip (or a Word or Excel file) but cannot be read: it may be damaged, cut short, or hold files named to unpack outside their folder. Make it again and upload it. Nothing was changed.",
  emptyZip: "That zip has nothing in it: choose another file. Nothing was changed.",
} as const;

/** The names of a zip's entries, from its central directory (nothing is decompressed). */
export async function zipEntryNames(bytes: Buffer): Promise<string[]> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const names: string[] = [];
  for await (const entry of zip.eachEntry()) names.push(entry.fileName);
  return names;
}

/** What Office writes a Word or an Excel file as, by its entries; or another kind of zip. */
function officeKind(names: ReadonlySet<string>): FileKind {
  const office = names.has("[Content_Types].xml");
  // OpenDocument (.odt, .ods) and EPUB name their kind in a first entry called "mimetype".
  if (!office) return names.has("mimetype") ? refuse(FILE_KIND_MESSAGES.otherOffice) : { ok: true, format: "zip" };
  const word = names.has("word/document.xml");
  const excel = names.has("xl/workbook.xml");
  if (!word && !excel) return refuse(FILE_KIND_MESSAGES.otherOffice);
  if (names.has(word ? "word/vbaProject.bin" : "xl/vbaProject.bin")) return refuse(FILE_KIND_MESSAGES.macros);
  return { ok: true, format: word ? "docx" : "xlsx" };
}

/** What these bytes are, or why they are refused. */
export async function fileKind(bytes: Buffer): Promise<FileKind> {
  if (bytes.length === 0) return refuse(PRODUCT_FILE_MESSAGES.empty);
  if (bytes.length > UPLOADED_FILE_MAX_BYTES) return refuse(PRODUCT_FILE_MESSAGES.tooLarge);
  const starts = (magic: Buffer) => bytes.subarray(0, magic.length).equals(magic);
  if (starts(PDF)) return { ok: true, format: "pdf" };
  if (starts(OLE)) return refuse(FILE_KIND_MESSAGES.oldOffice);
  if (starts(EMPTY_ZIP)) return refuse(FILE_KIND_MESSAGES.emptyZip);
  if (!starts(ZIP)) return refuse(PRODUCT_FILE_MESSAGES.notAccepted);
  let names: string[];
  try {
    names = await zipEntryNames(bytes);
  } catch {
    return refuse(FILE_KIND_MESSAGES.brokenZip);
  }
  if (names.length === 0) return refuse(FILE_KIND_MESSAGES.emptyZip);
  return officeKind(new Set(names));
}
