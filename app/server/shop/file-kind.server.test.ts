/**
 * An uploaded product file's kind, from its bytes: the committed products/files are real PDF, Word
 * and Excel files made by other programs (Chromium, docx, exceljs); the zips here are made by yazl,
 * as "Download all" makes them. Names never enter into it: fileKind is given bytes alone.
 */
import { readFileSync } from "node:fs";
import { buffer } from "node:stream/consumers";
import type { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { ZipFile } from "yazl";
import { PRODUCT_FILE_MESSAGES } from "~/lib/forms/product-upload";
import { UPLOADED_FILE_MAX_BYTES } from "~/lib/uploaded-file-formats";
import { FILE_KIND_MESSAGES, fileKind } from "~/server/shop/file-kind.server";
import { defaultTitle, downloadName } from "~/server/shop/product-uploads.server";

const committed = (path: string) => readFileSync(`products/files/${path}`);
const PDF = committed("toolkit/30-day-action-plan.pdf");
const DOCX = committed("toolkit/letters/01-bureau-inaccurate-item.docx");
const XLSX = committed("toolkit/budget-planner.xlsx");
const PNG = readFileSync("public/apple-touch-icon.png");

/** A zip of these entries (name -> content), as yazl writes one. */
async function zipOf(entries: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(entries)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  return buffer(zip.outputStream as Readable);
}

/** A zip whose one entry is named `name` as written, even where yazl would refuse the name: the same length, patched in. */
async function zipNamed(name: string): Promise<Buffer> {
  const placeholder = "x".repeat(name.length);
  const zip = await zipOf({ [placeholder]: "hello" });
  return Buffer.from(zip.toString("latin1").replaceAll(placeholder, name), "latin1");
}

describe("accepted, by content", () => {
  it("a PDF, a Word document and an Excel workbook as the product builder made them", async () => {
    expect(await fileKind(PDF)).toEqual({ ok: true, format: "pdf" });
    expect(await fileKind(DOCX)).toEqual({ ok: true, format: "docx" });
    expect(await fileKind(XLSX)).toEqual({ ok: true, format: "xlsx" });
  });

  it("a zip that is neither Word nor Excel, even one holding Word and Excel files", async () => {
    expect(await fileKind(await zipOf({ "readme.txt": "Read me first", "letters/one.docx": DOCX }))).toEqual({ ok: true, format: "zip" });
  });
});

describe("refused, with what is accepted", () => {
  it("a PNG (whatever it is called): not one of the formats", async () => {
    const answer = await fileKind(PNG);
    expect(answer).toEqual({ ok: false, message: PRODUCT_FILE_MESSAGES.notAccepted });
    expect(PRODUCT_FILE_MESSAGES.notAccepted).toContain("a PDF, a Word document (.docx), an Excel workbook (.xlsx) or a zip");
  });

  it("an empty file, and one over the limit (checked by its length before anything is read)", async () => {
    expect(await fileKind(Buffer.alloc(0))).toEqual({ ok: false, message: PRODUCT_FILE_MESSAGES.empty });
    // A PDF's header, then 25 MB and a byte: the size decides, not the header.
    const over = Buffer.alloc(UPLOADED_FILE_MAX_BYTES + 1);
    PDF.copy(over, 0, 0, 8);
    expect(await fileKind(over)).toEqual({ ok: false, message: PRODUCT_FILE_MESSAGES.tooLarge });
    expect(PRODUCT_FILE_MESSAGES.tooLarge).toContain("25 MB");
  });

  it("plain text that only mentions a PDF header later, and a file cut from the middle of a PDF", async () => {
    expect((await fileKind(Buffer.from("hello %PDF-1.7"))).ok).toBe(false);
    expect((await fileKind(PDF.subarray(100, 5000))).ok).toBe(false);
  });

  it("a Word file cut short (its directory lost) and a zip with nothing in it", async () => {
    expect(await fileKind(DOCX.subarray(0, Math.floor(DOCX.length / 2)))).toEqual({ ok: false, message: FILE_KIND_MESSAGES.brokenZip });
    expect(await fileKind(await zipOf({}))).toEqual({ ok: false, message: FILE_KIND_MESSAGES.emptyZip });
  });

  it("a zip whose entry would unpack outside its folder", async () => {
    expect(await fileKind(await zipNamed("../../evil.sh"))).toEqual({ ok: false, message: FILE_KIND_MESSAGES.brokenZip });
    expect(await fileKind(await zipNamed("/etc/passwd-x"))).toEqual({ ok: false, message: FILE_KIND_MESSAGES.brokenZip });
  });

  it("Word and Excel files with macros, other Office files, OpenDocument, and the old .doc/.xls", async () => {
    const types = "<Types/>";
    expect(await fileKind(await zipOf({ "[Content_Types].xml": types, "word/document.xml": "<w/>", "word/vbaProject.bin": "x" }))).toEqual({
      ok: false,
      message: FILE_KIND_MESSAGES.macros,
    });
    expect(await fileKind(await zipOf({ "[Content_Types].xml": types, "xl/workbook.xml": "<x/>", "xl/vbaProject.bin": "x" }))).toEqual({
      ok: false,
      message: FILE_KIND_MESSAGES.macros,
    });
    expect(await fileKind(await zipOf({ "[Content_Types].xml": types, "ppt/presentation.xml": "<p/>" }))).toEqual({
      ok: false,
      message: FILE_KIND_MESSAGES.otherOffice,
    });
    expect(await fileKind(await zipOf({ mimetype: "application/vnd.oasis.opendocument.text", "content.xml": "<o/>" }))).toEqual({
      ok: false,
      message: FILE_KIND_MESSAGES.otherOffice,
    });
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    expect(await fileKind(ole)).toEqual({ ok: false, message: FILE_KIND_MESSAGES.oldOffice });
  });
});

describe("the download's name and the default title", () => {
  it("keeps the uploaded name, safe for any system and header, with its format's extension", () => {
    expect(downloadName("Budget Workbook.pdf", "pdf")).toBe("Budget Workbook.pdf");
    expect(downloadName("notes.pdf", "docx")).toBe("notes.docx");
    expect(downloadName("Résumé final!.PDF", "pdf")).toBe("Resume final.pdf");
    expect(downloadName('C:\\Users\\ann\\my "best" letters.zip', "zip")).toBe("my -best- letters.zip");
    expect(downloadName("../../etc/passwd", "pdf")).toBe("passwd.pdf");
    expect(downloadName("***.xlsx", "xlsx")).toBe("file.xlsx");
    expect(downloadName("spreadsheet", "xlsx")).toBe("spreadsheet.xlsx");
  });

  it("titles a file by its name when the owner gives none", () => {
    expect(defaultTitle("Spring Planner 2027.xlsx")).toBe("Spring Planner 2027");
    expect(defaultTitle("C:\\docs\\guide.pdf")).toBe("guide");
    expect(defaultTitle(".pdf")).toBe(".pdf");
  });
});
