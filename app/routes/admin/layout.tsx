import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { AdminFrame } from "~/components/admin-ui";
import { NO_HYDRATION } from "~/lib/hydration";
import { requireOwner } from "~/server/admin/owner-session.server";
import { appConfig } from "~/server/config.server";
import { businessTimeZone } from "~/server/dates.server";

/** Plain HTML: every form posts without JavaScript, and no script runs but the site's page script. */
export const handle = NO_HYDRATION;

/** Never stored by a browser or a proxy, never indexed (children inherit these headers). */
export const headers: Route.HeadersFunction = ({ parentHeaders }) => {
  parentHeaders.set("Cache-Control", "no-store");
  parentHeaders.set("X-Robots-Tag", "noindex, nofollow");
  return parentHeaders;
};

/** The owner check for every dashboard page, and the one setting every page writes dates with. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(appConfig(context).owner, request);
  return { timeZone: businessTimeZone() };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame timeZone={loaderData.timeZone}>
      <Outlet />
    </AdminFrame>
  );
}
