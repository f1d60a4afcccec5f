import type { Route } from "./+types/image-upload";
import { uploadedPicture } from "~/lib/article-pictures";
import { storeUploadedImage } from "~/server/content/article-images.server";
import { ARTICLE_EDITOR_BODY_LIMIT, page } from "~/lib/page-policy";
import { dashboardResource } from "~/server/admin/dashboard-route.server";

/**
 * POST /admin/images: the editor's picture upload (a cover, or a picture inside the text), stored
 * before the article is ever saved, so a new article can have both. Answers the picture's id and
 * address as JSON for the editor's fetcher; the article's own save sets a cover.
 */
export const handle = page({ robots: "noindex, nofollow", bodyLimit: ARTICLE_EDITOR_BODY_LIMIT });

export const action = dashboardResource(async ({ request }: Route.ActionArgs) => {
  const refuse = (message: string, status = 400) => Response.json({ ok: false, message }, { status });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse("The upload could not be read. Please try again.");
  }
  const file = form.get("image");
  if (!(file instanceof File) || file.size === 0) return refuse("Choose an image file to upload.");
  const stored = await storeUploadedImage(Buffer.from(await file.arrayBuffer()));
  if (!stored.ok) return refuse(stored.message);
  return Response.json({ ok: true, id: stored.id, src: uploadedPicture(stored.id) });
});
