import { data } from "react-router";
import type { Route } from "./+types/orders-all";
import { ContinueLinks } from "~/components/continue-links";
import { Notice } from "~/components/order-notice";
import { PurchaseList } from "~/components/purchase-list";
import { SiteLink } from "~/components/site-link";
import { PURCHASES_LINK_DAYS } from "~/lib/order-files";
import { page } from "~/lib/page-policy";
import { seo } from "~/lib/seo";
import { DEAD_LINK_STATUS, PRIVATE_HEADERS } from "~/server/delivery/order-access.server";
import { businessTimeZone } from "~/server/dates.server";
import { purchasesView } from "~/server/delivery/purchases.server";
import { DisputeSummary } from "~/components/dispute-summary";
import { subjectOfOrderPaths } from "~/server/disputes/tracker-access.server";
import { trackerSummary } from "~/server/disputes/tracker-view.server";

/**
 * Every order of one mailbox (decision 071), from the one link the lost-link e-mail carries.
 * Rendered per request and never stored (private, no-store): it is one person's. Plain HTML, no
 * React in the browser. A normal route with a loader, so more can be shown here later (issue 54).
 */
export const handle = page({ hydrate: false, robots: "noindex" });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, { title: "Your orders", description: "Every order bought with your e-mail address.", path: null }),
  { name: "referrer", content: "no-referrer" },
];

export function headers() {
  return PRIVATE_HEADERS;
}

/** 404 for a link that is not ours, 410 once it has expired; a GET changes nothing but the order links it shows, stored once. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const view = await purchasesView(params.token, businessTimeZone(context));
  if (view.kind !== "ok") return data(view, { status: DEAD_LINK_STATUS[view.kind] });
  // "My disputes" (decision 074), when one of the orders bought the toolkit.
  const subject = await subjectOfOrderPaths(view.orders.map((o) => o.orderPath));
  return data({ ...view, disputes: await trackerSummary(subject, businessTimeZone(context)) });
}

const lookupLink = (
  <SiteLink to="/orders/lookup" className="font-bold text-brand-800 underline underline-offset-2">
    get a new link by e-mail
  </SiteLink>
);

export default function OrdersAll({ loaderData }: Route.ComponentProps) {
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
        {loaderData.kind === "invalid" ? (
          <Notice title="We couldn't find that page" tone="bad">
            <p>The link may be incomplete. Copy the whole address from the e-mail, or {lookupLink}.</p>
          </Notice>
        ) : loaderData.kind === "expired" ? (
          <Notice title="This link has expired" tone="bad">
            <p>
              The link to all your orders works for {PURCHASES_LINK_DAYS} days. You can {lookupLink}: we'll send a fresh one to the address
              you bought with.
            </p>
          </Notice>
        ) : (
          <>
            <h1 className="text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Your orders</h1>
            <p className="mx-auto mt-3 max-w-xl text-center text-lg text-slate-700">
              Every order bought with {loaderData.maskedEmail}, newest first. This page works until {loaderData.expiresOn}; each order's own
              page works for a year. Please don't share these links.
            </p>
            {loaderData.disputes ? <DisputeSummary summary={loaderData.disputes} /> : null}
            <PurchaseList orders={loaderData.orders} />
          </>
        )}
        <ContinueLinks />
      </div>
    </div>
  );
}
