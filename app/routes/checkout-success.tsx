import { useEffect } from "react";
import { SupportEmail } from "~/components/support-email";
import { CircleAlert, CircleCheck, Clock, Undo2 } from "lucide-react";
import { data, Link, useLocation } from "react-router";
import type { Route } from "./+types/checkout-success";
import { productsOf } from "~/server/content/site-content.server";
import { CheckoutPurchase } from "~/components/checkout-purchase";
import { ContinueLinks } from "~/components/continue-links";
import { SiteLink } from "~/components/site-link";
import { buttonClass } from "~/components/ui/button";
import { filePath, zipPath } from "~/lib/order-files";
import { seo } from "~/lib/seo";
import { useRootData } from "~/root";
import { SUPPORT_REPLY_PROMISE } from "~/lib/site";
import { OrderDownloads } from "~/components/order-downloads";
import { OrderLookupForm } from "~/components/order-lookup-form";
import { appConfig } from "~/server/config.server";
import { buyerKey } from "~/server/delivery/buyer-key.server";
import { maskEmail, orderView, type OrderView } from "~/server/delivery/order-view.server";
import { businessTimeZone, formatPaidOn } from "~/server/dates.server";
import { page } from "~/lib/page-policy";

/**
 * The address carries the payment session id: no referrer leaves the page. Where the page holds
 * the lost-link form, "same-origin" instead: with "no-referrer" a browser posts it with
 * `Origin: null`, which the same-origin check refuses (the id still never leaves the site).
 */
const referrerPolicy = (loaderData: unknown) =>
  (loaderData as LoaderResult | undefined)?.kind === "order" && (loaderData as { order: PageOrder }).order.lookupForm
    ? "same-origin"
    : "no-referrer";

export const handle = page({ robots: "noindex" });

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...seo(matches, {
    title: "Payment Successful",
    description: "Thank you for your purchase: your Credit Repair Toolkit is on its way.",
    path: "/checkout-success",
  }),
  { name: "referrer", content: referrerPolicy(loaderData) },
];

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => ({
  "Referrer-Policy": loaderHeaders.get("Referrer-Policy") ?? "no-referrer",
  "Cache-Control": "no-store",
});

/**
 * What the page shows of an order. The receipt's address in full, the order link and the files
 * only to the browser that started the checkout; anyone else with the address gets the lost-link
 * form and a masked address.
 */
type PageOrder = Omit<Extract<OrderView, { found: true }>, "customerEmail" | "paidAt"> & {
  receiptTo: string | null;
  lookupForm: boolean;
  /** The receipt's "Paid on", in the business's time zone and naming it (the same function writes both). */
  paidOn: string | null;
};
/** "plain" (no session in the address): the spec's purchase line, the toolkit at its price now. */
type PlainLine = { name: string; amountCents: number };
type LoaderResult = { kind: "plain"; line: PlainLine } | { kind: "order"; order: PageOrder } | { kind: "missing" };

/** Reads only: fulfilment happens in the webhook (or the test provider's Pay), never here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id");
  if (sessionId === null) {
    const toolkit = productsOf(context).toolkit();
    return data<LoaderResult>({ kind: "plain", line: { name: toolkit.name, amountCents: toolkit.priceCents } });
  }
  const view = await orderView(appConfig(context).payments, productsOf(context), sessionId, await buyerKey(request));
  if (!view.found) return data<LoaderResult>({ kind: "missing" }, { status: 404 });
  const { customerEmail, paidAt, ...rest } = view;
  const order: PageOrder = {
    ...rest,
    paidOn: paidAt ? formatPaidOn(paidAt, businessTimeZone(context)) : null,
    receiptTo: customerEmail && (view.buyer ? customerEmail : maskEmail(customerEmail)),
    lookupForm: !view.buyer && view.state === "confirmed",
  };
  return data<LoaderResult>(
    { kind: "order", order },
    order.lookupForm ? { headers: { "Referrer-Policy": referrerPolicy({ kind: "order", order }) } } : undefined,
  );
}

/** This page's own address, to look again. */
function useHere(): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

