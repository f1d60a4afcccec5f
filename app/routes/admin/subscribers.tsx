import { redirect } from "react-router";
import type { Route } from "./+types/subscribers";
import { contactsHref } from "~/lib/forms/contact-filters";
import { requireOwner } from "~/server/admin/owner-session.server";
import { appConfig } from "~/server/config.server";

/** Subscribers are the one list's contacts with a newsletter consent (issue 40): the old address leads there. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(appConfig(context).owner, request);
  return redirect(contactsHref({ purpose: "newsletter" }), 301);
}
