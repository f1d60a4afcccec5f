import { data, redirect } from "react-router";
import type { Route } from "./+types/order-disputes";
import { ContinueLinks } from "~/components/continue-links";
import { DisputeTracker } from "~/components/dispute-tracker";
import { OrderNotice } from "~/components/order-notice";
import { SiteLink } from "~/components/site-link";
import { orderPagePath } from "~/lib/order-files";
import { page } from "~/lib/page-policy";
import { seo } from "~/lib/seo";
import { businessTimeZone } from "~/server/dates.server";
import { DEAD_LINK_STATUS, PRIVATE_HEADERS } from "~/server/delivery/order-access.server";
import { trackerSubject } from "~/server/disputes/tracker-access.server";
import { answerTrackerForm, DONE_MESSAGES } from "~/server/disputes/tracker-form.server";
import { trackerView } from "~/server/disputes/tracker-view.server";

/** The buyer's dispute tracker (issue 54, decision 074): one person's, plain HTML forms, never stored or indexed. */
export const handle = page({ hydrate: false, robots: "noindex" });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, { title: "My disputes", description: "Your disputes, their due dates and what to do next.", path: null }),
  // Not "no-referrer": with it a browser posts the forms with `Origin: null`, which the same-origin check refuses.
  { name: "referrer", content: "same-origin" },
];

export function headers() {
  return { ...PRIVATE_HEADERS, "Referrer-Policy": "same-origin" };
}

const NO_TRACKER = { kind: "none" as const };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const found = await trackerSubject(params.token);
  if (found.kind === "invalid") return data({ kind: "invalid" as const }, { status: DEAD_LINK_STATUS.invalid });
  if (found.kind === "expired") return data({ kind: "expired" as const }, { status: DEAD_LINK_STATUS.expired });
  if (found.kind === "none") return data(NO_TRACKER, { status: 404 });
  const done = new URL(request.url).searchParams.get("done");
  return {
    kind: "ok" as const,
    view: await trackerView(found.subject, businessTimeZone(context)),
    done: done && done in DONE_MESSAGES ? DONE_MESSAGES[done as keyof typeof DONE_MESSAGES] : undefined,
  };
}

/** Every form of the tracker posts here; a success redirects back (a reload posts nothing twice), a bad form re-renders with its messages. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const found = await trackerSubject(params.token);
  if (found.kind !== "ok") return data({ kind: "refused" as const, message: "This order link is not valid." }, { status: 404 });
  const { answer, status } = await answerTrackerForm(found.subject, request, businessTimeZone(context));
  if (answer.kind === "done") {
    const anchor = answer.intent === "delete-all" || answer.intent === "delete" ? "" : "#disputes";
    throw redirect(`${orderPagePath(params.token)}/disputes?done=${answer.intent}${anchor}`, 303);
  }
  return data(answer, { status });
}

export default function OrderDisputes({ loaderData, actionData, params }: Route.ComponentProps) {
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
        {loaderData.kind === "invalid" || loaderData.kind === "expired" ? (
          <OrderNotice notice={loaderData} />
        ) : loaderData.kind === "none" ? (
          <p className="text-slate-800">The dispute tracker comes with the Credit Repair Toolkit: this order does not include it.</p>
        ) : (
          <>
            <p>
              <SiteLink to={orderPagePath(params.token)} className="font-bold text-brand-800 underline underline-offset-2">
                ← Back to your order
              </SiteLink>
            </p>
            <h1 id="disputes" className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              My disputes
            </h1>
            <p className="mt-3 text-lg text-slate-700">
              Keep each dispute on time: when the answer is due, by which rule, and what to do next. Private to you, like this page's link.
            </p>
            <DisputeTracker
              view={loaderData.view}
              answer={actionData}
              done={loaderData.done}
              exportPath={`${orderPagePath(params.token)}/disputes/export.csv`}
            />
          </>
        )}
        <ContinueLinks />
      </div>
    </div>
  );
}
