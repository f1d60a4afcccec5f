import type { Route } from "./+types/uploaded-image";
import { UPLOADED_IMAGE_FILE, uploadedImageFile } from "~/server/content/article-images.server";

/**
 * An uploaded cover image's file, from the database (every server has it). Each upload gets a
 * new id, so an address always holds the same bytes: browsers and CDNs keep it a year.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const match = UPLOADED_IMAGE_FILE.exec(params.file);
  if (!match) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const file = await uploadedImageFile(Number(match[1]), match[2]!);
  if (!file) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
