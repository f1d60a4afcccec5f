/**
 * A post of a product's file forms (/admin/products/:id/files): read by busboy as it arrives, the
 * fields checked by the forms' schema, the file's bytes kept only up to the size limit (past it
 * the rest is read and dropped, never held: the route's body limit refuses a larger
 * Content-Length before a byte is read), then the upload, replacement or removal it asks for.
 * Plain multipart forms: the same with or without JavaScript.
 */
import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { PRODUCT_FILE_MESSAGES, ProductFileFieldsSchema, type ProductFilePost } from "~/lib/forms/product-upload";
import { UPLOADED_FILE_MAX_BYTES } from "~/lib/uploaded-file-formats";
import {
  removeProductFile,
  replaceProductFile,
  uploadProductFile,
  type ArrivedFile,
  type FileChange,
} from "~/server/shop/product-uploads.server";

export const POST_UNREADABLE = "The upload could not be read. Please try again. Nothing was changed.";

type Received = { fields: Record<string, string>; file?: ArrivedFile; tooLarge: boolean } | { unreadable: true };

/** The post's fields and its one file (the part named "file"), or unreadable. */
async function receive(request: Request): Promise<Received> {
  const type = request.headers.get("content-type") ?? "";
  if (!request.body || !/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(type)) return { unreadable: true };
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": type },
      // busboy says "limit" on reaching fileSize (it cannot know whether more follows): one byte over ours is over.
      limits: { files: 1, fileSize: UPLOADED_FILE_MAX_BYTES + 1, fields: 8, fieldSize: 1024, parts: 10, headerPairs: 20 },
    });
  } catch {
    return { unreadable: true };
  }
  const fields: Record<string, string> = {};
  let file: ArrivedFile | undefined;
  let tooLarge = false;
  // The file part's end may come after the parser's: waited for apart.
  let fileRead: Promise<void> = Promise.resolve();
  parser.on("field", (name, value) => {
    fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    const fileName = info.filename;
    if (name !== "file" || !fileName) {
      stream.resume(); // read and dropped: busboy waits for each file part to be read
      return;
    }
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => {
      if (!tooLarge) chunks.push(chunk);
    });
    stream.once("limit", () => {
      tooLarge = true;
      chunks.length = 0;
    });
    fileRead = new Promise((done) => {
      stream.once("end", () => {
        if (!tooLarge) file = { name: fileName, bytes: Buffer.concat(chunks) };
        done();
      });
      stream.once("error", () => done());
    });
  });
  const body = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  body.once("error", (error) => parser.destroy(error));
  request.signal.addEventListener("abort", () => body.destroy(new Error("The upload was cut off.")), { once: true });
  body.pipe(parser);
  const parsed = await finished(parser).then(
    () => true,
    () => false,
  );
  if (!parsed) return { unreadable: true };
  await fileRead;
  return { fields, file, tooLarge };
}

type FilePost = Exclude<ProductFilePost, { intent: "remove" }>;
type Checked = { post: Extract<ProductFilePost, { intent: "remove" }> } | { post: FilePost; file: ArrivedFile } | { refused: string };

/** The post, checked: what it asks, with its file where it needs one, or the owner's answer. */
async function checkedPost(request: Request): Promise<Checked> {
  const received = await receive(request);
  if ("unreadable" in received) return { refused: POST_UNREADABLE };
  const form = ProductFileFieldsSchema.safeParse(received.fields);
  if (!form.success) {
    // A field's own message (an unticked "remove" box, a title too long); a post of no known form is unreadable.
    const issue = form.error.issues[0];
    return { refused: issue && issue.path.length > 0 && issue.path[0] !== "intent" ? issue.message : POST_UNREADABLE };
  }
  if (form.data.intent === "remove") return { post: form.data };
  if (received.tooLarge) return { refused: PRODUCT_FILE_MESSAGES.tooLarge };
  if (!received.file) return { refused: PRODUCT_FILE_MESSAGES.missing };
  if (received.file.bytes.length === 0) return { refused: PRODUCT_FILE_MESSAGES.empty };
  return { post: form.data, file: received.file };
}

/** Read the post and do what it asks for this product: the notice the owner sees after the redirect. */
export async function answerProductFilePost(productId: string, request: Request): Promise<FileChange> {
  const checked = await checkedPost(request);
  if ("refused" in checked) return { ok: false, message: checked.refused };
  if (!("file" in checked)) return removeProductFile(productId, checked.post.fileId);
  const { post, file } = checked;
  return post.intent === "upload" ? uploadProductFile(productId, post.title, file) : replaceProductFile(productId, post.fileId, file);
}
