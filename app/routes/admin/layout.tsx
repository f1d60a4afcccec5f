import { data, isRouteErrorResponse, Outlet, useRouteError } from "react-router";
import type { Route } from "./+types/layout";
import { AdminFrame, Notice } from "~/components/admin-ui";
import { DashboardShell } from "~/components/dashboard-shell";
import { SendingProblemBanner } from "~/components/sending-problem-banner";
import { DASHBOARD } from "~/lib/page-policy";
import { takeNotice } from "~/server/admin/owner-session.server";
import { businessTimeZone } from "~/server/dates.server";
import { sendingProblem } from "~/server/mail/sending-state.server";
import { dashboardLoader } from "~/server/admin/dashboard-route.server";

/** React in the browser, in the dashboard's own frame; every form still posts without JavaScript. */
export const handle = DASHBOARD;

/** Never stored by a browser or a proxy, never indexed (children inherit these headers). */
export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  parentHeaders.set("Cache-Control", "no-store");
  parentHeaders.set("X-Robots-Tag", "noindex, nofollow");
  const setCookie = loaderHeaders.get("Set-Cookie");
  if (setCookie) parentHeaders.append("Set-Cookie", setCookie);
  return parentHeaders;
};

/**
 * The owner check for every dashboard page, the one setting every page writes dates with, the
 * notice the last post's redirect left (shown once, above the page), and whether e-mail sending
 * is paused (a banner on every page).
 */
export const loader = dashboardLoader(async ({ request, context }: Route.LoaderArgs, { owner }) => {
  const { notice, setCookie } = await takeNotice(owner, request);
  // While the mail server refuses us, every page says so (issue 51): nobody would look at the e-mail page first.
  const problem = await sendingProblem();
  const sending = problem
    ? {
        since: problem.since,
        stage: problem.stage,
        serverWords: problem.serverWords,
        nextProbeAt: problem.nextProbeAt,
        waiting: problem.waiting,
      }
    : null;
  return data({ timeZone: businessTimeZone(context), notice, sending }, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
});

/** Asked on every move inside the dashboard: the session is checked each time, and a notice shows on the page it was left for only. */
export const shouldRevalidate = () => true;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame timeZone={loaderData.timeZone}>
      {loaderData.sending ? <SendingProblemBanner problem={loaderData.sending} timeZone={loaderData.timeZone} /> : null}
      {loaderData.notice ? <Notice ok={loaderData.notice.ok}>{loaderData.notice.message}</Notice> : null}
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
      {/* React puts it in the document's head: an error page has no route's meta to name it. */}
      <title>{`${missing ? "Not found" : "Something went wrong"} · Dashboard`}</title>
      <h1 className="text-2xl font-bold text-slate-900">{missing ? "Not found" : "Something went wrong"}</h1>
      <Notice ok={false}>
        {missing
          ? "There is nothing at this address: it may have been deleted, or the link is mistyped. Choose a section from the menu."
          : "This page could not be shown just now. Try again in a moment; nothing was changed."}
      </Notice>
    </DashboardShell>
  );
}
