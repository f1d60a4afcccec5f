import { redirect } from "react-router";
import type { Route } from "./+types/leads";
import { contactsHref } from "~/lib/forms/contact-filters";
import { dashboardLoader } from "~/server/admin/dashboard-route.server";

/** The guide's requests are the one list's contacts who asked for the guide (issue 40): the old address leads there. */
export const loader = dashboardLoader(async (_: Route.LoaderArgs) => {
  return redirect(contactsHref({ source: "guide" }), 301);
});
