import { isRouteErrorResponse, Outlet, useRouteError } from "react-router";
import type { Route } from "./+types/layout";
import { AdminFrame, Notice } from "~/components/admin-ui";
import { DashboardShell } from "~/components/dashboard-shell";
import { DASHBOARD } from "~/lib/hydration";
import { requireOwner } from "~/server/admin/owner-session.server";
import { appConfig } from "~/server/config.server";
import { businessTimeZone } from "~/server/dates.server";

/** React in the browser, in the dashboard's own frame; every form still posts without JavaScript. */
export const handle = DASHBOARD;

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

/** A page of the dashboard that is not there (an id that is not ours) or failed, inside the dashboard's frame. */
export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && (error.status === 404 || error.status === 410);
  return (
    <DashboardShell loggedIn>
      <h1 className="text-2xl font-bold text-slate-900">{missing ? "Not found" : "Something went wrong"}</h1>
      <Notice ok={false}>
        {missing
          ? "There is nothing at this address: it may have been deleted, or the link is mistyped. Choose a section from the menu."
          : "This page could not be shown just now. Try again in a moment; nothing was changed."}
      </Notice>
    </DashboardShell>
  );
}
