import { CircleCheck } from "lucide-react";
import { purchaseRows } from "~/lib/offers";
import { SupportEmail } from "~/components/support-email";
import { data } from "react-router";
import type { Route } from "./+types/order";
import { productsOf } from "~/server/content/site-content.server";
import { CheckoutPurchase } from "~/components/checkout-purchase";
import { OrderDownloads } from "~/components/order-downloads";
import { OrderNotice } from "~/components/order-notice";
import { ContinueLinks } from "~/components/continue-links";
import { seo } from "~/lib/seo";
import { formatCents } from "~/lib/site";
import { TOOLKIT_ID } from "~/lib/catalogue";
import { filePath, orderPagePath, zipPath } from "~/lib/order-files";
import { DEAD_LINK_STATUS, orderFiles, orderForToken, PRIVATE_HEADERS, refundedLines } from "~/server/delivery/order-access.server";
import { orderNumber } from "~/server/payments/orders.server";
import { businessTimeZone, formatPaidOn } from "~/server/dates.server";
import { ReviewForm } from "~/components/review-form";
import { answerReviewForm, autoPublishDays, reviewAccess } from "~/server/content/reviews.server";
import { page } from "~/lib/page-policy";
import { DisputeSummary } from "~/components/dispute-summary";
import { subjectOf } from "~/server/disputes/tracker-access.server";
import { trackerSummary } from "~/server/disputes/tracker-view.server";

export const handle = page({ robots: "noindex" });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, { title: "Your order", description: "Your order and its downloads.", path: "/orders" }),
  { name: "referrer", content: "same-origin" },
];

/**
 * The address holds the order's token: no referrer leaves the site. Not "no-referrer": with it a
 * browser posts the review form with `Origin: null`, which the same-origin check refuses.
 */
export function headers() {
  return { ...PRIVATE_HEADERS, "Referrer-Policy": "same-origin" };
}

/** The private order page: every file the order bought, or why there are none. A GET changes nothing. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const found = await orderForToken(params.token);
  if (found.kind !== "ok") return data(found, { status: DEAD_LINK_STATUS[found.kind] });
  const { order } = found;
  const common = {
    orderNumber: orderNumber(order.id),
    // Each line at its price before a promotion code, and the code's line: the total is what was charged.
    ...purchaseRows(order),
    totalCents: order.amountTotal,
    /** The receipt's "Paid on", in the business's time zone and naming it (the same function writes both). */
    paidOn: order.paidAt ? formatPaidOn(order.paidAt, businessTimeZone(context)) : null,
    /** "My disputes" (decision 074): a refunded order's stays readable. */
    disputes: await trackerSummary(await subjectOf(order, params.token), businessTimeZone(context)),
  };
  // A refunded order's files are closed, its review form is not (reviews.server.ts, REVIEWABLE).
  const access = await reviewAccess(order);
  const own = access.kind === "closed" ? null : access.review;
  const reviewing = {
    reviewOpen: access.kind !== "closed",
    refunded: order.status === "refunded",
    autoPublishDays: await autoPublishDays(),
    review: own && { rating: own.rating, body: own.body, displayName: own.displayName, status: own.status },
  };
  if (order.status !== "paid") return data({ kind: "closed" as const, status: order.status, ...common, ...reviewing });
  return data({
    kind: "open" as const,
    ...common,
    ...reviewing,
    products: await orderFiles(order.id, productsOf(context)),
    refundedProducts: await refundedLines(order, productsOf(context)),
  });
}

/** The review form posts here: only the buyer's own order, paid or refunded (a disputed or unpaid one is refused). */
export async function action({ params, request }: Route.ActionArgs) {
  const found = await orderForToken(params.token);
  if (found.kind !== "ok") return data({ kind: "refused" as const, message: "This order link is not valid." }, { status: 404 });
  const { answer, status } = await answerReviewForm(found.order, request);
  return data(answer, { status });
}

export default function OrderPage({ loaderData, params, actionData }: Route.ComponentProps) {
  const result = loaderData;
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
        {result.kind === "invalid" || result.kind === "expired" ? (
          <OrderNotice notice={result} />
        ) : (
          <>
            {result.kind === "closed" ? (
              <OrderNotice notice={result} />
            ) : (
              <div className="text-center">
                <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-700">
                  <CircleCheck aria-hidden="true" className="size-9" />
                </span>
                <h1 className="mt-5 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Your downloads</h1>
                <p className="mx-auto mt-3 max-w-xl text-lg text-slate-700">
                  Order {result.orderNumber}. Bookmark this page: it is your private link to every file, valid for a year. Please don't
                  share it.
                </p>
              </div>
            )}

            {result.kind === "open" ? (
              <section aria-labelledby="files-heading" className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <h2 id="files-heading" className="text-lg font-bold text-slate-900">
                  Files
                </h2>
                {/* The toolkit's way in; another product's files speak for themselves (their titles, the product's page). */}
                {result.products.some((p) => p.productId === TOOLKIT_ID) ? (
                  <p className="mt-1 text-slate-700">
                    Start with the step-by-step guide, then follow the 30-day action plan. Letters come as Word (to edit) and PDF (to
                    print); trackers as a spreadsheet and a PDF to print.
                  </p>
                ) : (
                  <p className="mt-1 text-slate-700">Everything you bought, ready to download.</p>
                )}
                {result.refundedProducts.map((p) => (
                  <p key={p.productId} className="mt-4 rounded-lg bg-slate-100 p-3 text-slate-800" data-refunded={p.productId}>
                    <strong>{p.name}: refunded</strong> ({formatCents(p.amountCents)} given back to you). Its downloads are no longer
                    available; everything below stays yours.
                  </p>
                ))}
                <div className="mt-6">
                  <OrderDownloads
                    products={result.products}
                    fileHref={(fileId) => filePath(orderPagePath(params.token), fileId)}
                    zipHref={(productId) => zipPath(orderPagePath(params.token), productId)}
                  />
                </div>
              </section>
            ) : null}

            {result.disputes ? <DisputeSummary summary={result.disputes} /> : null}

            {result.reviewOpen ? (
              <ReviewForm
                action={orderPagePath(params.token)}
                own={result.review}
                state={actionData}
                autoPublishDays={result.autoPublishDays}
                refunded={result.refunded}
              />
            ) : null}

            <section aria-labelledby="purchase-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <h2 id="purchase-heading" className="text-lg font-bold text-slate-900">
                Order {result.orderNumber}
              </h2>
              <div className="mt-4">
                <CheckoutPurchase lines={result.lines} discount={result.discount} totalCents={result.totalCents} />
              </div>
              {result.paidOn ? <p className="mt-3 text-sm text-slate-700">Paid on {result.paidOn}</p> : null}
              {/* Offered only while the order is paid: never on a refunded, disputed or unpaid one. */}
              {result.kind === "open" ? (
                <p className="mt-4 text-sm text-slate-700">
                  30-day money-back guarantee: e-mail <SupportEmail /> within 30 days of your purchase for a full refund.
                </p>
              ) : null}
            </section>
          </>
        )}
        <ContinueLinks />
      </div>
    </div>
  );
}
