import { redirect } from "react-router";
import type { Route } from "./+types/product-file-forms";
import { PRODUCT_FILE_BODY_LIMIT } from "~/lib/forms/product-upload";
import { page } from "~/lib/page-policy";
import { dashboardResource } from "~/server/admin/dashboard-route.server";
import { redirectWithNotice } from "~/server/admin/owner-session.server";
import { answerProductFilePost } from "~/server/shop/product-file-post.server";
import { productExists } from "~/server/shop/product-uploads.server";

/**
 * POST /admin/products/:id/files: the product page's file forms (upload, replace, remove), plain
 * multipart posts. Every answer is a redirect back to the product's page with what was done, or
 * why nothing was (a reload never posts again). Its body limit is the largest file's; the owner's
 * session is checked before a byte of the body is read.
 */
export const handle = page({ robots: "noindex, nofollow", bodyLimit: PRODUCT_FILE_BODY_LIMIT });

/** A GET of the forms' address (a reload after a post, a typed address): the product's page, or Not found. */
export const loader = dashboardResource(async ({ params }: Route.LoaderArgs) => {
  if (!(await productExists(params.id)))
    return new Response("Not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return redirect(`/admin/products/${encodeURIComponent(params.id)}`, 303);
});

export const action = dashboardResource(async ({ request, params }: Route.ActionArgs, { owner }) => {
  const notice = await answerProductFilePost(params.id, request);
  return redirectWithNotice(owner, request, `/admin/products/${encodeURIComponent(params.id)}`, notice);
});
