import { redirect } from "react-router";
import type { Route } from "./+types/leads";
import { contactsHref } from "~/lib/forms/contact-filters";
import { requireOwner } from "~/server/admin/owner-session.server";
import { appConfig } from "~/server/config.server";

/** The guide's requests are the one list's contacts who asked for the guide (issue 40): the old address leads there. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(appConfig(context).owner, request);
  return redirect(contactsHref({ source: "guide" }), 301);
}
