import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { ownerResource } from "~/server/admin/owner-answers.server";
import { logOut } from "~/server/admin/owner-session.server";
import { appConfig } from "~/server/config.server";
import { page } from "~/lib/page-policy";

export const handle = page({ robots: "noindex, nofollow" });

export const action = ownerResource(async ({ request, context }: Route.ActionArgs) => {
  const cookie = await logOut(appConfig(context).owner, request);
  return redirect("/admin/login", { status: 303, headers: cookie ? { "Set-Cookie": cookie } : {} });
});

export const loader = ownerResource(() => redirect("/admin", 303));
