import { redirect } from "react-router";
import type { Route } from "./+types/subscribers";
import { contactsHref } from "~/lib/forms/contact-filters";
import { dashboardLoader } from "~/server/admin/dashboard-route.server";

/** Subscribers are the one list's contacts with a newsletter consent (issue 40): the old address leads there. */
export const loader = dashboardLoader(async (_: Route.LoaderArgs) => {
  return redirect(contactsHref({ purpose: "newsletter" }), 301);
});
