import type { Route } from "./+types/product-file-forms";
import { PRODUCT_FILE_BODY_LIMIT } from "~/lib/forms/product-upload";
import { page } from "~/lib/page-policy";
import { dashboardResource } from "~/server/admin/dashboard-route.server";
import { redirectWithNotice } from "~/server/admin/owner-session.server";
import { answerProductFilePost } from "~/server/shop/product-file-post.server";

/**
 * POST /admin/products/:id/files: the product page's file forms (upload, replace, remove), plain
 * multipart posts. Every answer is a redirect back to the product's page with what was done, or
 * why nothing was (a reload never posts again). Its body limit is the largest file's; the owner's
 * session is checked before a byte of the body is read.
 */
export const handle = page({ robots: "noindex, nofollow", bodyLimit: PRODUCT_FILE_BODY_LIMIT });

export const action = dashboardResource(async ({ request, params }: Route.ActionArgs, { owner }) => {
  const notice = await answerProductFilePost(params.id, request);
  return redirectWithNotice(owner, request, `/admin/products/${encodeURIComponent(params.id)}`, notice);
});