function Heading({ kind, order }: { kind: LoaderResult["kind"]; order?: PageOrder }) {
  const here = useHere();
  const state = kind === "missing" ? "missing" : kind === "plain" ? "plain" : (order?.state ?? "processing");
  const content = {
    plain: {
      Icon: CircleCheck,
      tone: "bg-brand-100 text-brand-700",
      title: "Payment Successful!",
      text: "Thank you for your purchase. Your Credit Repair Toolkit is ready for you.",
    },
    confirmed: {
      Icon: CircleCheck,
      tone: "bg-brand-100 text-brand-700",
      title: "Payment Successful!",
      text: "Thank you for your purchase. Your payment is confirmed.",
    },
    processing: {
      Icon: Clock,
      tone: "bg-accent-100 text-amber-800",
      title: "Thank you! Your payment is processing",
      text: "We're waiting for the payment provider to confirm your payment. This usually takes a few seconds.",
    },
    failed: {
      Icon: CircleAlert,
      tone: "bg-red-100 text-red-700",
      title: "Your payment didn't go through",
      text: "The payment provider declined or could not complete this payment, so nothing was charged.",
    },
    refunded: {
      Icon: Undo2,
      tone: "bg-slate-200 text-slate-700",
      title: "This order was refunded",
      text: "The payment for this order has been refunded to you.",
    },
    disputed: {
      Icon: CircleAlert,
      tone: "bg-slate-200 text-slate-700",
      title: "Access to this order is paused",
      text: "The payment was disputed with the card issuer. If this is a mistake, contact support.",
    },
    missing: {
      Icon: CircleAlert,
      tone: "bg-red-100 text-red-700",
      title: "We couldn't find that order",
      text: "The link may be incomplete or out of date. If you have paid, your receipt e-mail has the details, and our support team can help.",
    },
  }[state];
  const { Icon } = content;
  return (
    <div className="text-center">
      <span className={`mx-auto flex size-16 items-center justify-center rounded-full ${content.tone}`}>
        <Icon aria-hidden="true" className="size-9" />
      </span>
      <h1 className="mt-5 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{content.title}</h1>
      <p className="mx-auto mt-3 max-w-xl text-lg text-slate-700">{content.text}</p>
      {state === "confirmed" ? (
        <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-brand-100 px-3 py-1 text-sm font-bold text-brand-800">
          <CircleCheck aria-hidden="true" className="size-4" /> Payment confirmed
        </p>
      ) : null}
      {state === "processing" ? (
        <p className="mt-3">
          <a href={here} className="font-bold text-brand-800 underline underline-offset-2">
            Check again
          </a>
        </p>
      ) : null}
    </div>
  );
}

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  // A block body: in Chromium 156 scrollTo returns a Promise, which React would take for a cleanup.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  const origin = useRootData()?.origin ?? "";
  const here = useHere();
  const result = loaderData;
  const order = result.kind === "order" ? result.order : undefined;
  const showNextSteps = result.kind === "plain" || order?.state === "confirmed" || order?.state === "processing";
  const supportLink = <SupportEmail />;

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
        <Heading kind={result.kind} order={order} />

        {result.kind !== "missing" ? (
          <section aria-labelledby="purchase-heading" className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="purchase-heading" className="text-lg font-bold text-slate-900">
              Your purchase
            </h2>
            {order ? (
              <dl className="mt-3 grid gap-x-4 gap-y-1 text-slate-700 sm:grid-cols-[auto_1fr]">
                <dt className="font-bold text-slate-900">Order number</dt>
                <dd>{order.orderNumber}</dd>
                {order.paidOn ? (
                  <>
                    <dt className="font-bold text-slate-900">Paid on</dt>
                    <dd>{order.paidOn}</dd>
                  </>
                ) : null}
                {order.receiptTo ? (
                  <>
                    <dt className="font-bold text-slate-900">Receipt sent to</dt>
                    <dd className="break-all">{order.receiptTo}</dd>
                  </>
                ) : null}
              </dl>
            ) : null}
            <div className="mt-4">
              {order ? (
                <CheckoutPurchase lines={order.lines} discount={order.discount} totalCents={order.totalCents} />
              ) : (
                <CheckoutPurchase lines={result.kind === "plain" ? [result.line] : []} />
              )}
            </div>
          </section>
        ) : null}

        {order?.access ? (
          <section aria-labelledby="downloads-heading" className="mt-8 rounded-2xl border border-brand-200 bg-white p-6 shadow-sm">
            <h2 id="downloads-heading" className="text-lg font-bold text-slate-900">
              Your downloads
            </h2>
            <p className="mt-2 text-slate-700">
              {order.access.products.some((p) => p.groups.length > 0) ? "Everything is ready now." : "Your order is confirmed."}
              {order.toolkit ? " Letters come as Word (to edit) and PDF (to print)." : ""} Keep this private address to come back to your
              files any time in the next year (we've e-mailed it to you too):
            </p>
            <p className="mt-2 rounded-lg bg-slate-100 p-3 font-mono text-sm break-all text-slate-900">
              <a href={order.access.orderPath} className="text-brand-800 underline underline-offset-2">
                {`${origin}${order.access.orderPath}`}
              </a>
            </p>
            <div className="mt-6">
              <OrderDownloads
                products={order.access.products}
                fileHref={(fileId) => filePath(order.access!.orderPath, fileId)}
                zipHref={(productId) => zipPath(order.access!.orderPath, productId)}
              />
            </div>
          </section>
        ) : order?.buyer && order.awaitingFulfilment ? (
          <p className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 text-slate-700 shadow-sm">
            Your files will be here in a few seconds, as soon as the payment provider tells us:{" "}
            <a href={here} className="font-bold text-brand-800 underline underline-offset-2">
              refresh this page
            </a>
            . The receipt e-mail with your private link is on its way too.
          </p>
        ) : order?.lookupForm ? (
          <section aria-labelledby="lookup-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="lookup-heading" className="text-lg font-bold text-slate-900">
              Check your e-mail, or get your link again
            </h2>
            <p className="mt-2 text-slate-700">
              The private link to the files is in the receipt e-mail. It shows here only in the browser the order was placed from. Lost the
              e-mail? Enter the address you paid with and we'll send a fresh link.
            </p>
            <div className="mt-4">
              <OrderLookupForm />
            </div>
          </section>
        ) : null}

        {showNextSteps ? (
          <section aria-labelledby="next-steps-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="next-steps-heading" className="text-lg font-bold text-slate-900">
              What happens next
            </h2>
            <ol className="mt-4 list-decimal space-y-3 pl-6 text-slate-800">
              <li>Check your e-mail for your receipt and download links (and your spam folder if nothing arrives within 5 minutes).</li>
              {/* The toolkit's steps: also for the spec's plain page (no order), which is the toolkit's. */}
              {order?.toolkit !== false ? (
                <>
                  <li>Access your toolkit and start with the step-by-step credit repair guide.</li>
                  <li>Follow the 30-day action plan, one small step a day.</li>
                </>
              ) : (
                <li>Open your downloads here or from the e-mail: your files are there for a year.</li>
              )}
              <li>
                Questions? Contact support at {supportLink}. {SUPPORT_REPLY_PROMISE}
              </li>
            </ol>
          </section>
        ) : (
          <p className="mt-8 text-center text-slate-700">Need help? Contact support at {supportLink}.</p>
        )}

        <ContinueLinks
          resourcesFirst={order?.state !== "failed"}
          first={
            order?.state === "failed" ? (
              <Link to="/checkout" className={buttonClass()}>
                Try Again
              </Link>
            ) : null
          }
        />
        <p className="mt-6 text-center text-slate-700">
          Something not right?{" "}
          <SiteLink to="/contact" className="font-bold text-brand-800 underline underline-offset-2">
            Contact us
          </SiteLink>
        </p>
      </div>
    </div>
  );
}
