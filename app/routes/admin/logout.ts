import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { logOut } from "~/server/admin/owner-session.server";
import { appConfig } from "~/server/config.server";

export async function action({ request, context }: Route.ActionArgs) {
  const cookie = await logOut(appConfig(context).owner, request);
  return redirect("/admin/login", { status: 303, headers: cookie ? { "Set-Cookie": cookie, "Cache-Control": "no-store" } : {} });
}

export function loader() {
  return redirect("/admin", 303);
}
