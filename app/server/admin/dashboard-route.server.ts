/**
 * The one way a dashboard route answers (issue 52): every loader and action of /admin (but the
 * login and the logout) is made by one of these, which check the owner's session first, so no
 * data leaves and nothing changes without it. A test walks app/routes.ts and fails on a dashboard
 * route whose loader or action was not made here (dashboard-route.server.test.ts).
 *
 * - `dashboardLoader(load)`: a page's loader.
 * - `dashboardAction({ schema, form, run })`: a page's form post: parse by the form's schema,
 *   `run` says what happened (DashboardOutcome), and the answer is one shape: a redirect with a
 *   notice, or the form that posted with Conform's reply (DashboardAnswer).
 * - `dashboardResource(handler)`: a resource route's loader or action (a CSV, a preview, figures),
 *   whose every answer also carries the owner's headers (owner-answers.server.ts).
 * - `ownerChecked(handler)`: an action that is not one form of text fields (the contacts import
 *   streams a file; the article editor also answers a live preview): the check alone.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { z } from "zod";
import type { DashboardAnswer, DashboardOutcome } from "~/lib/dashboard-outcome";
import { ownerResource } from "~/server/admin/owner-answers.server";
import { redirectWithNotice, requireOwner } from "~/server/admin/owner-session.server";
import { appConfig, type AppConfig } from "~/server/config.server";

/** What React Router gives a loader or an action that these need. */
type RouteArgs = { request: Request; context: Parameters<typeof appConfig>[0] };

/** How a test knows a function was made here. */
const OWNER_CHECKED = Symbol.for("dashboard.owner-checked");

export function isOwnerChecked(handler: unknown): boolean {
  return typeof handler === "function" && (handler as { [OWNER_CHECKED]?: boolean })[OWNER_CHECKED] === true;
}

function branded<F extends (...args: never[]) => unknown>(handler: F): F {
  return Object.assign(handler, { [OWNER_CHECKED]: true });
}

/** The handler, run only for the owner: anyone else is sent to the login page (303), and it never runs. */
export function ownerChecked<A extends RouteArgs, R>(handler: (args: A, config: AppConfig) => R): (args: A) => Promise<Awaited<R>> {
  return branded(async (args: A): Promise<Awaited<R>> => {
    const config = appConfig(args.context);
    await requireOwner(config.owner, args.request);
    return await handler(args, config);
  });
}

/** A dashboard page's loader. */
export const dashboardLoader = ownerChecked;

/** A dashboard resource route's loader or action: checked, and every answer with the owner's headers. */
export function dashboardResource<A extends RouteArgs>(handler: (args: A, config: AppConfig) => unknown): (args: A) => Promise<Response> {
  return branded(ownerResource(ownerChecked(handler)));
}

const UNREADABLE = "That form could not be read. Reload the page and try again.";

/**
 * A dashboard form's action. `schema`: the form's schema, the one its page checks with (a
 * function when it depends on the time zone); `form`: which of the page's forms posted, from what
 * was sent (its answer shows there); `invalid`: the form-wide message when the post does not
 * parse (from what was sent, or none), beside the fields' own; `run`: do it, and say what happened.
 */
export function dashboardAction<A extends RouteArgs, S extends z.ZodType>(options: {
  schema: S | ((args: A) => S);
  form?: (payload: Record<string, unknown>) => string;
  invalid?: string | ((payload: Record<string, unknown>) => string | undefined);
  run: (value: z.output<S>, args: A, config: AppConfig) => Promise<DashboardOutcome>;
}) {
  const answer = (form: string, result: DashboardAnswer["result"], status: number) => data<DashboardAnswer>({ form, result }, { status });
  return ownerChecked(async (args: A, config: AppConfig) => {
    let formData: FormData;
    try {
      formData = await args.request.formData();
    } catch {
      return answer("", { status: "error", error: { "": [UNREADABLE] } }, 400);
    }
    const schema = typeof options.schema === "function" ? (options.schema as (args: A) => S)(args) : options.schema;
    const submission = parseWithZod(formData, { schema });
    const form = options.form?.(submission.payload) ?? "";
    if (submission.status !== "success") {
      const invalid = typeof options.invalid === "function" ? options.invalid(submission.payload) : options.invalid;
      return answer(form, submission.reply(invalid ? { formErrors: [invalid] } : undefined), 400);
    }
    const outcome = await options.run(submission.value as z.output<S>, args, config);
    if ("refused" in outcome) {
      const result = submission.reply({ formErrors: [outcome.refused], fieldErrors: outcome.fieldErrors });
      return answer(form, result, outcome.status);
    }
    if ("go" in outcome) return redirect(outcome.go, 303);
    const to = outcome.to ?? new URL(args.request.url).pathname;
    return redirectWithNotice(config.owner, args.request, to, { ok: true, message: outcome.done });
  });
}
