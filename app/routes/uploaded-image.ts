import { and, eq } from "drizzle-orm";
import { articleImageFiles } from "../../db/schema";
import type { Route } from "./+types/uploaded-image";
import { db } from "~/server/db.server";

const FILE = /^([1-9]\d{0,9})-(640\.avif|640\.webp|1280\.avif|1280\.webp|og\.jpg)$/;

/**
 * An uploaded cover image's file, from the database (every server has it). Each upload gets a
 * new id, so an address always holds the same bytes: browsers and CDNs keep it a year.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const match = FILE.exec(params.file);
  if (!match) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const [file] = await db()
    .select({ contentType: articleImageFiles.contentType, bytes: articleImageFiles.bytes })
    .from(articleImageFiles)
    .where(and(eq(articleImageFiles.imageId, Number(match[1])), eq(articleImageFiles.name, match[2]!)));
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
