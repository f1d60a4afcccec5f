import { data, redirect } from "react-router";
import type { Route } from "./+types/login";
import { DashboardShell } from "~/components/dashboard-shell";
import { SimplePage } from "~/components/simple-page";
import { buttonClass } from "~/components/ui/button";
import { LoginSchema } from "~/lib/forms/dashboard";
import { parseSubmission } from "~/server/forms/submission.server";
import { DASHBOARD_LOGIN } from "~/lib/page-policy";
import { seo } from "~/lib/seo";
import { isOwner, logIn, safeNext } from "~/server/admin/owner-session.server";
import { appConfig } from "~/server/config.server";

export const handle = DASHBOARD_LOGIN;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Owner login", description: "The site owner's dashboard.", path: "/admin/login" });

export const headers: Route.HeadersFunction = ({ parentHeaders, actionHeaders, loaderHeaders }) => {
  parentHeaders.set("Cache-Control", "no-store");
  parentHeaders.set("X-Robots-Tag", "noindex, nofollow");
  const retry = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  if (retry) parentHeaders.set("Retry-After", retry);
  return parentHeaders;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const next = new URL(request.url).searchParams.get("next");
  const { owner } = appConfig(context);
  if (!owner) return data({ off: true, next: "/admin" }, { status: 503 });
  if (await isOwner(owner, request)) throw redirect(safeNext(next), 303);
  return { off: false, next: safeNext(next) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await parseSubmission(request, LoginSchema);
  if (!submission.ok) return data({ error: "Enter the password." }, { status: 400 });
  const cookies = request.headers.get("Cookie");
  const result = await logIn(appConfig(context).owner, submission.value.password, context.clientAddress ?? "unknown", cookies);
  if (result.ok) {
    const headers = new Headers();
    for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
    return redirect(safeNext(submission.value.next ?? null), { status: 303, headers });
  }
  switch (result.reason) {
    case "off":
      return data({ error: "The dashboard is off." }, { status: 503 });
    case "busy":
      return data(
        { error: "The server is busy checking other logins. Try again in a few seconds." },
        { status: 503, headers: { "Retry-After": "5" } },
      );
    case "concurrent":
      // Counted as a failure by the login throttle, like a wrong password.
      return data(
        { error: "Another login from this browser or connection is being checked. Wait a moment, then try again." },
        { status: 429, headers: { "Retry-After": "2" } },
      );
    case "throttled": {
      const minutes = Math.ceil(result.retryAfterSeconds / 60);
      return data(
        {
          heading: "Too Many Attempts",
          error: `Too many wrong passwords from this connection. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
    case "wrong":
      // Counted by the login throttle: five in 15 minutes and the client waits.
      return data({ error: "That password is not right." }, { status: 401 });
  }
}

/** The login in the dashboard's frame, without its sections (nobody is logged in yet). */
export default function Login(props: Route.ComponentProps) {
  return (
    <DashboardShell loggedIn={false}>
      <LoginPage {...props} />
    </DashboardShell>
  );
}

function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.off) {
    return (
      <SimplePage title="The owner dashboard is off">
        <p>To turn it on, on the server:</p>
        <ol className="list-decimal space-y-2 pl-5">
          <li>
            Run <code className="rounded bg-slate-100 px-1">npm run owner:hash</code>, type a password (12 characters or more) and copy the
            line it prints into <code className="rounded bg-slate-100 px-1">OWNER_PASSWORD_HASH</code>.
          </li>
          <li>
            Set <code className="rounded bg-slate-100 px-1">SESSION_SECRET</code> to at least 32 random characters, for example the output
            of <code className="rounded bg-slate-100 px-1">openssl rand -base64 48</code>.
          </li>
          <li>Restart the server and come back to /admin.</li>
        </ol>
        <p>There is no default password: without both settings nobody can log in.</p>
      </SimplePage>
    );
  }
  return (
    <SimplePage title="Owner login">
      <form method="post" className="space-y-4">
        <input type="hidden" name="next" value={loaderData.next} />
        {/* For password managers: the dashboard has one account. */}
        <input type="text" name="username" value="owner" autoComplete="username" readOnly hidden />
        <div>
          <label htmlFor="owner-password" className="block font-bold text-slate-900">
            Password
          </label>
          <input
            id="owner-password"
            name="password"
            type="password"
            required
            maxLength={1024}
            autoComplete="current-password"
            aria-describedby={actionData?.error ? "login-error" : undefined}
            className="mt-1 w-full rounded-lg border border-slate-300 px-4 py-3 text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          />
        </div>
        {actionData?.error ? (
          <div id="login-error" role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
            {"heading" in actionData && typeof actionData.heading === "string" ? (
              <h2 className="text-base font-bold">{actionData.heading}</h2>
            ) : null}
            <p>{actionData.error}</p>
          </div>
        ) : null}
        <button type="submit" className={buttonClass({ className: "w-full" })}>
          Log in
        </button>
      </form>
    </SimplePage>
  );
}
